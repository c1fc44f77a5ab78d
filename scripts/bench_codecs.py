#!/usr/bin/env python
"""Decode/encode throughput of mojifix.codecs beside Python's own C codecs.

    python scripts/bench_codecs.py [--size 1000000] [--repeat 5]

For each encoding, a deterministic text (60% characters of the encoding's common repertoire,
40% ASCII words and spaces, like a web page's text) is encoded once; then the best of
``--repeat`` runs is timed for: Python's closest codec (``bytes.decode``/``str.encode``),
``mojifix.codecs.decode``/``encode``, and for short strings (the repairer's hot loop) the
per-call cost. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from mojifix.codecs import decode, encode

#: encoding -> (Python codec used as the baseline, sample repertoire)
CASES = {
    "windows-1252": ("cp1252", "àáâãäåæçèéêëìíîïñòóôõöùúûüÿ€‚„…†‡‰‹›‘’“”•–—"),
    "windows-1251": ("cp1251", "абвгдежзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙ"),
    "Shift_JIS": ("cp932", "あいうえおかきくけこさしすせそたちつてとなにぬねの日本語文字化け"),
    "EUC-JP": ("euc_jp", "あいうえおかきくけこさしすせそたちつてとなにぬねの日本語文字化けテスト"),
    "GBK": ("gbk", "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年"),
    "gb18030": ("gb18030", "的一是不了人我在有他这中大来上个国到说们为子和你地出道也时年"),
    "Big5": ("big5hkscs", "的一是不了人我在有他這中大來上個國到說們為子和你地出道也時年"),
    "EUC-KR": ("cp949", "의이가는을에한하고다서지로기있사도것정를자수대"),
}


def sample_text(repertoire: str, size: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    words = ["the", "mojifix", "data", "2024", "html", "a", "of"]
    out: list[str] = []
    length = 0
    while length < size:
        piece = (
            "".join(rng.choices(repertoire, k=rng.randint(2, 12)))
            if rng.random() < 0.6
            else " " + rng.choice(words) + " "
        )
        out.append(piece)
        length += len(piece)
    return "".join(out)[:size]


def best(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="characters of text")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(
        "| encoding | Python codec | decode MB/s: Python / mojifix | "
        "encode MB/s: Python / mojifix | short (20 chars) decode / encode µs per call |"
    )
    print("| --- | --- | --- | --- | --- |")
    for name, (python, repertoire) in CASES.items():
        text = sample_text(repertoire, args.size)
        data = text.encode(python)
        assert decode(data, name) == text, name
        assert encode(text, name) == data, name
        mb = len(data) / 1e6
        py_dec = mb / best(lambda: data.decode(python), args.repeat)  # noqa: B023
        mf_dec = mb / best(lambda: decode(data, name), args.repeat)  # noqa: B023
        py_enc = mb / best(lambda: text.encode(python), args.repeat)  # noqa: B023
        mf_enc = mb / best(lambda: encode(text, name), args.repeat)  # noqa: B023
        short_text = text[:20]
        short = short_text.encode(python)
        n = 20_000
        short_dec = best(lambda: [decode(short, name) for _ in range(n)], 3) / n * 1e6  # noqa: B023
        short_enc = best(lambda: [encode(short_text, name) for _ in range(n)], 3) / n * 1e6  # noqa: B023
        print(
            f"| {name} | {python} | {py_dec:.0f} / {mf_dec:.0f} | {py_enc:.0f} / {mf_enc:.0f} "
            f"| {short_dec:.2f} / {short_enc:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
