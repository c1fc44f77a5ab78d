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

Speed: the decoders run Python's C codecs (``charmap`` tables for the single-byte encodings,
``gb18030``, ``cp932``, ``euc_jp``, ``cp949``, ``big5hkscs`` for the others) and correct only where
they differ from the standard. The corrections are computed once per encoding, on first use, by
comparing the C codec with the standard's algorithm over every byte sequence (see
:func:`_differences`); a custom error handler runs the standard's algorithm wherever the C codec
reports an error. Only inputs containing a character the C codec gets wrong *and* that cannot be
fixed by a character-for-character translation fall back to the pure-Python decoder.
"""

from __future__ import annotations

import codecs as _codecs
import functools
import importlib
import re
import threading
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from mojifix.labels import ENCODINGS, lookup

__all__ = ["CODEC_PREFIX", "codec_name", "decode", "encode", "encoding_name"]

#: Python codec names are ``CODEC_PREFIX + name.lower()``, e.g. ``"whatwg-shift_jis"``.
CODEC_PREFIX = "whatwg-"

#: A Python codec error handler.
_ErrorHandler = Callable[[UnicodeError], "tuple[str | bytes, int]"]

#: A decoding step: ``(data, i) -> (output or None for error, position to resume at)``.
Step = Callable[[bytes, int], "tuple[str | None, int]"]

_REPLACEMENT = "\N{REPLACEMENT CHARACTER}"


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
# Tables
# ---------------------------------------------------------------------------------------------


@functools.cache
def _index(module: str) -> str:
    """A multi-byte index as one string: character at pointer, ``"\\0"`` where null."""
    runs: tuple[tuple[int, str], ...] = importlib.import_module(f"mojifix._tables.{module}").RUNS
    size = max(start + len(chars) for start, chars in runs)
    table = ["\0"] * size
    for start, chars in runs:
        table[start : start + len(chars)] = chars
    return "".join(table)


def _pointer(index: str, pointer: int) -> str | None:
    """The index code point for *pointer*, or None."""
    if 0 <= pointer < len(index):
        char = index[pointer]
        if char != "\0":
            return char
    return None


@functools.cache
def _single_byte_table(name: str) -> str:
    """The 256-character ``charmap`` decoding table of a single-byte encoding."""
    if name == "x-user-defined":
        high = "".join(chr(0xF780 + i) for i in range(128))
    else:
        from mojifix._tables.single_byte import INDEXES

        high = INDEXES["ISO-8859-8" if name == "ISO-8859-8-I" else name]
    return "".join(map(chr, range(128))) + high


@functools.cache
def _gb18030_ranges() -> tuple[list[int], list[int]]:
    """index gb18030 ranges as two sorted lists: pointers and code points."""
    from mojifix._tables.gb18030 import RANGES

    return [p for p, _ in RANGES], [c for _, c in RANGES]


def _gb18030_ranges_code_point(pointer: int) -> str | None:
    """The standard's "index gb18030 ranges code point"."""
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    if pointer == 7457:
        return "\ue7c7"
    pointers, code_points = _gb18030_ranges()
    k = bisect_right(pointers, pointer) - 1
    return chr(code_points[k] + pointer - pointers[k])


def _gb18030_ranges_pointer(code_point: int) -> int:
    """The standard's "index gb18030 ranges pointer"."""
    if code_point == 0xE7C7:
        return 7457
    pointers, code_points = _gb18030_ranges()
    k = bisect_right(code_points, code_point) - 1
    return pointers[k] + code_point - code_points[k]


# ---------------------------------------------------------------------------------------------
# The standard's decoders, one step at a time (pure Python: the reference and the fallback)
# ---------------------------------------------------------------------------------------------
# Each step decodes one item starting at data[i]. It returns the output (None for "error") and
# the position to resume at. "Restore/prepend byte to the stream" is a smaller resume position.


def _step_gb18030(data: bytes, i: int) -> tuple[str | None, int]:
    """gb18030 decoder (also GBK's decoder)."""
    n = len(data)
    first = data[i]
    if first < 0x80:
        return chr(first), i + 1
    if first == 0x80:
        return "\N{EURO SIGN}", i + 1
    if first == 0xFF:
        return None, i + 1
    if i + 1 >= n:
        return None, n
    second = data[i + 1]
    if 0x30 <= second <= 0x39:
        if i + 2 >= n:
            return None, n
        third = data[i + 2]
        if not 0x81 <= third <= 0xFE:
            return None, i + 1  # prepend second and third
        if i + 3 >= n:
            return None, n
        fourth = data[i + 3]
        if not 0x30 <= fourth <= 0x39:
            return None, i + 1  # prepend second, third and fourth
        pointer = (
            (first - 0x81) * 12600 + (second - 0x30) * 1260 + (third - 0x81) * 10 + fourth - 0x30
        )
        return _gb18030_ranges_code_point(pointer), i + 4
    if 0x40 <= second <= 0x7E or 0x80 <= second <= 0xFE:
        offset = 0x40 if second < 0x7F else 0x41
        char = _pointer(_index("gb18030"), (first - 0x81) * 190 + second - offset)
        if char is not None:
            return char, i + 2
    return None, (i + 1 if second < 0x80 else i + 2)


#: Big5 pointers that decode to two code points.
_BIG5_PAIRS = {
    1133: "\N{LATIN CAPITAL LETTER E WITH CIRCUMFLEX}\N{COMBINING MACRON}",
    1135: "\N{LATIN CAPITAL LETTER E WITH CIRCUMFLEX}\N{COMBINING CARON}",
    1164: "\N{LATIN SMALL LETTER E WITH CIRCUMFLEX}\N{COMBINING MACRON}",
    1166: "\N{LATIN SMALL LETTER E WITH CIRCUMFLEX}\N{COMBINING CARON}",
}


