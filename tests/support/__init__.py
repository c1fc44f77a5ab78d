"""Test data shared by the tests: the corpus's clean rows.

It lives here, not in the package (issue #27): the wheel ships the product only, and no test
needs the benchmark harness (``benchmarks/harness.py``) or Faker to get its data.

>>> rows = corpus_rows(split="test")
>>> len(rows) > 100 and all(r["kind"] in ("clean", "negative") for r in rows)
True
>>> corpus_rows(CORPUS / "missing")
[]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: The checkout's root and its ``corpus/`` folder (committed: the tests always have it).
REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "corpus"


def corpus_rows(corpus: Path = CORPUS, *, split: str | None = None) -> list[dict[str, Any]]:
    """The clean rows (``kind`` clean or negative) of the corpus's JSONL files, those of *split*
    (``"test"``, ``"dev"`` ...) when it is given; ``[]`` when there is no such folder."""
    if not corpus.is_dir():
        return []
    rows: list[dict[str, Any]] = []
    for path in sorted(corpus.rglob("*.jsonl")):
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                try:
                    row = json.loads(line)
                except ValueError:
                    continue
                if (
                    isinstance(row, dict)
                    and row.get("kind") in ("clean", "negative")
                    and isinstance(row.get("text"), str)
                    and (split is None or row.get("split") == split)
                ):
                    rows.append(row)
    return rows
