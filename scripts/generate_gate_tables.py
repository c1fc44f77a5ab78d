"""Generate ``mojifix/_tables/multi_byte_gate.py``: the detector's multi-byte gate patterns.

:func:`mojifix.detect._build_multi_byte_strong_start` writes, for GBK and Shift_JIS, the regular
expression of where UTF-8 read as that encoding can hold a run the multi-byte judge accepts.
Building it decodes about 117,000 byte samples (1.3 s), which every process would otherwise
pay at its first ``detect``; the result depends only on the code in ``mojifix/detect.py`` and
the WHATWG tables, so it is written here once.  ``tests/test_generated_gate.py`` fails when the
file no longer matches the builder: rerun this script after changing the multi-byte judge.

Run from the repository root::

    python scripts/generate_gate_tables.py
"""

from __future__ import annotations

import functools
import importlib
import pathlib
import sys
from collections.abc import Callable, Sequence

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "mojifix" / "_tables" / "multi_byte_gate.py"
ENCODINGS = ("GBK", "Shift_JIS")
JUDGED_SCRIPTS = ("", "Arabic", "Hebrew", "Thai")  # "" and mojifix.detect.OWN_SCRIPT's scripts

HEADER = '''"""The detector's gate tables (generated: do not edit).

Written by ``scripts/generate_gate_tables.py`` from
``mojifix.detect._build_multi_byte_strong_start`` and ``_build_multi_byte_sequence_start``
(encoding -> (pattern, anchor characters)), ``_build_multi_byte_trigger_chars`` (encoding ->
(trigger characters, Latin characters)), ``_build_uhc_extension_syllables`` (the Hangul
syllables of the UHC extension UTF-8 makes) and ``mojifix.detect._build_judged_lead_bytes``
(script or "" -> UTF-8 lead bytes);
``tests/test_generated_gate.py`` checks that it is current.
"""

# fmt: off
'''


def _pairs(
    name: str, encodings: Sequence[str], build: Callable[[str], tuple[str, str]]
) -> list[str]:
    """The lines of ``NAME: dict[str, tuple[str, str]]``, encoding -> what *build* gives: a
    long string (one literal per 100 characters keeps lines short and diffs readable) and a
    short one."""
    lines = ["", f"{name}: dict[str, tuple[str, str]] = {{"]
    for enc in encodings:
        long, short = build(enc)
        lines.append(f"    {enc!r}: (")
        for start in range(0, len(long), 100):
            lines.append(f"        {long[start:start + 100]!r}")
        lines.append(f"        , {short!r}),")
    lines.append("}")
    return lines


def render() -> str:
    """The module's text, built by the live builder."""
    sys.path.insert(0, str(ROOT))
    detect = importlib.import_module("mojifix.detect")
    # Build from the live builders only, never from the table being replaced (the detector's
    # readers of the table are cached wrappers of these builders).
    for name in ("trigger_chars", "sequence_start", "strong_start"):
        name = f"multi_byte_{name}"
        setattr(detect, f"_{name}", functools.cache(getattr(detect, f"_build_{name}")))
    lines = [HEADER.rstrip("\n")]
    lines += _pairs("STRONG_START", ENCODINGS, detect._build_multi_byte_strong_start)
    # The looser sequence-start patterns of the same two encodings (the gate's loose check).
    lines += _pairs("SEQUENCE_START", ENCODINGS, detect._build_multi_byte_sequence_start)
    # The characters of every multi-byte encoding that start with a UTF-8 lead byte, and
    # those C3 xx turns into (_multi_byte_trigger_chars).
    triggers = detect._build_multi_byte_trigger_chars
    lines += _pairs("TRIGGER_CHARS", detect.MULTI_BYTE_ORDER, triggers)
    # The UHC extension syllables UTF-8 read as UHC makes (_uhc_extension_syllables).
    syllables = detect._build_uhc_extension_syllables()
    lines += ["", "UHC_EXTENSION: str = ("]
    lines += [f"    {syllables[start:start + 100]!r}" for start in range(0, len(syllables), 100)]
    lines.append(")")
    # The UTF-8 lead bytes a single-byte finding's piece can start with (_judged_leads), for
    # any code page ("") and for those whose findings need their own script.
    lines.append("")
    lines.append("JUDGED_LEAD_BYTES: dict[str, tuple[int, ...]] = {")
    for own in JUDGED_SCRIPTS:
        leads = tuple(sorted(detect._build_judged_lead_bytes(own)))
        lines.append(f"    {own!r}: {leads!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