def _step_big5(data: bytes, i: int) -> tuple[str | None, int]:
    """Big5 decoder."""
    lead = data[i]
    if lead < 0x80:
        return chr(lead), i + 1
    if not 0x81 <= lead <= 0xFE:
        return None, i + 1
    if i + 1 >= len(data):
        return None, i + 1
    byte = data[i + 1]
    if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
        offset = 0x40 if byte < 0x7F else 0x62
        pointer = (lead - 0x81) * 157 + byte - offset
        pair = _BIG5_PAIRS.get(pointer)
        if pair is not None:
            return pair, i + 2
        char = _pointer(_index("big5"), pointer)
        if char is not None:
            return char, i + 2
    return None, (i + 1 if byte < 0x80 else i + 2)


def _step_euc_kr(data: bytes, i: int) -> tuple[str | None, int]:
    """EUC-KR decoder."""
    lead = data[i]
    if lead < 0x80:
        return chr(lead), i + 1
    if not 0x81 <= lead <= 0xFE:
        return None, i + 1
    if i + 1 >= len(data):
        return None, i + 1
    byte = data[i + 1]
    if 0x41 <= byte <= 0xFE:
        char = _pointer(_index("euc_kr"), (lead - 0x81) * 190 + byte - 0x41)
        if char is not None:
            return char, i + 2
    return None, (i + 1 if byte < 0x80 else i + 2)


def _step_shift_jis(data: bytes, i: int) -> tuple[str | None, int]:
    """Shift_JIS decoder."""
    lead = data[i]
    if lead <= 0x80:
        return chr(lead), i + 1
    if 0xA1 <= lead <= 0xDF:
        return chr(0xFF61 - 0xA1 + lead), i + 1
    if not (0x81 <= lead <= 0x9F or 0xE0 <= lead <= 0xFC):
        return None, i + 1
    if i + 1 >= len(data):
        return None, i + 1
    byte = data[i + 1]
    if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
        offset = 0x40 if byte < 0x7F else 0x41
        lead_offset = 0x81 if lead < 0xA0 else 0xC1
        pointer = (lead - lead_offset) * 188 + byte - offset
        if 8836 <= pointer <= 10715:
            return chr(0xE000 - 8836 + pointer), i + 2
        char = _pointer(_index("jis0208"), pointer)
        if char is not None:
            return char, i + 2
    return None, (i + 1 if byte < 0x80 else i + 2)


def _step_euc_jp(data: bytes, i: int) -> tuple[str | None, int]:
    """EUC-JP decoder (JIS X 0208 and, after 0x8F, JIS X 0212)."""
    n = len(data)
    lead = data[i]
    if lead < 0x80:
        return chr(lead), i + 1
    if not (lead in (0x8E, 0x8F) or 0xA1 <= lead <= 0xFE):
        return None, i + 1
    if i + 1 >= n:
        return None, n
    byte = data[i + 1]
    if lead == 0x8E and 0xA1 <= byte <= 0xDF:
        return chr(0xFF61 - 0xA1 + byte), i + 2
    index = "jis0208"
    if lead == 0x8F and 0xA1 <= byte <= 0xFE:
        index, lead, i = "jis0212", byte, i + 1
        if i + 1 >= n:
            return None, n
        byte = data[i + 1]
    if 0xA1 <= lead <= 0xFE and 0xA1 <= byte <= 0xFE:
        char = _pointer(_index(index), (lead - 0xA1) * 94 + byte - 0xA1)
        if char is not None:
            return char, i + 2
    return None, (i + 1 if byte < 0x80 else i + 2)


_STEPS: dict[str, Step] = {
    "gb18030": _step_gb18030,
    "GBK": _step_gb18030,
    "Big5": _step_big5,
    "EUC-KR": _step_euc_kr,
    "Shift_JIS": _step_shift_jis,
    "EUC-JP": _step_euc_jp,
}

#: The Python codec each multi-byte decoder starts from.
_C_CODECS = {
    "gb18030": "gb18030",
    "GBK": "gb18030",
    "Big5": "big5hkscs",
    "EUC-KR": "cp949",
    "Shift_JIS": "cp932",
    "EUC-JP": "euc_jp",
}


#: The single-byte encodings (the standard's "legacy single-byte encodings" and x-user-defined).
_SINGLE_BYTE = frozenset([*ENCODINGS[1:29], "x-user-defined"])

#: A C codec that agrees with the standard wherever it does not fail (the tests check it): if it
#: decodes the whole input, that is the answer. GBK's has no four-byte sequences, no 0x80 and
#: none of the mappings GB18030-2022 changed, so it succeeds on most GBK/gb18030 text.
_CLEAN_CODECS = {"GBK": "gbk", "gb18030": "gbk"}


def _decode_steps(data: bytes, name: str, step: Step, errors: str) -> str:
    """Run a stateless multi-byte decoder over *data* in pure Python."""
    handler = None if errors == "replace" else _codecs.lookup_error(errors)
    out: list[str] = []
    i, n = 0, len(data)
    while i < n:
        char, j = step(data, i)
        if char is None:
            if handler is None:
                out.append(_REPLACEMENT)
            else:
                replacement, j = handler(_decode_error(name, data, i, j))
                out.append(_as_str(replacement))
        else:
            out.append(char)
        i = j
    return "".join(out)


def _as_str(replacement: str | bytes) -> str:
    """A decoding error handler's replacement (str; bytes are taken as latin-1)."""
    return replacement if isinstance(replacement, str) else replacement.decode("latin-1")


def _decode_error(name: str, data: bytes, start: int, end: int) -> UnicodeDecodeError:
    """The error the standard's decoder reports for data[start:end]."""
    end = max(end, start + 1)
    return UnicodeDecodeError(
        CODEC_PREFIX + name.lower(),
        bytes(data),
        start,
        end,
        f"invalid or unmapped byte sequence for the WHATWG {name} decoder",
    )


# ---------------------------------------------------------------------------------------------
# ISO-2022-JP (stateful: always pure Python, with an ASCII fast path)
# ---------------------------------------------------------------------------------------------

