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

from pathlib import Path
from typing import Any

import pytest

from mojifix.evaluate import clean_rows

#: The checkout's root and its ``corpus/`` folder (committed: the tests always have it).
REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "corpus"


def corpus_rows(corpus: Path = CORPUS, *, split: str | None = None) -> list[dict[str, Any]]:
    """The clean rows (``kind`` clean or negative) of the corpus's JSONL files, those of *split*
    (``"test"``, ``"dev"`` ...) when it is given; ``[]`` when there is no such folder."""
    if not corpus.is_dir():
        return []
    return clean_rows(corpus, split or "all")


def known_failure_cases(rows: list[dict[str, Any]], field: str) -> list[Any]:
    """Data rows as test cases, identified by their ``note``; a row with *field* (what mojifix
    gives today, and why) is a strict expected failure, which says so when it starts to pass."""
    return [
        pytest.param(
            row,
            id=str(row["note"]),
            marks=[pytest.mark.xfail(strict=True, reason=str(row[field]))] if field in row else [],
        )
        for row in rows
    ]
