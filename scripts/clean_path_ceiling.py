"""How fast could ``score`` be on clean text with the gate it has?  The ceiling, measured.

``score`` on a clean document costs the gate (one regex search, :func:`mojifix.detect._gates`)
plus, for a document the gate lets through, the families' work.  Even if that work cost
nothing, ``score`` could not beat the gate alone.  This times, in one process and in
alternating passes over the benchmark's clean documents (as ``mojifix bench`` does), four
things: ``ftfy.is_bad`` (the baseline of issue #8), ``mojifix.score``, the gate alone
(``_could_be_mojibake``: the search, and the letter-set test where it fails) and
``str.isascii`` (a call and a loop, nothing else), and prints each one's throughput and its
ratio to ``is_bad``.  The gate's ratio is the most any change behind the gate can reach.

    python scripts/clean_path_ceiling.py            # 200 documents, 15 passes
    python scripts/clean_path_ceiling.py --passes 31
"""

from __future__ import annotations

import argparse
import importlib
import statistics
from collections.abc import Callable

import ftfy

import mojifix
from mojifix.benchmark import alternating_passes, default_corpus, make_docs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=200)
    parser.add_argument("--passes", type=int, default=15)
    args = parser.parse_args(argv)

    detect = importlib.import_module("mojifix.detect")
    texts = [d.text for d in make_docs(args.documents, seed=8, corpus=default_corpus())]
    functions: dict[str, Callable[[str], object]] = {
        "ftfy.is_bad": ftfy.is_bad,
        "mojifix.score": mojifix.score,
        "gate alone": detect._could_be_mojibake,
        "str.isascii": str.isascii,
    }
    times = alternating_passes(functions, texts, args.passes)
    passed = sum(map(detect._could_be_mojibake, texts))
    megabytes = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    base = min(times["ftfy.is_bad"])
    print(f"{len(texts)} clean documents ({megabytes:.2f} MB), {passed} pass the gate; "
          f"{args.passes} alternating passes; mojifix {mojifix.__version__}, "
          f"ftfy {ftfy.__version__}")
    for name, runs in times.items():
        print(f"  {name:14} best {min(runs) * 1e3:8.2f} ms ({megabytes / min(runs):7.1f} MB/s)"
              f"   median {statistics.median(runs) * 1e3:8.2f} ms   is_bad / it: "
              f"{base / min(runs):6.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