_ASCII, _ROMAN, _KATAKANA, _LEAD, _TRAIL, _ESCAPE_START, _ESCAPE = range(7)


def _decode_iso_2022_jp(data: bytes, errors: str) -> str:
    """The ISO-2022-JP decoder: the standard's state machine, byte by byte."""
    if data.isascii() and not re.search(b"[\x0e\x0f\x1b]", data):
        return data.decode("ascii")
    jis0208 = _index("jis0208")
    handler = None if errors == "replace" else _codecs.lookup_error(errors)
    out: list[str] = []
    state = output_state = _ASCII
    lead = 0
    output_flag = False
    i, n = 0, len(data)
    start = 0  # where the bytes of the current item start (for error positions)

    def error(end: int) -> None:
        if handler is None:
            out.append(_REPLACEMENT)
        else:
            replacement, _ = handler(_decode_error("ISO-2022-JP", data, start, end))
            out.append(_as_str(replacement))

    while True:
        byte = data[i] if i < n else -1  # -1 is end-of-queue
        i += 1
        if state in (_ASCII, _ROMAN, _KATAKANA, _LEAD):
            start = i - 1
        if state in (_ASCII, _ROMAN):
            if byte == 0x1B:
                state = _ESCAPE_START
            elif byte == -1:
                break
            elif byte <= 0x7F and byte not in (0x0E, 0x0F):
                output_flag = False
                if state == _ROMAN and byte == 0x5C:
                    out.append("\N{YEN SIGN}")
                elif state == _ROMAN and byte == 0x7E:
                    out.append("\N{OVERLINE}")
                else:
                    out.append(chr(byte))
            else:
                output_flag = False
                error(i)
        elif state == _KATAKANA:
            if byte == 0x1B:
                state = _ESCAPE_START
            elif byte == -1:
                break
            elif 0x21 <= byte <= 0x5F:
                output_flag = False
                out.append(chr(0xFF61 - 0x21 + byte))
            else:
                output_flag = False
                error(i)
        elif state == _LEAD:
            if byte == 0x1B:
                state = _ESCAPE_START
            elif byte == -1:
                break
            elif 0x21 <= byte <= 0x7E:
                output_flag = False
                lead = byte
                state = _TRAIL
            else:
                output_flag = False
                error(i)
        elif state == _TRAIL:
            if byte == 0x1B:
                state = _ESCAPE_START
                error(i - 1)
                start = i - 1
            elif 0x21 <= byte <= 0x7E:
                state = _LEAD
                char = _pointer(jis0208, (lead - 0x21) * 94 + byte - 0x21)
                if char is None:
                    error(i)
                else:
                    out.append(char)
            elif byte == -1:
                state = _LEAD
                i -= 1  # the end-of-queue is seen again (and then finishes)
                error(n)
            else:
                state = _LEAD
                error(i)
        elif state == _ESCAPE_START:
            if byte in (0x24, 0x28):
                lead = byte
                state = _ESCAPE
            else:
                i -= 1  # prepend byte (or end-of-queue)
                output_flag = False
                state = output_state
                error(i)
        else:  # _ESCAPE
            new_state = None
            if lead == 0x28 and byte == 0x42:
                new_state = _ASCII
            elif lead == 0x28 and byte == 0x4A:
                new_state = _ROMAN
            elif lead == 0x28 and byte == 0x49:
                new_state = _KATAKANA
            elif lead == 0x24 and byte in (0x40, 0x42):
                new_state = _LEAD
            lead = 0
            if new_state is not None:
                state = output_state = new_state
                if output_flag:
                    error(i)
                output_flag = True
            else:
                i -= 2  # prepend lead and byte (or only lead, at end-of-queue)
                output_flag = False
                state = output_state
                error(i + 1)
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Fast paths: Python's C codecs, corrected
# ---------------------------------------------------------------------------------------------


@dataclass
class _Differences:
    """How a C codec's decoder differs from the standard's decoder."""

    #: C output character -> the standard's output, for characters always wrong the same way.
    translate: dict[int, str] = field(default_factory=dict)
    #: translate keys whose correction is an error (fine for errors="replace" only).
    errors: frozenset[str] = frozenset()
    #: C output character -> the byte sequences it comes from wrongly, where translate cannot
    #: fix it (the same character also comes, rightly, from other bytes). If the output has such
    #: a character and the input such a sequence (anywhere: misaligned matches only cost time),
    #: the pure-Python decoder runs.
    fallback: dict[str, tuple[bytes, ...]] = field(default_factory=dict)
    #: The translate keys.
    keys: frozenset[str] = frozenset()
    #: The translate keys as a compiled character class (None if there are none).
    suspect: re.Pattern[str] | None = None


def _sequences(name: str) -> Iterator[bytes]:
    """Every byte sequence that can be one item of *name*'s decoder (or of its C codec)."""
    for a in range(0x80, 0x100):
        yield bytes((a,))
    for a in range(0x80, 0x100):
        for b in range(0x100):
            yield bytes((a, b))
    if name == "EUC-JP":
        for b in range(0x80, 0x100):
            for c in range(0x80, 0x100):
                yield bytes((0x8F, b, c))
    if name in ("gb18030", "GBK"):
        for a in range(0x81, 0x85):
            for b in range(0x30, 0x3A):
                for c in range(0x81, 0xFF):
                    for d in range(0x30, 0x3A):
                        yield bytes((a, b, c, d))


#: Bytes that follow a sequence when checking the standard's decoder stops where the C codec does.
_PADS = (b"\x00", b"\xa1\xa1\xa1\xa1", b"\x30\x81\x30", b"\x8f\xa1\xa1")


def _spec_item(step: Step, seq: bytes) -> str | None:
    """The standard's output for *seq* as a whole, or None if it depends on what follows."""
    result: str | None = None
    for pad in _PADS:
        data = seq + pad
        out: list[str] = []
        i = 0
        while i < len(seq):
            char, i = step(data, i)
            out.append(_REPLACEMENT if char is None else char)
        if i != len(seq):
            return None
        text = "".join(out)
        if result is not None and text != result:
            return None
        result = text
    return result


