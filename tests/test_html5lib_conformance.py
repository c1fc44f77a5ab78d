"""The html5lib-tests encoding-sniffing cases (third_party/html5lib-encoding), one test each.

Each ``.dat`` case is a document (bytes) and the encoding a browser must pick with no
Content-Type, no BOM and a windows-1252 fallback. ``decode_html`` runs with ``detect=False``
so that the standard's rules alone decide (the expected fallback is windows-1252).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mojifix import lookup
from mojifix.sniff import decode_html

DATA = Path(__file__).resolve().parent.parent / "third_party" / "html5lib-encoding"
DAT_FILES = ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat", "scripted/tests1.dat")


def read_dat(path: Path) -> list[tuple[bytes, str]]:
    """Parse a .dat file as html5lib-python's TestData does: ``[(document, encoding), ...]``.

    Sections start with a line beginning with ``#``; the one trailing newline of each section
    is removed.
    """
    cases: list[tuple[bytes, str]] = []
    sections: dict[bytes, list[bytes]] = {}
    current: bytes | None = None

    def flush() -> None:
        if b"data" in sections:
            data = b"".join(sections[b"data"])
            encoding = b"".join(sections.get(b"encoding", [])).strip()
            cases.append((data[:-1] if data.endswith(b"\n") else data, encoding.decode("ascii")))

    for line in path.read_bytes().splitlines(keepends=True):
        if line.startswith(b"#"):
            heading = line[1:].strip()
            if heading == b"data" and b"data" in sections:
                flush()
                sections = {}
            current = heading
            sections[current] = []
        elif current is not None:
            sections[current].append(line)
    flush()
    return cases


def _cases() -> list[object]:
    params: list[object] = []
    for name in DAT_FILES:
        for index, (data, expected) in enumerate(read_dat(DATA / name)):
            first = data.split(b"\n")[-1 if data.startswith(b"<!DOCTYPE") else 0]
            summary = first[:40].decode("latin-1").encode("unicode_escape").decode("ascii")
            case_id = f"{name.replace('/', '-')}:{index}:{summary}"
            marks = []
            if name.startswith("scripted/"):
                marks.append(
                    pytest.mark.xfail(
                        strict=True,
                        reason="needs a script engine: the <meta> is written by document.write",
                    )
                )
            params.append(pytest.param(data, expected, id=case_id, marks=marks))
    return params


CASES = _cases()


def test_case_count() -> None:
    """The README promises 83 cases; a parsing slip would silently drop some."""
    assert len(CASES) == 83


@pytest.mark.parametrize(("document", "expected"), CASES)
def test_encoding_sniffing(document: bytes, expected: str) -> None:
    decoded = decode_html(document, detect=False)
    assert decoded.encoding == lookup(expected), decoded


def test_chardet_big5_sample_is_detected_as_big5() -> None:
    """html5lib's chardet sample: undeclared Big5 text, which detection must recognise."""
    decoded = decode_html((DATA / "chardet" / "test_big5.txt").read_bytes())
    assert (decoded.encoding, decoded.source) == ("Big5", "detected")
    assert decoded.replacements == 0


# --- the same cases in a real browser --------------------------------------------------------

CHROMIUM = DATA.parent.parent / "corpus" / "html" / "html5lib-chromium.jsonl"

#: Where headless Chromium (recorded by scripts/record_html_cases.py --html5lib) parts from the
#: standard's prescan, which reads <meta> inside <script>/<style> text: Chromium scans <meta>
#: with its tokenizer, so raw text hides it. mojifix and html5lib follow the standard. (On the
#: scripted case Chromium, like mojifix, ignores the <meta> that document.write adds.)
CHROMIUM_DIFFERS = {"tests1.dat:54", "tests1.dat:55", "tests1.dat:56"}


def _recorded() -> list[dict[str, str]]:
    import json

    lines = CHROMIUM.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("row", _recorded(), ids=lambda row: row["dat"])
def test_agrees_with_chromium_except_raw_text_meta(row: dict[str, str]) -> None:
    name, index = row["dat"].rsplit(":", 1)
    document, _ = read_dat(DATA / name)[int(index)]
    ours = decode_html(document, "text/html", detect=False).encoding
    if row["dat"] in CHROMIUM_DIFFERS:
        assert ours != row["browser_encoding"]  # if this fails, revisit CHROMIUM_DIFFERS
    else:
        assert ours == lookup(row["browser_encoding"])
