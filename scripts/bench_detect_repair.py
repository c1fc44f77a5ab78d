"""Quick speed check of mojifix.score/fix against ftfy and plsfix on the corpus.

Clean multilingual documents (corpus/clean.jsonl rows of 1,500+ characters, cut to 2,000) and
damaged windows-1252 rows.  The benchmark engineer's ``mojifix bench`` is the reference; this is
the detector owner's quick check::

    python scripts/bench_detect_repair.py
"""

from __future__ import annotations

import json
import pathlib
import timeit
from collections.abc import Callable

import ftfy
import ftfy.badness

from mojifix import fix, score

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "corpus"


def _rows(name: str) -> list[dict[str, object]]:
    text = (CORPUS / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def per_doc_us(func: Callable[[str], object], docs: list[str]) -> float:
    best = min(timeit.repeat(lambda: [func(d) for d in docs], number=1, repeat=5))
    return best / len(docs) * 1e6


def main() -> None:
    clean = [str(r["text"])[:2000] for r in _rows("clean.jsonl") if len(str(r["text"])) >= 1500]
    damaged = [
        str(r["text"]) for r in _rows("damaged.jsonl")
        if r["decoded_as"] == "windows-1252" and r["kind"] == "utf-8-as-single-byte"
    ]
    for func in (score, fix):
        func(clean[0])  # compile the lazy patterns first
    results = {
        "score clean": per_doc_us(score, clean),
        "ftfy.is_bad clean": per_doc_us(ftfy.badness.is_bad, clean),
        "fix clean": per_doc_us(fix, clean),
        "ftfy.fix_encoding clean": per_doc_us(ftfy.fix_encoding, clean),
        "ftfy.fix_text clean": per_doc_us(ftfy.fix_text, clean),
        "fix damaged-1252": per_doc_us(fix, damaged),
        "ftfy.fix_encoding damaged-1252": per_doc_us(ftfy.fix_encoding, damaged),
    }
    try:
        import plsfix

        results["plsfix.fix_text clean"] = per_doc_us(plsfix.fix_text, clean)
    except ImportError:
        pass
    print(f"{len(clean)} clean docs, {len(damaged)} damaged rows; microseconds per document")
    for name, value in results.items():
        print(f"  {name:34s} {value:9.1f}")
    print(f"  score vs is_bad: {results['ftfy.is_bad clean'] / results['score clean']:.1f}x")
    print(f"  fix vs fix_encoding (clean): "
          f"{results['ftfy.fix_encoding clean'] / results['fix clean']:.1f}x")
    ratio = results["ftfy.fix_text clean"] / results["fix clean"]
    print(f"  fix vs fix_text (clean): {ratio:.1f}x")
    if "plsfix.fix_text clean" in results:
        ratio = results["plsfix.fix_text clean"] / results["fix clean"]
        print(f"  fix vs plsfix (clean): {ratio:.1f}x")
    print(f"  fix vs fix_encoding (damaged): "
          f"{results['ftfy.fix_encoding damaged-1252'] / results['fix damaged-1252']:.1f}x")


if __name__ == "__main__":
    main()