def _mark_failure(exc: UnicodeError) -> tuple[str, int]:
    """Error handler for :func:`_differences`: a C decoding failure becomes U+FFFF."""
    assert isinstance(exc, UnicodeDecodeError)
    return "\uffff", exc.end


_codecs.register_error("mojifix-mark", _mark_failure)


def _differences_uncached(name: str, c_codec: str | None = None) -> _Differences:
    """Compare the C codec with the standard over every byte sequence of one item.

    Sequences whose C decoding is one item (it does not fail, and the first byte alone is not
    already a character) are compared with the standard's output for the same bytes. A C output
    character that is wrong always in the same way is corrected by ``str.translate``; otherwise
    its wrong byte sequences send inputs containing them to the pure-Python decoder.
    """
    step, c_codec = _STEPS[name], c_codec or _C_CODECS[name]
    single = {bytes((a,)): bytes((a,)).decode(c_codec, "mojifix-mark") for a in range(0x80, 0x100)}
    # C char -> {seq: spec output}; ASCII bytes decode to themselves in both
    outputs: dict[str, dict[bytes, str | None]] = {
        chr(a): {bytes((a,)): chr(a)} for a in range(128)
    }
    spec_via_handler: set[str] = set()
    for seq in _sequences(name):
        if len(seq) > 1 and "\uffff" not in single[seq[:1]]:
            continue  # a single-byte character first: covered by the shorter sequences
        c_out = seq.decode(c_codec, "mojifix-mark")
        if "\uffff" in c_out:
            if c_out == "\uffff" * len(c_out) or len(seq) == 1:
                spec, end = step(seq + b"\x00", 0)
                if spec is not None and end == len(seq):
                    spec_via_handler.update(spec)
            continue
        spec0, end0 = step(seq + b"\x00", 0)
        if end0 == len(seq) and spec0 == c_out:
            for char in c_out:
                outputs.setdefault(char, {})[seq] = char
            continue
        spec = _spec_item(step, seq)
        if len(c_out) == 1:
            outputs.setdefault(c_out, {})[seq] = spec
        else:
            for char in c_out:
                outputs.setdefault(char, {})[seq] = None
    translate: dict[int, str] = {}
    errors: set[str] = set()
    fallback: dict[str, list[bytes]] = {}
    for char, by_seq in outputs.items():
        results = set(by_seq.values())
        if results == {char}:
            continue
        if len(results) == 1 and None not in results and char not in spec_via_handler:
            target = next(iter(results))
            assert target is not None
            translate[ord(char)] = target
            if _REPLACEMENT in target:
                errors.add(char)
        else:
            fallback[char] = sorted(seq for seq, spec in by_seq.items() if spec != char)
    return _make_differences(translate, errors, fallback)


def _make_differences(
    translate: dict[int, str], errors: Iterable[str], fallback: dict[str, list[bytes]]
) -> _Differences:
    """A :class:`_Differences` with its compiled patterns."""
    return _Differences(
        translate,
        frozenset(errors),
        {char: tuple(seqs) for char, seqs in sorted(fallback.items())},
        frozenset(map(chr, translate)),
        _char_class(translate),
    )


def _has_any(text: str, chars: frozenset[str], pattern: re.Pattern[str] | None) -> bool:
    """Whether *text* contains one of *chars* (*pattern* is their character class).

    Whichever is faster for the sizes: for up to 48 characters, one ``str.__contains__`` each
    (a C scan, typically 0.01-0.1 ms per 200,000 characters of text, ~60 ns per call); for a
    text shorter than that, or more characters, one pass over the text with set lookups (~100
    ns per character); for a long text and many characters the regular expression (~15 ns
    per character).
    """
    if len(chars) <= 48 and 5 * len(text) >= 3 * len(chars):
        for char in chars:  # noqa: SIM110  (a plain loop: no generator per call, hot path)
            if char in text:
                return True
        return False
    if len(text) < 4 * len(chars) or pattern is None:
        return not chars.isdisjoint(text)
    return pattern.search(text) is not None


def _char_class(chars: Iterable[int | str]) -> re.Pattern[str] | None:
    """A compiled character class of *chars* (None if empty)."""
    keys = sorted(chr(c) if isinstance(c, int) else c for c in chars)
    return re.compile("[" + "".join(re.escape(c) for c in keys) + "]") if keys else None


@functools.cache
def _differences(name: str) -> _Differences:  # GBK's decoder is gb18030's: one entry for both
    """The differences of *name*'s C codec, from the generated table (or computed if absent)."""
    try:
        from mojifix._tables.c_codecs import DECODER_FIXES
    except ImportError:  # pragma: no cover - only before the first generation
        return _differences_uncached(name)
    fixes = DECODER_FIXES["gb18030" if name == "GBK" else name]
    translate = {ord(k): v for k, v in cast("dict[str, str]", fixes["translate"]).items()}
    errors = cast("list[str]", fixes["errors"])
    return _make_differences(translate, errors, cast("dict[str, list[bytes]]", fixes["fallback"]))


_handler_lock = threading.Lock()
_registered_handlers: set[str] = set()


def _error_handler(name: str, errors: str) -> str:
    """Register (once) the error handler that runs the standard's decoder where C fails."""
    handler_name = f"mojifix-{name.lower()}-{errors}"
    if handler_name in _registered_handlers:
        return handler_name
    step = _STEPS[name]
    fallback = None if errors == "replace" else _codecs.lookup_error(errors)

    def handler(exc: UnicodeError) -> tuple[str, int]:
        if not isinstance(exc, UnicodeDecodeError):
            raise exc
        data, start = exc.object, exc.start
        char, end = step(data, start)
        if char is not None:
            return char, end
        if fallback is None:
            return _REPLACEMENT, end
        replacement, end = fallback(_decode_error(name, data, start, end))
        return _as_str(replacement), end

    with _handler_lock:
        _codecs.register_error(handler_name, handler)
        _registered_handlers.add(handler_name)
    return handler_name


