"""The generated multi-byte gate table is what the detector's builder gives.

``mojifix/_tables/multi_byte_gate.py`` caches :func:`mojifix.detect._build_multi_byte_strong_start`
and the other slow builders of the multi-byte gate
(1.3 s per process otherwise); when the multi-byte judge changes, this test says to rerun
``python scripts/generate_gate_tables.py``.
"""

from __future__ import annotations

import importlib

import pytest

from mojifix._tables import multi_byte_gate

detect = importlib.import_module("mojifix.detect")


@pytest.mark.parametrize("encoding", ["GBK", "Shift_JIS"])
def test_the_generated_gate_table_is_current(encoding: str) -> None:
    built = detect._build_multi_byte_strong_start(encoding)
    assert multi_byte_gate.STRONG_START[encoding] == built, (
        "mojifix/_tables/multi_byte_gate.py is stale: run python scripts/generate_gate_tables.py"
    )


@pytest.mark.parametrize("encoding", ["GBK", "Shift_JIS"])
def test_the_generated_sequence_starts_are_current(encoding: str) -> None:
    built = detect._build_multi_byte_sequence_start(encoding)
    assert multi_byte_gate.SEQUENCE_START[encoding] == built, (
        "mojifix/_tables/multi_byte_gate.py is stale: run python scripts/generate_gate_tables.py"
    )


@pytest.mark.parametrize("encoding", ["GBK", "Shift_JIS", "EUC-KR", "Big5", "EUC-JP"])
def test_the_generated_trigger_characters_are_current(encoding: str) -> None:
    assert encoding in detect.MULTI_BYTE_ORDER
    built = detect._build_multi_byte_trigger_chars(encoding)
    assert multi_byte_gate.TRIGGER_CHARS[encoding] == built, (
        "mojifix/_tables/multi_byte_gate.py is stale: run python scripts/generate_gate_tables.py"
    )


def test_the_generated_uhc_extension_syllables_are_current() -> None:
    assert detect._build_uhc_extension_syllables() == multi_byte_gate.UHC_EXTENSION, (
        "mojifix/_tables/multi_byte_gate.py is stale: run python scripts/generate_gate_tables.py"
    )


@pytest.mark.parametrize("script", ["", "Arabic", "Hebrew", "Thai"])
def test_the_generated_lead_bytes_are_current(script: str) -> None:
    built = detect._build_judged_lead_bytes(script)
    assert frozenset(multi_byte_gate.JUDGED_LEAD_BYTES[script]) == built, (
        "mojifix/_tables/multi_byte_gate.py is stale: run python scripts/generate_gate_tables.py"
    )


def test_the_generated_lead_bytes_cover_every_own_script() -> None:
    assert set(detect.OWN_SCRIPT.values()) | {""} == set(multi_byte_gate.JUDGED_LEAD_BYTES)


def test_the_detector_reads_the_table() -> None:
    assert detect._multi_byte_strong_start("GBK") is multi_byte_gate.STRONG_START["GBK"]
