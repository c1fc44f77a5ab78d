"""False alarms on clean files this machine already has: text people wrote in UTF-8 and no
decoder misread, beside ASCII more than in running prose.

Three sources, each skipped when it is not installed:

- ``locales``: glibc's locale sources (``/usr/share/i18n/locales``), month names, yes/no
  patterns and collation tables, among them ``iso14651_t1_pinyin``, one ideograph a line
  between ASCII ("#艕0");
- ``cjk``: CPython's ``test/cjkencodings/*-utf8.txt``, the texts its CJK codecs are tested on;
- ``wordfreq``: wordfreq's Chinese word lists (``jieba_zh.txt``, ``jieba_zh_orig.txt``), one
  word of one to four ideographs a line beside its count.

For each distinct line with a non-ASCII character, the script counts the lines
:func:`mojifix.fix` changes and prints a few. These lines guided decision note 0079 (one
character alone is no evidence), so they are development data, not a held-out measure; the
translations (``scripts/scan_translations.py``) are split, these are not. The figures depend
on what is installed and are quoted with the machine.

Usage::

    python scripts/scan_clean_files.py                  # counts per source
    python scripts/scan_clean_files.py --show 20        # and up to 20 changed lines each
    python scripts/scan_clean_files.py --source mine='notes/*.txt'   # other files instead
"""

from __future__ import annotations

import argparse
import glob
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path

import mojifix


def sources() -> dict[str, list[Path]]:
    """The files of each source that this machine has (an empty list for one it has not)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    found: dict[str, list[Path]] = {
        "locales": sorted(Path("/usr/share/i18n/locales").glob("*")),
        "cjk": sorted((stdlib / "test" / "cjkencodings").glob("*-utf8.txt")),
        "wordfreq": [],
    }
    try:
        import wordfreq
    except ImportError:
        return found
    data = Path(wordfreq.__file__).parent / "data"
    found["wordfreq"] = sorted(data.glob("jieba_zh*.txt"))
    return found


def lines(paths: list[Path]) -> Iterator[str]:
    """The distinct lines of *paths* with a non-ASCII character, as UTF-8 reads them (a file
    that is not UTF-8 is left out: it is no clean UTF-8 text)."""
    seen: set[str] = set()
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for line in text.splitlines():
            if not line.isascii() and line not in seen:
                seen.add(line)
                yield line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", type=int, default=5, help="changed lines shown per source")
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="NAME=GLOB",
        help="scan the files of GLOB as source NAME instead of the machine's",
    )
    args = parser.parse_args(argv)
    chosen = sources()
    if args.source:
        if any("=" not in source for source in args.source):
            parser.error("--source takes NAME=GLOB, such as notes='notes/*.txt'")
        pairs = (source.split("=", 1) for source in args.source)
        chosen = {name: sorted(map(Path, glob.glob(pattern))) for name, pattern in pairs}
    for name, paths in chosen.items():
        if not paths:
            print(f"{name}: no files (not installed here)")
            continue
        start = time.perf_counter()
        count, changed = 0, []
        for line in lines(paths):
            count += 1
            repaired = mojifix.fix(line)
            if repaired != line:
                changed.append((line, repaired))
        seconds = time.perf_counter() - start
        share = 100 * len(changed) / max(count, 1)
        print(
            f"{name}: {len(changed):,} of {count:,} lines changed ({share:.3f}%), "
            f"{len(paths)} files ({seconds:.1f} s)"
        )
        for line, repaired in changed[: args.show]:
            print(f"  {line[:70]!r}\n    -> {repaired[:70]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
