"""WHATWG decoders and encoders, registered as Python codecs.

Browsers decode bytes with the Encoding Standard's decoders (https://encoding.spec.whatwg.org/),
which differ from Python's codecs of the same name in ways that matter for mojibake: windows-1252
decodes 0x81 to U+0081 instead of failing, Shift_JIS is Microsoft's cp932 minus some extra
mappings, "GBK" decodes with the full gb18030 decoder, EUC-KR is Microsoft's UHC, Big5 includes
HKSCS. :func:`decode` is byte-for-byte the standard's decoder; :func:`encode` is its inverse.

>>> decode(b"\\x80 \\x81", "windows-1252")
'€ \\x81'
>>> decode(b"\\x83\\x65\\x83\\x58\\x83\\x67", "Shift_JIS")
'テスト'
>>> decode(b"\\xa4\\xa4\\xa4\\xe5", "big5")
'中文'
>>> encode("Café", "windows-1252")
b'Caf\\xe9'
>>> "abc€".encode("whatwg-gbk")
b'abc\\x80'

The work is done by the compiled core (``mojifix._core.codecs``, ``src/codecs.rs``), which runs
encoding_rs, Firefox's implementation of the standard, and reports the byte range of every error
so that any Python error handler works here as with Python's own codecs. UTF-8 decodes with
CPython's own decoder, which is the standard's (maximal subparts) and the fastest way to a
``str``. Figures: ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import codecs as _codecs
from collections.abc import Callable
from typing import Any, cast

from mojifix._core import codecs as _core
from mojifix.labels import ENCODINGS, lookup

__all__ = ["CODEC_PREFIX", "byte_sequences", "codec_name", "decode", "encode", "encoding_name"]

#: Python codec names are ``CODEC_PREFIX + name.lower()``, e.g. ``"whatwg-shift_jis"``.
CODEC_PREFIX = "whatwg-"

#: The single-byte encodings (the standard's "legacy single-byte encodings" and x-user-defined).
_SINGLE_BYTE = frozenset([*ENCODINGS[1:29], "x-user-defined"])


# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------

_NAMES: dict[str, str] = {}


def encoding_name(encoding: str) -> str:
    """Resolve a label, a canonical name, or a ``whatwg-`` codec name to the canonical name.

    >>> encoding_name("latin1"), encoding_name("whatwg-shift_jis"), encoding_name("gb2312")
    ('windows-1252', 'Shift_JIS', 'GBK')
    >>> encoding_name("klingon")
    Traceback (most recent call last):
      ...
    LookupError: unknown encoding 'klingon': not a WHATWG Encoding Standard label (see LABELS)
    """
    name = _NAMES.get(encoding)
    if name is not None:
        return name
    if not isinstance(encoding, str):
        raise TypeError(f"encoding must be str, got {type(encoding).__name__}")
    label = encoding
    if label[: len(CODEC_PREFIX)].lower() == CODEC_PREFIX:
        label = label[len(CODEC_PREFIX) :]
    found = lookup(label)
    if found is None:
        raise LookupError(
            f"unknown encoding {encoding!r}: not a WHATWG Encoding Standard label (see LABELS)"
        )
    if len(_NAMES) < 10_000:
        _NAMES[encoding] = found
    return found


def codec_name(encoding: str) -> str:
    """The Python codec name registered for *encoding* (any label).

    >>> codec_name("sjis")
    'whatwg-shift_jis'
    """
    return CODEC_PREFIX + encoding_name(encoding).lower()


# ---------------------------------------------------------------------------------------------
# Decoding
# ---------------------------------------------------------------------------------------------


def decode(data: bytes | bytearray | memoryview, encoding: str, errors: str = "replace") -> str:
    """Decode *data* with the WHATWG decoder of *encoding* (a name or any label).

    This is the encoding's decoder alone, without BOM sniffing (for "decode" with BOM sniffing
    see :mod:`mojifix.sniff`). Errors follow the standard: with ``errors="replace"`` (the
    default) each error becomes one U+FFFD, with ``"strict"`` the first one raises
    ``UnicodeDecodeError``; any other Python error handler name works too.

    >>> decode(b"\\x80\\x81\\x8d", "windows-1252")
    '€\\x81\\x8d'
    >>> decode(b"Caf\\xc3\\xa9", "utf-8"), decode(b"\\xff\\xfeA", "utf-8")
    ('Café', '��A')
    >>> decode(b"\\x80\\xa8\\x41", "GBK")   # 0x80 is €; A8 41 is pointer 7411, U+02CB
    '€ˋ'
    >>> decode(b"\\x81\\x40\\x81", "GBK")  # an unfinished sequence at the end is an error
    '丂�'
    >>> decode(b"\\x88\\x62", "big5")       # one pointer, two code points
    'Ê̄'
    >>> decode(b"\\x1b$B$3$s\\x1b(B!", "iso-2022-jp")
    'こん!'
    >>> decode(b"\\xfb", "x-user-defined")
    '\\uf7fb'
    >>> decode(b"", "replacement"), decode(b"abc", "replacement")
    ('', '�')
    >>> decode(b"\\x82\\xa0\\xa0x", "Shift_JIS", errors="backslashreplace")
    'あ\\\\xa0x'
    >>> try:
    ...     decode(b"ab\\xaa", "windows-1253", errors="strict")
    ... except UnicodeDecodeError as exc:
    ...     print(exc.start, exc.end, exc.reason)
    2 3 byte not in the WHATWG windows-1253 index
    """
    name = _NAMES.get(encoding) or encoding_name(encoding)
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
            raise TypeError(
                f"decode() wants bytes, got {type(data).__name__}; to repair text use mojifix.fix"
            )
        data = bytes(data)
    if name == "UTF-8":  # CPython's UTF-8 decoder is the standard's, and makes a str directly
        return data.decode("utf-8", errors)
    if errors == "replace":
        return cast(str, _core.decode(data, name))
    if errors == "strict":
        result = _core.decode_strict(data, name)
        if isinstance(result, str):
            return result
        raise _decode_error(name, data, *result)
    return _decode_with_handler(data, name, _codecs.lookup_error(errors))


def _decode_with_handler(data: bytes, name: str, handler: Callable[..., Any]) -> str:
    """Decode, letting a Python error handler replace each error (and choose where to resume)."""
    out: list[str] = []
    position = 0
    while True:
        segments, ranges = _core.decode_segments(data[position:] if position else data, name)
        out.append(segments[0])
        for k, (start, end) in enumerate(ranges):
            start, end = start + position, end + position
            replacement, resume = handler(_decode_error(name, data, start, end))
            out.append(_as_str(replacement))
            resume = _resume_position(resume, len(data))
            if resume != end:  # the handler resumes elsewhere: decode from there
                position = resume
                break
            out.append(segments[k + 1])
        else:
            return "".join(out)


def _resume_position(resume: int, length: int) -> int:
    """An error handler's resume position, checked as Python's codecs check it."""
    if resume < 0:
        resume += length
    if not 0 <= resume <= length:
        raise IndexError(f"position {resume} from error handler out of bounds")
    return resume


def _as_str(replacement: str | bytes) -> str:
    """A decoding error handler's replacement (str; bytes are taken as latin-1)."""
    return replacement if isinstance(replacement, str) else replacement.decode("latin-1")


