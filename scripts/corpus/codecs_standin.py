"""WHATWG decoders for the corpus generator: :mod:`mojifix.codecs`, or a stand-in until it lands.

The corpus must be made with the browsers' decoders (windows-1252 maps 0x81 to
U+0081, GBK is gb18030's decoder, ...).  :func:`get_codecs` returns
``mojifix.codecs``' functions when they work.  Until then it returns a stand-in:
single-byte encodings are read from the WHATWG index files in
``third_party/whatwg/`` (exact), multi-byte ones use Python's nearest codecs
(approximate: error handling and a few table entries differ).  The generator
prints which one it used; regenerate once ``mojifix.codecs`` is in place.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INDEXES = ROOT / "third_party" / "whatwg"

SINGLE_BYTE = {
    "IBM866": "ibm866",
    "ISO-8859-2": "iso-8859-2",
    "ISO-8859-5": "iso-8859-5",
    "ISO-8859-7": "iso-8859-7",
    "ISO-8859-15": "iso-8859-15",
    "KOI8-R": "koi8-r",
    "KOI8-U": "koi8-u",
    "macintosh": "macintosh",
    "windows-874": "windows-874",
    "windows-1250": "windows-1250",
    "windows-1251": "windows-1251",
    "windows-1252": "windows-1252",
    "windows-1253": "windows-1253",
    "windows-1254": "windows-1254",
    "windows-1255": "windows-1255",
    "windows-1256": "windows-1256",
    "windows-1257": "windows-1257",
    "windows-1258": "windows-1258",
    "x-mac-cyrillic": "x-mac-cyrillic",
}

# Python's nearest codec for each multi-byte WHATWG encoding (stand-in only).
MULTI_BYTE = {
    "UTF-8": "utf-8",
    "GBK": "gb18030",
    "gb18030": "gb18030",
    "Shift_JIS": "cp932",
    "EUC-JP": "euc_jp",
    "EUC-KR": "cp949",
    "Big5": "big5hkscs",
}


@functools.cache
def _table(name: str) -> tuple[str, ...]:
    table = [chr(b) for b in range(128)] + ["\ufffd"] * 128
    for line in (INDEXES / f"index-{SINGLE_BYTE[name]}.txt").read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        pointer, code = line.split("\t")[:2]
        table[128 + int(pointer)] = chr(int(code, 16))
    return tuple(table)


@functools.cache
def _reverse(name: str) -> dict[str, int]:
    return {char: byte for byte, char in enumerate(_table(name)) if char != "\ufffd"}


def standin_decode(data: bytes, encoding: str, errors: str = "replace") -> str:
    if encoding in SINGLE_BYTE:
        return "".join(_table(encoding)[b] for b in data)
    return data.decode(MULTI_BYTE[encoding], "replace")


def standin_encode(text: str, encoding: str, errors: str = "strict") -> bytes:
    if encoding in SINGLE_BYTE:
        reverse = _reverse(encoding)
        try:
            return bytes(reverse[c] for c in text)
        except KeyError as error:
            raise UnicodeEncodeError(encoding, text, 0, len(text), f"unmappable {error}") from None
    return text.encode(MULTI_BYTE[encoding], "strict")


def get_codecs() -> tuple[Callable[[bytes, str, str], str], Callable[[str, str], bytes], str]:
    """Return ``(decode, encode, which)``: mojifix.codecs' functions, or the stand-in."""
    try:
        from mojifix import codecs as whatwg

        if whatwg.decode(b"\x81", "windows-1252") == "\x81" and whatwg.encode(
            "\x81", "windows-1252"
        ):

            def decode(data: bytes, encoding: str, errors: str = "replace") -> str:
                return whatwg.decode(data, encoding, errors)

            def encode(text: str, encoding: str) -> bytes:
                return whatwg.encode(text, encoding)

            return decode, encode, "mojifix.codecs"
    except (NotImplementedError, AttributeError, LookupError, ValueError):
        pass  # not written yet
    return standin_decode, standin_encode, "stand-in (third_party/whatwg indexes + Python codecs)"