@functools.cache
def _c_decoder(codec: str) -> Callable[..., tuple[str, int]]:
    """The C codec's decode function (skips the codec registry on every call)."""
    return _codecs.lookup(codec).decode


@functools.cache
def _c_encoder(codec: str) -> Callable[..., tuple[bytes, int]]:
    """The C codec's encode function."""
    return _codecs.lookup(codec).encode


def _decode_multi_byte(data: bytes, name: str, errors: str) -> str:
    """Decode with the C codec, then correct it (or fall back to the standard's steps)."""
    clean = _CLEAN_CODECS.get(name)
    if clean is not None:
        try:
            return _c_decoder(clean)(data)[0]
        except UnicodeDecodeError:
            pass
    diff = _differences(name)
    c_decode = _c_decoder(_C_CODECS[name])
    try:
        text = c_decode(data)[0]
    except UnicodeDecodeError:  # where C fails, its error handler runs the standard's steps
        text = c_decode(data, _error_handler(name, errors))[0]
    for char, seqs in diff.fallback.items():
        if char in text and any(seq in data for seq in seqs):
            return _decode_steps(data, name, _STEPS[name], errors)
    if diff.suspect is None or not _has_any(text, diff.keys, diff.suspect):
        return text
    if errors != "replace" and any(c in text for c in diff.errors):
        return _decode_steps(data, name, _STEPS[name], errors)
    # (str.translate with a dict is slow on non-ASCII text; the regex scans in C)
    translate = diff.translate
    return diff.suspect.sub(lambda match: translate[ord(match.group())], text)


# ---------------------------------------------------------------------------------------------
# UTF-16, single-byte, and the public decode()
# ---------------------------------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def _decode_utf16(data: bytes, name: str, errors: str) -> str:
    """UTF-16LE/BE decoder: unpaired surrogates and an odd last byte are errors."""
    python = "utf-16-le" if name == "UTF-16LE" else "utf-16-be"
    odd = len(data) % 2
    text = bytes(data[: len(data) - odd]).decode(python, "surrogatepass")
    if odd:
        if text and "\ud800" <= text[-1] <= "\udbff":  # lead surrogate + odd byte: one error
            text = text[:-1] + "\udfff"
        else:
            text += "\udfff"
    if _SURROGATE.search(text) is None:
        return text
    if errors == "replace":
        return _SURROGATE.sub(_REPLACEMENT, text)
    handler = _codecs.lookup_error(errors)
    out: list[str] = []
    units = 0  # position in data, in bytes
    for char in text:
        width = 4 if ord(char) > 0xFFFF else 2
        if "\ud800" <= char <= "\udfff":
            end = min(units + width + (1 if units + width + 1 == len(data) else 0), len(data))
            replacement, _ = handler(_decode_error(name, data, units, end))
            out.append(_as_str(replacement))
        else:
            out.append(char)
        units += width
    return "".join(out)


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
    >>> decode(b"\\x80\\xa8\\x41", "GBK")   # 0x80 is €; an ASCII trail byte is reprocessed
    '€�A'
    >>> decode(b"\\x88\\x62", "big5")       # one pointer, two code points
    'Ê̄'
    >>> decode(b"\\x1b$B$3$s\\x1b(B!", "iso-2022-jp")
    'こん!'
    >>> decode(b"\\xfb", "x-user-defined")
    '\\uf7fb'
    >>> decode(b"", "replacement"), decode(b"abc", "replacement")
    ('', '�')
    >>> try:
    ...     decode(b"ab\\x81", "windows-1253", errors="strict")
    ... except UnicodeDecodeError as exc:
    ...     print(exc.start, exc.reason)
    2 byte not in the WHATWG windows-1253 index
    """
    name = _NAMES.get(encoding) or encoding_name(encoding)
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
            raise TypeError(
                f"decode() wants bytes, got {type(data).__name__}; to repair text use mojifix.fix"
            )
        data = bytes(data)
    if name in _C_CODECS:
        return _decode_multi_byte(data, name, errors)
    if name == "UTF-8":
        return data.decode("utf-8", errors)
    if name in ("UTF-16LE", "UTF-16BE"):
        return _decode_utf16(data, name, errors)
    if name == "ISO-2022-JP":
        return _decode_iso_2022_jp(data, errors)
    if name == "replacement":
        if not data:
            return ""
        if errors == "replace":
            return _REPLACEMENT
        replacement, _ = _codecs.lookup_error(errors)(_decode_error(name, data, 0, len(data)))
        return _as_str(replacement)
    try:
        return _codecs.charmap_decode(data, errors, _single_byte_table(name))[0]
    except UnicodeDecodeError as exc:
        raise UnicodeDecodeError(
            CODEC_PREFIX + name.lower(),
            data,
            exc.start,
            exc.end,
            f"byte not in the WHATWG {name} index",
        ) from None


# ---------------------------------------------------------------------------------------------
# Encoders
# ---------------------------------------------------------------------------------------------
# The standard's encoders, extended so that every character the decoder produces round-trips:
#   * windows-1252: U+0080..U+009F -> 0x80..0x9F as well (so latin-1 misreads can be undone);
#   * Shift_JIS: the user-defined area U+E000..U+E757 (pointers 8836..10715);
#   * EUC-JP: JIS X 0212 characters (0x8F lead) that JIS X 0208 does not have;
#   * Big5: HKSCS characters below pointer 5024, and the four two-code-point pointers;
#   * ISO-2022-JP: halfwidth katakana via ESC ( I instead of the standard's fullwidth mapping.
# Where several pointers decode to the same character, the standard's encoder choice is kept.


def _multi_byte_bytes(name: str, pointer: int) -> bytes:
    """The bytes of *pointer* in a two-byte encoding."""
    if name in ("gb18030", "GBK"):
        lead, trail = divmod(pointer, 190)
        return bytes((lead + 0x81, trail + (0x40 if trail < 0x3F else 0x41)))
    if name == "Big5":
        lead, trail = divmod(pointer, 157)
        return bytes((lead + 0x81, trail + (0x40 if trail < 0x3F else 0x62)))
    if name == "EUC-KR":
        lead, trail = divmod(pointer, 190)
        return bytes((lead + 0x81, trail + 0x41))
    if name == "Shift_JIS":
        lead, trail = divmod(pointer, 188)
        return bytes(
            (lead + (0x81 if lead < 0x1F else 0xC1), trail + (0x40 if trail < 0x3F else 0x41))
        )
    if name == "EUC-JP":
        lead, trail = divmod(pointer, 94)
        return bytes((lead + 0xA1, trail + 0xA1))
    raise AssertionError(name)


def _first_pointers(index: str, skip: Callable[[int], bool] | None = None) -> dict[str, int]:
    """The standard's "index pointer": the first pointer of each code point."""
    pointers: dict[str, int] = {}
    for pointer, char in enumerate(index):
        if char != "\0" and char not in pointers and not (skip and skip(pointer)):
            pointers[char] = pointer
    return pointers