def _decode_error(name: str, data: bytes, start: int, end: int) -> UnicodeDecodeError:
    """The error the standard's decoder reports for data[start:end]."""
    if name in _SINGLE_BYTE:
        reason = f"byte not in the WHATWG {name} index"
    else:
        reason = f"invalid or unmapped byte sequence for the WHATWG {name} decoder"
    return UnicodeDecodeError(CODEC_PREFIX + name.lower(), data, start, end, reason)


# ---------------------------------------------------------------------------------------------
# Encoding
# ---------------------------------------------------------------------------------------------


def encode(text: str, encoding: str, errors: str = "strict") -> bytes:
    """Encode *text* with the inverse of the WHATWG decoder of *encoding* (a name or any label).

    The standard's encoder, extended so that everything the decoder can produce round-trips
    (``decode(encode(s, e), e) == s``), with the standard's choice of bytes where several byte
    sequences decode to the same character. The extensions: windows-1252 also maps U+0080..U+009F
    to the bytes 0x80..0x9F (undoing a latin-1 misread); Shift_JIS encodes U+E000..U+E757 (its
    user-defined area) and the NEC rows only reachable there; EUC-JP encodes JIS X 0212 (0x8F);
    Big5 encodes HKSCS; ISO-2022-JP keeps halfwidth katakana. UTF-16LE/BE encode UTF-16;
    "replacement" has no encoder. ``errors="strict"`` raises ``UnicodeEncodeError`` whose
    ``start`` is the first character that cannot be encoded.

    >>> encode("€\\x81\\x80", "windows-1252")
    b'\\x80\\x81\\x80'
    >>> encode("テスト", "Shift_JIS")
    b'\\x83e\\x83X\\x83g'
    >>> encode("中文", "gbk"), encode("😀", "gb18030")
    (b'\\xd6\\xd0\\xce\\xc4', b'\\x949\\xfc6')
    >>> encode("aé😀", "shift_jis", errors="replace")
    b'a??'
    >>> try:
    ...     encode("ab😀c", "EUC-KR")
    ... except UnicodeEncodeError as exc:
    ...     print(exc.start, exc.end)
    2 3
    """
    name = _NAMES.get(encoding) or encoding_name(encoding)
    if not isinstance(text, str):
        raise TypeError(f"encode() wants str, got {type(text).__name__}")
    if name == "UTF-8":
        return text.encode("utf-8", errors)
    if name in ("UTF-16LE", "UTF-16BE"):  # (Python's handlers, surrogatepass too, know these)
        return text.encode("utf-16-le" if name == "UTF-16LE" else "utf-16-be", errors)
    if name == "replacement":
        raise ValueError(
            "the replacement encoding has no encoder (it decodes anything to U+FFFD); "
            "encode as UTF-8 instead, as the standard's 'get an output encoding' does"
        )
    if errors == "strict":
        result = _core.encode(text, name)
        if isinstance(result, bytes):
            return result
        raise _encode_error(name, text, *result)
    return _encode_with_handler(text, name, _codecs.lookup_error(errors))


