"""False alarms on real clean text: the gettext translations installed on this machine.

Every Debian (or other Linux) system carries thousands of ``.mo`` catalogues under
``/usr/share/locale`` and in Python's ``site-packages``: interface strings written by people,
in a hundred languages, that were never decoded with a wrong code page (a few were, and those
are worth finding too: Nynorsk "etterfÃ¸lgt" in one of them).  This script scores every distinct
non-ASCII translation with :func:`mojifix.score` and prints, per language, how many reach the
threshold, with examples.  It is the check that found the false alarms of session 6 (Scottish
Gaelic, Sardinian, Occitan, Friulian, Traditional Chinese, Portuguese "ecrã").

The figures depend on what is installed, so they are quoted with the machine they came from
(``docs/notes/detect-repair.md``), not asserted by the tests; the strings it found are in the
test data (``tests/data/detect/clean.jsonl``).

Usage::

    python scripts/scan_translations.py                 # counts per language
    python scripts/scan_translations.py --show gd,vi    # and the flagged strings of two languages
    python scripts/scan_translations.py --root /usr/share/locale --threshold 0.5
"""

from __future__ import annotations

import argparse
import collections
import gettext
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import mojifix

DEFAULT_ROOTS = ("/usr/share/locale", "/usr/local/share/locale", sys.prefix)


def catalogues(roots: list[str]) -> Iterator[tuple[str, Path]]:
    """``(language, path)`` of every ``LC_MESSAGES/*.mo`` file under *roots*."""
    for root in roots:
        for folder, _dirs, files in os.walk(root):
            if os.path.basename(folder) != "LC_MESSAGES":
                continue
            lang = os.path.basename(os.path.dirname(folder))
            for name in files:
                if name.endswith(".mo"):
                    yield lang, Path(folder) / name


def translations(roots: list[str]) -> Iterator[tuple[str, str]]:
    """``(language, text)`` of every distinct non-ASCII translated string (first seen wins)."""
    seen: set[str] = set()
    for lang, path in catalogues(roots):
        try:
            with path.open("rb") as fh:
                catalogue = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]
        except (OSError, UnicodeError, ValueError, IndexError):
            continue  # a catalogue in another charset or damaged: not this check's business
        for value in catalogue.values():
            if isinstance(value, str) and not value.isascii() and value not in seen:
                seen.add(value)
                yield lang, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", action="append", help="folders to search (repeatable)")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--show", default="", help="comma-separated languages to list")
    parser.add_argument("--limit", type=int, default=20, help="strings listed per language")
    args = parser.parse_args(argv)
    roots = args.root or [r for r in DEFAULT_ROOTS if os.path.isdir(r)]
    show = {lang for lang in args.show.split(",") if lang}
    totals: collections.Counter[str] = collections.Counter()
    flagged: dict[str, list[tuple[float, str]]] = collections.defaultdict(list)
    size = 0
    start = time.perf_counter()
    for lang, text in translations(roots):
        totals[lang] += 1
        size += len(text.encode("utf-8", "surrogatepass"))
        value = mojifix.score(text)
        if value >= args.threshold:
            flagged[lang].append((value, text))
    seconds = time.perf_counter() - start
    n_flagged = sum(map(len, flagged.values()))
    print(f"{sum(totals.values()):,} strings ({size / 1e6:.1f} MB) in {len(totals)} languages "
          f"under {', '.join(roots)}; {n_flagged:,} score >= {args.threshold} ({seconds:.1f} s)")
    for lang, found in sorted(flagged.items(), key=lambda kv: -len(kv[1])):
        share = len(found) / totals[lang]
        print(f"  {lang:12} {len(found):6,} of {totals[lang]:7,}  ({share:.2%})")
        if lang in show:
            for value, text in found[: args.limit]:
                print(f"      {value:.3f}  {text[:110]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
