"""Speed of mojifix.score / mojifix.fix beside ftfy and plsfix, issue #8's targets.

Documents: for every language of ``corpus/clean.jsonl``, its rows joined and cut into 2,000-
character documents (up to ``--per-lang`` each).  *Damaged* documents: the Latin-script ones
with every third word that has a non-ASCII letter turned into UTF-8 read as windows-1252
("café" -> "cafÃ©"): a few damaged words per sentence.  Every figure is the best of
``--repeat`` runs, the functions alternating, so load on the shared machine hits both sides::

    python scripts/bench_detect_speed.py [--per-lang 2] [--repeat 5]
"""

from __future__ import annotations

import argparse
import collections
import importlib
import json
import pathlib
import statistics
import time
from collections.abc import Callable

import ftfy
import ftfy.badness

from mojifix import fix, score

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "corpus"
NON_LATIN = {
    "ru",
    "uk",
    "bg",
    "el",
    "ar",
    "fa",
    "he",
    "hi",
    "th",
    "zh-Hans",
    "zh-Hant",
    "ja",
    "ko",
    "hy",
    "ka",
}


def documents(per_lang: int) -> tuple[list[str], list[str], list[str]]:
    """(clean multilingual, clean ASCII-only, damaged) 2 KB documents."""
    by_lang: dict[str, list[str]] = collections.defaultdict(list)
    for line in (CORPUS / "clean.jsonl").read_text(encoding="utf-8").split("\n"):
        if line.strip():
            row = json.loads(line)
            by_lang[row["lang"]].append(row["text"])
    clean, damaged = [], []
    for lang, texts in sorted(by_lang.items()):
        joined = " ".join(texts)
        for i in range(per_lang):
            doc = joined[i * 2000 : (i + 1) * 2000]
            if len(doc) < 1000:
                break
            clean.append(doc)
            if lang not in NON_LATIN:
                words = doc.split(" ")
                accented = [j for j, w in enumerate(words) if not w.isascii()]
                for j in accented[::3]:
                    words[j] = words[j].encode("utf-8").decode("cp1252", "replace")
                damaged.append(" ".join(words))
    ascii_words = " ".join(w for w in " ".join(by_lang["en"]).split(" ") if w.isascii())
    ascii_docs = [ascii_words[i : i + 2000] for i in range(0, 2000 * per_lang * 4, 2000)]
    return clean, [d for d in ascii_docs if d], damaged


def best_times(
    funcs: dict[str, Callable[[str], object]], docs: list[str], repeat: int
) -> dict[str, float]:
    """Microseconds per document, best of *repeat*, the functions alternating."""
    best = {name: float("inf") for name in funcs}
    for _ in range(repeat):
        for name, func in funcs.items():
            start = time.perf_counter()
            for doc in docs:
                func(doc)
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: t / len(docs) * 1e6 for name, t in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-lang", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    clean, ascii_docs, damaged = documents(args.per_lang)
    for doc in clean + damaged:  # compile the lazy patterns, fill the caches once
        score(doc)
        fix(doc)
    fixers: dict[str, Callable[[str], object]] = {
        "mojifix.fix": fix,
        "ftfy.fix_encoding": ftfy.fix_encoding,
        "ftfy.fix_text": ftfy.fix_text,
    }
    try:
        import plsfix

        fixers["plsfix.fix_text"] = plsfix.fix_text
    except ImportError:
        pass
    print(f"{len(clean)} clean, {len(damaged)} damaged, {len(ascii_docs)} ASCII documents")
    s = best_times(
        {"mojifix.score": score, "ftfy.badness.is_bad": ftfy.badness.is_bad}, clean, args.repeat
    )
    print(
        f"score clean: {s['mojifix.score']:.1f} us/doc, is_bad {s['ftfy.badness.is_bad']:.1f}"
        f" -> {s['ftfy.badness.is_bad'] / s['mojifix.score']:.1f}x (target >= 20x)"
    )
    per_doc = sorted(
        (r["ftfy.badness.is_bad"] / r["mojifix.score"], doc[:12])
        for doc in clean
        for r in [
            best_times(
                {"mojifix.score": score, "ftfy.badness.is_bad": ftfy.badness.is_bad},
                [doc],
                args.repeat,
            )
        ]
    )
    print(
        f"  per document: median {statistics.median(x for x, _ in per_doc):.1f}x; "
        f"{sum(x >= 20 for x, _ in per_doc)}/{len(per_doc)} documents >= 20x; slowest: "
        + ", ".join(f"{x:.1f}x {d!r}" for x, d in per_doc[:6])
    )
    # Where the time goes: documents the gate rejects (one regex scan) and the others.
    gate = importlib.import_module("mojifix.detect")._gates
    rejected = [d for d in clean if gate("\ufffd" in d)[0].search(d) is None]
    passed = [d for d in clean if d not in rejected]
    for label, docs in (("rejected by the gate", rejected), ("passed the gate", passed)):
        if docs:
            t = best_times(
                {"mojifix.score": score, "ftfy.badness.is_bad": ftfy.badness.is_bad},
                docs,
                args.repeat,
            )
            print(
                f"  {len(docs)} documents {label}: {t['mojifix.score']:.1f} us/doc, "
                f"{t['ftfy.badness.is_bad'] / t['mojifix.score']:.1f}x is_bad"
            )
    a = best_times({"score": score}, ascii_docs, args.repeat)
    mb = sum(len(d) for d in ascii_docs) / len(ascii_docs) / 1e6
    print(f"score ASCII: {mb / (a['score'] / 1e6):.0f} MB/s (target >= 200)")
    for label, docs in (("clean", clean), ("damaged", damaged)):
        f = best_times(fixers, docs, args.repeat)
        ours = f["mojifix.fix"]
        ratios = ", ".join(
            f"{f[name] / ours:.2f}x {name}" for name in fixers if name != "mojifix.fix"
        )
        print(f"fix {label}: {ours:.1f} us/doc; {ratios}")


if __name__ == "__main__":
    main()
