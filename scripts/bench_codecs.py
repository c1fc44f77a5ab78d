#!/usr/bin/env python
"""Decode/encode throughput of mojifix.codecs beside Python's own C codecs, on real text.

    python scripts/bench_codecs.py [--size 1000000] [--rounds 15] [--before REV]

For each encoding, about ``--size`` bytes of real text in that encoding: the gettext translations
installed on this machine (``/usr/share/locale``, as ``scripts/scan_translations.py`` reads them)
of a language written in it (Russian for windows-1251, Japanese for Shift_JIS, Simplified Chinese
for GBK, Korean for EUC-KR, Traditional Chinese for Big5, all of them for UTF-8), one string a
line, strings the encoding cannot write left out, repeated if there is not enough. Every variant
decodes the same bytes in the same process; the rounds alternate the variants' order (forwards,
then backwards), and the table gives the median MB/s (encoded bytes) over the rounds:

- ``python``: ``bytes.decode`` with Python's closest codec (not the standard's decoder);
- ``before``: ``mojifix.codecs.decode`` of git revision ``--before`` (loaded from git into a
  package of its own), if given;
- ``mojifix``: ``mojifix.codecs.decode`` of this checkout;
- ``core``: ``mojifix._core.codecs.decode`` called directly (encoding_rs; for UTF-8 too).

Encoding (``str.encode`` against ``mojifix.codecs.encode``) and the cost of one short call (20
characters, the size of a repair candidate) follow. Prints Markdown.

``--instructions`` counts instead, with ``valgrind --tool=callgrind``, the instructions of one
decode per byte for each variant (a driver decoding the same bytes once and three times: the
difference is two steady-state calls, start-up and first-call table building cancel out):
figures that do not move with the load of a shared machine. Slow (a few minutes).
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from mojifix import codecs as mojifix_codecs
from mojifix._core import codecs as core

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from scan_translations import DEFAULT_ROOTS, translations  # noqa: E402

#: encoding -> (Python codec, gettext languages of its text)
CASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "windows-1251": ("cp1251", ("ru",)),
    "Shift_JIS": ("cp932", ("ja",)),
    "GBK": ("gbk", ("zh_CN",)),
    "EUC-KR": ("cp949", ("ko",)),
    "Big5": ("big5hkscs", ("zh_TW",)),
    "UTF-8": ("utf-8", ("ru", "ja", "zh_CN", "ko", "zh_TW", "fr", "de", "el", "ar", "he", "th")),
}


def real_text(encoding: str, python: str, languages: tuple[str, ...], size: int) -> bytes:
    """About *size* bytes of the translations of *languages* that *encoding* can write."""
    lines: list[bytes] = []
    total = 0
    for lang, text in translations(list(DEFAULT_ROOTS)):
        if lang not in languages:
            continue
        try:
            encoded = mojifix_codecs.encode(text, encoding)
        except UnicodeEncodeError:
            continue
        lines.append(encoded)
        total += len(encoded) + 1
        if total >= size:
            break
    if not lines:
        raise SystemExit(f"no {'/'.join(languages)} translations under {DEFAULT_ROOTS}")
    data = b"\n".join(lines)
    while len(data) < size:
        data += b"\n" + data
    data = data[:size]
    # cut at a line end, so that no variant sees a truncated character
    return data[: data.rfind(b"\n")] if b"\n" in data else data


def load_before(revision: str) -> tuple[Callable[[bytes, str], str], Path]:
    """``mojifix.codecs.decode`` of *revision*, as the package ``mojifix_before`` (and the
    folder that holds it)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-codecs-"))
    package = folder / "mojifix_before"
    files = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", revision, "mojifix/"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    wanted = [
        f
        for f in files
        if f in ("mojifix/codecs.py", "mojifix/labels.py") or f.startswith("mojifix/_tables/")
    ]
    for name in wanted:
        text = subprocess.run(
            ["git", "show", f"{revision}:{name}"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
        target = package / name.removeprefix("mojifix/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(re.sub(r"\bmojifix\.", "mojifix_before.", text), encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module("mojifix_before.codecs").decode, folder


#: Decodes the file argv[4] with variant argv[2] argv[5] times; imports only what it needs
#: (``mojifix`` as a bare package, so that its ``__init__`` does not load the detector).
DRIVER = """
import sys, types
root, variant, name, path, calls, python, before = sys.argv[1:8]
package = types.ModuleType("mojifix")
package.__path__ = [root + "/mojifix"]
sys.modules["mojifix"] = package
data = open(path, "rb").read()
if variant == "python":
    call = lambda: data.decode(python, "replace")
elif variant == "before":
    sys.path.insert(0, before)
    from mojifix_before.codecs import decode
    call = lambda: decode(data, name)
elif variant == "mojifix":
    from mojifix.codecs import decode
    call = lambda: decode(data, name)
else:
    from mojifix._core import codecs
    call = lambda: codecs.decode(data, name)
for _ in range(int(calls)):
    call()
"""


def instructions_per_byte(variant: str, name: str, python: str, data: bytes, before: str) -> float:
    """Callgrind's instructions for one steady-state decode of *data*, per byte."""
    counts = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "data"
        path.write_bytes(data)
        driver = Path(tmp) / "driver.py"
        driver.write_text(DRIVER, encoding="utf-8")
        for calls in (1, 3):
            out = Path(tmp) / f"callgrind.{calls}"
            subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={out}",
                    os.path.realpath(sys.executable),
                    str(driver),
                    str(ROOT),
                    variant,
                    name,
                    str(path),
                    str(calls),
                    python,
                    before,
                ],
                capture_output=True,
                check=True,
                env={**os.environ, "PYTHONHASHSEED": "0"},
            )
            summary = re.search(r"^summary: (\d+)", out.read_text(), re.MULTILINE)
            assert summary is not None, out
            counts.append(int(summary.group(1)))
    return (counts[1] - counts[0]) / 2 / len(data)


def alternating(variants: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Median seconds per call of each variant, the order flipped each round (one warm-up)."""
    for function in variants.values():
        function()
    times: dict[str, list[float]] = {name: [] for name in variants}
    order = list(variants)
    for _ in range(rounds):
        for name in order:
            start = time.perf_counter()
            variants[name]()
            times[name].append(time.perf_counter() - start)
        order.reverse()
    return {name: statistics.median(values) for name, values in times.items()}


def per_call(function: Callable[[], object], calls: int = 20_000) -> float:
    """Microseconds per call, best of three."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, time.perf_counter() - start)
    return best / calls * 1e6


def machine() -> Iterator[str]:
    """Lines that say where the figures come from."""
    cpu = "?"
    if os.path.exists("/proc/cpuinfo"):
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    lock = (ROOT / "Cargo.lock").read_text(encoding="utf-8")
    found = re.search(r'name = "encoding_rs"\nversion = "([^"]+)"', lock)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    ).stdout.strip()
    yield f"- machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"
    yield f"- Python {platform.python_version()}, encoding_rs {found.group(1) if found else '?'}"
    yield f"- mojifix at {commit} (working tree as run)"


def count_instructions(size: int, with_before: bool, before_folder: Path) -> int:
    """Print the instructions per byte of each variant's decode (see ``--instructions``)."""
    columns = ["python", *(["before"] if with_before else []), "mojifix", "core"]
    print("\n".join(machine()))
    print(f"- {size:,} bytes per encoding; callgrind instructions per byte decoded\n")
    print("| encoding | " + " | ".join(columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    for name, (python, languages) in CASES.items():
        data = real_text(name, python, languages, size)
        cells = [
            f"{instructions_per_byte(c, name, python, data, str(before_folder)):.1f}"
            for c in columns
        ]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes of text per encoding")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--before", help="git revision whose mojifix.codecs to time beside")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (callgrind) instead"
    )
    args = parser.parse_args(argv)
    before, before_folder = load_before(args.before) if args.before else (None, Path())
    if args.instructions:
        return count_instructions(args.size, before is not None, before_folder)
    print("\n".join(machine()))
    print(f"- {args.size:,} bytes per encoding, {args.rounds} alternating rounds, median\n")
    columns = ["python", *(["before"] if before else []), "mojifix", "core"]
    print(
        "| encoding | text | "
        + " | ".join(f"decode MB/s: {c}" for c in columns)
        + " | encode MB/s: python / mojifix | 20 chars, µs: decode / encode |"
    )
    print("| --- | --- |" + " ---: |" * len(columns) + " ---: | ---: |")
    for name, (python, languages) in CASES.items():
        data = real_text(name, python, languages, args.size)
        text = mojifix_codecs.decode(data, name)
        assert core.decode(data, name) == text, name
        variants: dict[str, Callable[[], object]] = {
            "python": lambda: data.decode(python, "replace"),  # noqa: B023
        }
        if before is not None:
            assert before(data, name) == text, name
            variants["before"] = lambda: before(data, name)  # noqa: B023
        variants["mojifix"] = lambda: mojifix_codecs.decode(data, name)  # noqa: B023
        variants["core"] = lambda: core.decode(data, name)  # noqa: B023
        seconds = alternating(variants, args.rounds)
        mb = len(data) / 1e6
        encoded = alternating(
            {
                "python": lambda: text.encode(python, "replace"),  # noqa: B023
                "mojifix": lambda: mojifix_codecs.encode(text, name),  # noqa: B023
            },
            args.rounds,
        )
        short_text = text[:20]
        short = mojifix_codecs.encode(short_text, name)
        decode_us = per_call(lambda: mojifix_codecs.decode(short, name))  # noqa: B023
        encode_us = per_call(lambda: mojifix_codecs.encode(short_text, name))  # noqa: B023
        cells = " | ".join(f"{mb / seconds[c]:,.0f}" for c in columns)
        print(
            f"| {name} | {'+'.join(languages) if len(languages) < 3 else 'mixed'} | {cells} "
            f"| {mb / encoded['python']:,.0f} / {mb / encoded['mojifix']:,.0f} "
            f"| {decode_us:.2f} / {encode_us:.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
