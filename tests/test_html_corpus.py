"""decode_html on every document of the byte-level corpus (corpus/html/cases.jsonl).

The corpus is written by scripts/make_html_corpus.py: each case is raw bytes, the Content-Type
header it is served with, and what a browser decodes (encoding, deciding rule, text). When a
case also carries ``browser_encoding`` (recorded from headless Chromium by
scripts/record_html_cases.py), the browser's choice is checked too.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from mojifix import lookup
from mojifix.sniff import decode_html

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "html"


def _load() -> list[dict[str, Any]]:
    lines = (CORPUS / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


CASES = _load()


def test_corpus_covers_every_encoding_and_declaration() -> None:
    encodings = {case["expected_encoding"] for case in CASES}
    required = {
        "windows-1252", "windows-1251", "ISO-8859-2", "Shift_JIS", "EUC-JP", "ISO-2022-JP",
        "GBK", "gb18030", "Big5", "EUC-KR", "UTF-8", "UTF-16LE", "UTF-16BE",
    }  # fmt: skip
    assert required <= encodings
    ways = {case["declaration"] for case in CASES}
    assert {"header", "meta-charset", "meta-http-equiv", "bom", "late-meta", "header-vs-meta",
            "xml", "none"} <= ways  # fmt: skip
    assert {case["split"] for case in CASES} == {"dev", "test"}


@pytest.mark.parametrize("case", CASES, ids=[case["file"] for case in CASES])
def test_decode_html_on_corpus(case: dict[str, Any]) -> None:
    body = (CORPUS / case["file"]).read_bytes()
    decoded = decode_html(body, case["content_type"])
    assert (decoded.encoding, decoded.source) == (
        case["expected_encoding"],
        case["expected_source"],
    ), decoded.notes
    assert case["expected_snippet"] in decoded.text
    digest = hashlib.sha256(decoded.text.encode("utf-8")).hexdigest()
    assert digest == case["expected_text_sha256"]
    assert decoded.replacements == (1 if decoded.encoding == "replacement" else 0)
    if case["declaration"] == "header-vs-meta":
        sources = [source for source, _ in decoded.declared]
        assert sources == ["header", "meta"]
        assert any("overrides" in note for note in decoded.notes)


#: Undeclared documents are left out: there the browser's own detector decides (Chromium does
#: not detect UTF-8 or ISO-2022-JP, and calls Polish ISO-8859-2 windows-1250).
UNDECLARED = ("detected", "default", "utf-8")
BROWSER_CASES = [
    case
    for case in CASES
    if case.get("browser_encoding") and case["expected_source"] not in UNDECLARED
]


@pytest.mark.skipif(not BROWSER_CASES, reason="no browser recordings in the manifest")
@pytest.mark.parametrize("case", BROWSER_CASES, ids=[case["file"] for case in BROWSER_CASES])
def test_decode_html_agrees_with_chromium(case: dict[str, Any]) -> None:
    body = (CORPUS / case["file"]).read_bytes()
    decoded = decode_html(body, case["content_type"])
    browser = case["browser_encoding"]
    assert decoded.encoding in (browser, lookup(browser))  # "replacement" is a name, not a label
    assert case["browser_snippet_found"]
