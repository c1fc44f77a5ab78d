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
    python scripts/scan_translations.py --damage windows-1250:windows-1252 --languages cs,pl,sk

A few translations really are mojibake. ``scripts/data/translations-mojibake.jsonl`` lists the
ones found on the reference machine, each read by a person (and all but one changed by
``ftfy.fix_encoding`` too), so the scan counts a flagged string there as damage found, and the
rest as false alarms: the figure issue #24 asks to keep at or under 0.01 %.

``--damage ENCODED:DECODED`` measures the other side, recall: each translation of
``--languages`` that *ENCODED* can write is encoded with it and decoded as *DECODED* (a real
misreading, made on real strings), and the script prints how many of those the detector finds
and how many :func:`mojifix.fix` gives back exactly, per language and for one-word strings (the
hardest: no context).  A rule that removes false alarms should leave these figures alone.
"""

from __future__ import annotations

import argparse
import collections
import gettext
import json
import os
import sys
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import mojifix
from mojifix import codecs

DEFAULT_ROOTS = ("/usr/share/locale", "/usr/local/share/locale", sys.prefix)
#: Translations that are mojibake themselves, each with why (see the module's docstring).
KNOWN_MOJIBAKE = Path(__file__).resolve().parent / "data" / "translations-mojibake.jsonl"


def known_mojibake(path: Path = KNOWN_MOJIBAKE) -> set[str]:
    """The texts of the translations listed as mojibake in *path* (JSON lines with ``lang``,
    ``text`` and ``why``); none if there is no such file."""
    if not path.exists():
        return set()
    return {json.loads(line)["text"] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()}


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


#: Each string's split, by a hash of its text: 80 % train (the decision's calibration may use
#: them as clean text), 10 % dev, 10 % test (only reported).
SPLITS = (("train", 80), ("dev", 10), ("test", 10))


def split_of(text: str) -> str:
    """The split of a translation, stable across machines and runs.

    >>> split_of("Gnìomh"), split_of("Błąd odczytu odpowiedzi")
    ('train', 'test')
    """
    bucket = zlib.crc32(text.encode("utf-8", "surrogatepass")) % 100
    for name, share in SPLITS:
        if bucket < share:
            return name
        bucket -= share
    raise AssertionError("the shares add up to 100")


def translations(roots: list[str], split: str = "all") -> Iterator[tuple[str, str]]:
    """``(language, text)`` of every distinct non-ASCII translated string (first seen wins),
    of one split or of all."""
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
                if split == "all" or split_of(value) == split:
                    yield lang, value


def damaged(roots: list[str], languages: set[str], encoded_as: str,
            decoded_as: str, split: str = "all") -> Iterator[tuple[str, str, str]]:
    """``(language, original, damaged)`` for every translation of *languages* (in *split*)
    that *encoded_as* can write and whose misreading as *decoded_as* differs from it."""
    for lang, text in translations(roots, split):
        if lang not in languages and lang.split("_")[0] not in languages:
            continue
        try:
            garbled = codecs.decode(codecs.encode(text, encoded_as), decoded_as, "strict")
        except (UnicodeError, LookupError):
            continue  # not writable in that code page, or not decodable as the other
        if garbled != text:
            yield lang, text, garbled


def recall(roots: list[str], languages: set[str], damage: str, threshold: float,
           split: str = "all") -> int:
    """Print the detection and exact-repair rates of :func:`damaged` translations."""
    encoded_as, _, decoded_as = damage.partition(":")
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for lang, text, garbled in damaged(roots, languages, encoded_as, decoded_as, split):
        kind = "one word" if len(text.split()) == 1 else "longer"
        for key in (lang, kind, "all"):
            counts[key]["strings"] += 1
            if mojifix.score(garbled) >= threshold:
                counts[key]["found"] += 1
                counts[key]["repaired"] += mojifix.fix(garbled) == text
    if not counts:
        print(f"no translation of {', '.join(sorted(languages))} differs when {damage}")
        return 1
    print(f"{encoded_as} read as {decoded_as}, translations of {', '.join(sorted(languages))}:")
    for key, c in sorted(counts.items(), key=lambda kv: (kv[0] != "all", -kv[1]["strings"])):
        print(f"  {key:12} {c['strings']:7,} strings  found {c['found'] / c['strings']:7.2%}"
              f"  repaired exactly {c['repaired'] / c['strings']:7.2%}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", action="append", help="folders to search (repeatable)")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--show", default="", help="comma-separated languages to list")
    parser.add_argument("--limit", type=int, default=20, help="strings listed per language")
    parser.add_argument("--damage", metavar="ENCODED:DECODED",
                        help="measure recall on translations misread this way instead")
    parser.add_argument("--languages", default="cs,sk,pl,hu,hr,sl,bs,ro",
                        help="comma-separated languages for --damage (zh, or zh_CN)")
    parser.add_argument("--split", choices=["train", "dev", "test", "all"], default="all",
                        help="only the strings of this split (the calibration may see train)")
    parser.add_argument("--known", type=Path, default=KNOWN_MOJIBAKE,
                        help="JSON lines of translations that are mojibake themselves: flagged, "
                             "they count as found, not as false alarms")
    args = parser.parse_args(argv)
    roots = args.root or [r for r in DEFAULT_ROOTS if os.path.isdir(r)]
    if args.damage:
        if ":" not in args.damage:
            parser.error(f"--damage takes ENCODED:DECODED, two encoding names such as "
                         f"windows-1250:windows-1252, not {args.damage!r}")
        return recall(roots, set(args.languages.split(",")), args.damage, args.threshold,
                      args.split)
    show = {lang for lang in args.show.split(",") if lang}
    known = known_mojibake(args.known)
    totals: collections.Counter[str] = collections.Counter()
    flagged: dict[str, list[tuple[float, str]]] = collections.defaultdict(list)
    size = 0
    known_seen = 0
    start = time.perf_counter()
    for lang, text in translations(roots, args.split):
        totals[lang] += 1
        known_seen += text in known
        size += len(text.encode("utf-8", "surrogatepass"))
        value = mojifix.score(text)
        if value >= args.threshold:
            flagged[lang].append((value, text))
    seconds = time.perf_counter() - start
    n_flagged = sum(map(len, flagged.values()))
    n_found = sum(text in known for found in flagged.values() for _, text in found)
    n_strings = sum(totals.values())
    false_alarms = n_flagged - n_found
    print(f"{n_strings:,} strings ({size / 1e6:.1f} MB) in {len(totals)} languages "
          f"under {', '.join(roots)} (split: {args.split}); {n_flagged:,} score >= "
          f"{args.threshold} ({seconds:.1f} s)")
    print(f"  known mojibake found: {n_found:,} of {known_seen:,}; false alarms: "
          f"{false_alarms:,} ({false_alarms / max(n_strings, 1):.4%})")
    for lang, found in sorted(flagged.items(), key=lambda kv: -len(kv[1])):
        share = len(found) / totals[lang]
        print(f"  {lang:12} {len(found):6,} of {totals[lang]:7,}  ({share:.2%})")
        if lang in show:
            for value, text in found[: args.limit]:
                mark = "known mojibake" if text in known else ""
                print(f"      {value:.3f}  {text[:110]!r}  {mark}".rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