@functools.cache
def _encoder_table(name: str) -> dict[str, bytes]:
    """Every non-ASCII character the encoder handles -> its bytes (gb18030 ranges excepted)."""
    table: dict[str, bytes] = {}
    if name in ("gb18030", "GBK"):
        for char, pointer in _first_pointers(_index("gb18030")).items():
            table[char] = _multi_byte_bytes(name, pointer)
        table.pop("\ue5e5", None)  # the standard's encoder returns error for U+E5E5
        if name == "GBK":
            table["\N{EURO SIGN}"] = b"\x80"
    elif name == "Big5":
        exceptions = {"\u2550", "\u255e", "\u2561", "\u256a", "\u5341", "\u5345"}
        index = _index("big5")
        for char, pointer in _first_pointers(index, lambda p: p < 5024).items():
            table[char] = _multi_byte_bytes(name, pointer)
        for char in exceptions:  # the standard's encoder uses the last pointer for these
            table[char] = _multi_byte_bytes(name, index.rindex(char))
        for char, pointer in _first_pointers(index).items():  # HKSCS only below 5024
            table.setdefault(char, _multi_byte_bytes(name, pointer))
    elif name == "EUC-KR":
        for char, pointer in _first_pointers(_index("euc_kr")).items():
            table[char] = _multi_byte_bytes(name, pointer)
    elif name == "Shift_JIS":
        table["\x80"] = b"\x80"
        skip_nec = lambda p: 8272 <= p <= 8835  # noqa: E731  (the "index Shift_JIS pointer")
        for char, pointer in _first_pointers(_index("jis0208"), skip_nec).items():
            table[char] = _multi_byte_bytes(name, pointer)
        for char, pointer in _first_pointers(_index("jis0208")).items():  # NEC rows 89..92 only
            table.setdefault(char, _multi_byte_bytes(name, pointer))
        for pointer in range(8836, 10716):  # the user-defined area
            table[chr(0xE000 - 8836 + pointer)] = _multi_byte_bytes(name, pointer)
        for byte in range(0xA1, 0xE0):
            table[chr(0xFF61 - 0xA1 + byte)] = bytes((byte,))
        table.update({"\N{YEN SIGN}": b"\x5c", "\N{OVERLINE}": b"\x7e"})
        table["\N{MINUS SIGN}"] = table["\N{FULLWIDTH HYPHEN-MINUS}"]
    elif name == "EUC-JP":
        for char, pointer in _first_pointers(_index("jis0212")).items():
            lead, trail = divmod(pointer, 94)
            table[char] = bytes((0x8F, lead + 0xA1, trail + 0xA1))
        for char, pointer in _first_pointers(_index("jis0208")).items():
            if pointer < 94 * 94:
                table[char] = _multi_byte_bytes(name, pointer)
        for byte in range(0xA1, 0xE0):
            table[chr(0xFF61 - 0xA1 + byte)] = bytes((0x8E, byte))
        table.update({"\N{YEN SIGN}": b"\x5c", "\N{OVERLINE}": b"\x7e"})
        table["\N{MINUS SIGN}"] = table["\N{FULLWIDTH HYPHEN-MINUS}"]
    else:
        raise AssertionError(name)
    return table


def _encode_error(name: str, text: str, start: int, end: int) -> UnicodeEncodeError:
    return UnicodeEncodeError(
        CODEC_PREFIX + name.lower(),
        text,
        start,
        end,
        f"character not in the WHATWG {name} encoder's index",
    )


@functools.cache
def _charmap(name: str) -> dict[int, int | bytes]:
    """The encoder table as a ``charmap_encode`` mapping (ASCII included)."""
    mapping: dict[int, int | bytes] = {i: i for i in range(0x80)}
    mapping.update((ord(char), encoded) for char, encoded in _encoder_table(name).items())
    return mapping


def _encode_run(
    name: str, text: str, start: int, end: int, fallback: _ErrorHandler | None
) -> bytes:
    """Encode text[start:end] (characters the fast path could not) the standard's way."""
    table = _encoder_table(name)
    out: list[bytes] = []
    for k in range(start, end):
        char = text[k]
        encoded = table.get(char)
        if encoded is None and char < "\x80":
            encoded = char.encode("ascii")
        if encoded is None and name == "gb18030" and char != "\ue5e5":
            pointer = _gb18030_ranges_pointer(ord(char))
            b1, rest = divmod(pointer, 12600)
            b2, rest = divmod(rest, 1260)
            b3, b4 = divmod(rest, 10)
            encoded = bytes((b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30))
        if encoded is None:
            if fallback is None:
                raise _encode_error(name, text, k, k + 1)
            replacement, _ = fallback(_encode_error(name, text, k, k + 1))
            if isinstance(replacement, str):
                encoded = _encode_run(name, replacement, 0, len(replacement), None)
            else:
                encoded = replacement
        out.append(encoded)
    return b"".join(out)


