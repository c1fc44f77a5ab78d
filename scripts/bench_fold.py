"""Measure :func:`mojifix.fold`: speed per profile, and how it compares with NFKC and ftfy.

Usage::

    python scripts/bench_fold.py

Prints (1) microseconds per call on short and ~1 KB texts of several scripts, beside
``unicodedata.normalize("NFKC")``; (2) on the cases of ``tests/data/fold/``, how many groups of
spellings each method gives one key (``same.tsv``, match rows) and how many meaning-bearing
pairs it wrongly merges (``different.tsv``, match rows); (3) on the 2,000 most frequent words
of 25 languages (wordfreq), how many words the match profile changes and how many key
collisions each profile has.
"""

from __future__ import annotations

import collections
import functools
import sys
import time
import timeit
import unicodedata
from collections.abc import Callable
from pathlib import Path

import ftfy

import mojifix

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_fold import LANGUAGES, _rows

TEXTS = {
    "ascii short": "Hello world, this is a product title",
    "ascii 1KB": "The quick brown fox jumps over the lazy dog." * 23,
    "ja short": "１．０００円～２．０００円 ｶﾞｲﾄﾞ",
    "ja 1KB": "日本語のテキスト、ガギグゲゴ・パピプペポ。「引用」１０時〜１８時" * 20,
    "fr 1KB": "Café crème brûlée à la française, “citation” – fin." * 20,
    "ru 1KB": "Привет, как дела? Ёлка, йод." * 35,
}


def _per_call(func: Callable[[], object]) -> float:
    timer = timeit.Timer(func, timer=time.process_time)
    number, _ = timer.autorange()
    return min(timer.repeat(3, number)) / number * 1e6


def speed() -> None:
    mojifix.fold("é", profile="search")  # build the lazy search table first
    print(f"{'text':12} {'chars':>5} {'match':>9} {'search':>9} {'NFKC':>9}  (microseconds)")
    for name, text in TEXTS.items():
        match = _per_call(functools.partial(mojifix.fold, text))
        search = _per_call(functools.partial(mojifix.fold, text, profile="search"))
        nfkc = _per_call(functools.partial(unicodedata.normalize, "NFKC", text))
        print(f"{name:12} {len(text):5d} {match:9.2f} {search:9.2f} {nfkc:9.2f}")


def baselines() -> None:
    methods: dict[str, Callable[[str], str]] = {
        "fold(match)": mojifix.fold,
        "NFKC": lambda t: unicodedata.normalize("NFKC", t),
        "ftfy.fix_text": ftfy.fix_text,
        "ftfy.fix_text(NFKC)": lambda t: ftfy.fix_text(t, normalization="NFKC"),
    }
    same = [row for row in _rows("same.tsv") if row[0] == "match"]
    different = [row for row in _rows("different.tsv") if "match" in row[0].split(",")]
    print(f"\n{'method':22} {'same groups matched':>20} {'different pairs merged':>24}")
    for name, method in methods.items():
        matched = sum(len({method(s) for s in row[2].split(" | ")}) == 1 for row in same)
        merged = sum(method(row[1]) == method(row[2]) for row in different)
        print(f"{name:22} {matched:>14}/{len(same)} {merged:>18}/{len(different)}")


def words() -> None:
    import wordfreq

    total = changed = 0
    collisions: collections.Counter[str] = collections.Counter()
    for lang in LANGUAGES:
        for profile in ("match", "search"):
            keys: dict[str, set[str]] = collections.defaultdict(set)
            for word in wordfreq.top_n_list(lang, 2000, wordlist="small"):
                key = mojifix.fold(word, profile=profile)
                keys[key].add(word)
                if profile == "match":
                    total += 1
                    changed += key != word
            collisions[profile] += sum(len(group) - 1 for group in keys.values())
    print(f"\nwordfreq: {total} words in {len(LANGUAGES)} languages; match changes {changed}")
    print(f"collisions (words sharing another word's key): {dict(collisions)}")


if __name__ == "__main__":
    speed()
    baselines()
    words()
