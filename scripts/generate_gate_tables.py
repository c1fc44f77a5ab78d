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

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "mojifix" / "_tables" / "multi_byte_gate.py"
ENCODINGS = ("GBK", "Shift_JIS")
JUDGED_SCRIPTS = ("", "Arabic", "Hebrew", "Thai")  # "" and mojifix.detect.OWN_SCRIPT's scripts

HEADER = '''"""The detector's gate tables (generated: do not edit).

Written by ``scripts/generate_gate_tables.py`` from
``mojifix.detect._build_multi_byte_strong_start`` and ``_build_multi_byte_sequence_start``
(encoding -> (pattern, anchor characters)), ``_build_multi_byte_trigger_chars`` (encoding ->
(trigger characters, Latin characters)) and ``mojifix.detect._build_judged_lead_bytes`` (script
or "" -> UTF-8 lead bytes);
``tests/test_generated_gate.py`` checks that it is current.
"""

# fmt: off
'''


def render() -> str:
    """The module's text, built by the live builder."""
    sys.path.insert(0, str(ROOT))
    detect = importlib.import_module("mojifix.detect")
    # Build from the live builders only, never from the table being replaced (the detector's
    # readers of the table are cached wrappers of these builders).
    for name in ("trigger_chars", "sequence_start", "strong_start"):
        name = f"multi_byte_{name}"
        setattr(detect, f"_{name}", functools.cache(getattr(detect, f"_build_{name}")))
    lines = [HEADER, "STRONG_START: dict[str, tuple[str, str]] = {"]
    for enc in ENCODINGS:
        pattern, anchors = detect._build_multi_byte_strong_start(enc)
        lines.append(f"    {enc!r}: (")
        # One string literal per 100 characters keeps lines short and diffs readable.
        for start in range(0, len(pattern), 100):
            lines.append(f"        {pattern[start:start + 100]!r}")
        lines.append(f"        , {anchors!r}),")
    lines.append("}")
    # The looser sequence-start patterns of the same two encodings (the gate's loose check).
    lines.append("")
    lines.append("SEQUENCE_START: dict[str, tuple[str, str]] = {")
    for enc in ENCODINGS:
        pattern, anchors = detect._build_multi_byte_sequence_start(enc)
        lines.append(f"    {enc!r}: (")
        for start in range(0, len(pattern), 100):
            lines.append(f"        {pattern[start:start + 100]!r}")
        lines.append(f"        , {anchors!r}),")
    lines.append("}")
    # The characters of every multi-byte encoding that start with a UTF-8 lead byte, and
    # those C3 xx turns into (_multi_byte_trigger_chars).
    lines.append("")
    lines.append("TRIGGER_CHARS: dict[str, tuple[str, str]] = {")
    for enc in detect.MULTI_BYTE_ORDER:
        chars, latin = detect._build_multi_byte_trigger_chars(enc)
        lines.append(f"    {enc!r}: (")
        for start in range(0, len(chars), 100):
            lines.append(f"        {chars[start:start + 100]!r}")
        lines.append(f"        , {latin!r}),")
    lines.append("}")
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
