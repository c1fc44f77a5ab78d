"""mojifix.lookup against encodings.json, read directly (not the generated table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mojifix
from mojifix.labels import ENCODINGS, LABELS, lookup

DATA = json.loads(
    (
        Path(__file__).resolve().parent.parent / "third_party" / "whatwg" / "encodings.json"
    ).read_text(encoding="utf-8")
)
PAIRS = [(label, e["name"]) for g in DATA for e in g["encodings"] for label in e["labels"]]


def test_counts_and_order() -> None:
    assert len(PAIRS) == 228 and len(LABELS) == 228
    assert list(ENCODINGS) == [e["name"] for g in DATA for e in g["encodings"]]
    assert len(ENCODINGS) == 40
    assert dict(PAIRS) == LABELS
    assert mojifix.lookup is lookup


def test_every_label_in_any_ascii_case_and_whitespace() -> None:
    for label, name in PAIRS:
        assert lookup(label) == name, label
        assert lookup(label.upper()) == name, label
        assert lookup(label.title()) == name, label
        assert lookup(" \t\n\f\r" + label + "\r\n ") == name, label


@pytest.mark.parametrize(
    "label",
    [
        "",
        "   ",
        "utf-7",
        "latin-1",  # "latin1" and "l1" are labels, "latin-1" is not
        "\vutf-8",  # VT is not ASCII whitespace
        "\N{NO-BREAK SPACE}utf-8",
        "utf-8\N{IDEOGRAPHIC SPACE}",
        "\N{KELVIN SIGN}oi8-r",  # str.lower() would make it "koi8-r"
        "koi8-\N{LATIN SMALL LETTER DOTLESS I}",
        "\N{LATIN CAPITAL LETTER I WITH DOT ABOVE}so-8859-2",
        "utf-8\x00",
        "utf_8",
        "shift jis",
        "windows-1252 x",
    ],
)
def test_not_labels(label: str) -> None:
    assert lookup(label) is None


def test_legacy_labels_the_web_reinterprets() -> None:
    assert lookup("ISO-8859-1") == lookup("us-ascii") == lookup("latin1") == "windows-1252"
    assert lookup("iso-8859-9") == "windows-1254"
    assert lookup("tis-620") == "windows-874"
    assert lookup("gb2312") == lookup("x-gbk") == "GBK"
    assert lookup("ks_c_5601-1987") == "EUC-KR"
    assert lookup("big5-hkscs") == "Big5"
    assert lookup("ms932") == lookup("windows-31j") == "Shift_JIS"
    assert lookup("utf-16") == "UTF-16LE"
    assert lookup("iso-2022-kr") == lookup("hz-gb-2312") == "replacement"


def test_bad_input() -> None:
    with pytest.raises(TypeError, match="decode header bytes as latin-1"):
        lookup(b"utf-8")  # type: ignore[arg-type]
