"""Time the detector of the working tree against the one of a git revision, in one process.

On a shared virtual machine the same loop takes 18 ms one minute and 29 ms the next, so two
runs in separate processes compare the minutes, not the code.  This loads ``mojifix/detect.py``
of *REV* as a second module (``mojifix.detect_at_rev``, sharing every other module with the
working tree) and times the two alternately, pass after pass over the benchmark's clean
documents (or damaged ones), as ``mojifix bench`` does: one call per document per pass, so the
detector's one-entry memos (``_legacy_lines``, ``_cp1252_strict``) do not flatter either.

    python scripts/ab_detect.py HEAD~1                 # score on the clean documents
    python scripts/ab_detect.py HEAD~1 --function fix_text --damaged --passes 15

It prints the best and the median pass of each and their ratios (below 1: the working tree is
faster).  Only ``detect.py`` is swapped: a change elsewhere (``repair.py``, ``_recode.py``)
is in both.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import mojifix
from mojifix.benchmark import alternating_passes, damage, default_corpus, make_docs

ROOT = Path(__file__).resolve().parent.parent


def detect_at(rev: str, folder: Path) -> Any:
    """``mojifix/detect.py`` of git revision *rev*, imported as ``mojifix.detect_at_rev``."""
    source = subprocess.run(
        ["git", "show", f"{rev}:mojifix/detect.py"], cwd=ROOT, check=True,
        capture_output=True, text=True,
    ).stdout
    path = folder / "detect_at_rev.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("mojifix.detect_at_rev", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mojifix.detect_at_rev"] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="git revision whose detect.py is the baseline")
    parser.add_argument("--function", default="score",
                        help="a function of detect.py taking one text (score, detect, ...)")
    parser.add_argument("--damaged", action="store_true",
                        help="the documents misread as windows-1252 (UTF-8 read so)")
    parser.add_argument("--documents", type=int, default=200)
    parser.add_argument("--passes", type=int, default=15)
    args = parser.parse_args(argv)

    texts = [d.text for d in make_docs(args.documents, seed=8, corpus=default_corpus())]
    if args.damaged:
        texts = [damage(t) for t in texts]
    new_module = importlib.import_module("mojifix.detect")
    with tempfile.TemporaryDirectory() as folder:
        old_module = detect_at(args.rev, Path(folder))
    times = alternating_passes({"working tree": getattr(new_module, args.function),
                                args.rev: getattr(old_module, args.function)}, texts, args.passes)
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    print(f"{args.function} on {len(texts)} {'damaged' if args.damaged else 'clean'} documents "
          f"({megabytes:.2f} MB), {args.passes} alternating passes; mojifix {mojifix.__version__}")
    for name, runs in times.items():
        print(f"  {name:14} best {min(runs) * 1e3:8.2f} ms ({megabytes / min(runs):6.1f} MB/s)"
              f"   median {statistics.median(runs) * 1e3:8.2f} ms")
    new_runs, old_runs = times["working tree"], times[args.rev]
    print(f"  working tree / {args.rev}: best {min(new_runs) / min(old_runs):.3f}, "
          f"median {statistics.median(new_runs) / statistics.median(old_runs):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