def _encode_handler(name: str, errors: str) -> str:
    """Register (once) the error handler that finishes what the C/charmap encoder could not."""
    handler_name = f"mojifix-encode-{name.lower()}-{errors}"
    if handler_name in _registered_handlers:
        return handler_name
    fallback = None if errors == "strict" else _codecs.lookup_error(errors)

    def handler(exc: UnicodeError) -> tuple[bytes, int]:
        if not isinstance(exc, UnicodeEncodeError):
            raise exc
        return _encode_run(name, exc.object, exc.start, exc.end, fallback), exc.end

    with _handler_lock:
        _codecs.register_error(handler_name, handler)
        _registered_handlers.add(handler_name)
    return handler_name


#: The Python codec each multi-byte encoder starts from.
_C_ENCODERS = {
    "gb18030": "gb18030",
    "GBK": "cp936",
    "Big5": "big5hkscs",
    "EUC-KR": "cp949",
    "Shift_JIS": "shift_jis",  # not cp932: it encodes IBM extensions with NEC's bytes
    "EUC-JP": "euc_jp",
}


def _record_failure(exc: UnicodeError) -> tuple[bytes, int]:
    """Error handler for :func:`_encoder_fixes_uncached`: unencodable characters become b""."""
    assert isinstance(exc, UnicodeEncodeError)
    return b"", exc.end


_codecs.register_error("mojifix-empty", _record_failure)


@dataclass
class _EncoderFixes:
    """Where a C codec's encoder differs from the standard's (extended) encoder."""

    #: Characters the C encoder encodes, but to other bytes than the standard.
    suspects: frozenset[str]
    #: A byte that starts the C encoder's output for many suspects and is rare in its output
    #: otherwise (EUC-JP's 0x8F, JIS X 0212): searched in the output instead of those suspects.
    marker: bytes | None
    #: The suspects to search for in the text (the others are found by the marker).
    text_suspects: frozenset[str]
    #: text_suspects as a compiled character class (None if there are none).
    pattern: re.Pattern[str] | None


#: See :attr:`_EncoderFixes.marker`.
_MARKERS = {"EUC-JP": b"\x8f"}


def _make_encoder_fixes(name: str, suspects: Iterable[str]) -> _EncoderFixes:
    """An :class:`_EncoderFixes` with the marker split and compiled pattern."""
    suspects = frozenset(suspects)
    marker = _MARKERS.get(name)
    c_encode = _c_encoder(_C_ENCODERS[name])
    text_suspects = frozenset(
        char for char in suspects if marker is None or not c_encode(char)[0].startswith(marker)
    )
    return _EncoderFixes(suspects, marker, text_suspects, _char_class(text_suspects))


@functools.cache
def _encoder_fixes(name: str) -> _EncoderFixes:
    """The encoder differences of *name*'s C codec, from the generated table (or computed)."""
    try:
        from mojifix._tables.c_codecs import ENCODER_SUSPECTS
    except ImportError:  # pragma: no cover - only before the first generation
        return _encoder_fixes_uncached(name)
    return _make_encoder_fixes(name, ENCODER_SUSPECTS[name])


def _encoder_fixes_uncached(name: str) -> _EncoderFixes:
    """Compare the C encoder with the standard's over the BMP, planes 1-2 and the table."""
    table = _encoder_table(name)
    codes = range(0x80, 0x10000 if name == "gb18030" else 0x30000)
    chars = [chr(c) for c in codes if not 0xD800 <= c <= 0xDFFF]
    chars += sorted(c for c in table if c > chr(codes[-1]))
    encoded = "\0".join(chars).encode(_C_ENCODERS[name], "mojifix-empty").split(b"\0")
    suspects: set[str] = set()
    for char, c_bytes in zip(chars, encoded, strict=True):
        if not c_bytes:
            continue  # the C codec fails: the error handler does the standard's encoding
        expected = table.get(char)
        if expected is None and name == "gb18030" and char != "\ue5e5":
            expected = _encode_run(name, char, 0, 1, None)
        if c_bytes != expected:
            suspects.add(char)
    return _make_encoder_fixes(name, suspects)


def _encode_multi_byte(text: str, name: str, errors: str) -> bytes:
    """Encode with the C codec, unless the text has a character it gets wrong."""
    if text.isascii():
        return text.encode("ascii")
    if name == "Big5" and ("\u0304" in text or "\u030c" in text):
        return _encode_big5_pairs(text, errors)
    c_encode = _c_encoder(_C_ENCODERS[name])
    try:
        encoded = c_encode(text)[0]
    except UnicodeEncodeError:  # where C fails, its error handler runs the standard's encoder
        encoded = c_encode(text, _encode_handler(name, errors))[0]
    fixes = _encoder_fixes(name)
    if fixes.marker is not None and fixes.marker in encoded:
        pass
    elif not fixes.text_suspects or not _has_any(text, fixes.text_suspects, fixes.pattern):
        return encoded
    return _codecs.charmap_encode(text, _encode_handler(name, errors), _charmap(name))[0]


#: The four Big5 pointers that decode to two code points, as encoder entries.
_BIG5_PAIR_BYTES = {pair: _multi_byte_bytes("Big5", p) for p, pair in _BIG5_PAIRS.items()}
_BIG5_PAIR_RE = re.compile("|".join(_BIG5_PAIR_BYTES))


def _encode_big5_pairs(text: str, errors: str) -> bytes:
    """Big5 text containing U+0304/U+030C: the four pairs go to their own pointers."""
    out: list[bytes] = []
    position = 0
    for match in _BIG5_PAIR_RE.finditer(text):
        out.append(_encode_multi_byte_plain(text[position : match.start()], errors, position, text))
        out.append(_BIG5_PAIR_BYTES[match.group()])
        position = match.end()
    out.append(_encode_multi_byte_plain(text[position:], errors, position, text))
    return b"".join(out)


