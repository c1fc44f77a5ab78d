"""Encode and decode for the mojibake detector: the one place that touches codecs.

Single-byte encodings use tables generated from the WHATWG indexes
(``mojifix/_tables/detect_single_byte.py``) through Python's C ``charmap`` codec, which is
what makes re-encoding a candidate span cheap.  Multi-byte encodings go through
``mojifix.codecs`` (the WHATWG codecs); while that module is unavailable, Python's nearest
codecs stand in (``gb18030`` for GBK, ``cp932`` for Shift_JIS, ``cp949`` for EUC-KR,
``big5hkscs`` for Big5, ``euc_jp`` for EUC-JP), so switching is this file only.

>>> encode("Ã©", "windows-1252").decode("utf-8")
'é'
>>> encode("鐢ㄦ埛", "GBK").decode("utf-8")
'用户'
"""

from __future__ import annotations

import codecs
import functools
from typing import Any

from mojifix._tables.detect_single_byte import HIGH_HALF

__all__ = ["MULTI_BYTE", "SINGLE_BYTE", "decode", "encode", "encode_lossy", "high_half"]

#: Single-byte encodings the detector knows, WHATWG names (IBM437 is not in the standard).
SINGLE_BYTE: tuple[str, ...] = tuple(HIGH_HALF)

#: Multi-byte encodings, WHATWG names, with the Python codec used until mojifix.codecs works.
MULTI_BYTE: dict[str, str] = {
    "GBK": "gb18030",
    "Shift_JIS": "cp932",
    "EUC-JP": "euc_jp",
    "EUC-KR": "cp949",
    "Big5": "big5hkscs",
}


def high_half(encoding: str) -> str:
    """The 128 characters a single-byte *encoding* decodes 0x80..0xFF to (U+FFFD: unmapped).

    >>> high_half("windows-1252")[0xA9 - 0x80]
    '©'
    """
    return HIGH_HALF[encoding]


@functools.cache
def _charmaps(encoding: str) -> tuple[str, Any]:
    table = "".join(map(chr, range(128))) + HIGH_HALF[encoding]
    mapping: Any = {ord(c): i for i, c in enumerate(table) if c != "\ufffd"}
    if encoding == "windows-1252":
        # Latin-1 misreads (Python's "latin-1", databases) leave C1 controls where windows-1252
        # has punctuation; they go back to their own bytes 0x80..0x9F (see ARCHITECTURE.md).
        for byte in range(0x80, 0xA0):
            mapping.setdefault(byte, byte)
    if "\ufffd" not in table and encoding != "windows-1252":
        mapping = codecs.charmap_build(table)
    return table, mapping


@functools.cache
def _whatwg() -> Any:
    """mojifix.codecs if it works yet, else None."""
    try:
        from mojifix import codecs as whatwg

        if whatwg.encode("\u20ac", "GBK") == b"\x80" and whatwg.decode(
            b"\xe7\x94", "GBK", errors="strict"
        ) == "\u9422":
            return whatwg
    except Exception:
        pass
    return None


def encode(text: str, encoding: str) -> bytes:
    """Encode *text* strictly (raises ``UnicodeEncodeError`` on an unencodable character)."""
    if encoding in HIGH_HALF:
        return codecs.charmap_encode(text, "strict", _charmaps(encoding)[1])[0]
    whatwg = _whatwg()
    if whatwg is not None:
        return bytes(whatwg.encode(text, encoding))
    # The WHATWG GBK encoder has no four-byte gb18030 sequences: Python's gbk is that.
    return text.encode("gbk" if encoding == "GBK" else MULTI_BYTE[encoding])


def encode_lossy(text: str, encoding: str) -> bytes:
    """Encode with a single-byte *encoding*, one byte per character, ``?`` where it cannot.

    >>> encode_lossy("Ã©中", "windows-1252")
    b'\\xc3\\xa9?'
    """
    return codecs.charmap_encode(text, "replace", _charmaps(encoding)[1])[0]


def decode(data: bytes, encoding: str, errors: str = "strict") -> str:
    """Decode *data*; ``errors`` is ``"strict"`` or ``"replace"``."""
    if encoding == "UTF-8":
        return data.decode("utf-8", errors)
    if encoding in HIGH_HALF:
        table = _charmaps(encoding)[0]
        text = codecs.charmap_decode(data, errors, table)[0]
        return text
    whatwg = _whatwg()
    if whatwg is not None:
        return str(whatwg.decode(data, encoding, errors=errors))
    return data.decode(MULTI_BYTE[encoding], errors)