def _encode_with_handler(text: str, name: str, handler: Callable[..., Any]) -> bytes:
    """Encode, letting a Python error handler replace each run of unencodable characters.

    A str replacement is encoded with the same encoder (an ISO-2022-JP replacement starts and
    ends in ASCII); one it cannot encode raises the original error, as Python's codecs do.
    """
    out: list[bytes] = []
    position = 0
    while True:
        segments, ranges = _core.encode_segments(text[position:] if position else text, name)
        out.append(segments[0])
        for k, (start, end) in enumerate(ranges):
            start, end = start + position, end + position
            error = _encode_error(name, text, start, end)
            replacement, resume = handler(error)
            if isinstance(replacement, str):
                encoded = _core.encode(replacement, name)
                if not isinstance(encoded, bytes):
                    raise error
                replacement = encoded
            out.append(replacement)
            resume = _resume_position(resume, len(text))
            if resume != end:
                position = resume
                break
            out.append(segments[k + 1])
        else:
            return b"".join(out)


def _encode_error(name: str, text: str, start: int, end: int) -> UnicodeEncodeError:
    return UnicodeEncodeError(
        CODEC_PREFIX + name.lower(),
        text,
        start,
        end,
        f"character not in the WHATWG {name} encoder's index",
    )


def byte_sequences(char: str, encoding: str) -> list[bytes]:
    """Every byte sequence the WHATWG decoder of *encoding* reads as *char* on its own, in byte
    order; empty for an encoding that is not one of the six multi-byte ones (GBK, gb18030,
    Big5, EUC-JP, Shift_JIS, EUC-KR).

    >>> byte_sequences("∵", "Shift_JIS")  # JIS X 0208, NEC row 13, IBM's extensions
    [b'\\x81\\xe6', b'\\x87\\x9a', b'\\xfa[']
    >>> byte_sequences("€", "gbk"), byte_sequences("é", "windows-1252")
    ([b'\\x80', b'\\xa2\\xe3'], [])
    """
    name = _NAMES.get(encoding) or encoding_name(encoding)
    return cast(list[bytes], _core.byte_sequences(char, name))


# ---------------------------------------------------------------------------------------------
# Python codec registration: "whatwg-<name in lower case>"
# ---------------------------------------------------------------------------------------------


class _IncrementalDecoder(_codecs.BufferedIncrementalDecoder):
    """Incremental decoding: single-byte encodings and UTF-8 as the bytes come, the others
    (multi-byte and UTF-16, whose items span chunks) buffered until ``final``."""

    encoding_name = "UTF-8"

    def _buffer_decode(self, input: Any, errors: str, final: bool) -> tuple[str, int]:
        name = self.encoding_name
        if name == "UTF-8":  # Python's UTF-8 decoder is the standard's (see decode())
            return _codecs.utf_8_decode(input, errors, final)
        if final or name in _SINGLE_BYTE:
            return decode(bytes(input), name, errors), len(input)
        return "", 0


class _IncrementalEncoder(_codecs.IncrementalEncoder):
    """Encodes each chunk (ISO-2022-JP returns to ASCII at the end of each chunk)."""

    encoding_name = "UTF-8"

    def encode(self, input: str, final: bool = False) -> bytes:
        return encode(input, self.encoding_name, self.errors)


def _search(codec: str) -> _codecs.CodecInfo | None:
    """Codec search function: ``whatwg-<name>`` for each of the standard's encodings."""
    normalized = codec.lower().replace("_", "-")
    if not normalized.startswith(CODEC_PREFIX):
        return None
    label = normalized[len(CODEC_PREFIX) :]
    names = {n.lower().replace("_", "-"): n for n in ENCODINGS}
    name = names.get(label)
    if name is None:
        return None

    def codec_encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return encode(text, name, errors), len(text)

    def codec_decode(data: Any, errors: str = "strict") -> tuple[str, int]:
        return decode(bytes(data), name, errors), len(data)

    decoder = type("IncrementalDecoder", (_IncrementalDecoder,), {"encoding_name": name})
    encoder = type("IncrementalEncoder", (_IncrementalEncoder,), {"encoding_name": name})
    return _codecs.CodecInfo(
        name=CODEC_PREFIX + name.lower(),
        encode=codec_encode,
        decode=codec_decode,
        incrementalencoder=cast(Any, encoder),
        incrementaldecoder=cast(Any, decoder),
    )


_codecs.register(_search)