def _encode_multi_byte_plain(part: str, errors: str, offset: int, text: str) -> bytes:
    """Encode a Big5 piece through the table, reporting errors at their place in *text*."""
    try:
        return _codecs.charmap_encode(part, _encode_handler("Big5", errors), _charmap("Big5"))[0]
    except UnicodeEncodeError as exc:
        raise _encode_error("Big5", text, exc.start + offset, exc.end + offset) from None


# ISO-2022-JP encoder states
_E_ASCII, _E_ROMAN, _E_KATAKANA, _E_JIS0208 = range(4)
_ESCAPES = {_E_ASCII: b"\x1b(B", _E_ROMAN: b"\x1b(J", _E_KATAKANA: b"\x1b(I", _E_JIS0208: b"\x1b$B"}


@functools.cache
def _iso_2022_jp_pointers() -> dict[str, int]:
    """The standard's "index pointer" in index jis0208, for the ISO-2022-JP encoder."""
    return {c: p for c, p in _first_pointers(_index("jis0208")).items() if p < 94 * 94}


def _encode_iso_2022_jp(text: str, errors: str) -> bytes:
    """The ISO-2022-JP encoder, with halfwidth katakana kept (ESC ( I) so they round-trip."""
    if text.isascii() and not re.search("[\x0e\x0f\x1b]", text):
        return text.encode("ascii")
    pointers = _iso_2022_jp_pointers()
    fallback = None if errors == "strict" else _codecs.lookup_error(errors)
    out: list[bytes] = []
    state = _E_ASCII

    def switch(new: int) -> None:
        nonlocal state
        if state != new:
            out.append(_ESCAPES[new])
            state = new

    for k, char in enumerate(text):
        code = ord(char)
        if code < 0x80 and char not in "\x0e\x0f\x1b":
            if state == _E_ROMAN and char not in "\\~":
                out.append(bytes((code,)))
                continue
            switch(_E_ASCII)
            out.append(bytes((code,)))
        elif char in "\N{YEN SIGN}\N{OVERLINE}":
            switch(_E_ROMAN)
            out.append(b"\\" if char == "\N{YEN SIGN}" else b"~")
        elif 0xFF61 <= code <= 0xFF9F:
            switch(_E_KATAKANA)
            out.append(bytes((code - 0xFF61 + 0x21,)))
        else:
            pointer = pointers.get("\N{FULLWIDTH HYPHEN-MINUS}" if code == 0x2212 else char)
            if pointer is None:
                if fallback is None:
                    raise _encode_error("ISO-2022-JP", text, k, k + 1)
                replacement, _ = fallback(_encode_error("ISO-2022-JP", text, k, k + 1))
                if isinstance(replacement, str):
                    switch(_E_ASCII)
                    replacement = replacement.encode("ascii")
                out.append(replacement)
                continue
            switch(_E_JIS0208)
            lead, trail = divmod(pointer, 94)
            out.append(bytes((lead + 0x21, trail + 0x21)))
    switch(_E_ASCII)
    return b"".join(out)


@functools.cache
def _encoding_map(name: str) -> Any:
    """The C ``charmap`` encoding map of a single-byte encoding."""
    return _codecs.charmap_build(_single_byte_table(name))


def _c1_handler(errors: str) -> str:
    """Register (once) the windows-1252 encoder extension: U+0080..U+009F -> bytes 0x80..0x9F.

    Other characters the encoding lacks go to the *errors* handler.
    """
    handler_name = f"mojifix-encode-windows-1252-{errors}"
    if handler_name in _registered_handlers:
        return handler_name
    fallback = None if errors == "strict" else _codecs.lookup_error(errors)

    def handler(exc: UnicodeError) -> tuple[bytes, int]:
        if not isinstance(exc, UnicodeEncodeError):
            raise exc
        out = bytearray()
        for k in range(exc.start, exc.end):
            code = ord(exc.object[k])
            if 0x80 <= code <= 0x9F:
                out.append(code)
                continue
            error = _encode_error("windows-1252", exc.object, k, k + 1)
            if fallback is None:
                raise error
            replacement, _ = fallback(error)
            if isinstance(replacement, str):
                replacement = replacement.encode("ascii")
            out += replacement
        return bytes(out), exc.end

    with _handler_lock:
        _codecs.register_error(handler_name, handler)
        _registered_handlers.add(handler_name)
    return handler_name


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
    if name in _C_ENCODERS:
        return _encode_multi_byte(text, name, errors)
    if name == "UTF-8":
        return text.encode("utf-8", errors)
    if name == "UTF-16LE":
        return text.encode("utf-16-le", errors)
    if name == "UTF-16BE":
        return text.encode("utf-16-be", errors)
    if name == "ISO-2022-JP":
        return _encode_iso_2022_jp(text, errors)
    if name == "replacement":
        raise ValueError(
            "the replacement encoding has no encoder (it decodes anything to U+FFFD); "
            "encode as UTF-8 instead, as the standard's 'get an output encoding' does"
        )
    if name == "windows-1252":
        errors = _c1_handler(errors)
    try:
        return _codecs.charmap_encode(text, errors, _encoding_map(name))[0]
    except UnicodeEncodeError as exc:
        if exc.encoding.startswith(CODEC_PREFIX):
            raise
        raise _encode_error(name, text, exc.start, exc.start + 1) from None


# ---------------------------------------------------------------------------------------------
# Python codec registration: "whatwg-<name in lower case>"
# ---------------------------------------------------------------------------------------------


class _IncrementalDecoder(_codecs.BufferedIncrementalDecoder):
    """Incremental decoding: single-byte encodings and UTF-8 as the bytes come, the others
    (multi-byte and UTF-16, whose decoders are not incremental yet) buffered until ``final``."""

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
