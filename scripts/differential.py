"""The core against the Python detector it replaced, on the corpus's train and dev rows.

Issue 24 kept the old detector as a differential oracle while the core grew: every row where
one is right and the other wrong is worth a test for whichever is right. The old detector is
git history (the last commit with ``mojifix/detect.py``'s rules, ``ORACLE``): this script
checks it out into a temporary worktree, runs it in a subprocess over the same rows, and
prints, per group of ``mojifix eval``, how many rows each gets right and where they disagree;
``--write FILE`` writes the disagreements as JSON lines (text, expected, old, new).

    python scripts/differential.py                   # counts per group
    python scripts/differential.py --write build/differential.jsonl

The test split is never read.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import mojifix  # noqa: E402
from mojifix import evaluate  # noqa: E402

#: The last commit whose mojifix/detect.py held the Python detector's rules.
ORACLE = "23e3a2d"

_OLD_FIX = """
import json, sys
import mojifix
for line in sys.stdin:
    row = json.loads(line)
    print(json.dumps(mojifix.fix(row["text"]), ensure_ascii=False), flush=True)
"""


def collapse(text: str) -> str:
    return re.sub("\ufffd+", "\ufffd", text)


def rows(splits: tuple[str, ...]) -> list[dict[str, object]]:
    found = []
    for name in ("clean", "negatives", "damaged", "real-world"):
        for line in (ROOT / "corpus" / f"{name}.jsonl").open(encoding="utf-8"):
            row = json.loads(line)
            if row["split"] in splits and row["kind"] != "jis-variant":
                found.append(row)
    return found


def old_fixes(texts: list[str]) -> list[str]:
    """The old detector's ``fix`` of each text, from a worktree of ``ORACLE``."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "oracle"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), ORACLE],
                       check=True, capture_output=True)
        try:
            feed = "".join(json.dumps({"text": t}, ensure_ascii=False) + "\n" for t in texts)
            done = subprocess.run(
                [sys.executable, "-c", _OLD_FIX], input=feed, capture_output=True, text=True,
                cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, check=True,
            )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=True, capture_output=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", action="append", choices=("train", "dev"),
                        help="splits to read (default: both)")
    parser.add_argument("--write", type=Path, help="write the disagreements here (JSON lines)")
    args = parser.parse_args(argv)
    corpus = rows(tuple(args.split or ("train", "dev")))
    texts = [str(r["text"]) for r in corpus]
    old = old_fixes(texts)
    new = [mojifix.fix(t) for t in texts]
    tally: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    disagreements = []
    for row, before, after in zip(corpus, old, new, strict=True):
        want = collapse(str(row["original"]))
        old_right, new_right = collapse(before) == want, collapse(after) == want
        kind = str(row["kind"])
        groups = [kind] if kind in ("clean", "negative") else evaluate.row_groups(row)
        verdict = {(True, True): "both", (False, False): "neither",
                   (True, False): "old only", (False, True): "new only"}[(old_right, new_right)]
        for group in groups:
            tally[group][verdict] += 1
        if old_right != new_right:
            disagreements.append({"id": row["id"], "group": groups[0], "text": row["text"],
                                  "expected": row["original"], "old": before, "new": after})
    print(f"{'group':48} {'rows':>6} {'both':>6} {'old only':>9} {'new only':>9} {'neither':>8}")
    for group, counts in sorted(tally.items()):
        total = sum(counts.values())
        print(f"{group:48} {total:6} {counts['both']:6} {counts['old only']:9} "
              f"{counts['new only']:9} {counts['neither']:8}")
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n"
                                      for d in disagreements), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
