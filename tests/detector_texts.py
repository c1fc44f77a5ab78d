"""The detector's test texts: every row of ``corpus/*.jsonl`` and ``tests/data/detect/*.jsonl``.

Shared by the tests that compare a fast path of ``mojifix.detect`` with its reference on real
text (the gate, the legacy line selection, the windows-1252 shortcut).
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def corpus_texts(keys: tuple[str, ...] = ("text",), *, non_ascii: bool = False) -> list[str]:
    """The string values of *keys* of each row, in file and row order (corpus files first);
    only the non-ASCII ones when *non_ascii*."""
    files = sorted((ROOT / "corpus").glob("*.jsonl")) + sorted(
        (ROOT / "tests" / "data" / "detect").glob("*.jsonl")
    )
    texts = []
    for path in files:
        for line in path.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                row = json.loads(line)
                texts += [
                    row[key] for key in keys
                    if isinstance(row.get(key), str) and not (non_ascii and row[key].isascii())
                ]
    return texts
