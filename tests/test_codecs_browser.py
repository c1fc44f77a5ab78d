"""mojifix.codecs beside a real browser: Chromium's ``TextDecoder`` on the same byte streams.

The standard (tests/test_codecs.py) is the authority; this checks that browsers really decode that
way. Chromium 156 has two bugs the streams avoid (both reproduced in docs/notes/codecs.md): the four
Big5 pointers that decode to two code points come out as garbage, and the EUC-JP decoder keeps its
JIS X 0212 flag after 0x8F, a lead byte and a non-trail byte, so the next pair is looked up in the
wrong index.
"""

from __future__ import annotations

import base64
import shutil
from collections.abc import Iterator

import pytest

from mojifix.codecs import decode
from mojifix.labels import ENCODINGS

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SEP = b"\n"

DECODE_JS = """([label, b64]) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const text = new TextDecoder(label).decode(bytes);
    const units = new Array(text.length);
    for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
    return units;
}"""

#: Chromium's Big5 bug: these pairs are left out of the Big5 stream.
BIG5_TWO_CODE_POINTS = {b"\x88\x62", b"\x88\x64", b"\x88\xa3", b"\x88\xa5"}


def utf16_units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "little") for i in range(0, len(data), 2)]


def streams() -> Iterator[tuple[str, bytes]]:
    singles = b"".join(bytes((a,)) + SEP for a in range(0x100))
    for name in ("GBK", "gb18030", "Big5", "EUC-JP", "Shift_JIS", "EUC-KR"):
        leads = [a for a in range(0x80, 0x100) if not (name == "EUC-JP" and a == 0x8F)]
        if name == "EUC-JP":
            leads.append(0x8F)  # last: Chromium's JIS X 0212 flag bug cannot reach later pairs
        pairs = b"".join(
            bytes((a, b)) + SEP
            for a in leads
            for b in range(0x100)
            if not (name == "Big5" and bytes((a, b)) in BIG5_TWO_CODE_POINTS)
        )
        yield name, singles + pairs
    yield (
        "EUC-JP",
        b"".join(bytes((0x8F, a, b)) + SEP for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF)),
    )
    yield (
        "gb18030",
        b"".join(
            bytes((a, b, c, d)) + SEP
            for a in (0x81, 0x82, 0x83, 0x84, 0x90, 0xE3, 0xFE)
            for b in range(0x30, 0x3A)
            for c in range(0x81, 0xFF)
            for d in range(0x30, 0x3A)
        ),
    )
    jis = b"".join(bytes((a, b)) for a in range(0x21, 0x7F) for b in range(0x21, 0x7F))
    yield "ISO-2022-JP", b"\x1b$B" + jis + b"\x1b(B\x1b(I1\x1b(J\\~\x1b$B$\x1b(Ba\x1b$Xa\x1b"
    yield "UTF-16LE", b"\x00\xd8A\x00\x00\xdc\x3d\xd8\x00\xde\x00\xd8"
    yield "UTF-16BE", b"\xd8\x00\x00A\xdc\x00\xd8\x3d\xde\x00\xd8"
    for name in ENCODINGS[1:29]:  # the single-byte encodings
        yield name, bytes(range(256))
    yield "x-user-defined", bytes(range(256))


def test_chromium_textdecoder_agrees() -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM):
        pytest.skip("needs Debian's chromium")
    args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        try:
            page = browser.new_page()
            compared = 0
            for name, data in streams():
                chromium = page.evaluate(DECODE_JS, [name, base64.b64encode(data).decode()])
                assert chromium == utf16_units(decode(data, name)), name
                compared += len(data)
        finally:
            browser.close()
    assert compared > 1_000_000
