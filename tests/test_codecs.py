"""mojifix.codecs against the Encoding Standard, exhaustively.

The oracle is the index files in third_party/whatwg/, read here directly, and the literal
transcription of the standard's decoders in ``whatwg_reference.py``: never mojifix's generated
tables. Each check decodes one big byte string (every sequence, separated by LF) and compares
it with the expected string, so the exhaustive checks run in a few seconds.
"""

from __future__ import annotations

import codecs
import itertools
import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import whatwg_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

import mojifix
from mojifix.codecs import decode, encode
from mojifix.labels import ENCODINGS

ROOT = Path(__file__).resolve().parent.parent
GROUPS = {
    g["heading"]: [e["name"] for e in g["encodings"]]
    for g in json.loads((ref.WHATWG / "encodings.json").read_text(encoding="utf-8"))
}
SINGLE_BYTE = GROUPS["Legacy single-byte encodings"]
MULTI_BYTE = ["GBK", "gb18030", "Big5", "EUC-JP", "Shift_JIS", "EUC-KR"]
SEP = b"\n"


def single_byte_expected(name: str) -> str:
    index = ref.read_index("iso-8859-8" if name == "ISO-8859-8-I" else name.lower())
    high = "".join(chr(index[p]) if p in index else "\ufffd" for p in range(128))
    return "".join(map(chr, range(128))) + high


# --- single-byte -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_single_byte_every_byte(name: str) -> None:
    assert len(SINGLE_BYTE) == 28
    assert decode(bytes(range(256)), name) == single_byte_expected(name)


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=300))
def test_single_byte_any_bytes_decode_byte_by_byte(data: bytes) -> None:
    # Long inputs are looked up 64 bytes at a time where the processor can (decision note
    # 0066): whatever the length and the bytes, each byte decodes as the index says.
    for name in SINGLE_BYTE:
        table = single_byte_expected(name)
        expected = "".join(table[b] for b in data)
        assert decode(data, name) == expected, name
        if "\ufffd" not in expected:
            assert decode(data, name, errors="strict") == expected, name


@pytest.mark.parametrize("name", SINGLE_BYTE)
def test_single_byte_encoder_round_trips_and_strict_errors(name: str) -> None:
    expected = single_byte_expected(name)
    for byte, char in enumerate(expected):
        if char == "\ufffd":
            with pytest.raises(UnicodeDecodeError) as info:
                decode(b"ab" + bytes((byte,)), name, errors="strict")
            assert (info.value.start, info.value.end) == (2, 3)
            continue
        assert encode(char, name) == bytes((byte,)), (name, hex(byte))
    produced = "".join(c for c in expected if c != "\ufffd")
    assert decode(encode(produced, name), name) == produced


def test_windows_1252_c1_bytes() -> None:
    # The five bytes the index leaves as C1 controls decode to them (Python's cp1252 fails).
    assert decode(b"\x81\x8d\x8f\x90\x9d", "windows-1252") == "\x81\x8d\x8f\x90\x9d"
    with pytest.raises(UnicodeDecodeError):
        b"\x81".decode("cp1252")
    # The encoder maps every C1 code point back to its byte, so latin-1 misreads can be undone.
    c1 = "".join(map(chr, range(0x80, 0xA0)))
    assert encode(c1, "windows-1252") == bytes(range(0x80, 0xA0))
    assert encode("€", "latin1") == b"\x80"
    assert encode("\x80Ā\x9f", "windows-1252", errors="replace") == b"\x80?\x9f"
    assert encode("\x80Ā", "windows-1252", errors="xmlcharrefreplace") == b"\x80&#256;"
    latin1_misread = "Café €".encode("windows-1252").decode("latin-1")
    assert decode(encode(latin1_misread, "windows-1252"), "windows-1252") == "Café €"
    # ... but only for windows-1252: windows-1250 has no byte for U+0080.
    with pytest.raises(UnicodeEncodeError):
        encode("\x80", "windows-1250")


def test_x_user_defined() -> None:
    expected = "".join(map(chr, range(128))) + "".join(chr(0xF780 + i) for i in range(128))
    assert decode(bytes(range(256)), "x-user-defined") == expected
    assert encode(expected, "x-user-defined") == bytes(range(256))


# --- multi-byte: every two-byte pair ----------------------------------------------------------


def pairs_stream(extra: bytes = b"") -> bytes:
    return b"".join(bytes((a, b)) + SEP for a in range(0x80, 0x100) for b in range(0x100)) + extra


@pytest.mark.parametrize("name", MULTI_BYTE)
def test_every_byte_and_pair(name: str) -> None:
    singles = b"".join(bytes((a,)) + SEP for a in range(0x100))
    data = singles + pairs_stream() + bytes(range(0x80, 0x100))  # and one lead at the very end
    assert decode(data, name) == ref.decode(data, name)


def test_euc_jp_every_jis0212_sequence() -> None:
    data = b"".join(bytes((0x8F, a, b)) + SEP for a in range(0x80, 0x100) for b in range(0x100))
    data += b"\x8f\xa2\xb7~\x8f\xa2"  # JIS X 0212 tilde beside an ASCII one, then truncated
    assert decode(data, "EUC-JP") == ref.decode(data, "EUC-JP")
    assert decode(b"\x8f\xa2\xb7~", "EUC-JP") == "～~"


def four_byte_stream(firsts: range, third_step: int) -> bytes:
    return b"".join(
        bytes((a, b, c, d)) + SEP
        for a in firsts
        for b in range(0x30, 0x3A)
        for c in range(0x81, 0xFF, third_step)
        for d in range(0x30, 0x3A)
    )


@pytest.mark.parametrize("name", ["gb18030", "GBK"])
def test_gb18030_four_byte_bmp_every_sequence(name: str) -> None:
    data = four_byte_stream(range(0x81, 0x85), 1)  # the BMP: all 50,400 sequences
    assert decode(data, name) == ref.decode(data, name)


def test_gb18030_four_byte_rest_sampled() -> None:
    # Beyond the BMP (0x85..0x8F invalid, 0x90..0xE3 supplementary, 0xE4.. invalid): every
    # first, second and fourth byte, every 7th third byte (1 in 7 of ~1.6 million sequences).
    data = four_byte_stream(range(0x85, 0xFF), 7)
    assert decode(data, "gb18030") == ref.decode(data, "gb18030")
    assert decode(b"\x90\x30\x81\x30\xe3\x32\x9a\x35", "gb18030") == "\U00010000\U0010ffff"
    assert decode(b"\xe3\x32\x9a\x36", "gb18030") == "\ufffd"


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (b"\x81\x30\x81", "gb18030"),  # truncated four-byte sequence: one error
        (b"\x81\x30\x41\x42", "gb18030"),  # second and third bytes are reprocessed
        (b"\x81\x30\x81\x41", "gb18030"),  # second, third and fourth reprocessed
        (b"\x84\x31\xa5\x30", "gb18030"),  # pointer beyond the BMP ranges: one error
        (b"\x80\xff\xa3\xa0\xa8\xbf", "gb18030"),  # €, invalid, 2022 changes
        (b"\x81\x35\xf4\x37\xa8\xbc", "gb18030"),  # pointer 7457 and ḿ (GB18030-2022)
        (b"\xa6\xd9\xa6\xe0\xfe\x51", "GBK"),  # vertical forms and a CJK radical (2022)
        (b"\x88\x62\x88\x64\x88\xa3\x88\xa5", "Big5"),  # the four two-code-point pointers
        (b"\x87\x40\xfe\xfe\x80\xff\xa1\x40", "Big5"),  # HKSCS, ends, invalid
        (b"\xa2\xcc\xa2\xce\xa2\x41\xa2\x42", "Big5"),  # duplicates and their C-codec mapping
        (b"\x82\xa0\xa0\xfd\xfe\xff\xed\x40\xfa\x40\xf0\x40", "Shift_JIS"),
        (b"\x81\x60\x81\x5f\x87\x40\x81\x7f\x81", "Shift_JIS"),
        (b"\xa1\xc1\x8e\xa1\x8e\xe0\x8f\xa1\x41\x8f\x41\x80", "EUC-JP"),
        (b"\x8f\xa1\n\xa1\xa1\x8f\xa1\x80\xa1\xa1", "EUC-JP"),  # JIS X 0212 flag is reset
        (b"\xb0\xa1\x81\x41\xa1\x41\xc9\xa1\xfe\xfe\x80\xff", "EUC-KR"),
    ],
)
def test_edge_cases(data: bytes, name: str) -> None:
    assert decode(data, name) == ref.decode(data, name)


#: Bytes that matter to the multi-byte decoders, weighted up against the uniform rest.
INTERESTING = [0x30, 0x39, 0x41, 0x7F, 0x80, 0x81, 0x84, 0x8E, 0x8F, 0xA0, 0xA1, 0xA2, 0xFE, 0xFF]
ESCAPES = [b"\x1b$B", b"\x1b$@", b"\x1b(J", b"\x1b(I", b"\x1b(B", b"\x1b"]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    chunks=st.lists(
        st.one_of(
            st.binary(min_size=1, max_size=4),
            st.lists(st.sampled_from(INTERESTING), min_size=1, max_size=6).map(bytes),
            st.sampled_from(ESCAPES),
        ),
        max_size=12,
    )
)
def test_random_bytes_in_context(chunks: list[bytes]) -> None:
    # whatever surrounds a sequence, the decoder and the reference agree, and errors="strict"
    # raises exactly when the standard reports an error
    data = b"".join(chunks)
    for name in [*MULTI_BYTE, "ISO-2022-JP"]:
        expected = ref.decode(data, name)
        assert decode(data, name) == expected, (name, data)
        if "\ufffd" in expected:
            with pytest.raises(UnicodeDecodeError):
                decode(data, name, errors="strict")
        else:
            assert decode(data, name, errors="strict") == expected


# --- ISO-2022-JP --------------------------------------------------------------------------------

ISO_2022_JP_CASES = [
    b"plain ascii",
    b"\x1b$B$3$s$K$A$O\x1b(B",  # JIS X 0208 and back
    b"\x1b$@$3\x1b(J\\~\x1b(B\\~",  # JIS C 6226 escape; Roman yen/overline vs ASCII
    b"\x1b(I1234\x1b(B",  # halfwidth katakana
    b"\x1b$B\x1b(B",  # an escape right after an escape: error (output flag)
    b"\x1b(B\x1b(B",  # ... even when both are ASCII
    b"\x1b$B$",  # truncated lead/trail pair
    b"\x1b$B$\x1b(Ba",  # escape in the middle of a pair
    b"\x1b$B$\n",  # a non-pair byte after a lead
    b"\x1b",  # lone ESC at the end
    b"\x1b$",  # truncated escape
    b"\x1b$Xa",  # unknown escape: lead and byte reprocessed
    b"\x1b(Xa",
    b"a\x0eb\x0fc\x80",  # SO, SI and non-ASCII bytes are errors
    b"\x1b(I\x60\x1b(J\x0e",
    b"\x1b$Bt&t'\x1b(B",  # pointers past the end of JIS X 0208 rows
    b"\x1b$B\x21\x7f",
]


@pytest.mark.parametrize("data", ISO_2022_JP_CASES)
def test_iso_2022_jp_state_machine(data: bytes) -> None:
    assert decode(data, "ISO-2022-JP") == ref.decode(data, "ISO-2022-JP")


def test_iso_2022_jp_every_jis0208_pair() -> None:
    body = b"".join(bytes((a, b)) for a in range(0x21, 0x7F) for b in range(0x21, 0x7F))
    data = b"\x1b$B" + body + b"\x1b(B"
    expected = ref.decode(data, "ISO-2022-JP")
    assert decode(data, "ISO-2022-JP") == expected
    produced = expected.replace("\ufffd", "")
    assert decode(encode(produced, "ISO-2022-JP"), "ISO-2022-JP") == produced
    kana = "".join(chr(c) for c in range(0xFF61, 0xFFA0))
    text = "a\\~¥‾" + kana + "日本\\"
    assert decode(encode(text, "ISO-2022-JP"), "ISO-2022-JP") == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a¥b~", b"a\x1b(J\\b\x1b(B~"),  # Roman keeps ASCII but \ and ~, then back to ASCII
        ("日本", b"\x1b$BF|K\\\x1b(B"),
        ("−", b"\x1b$B!]\x1b(B"),  # MINUS SIGN is encoded as FULLWIDTH HYPHEN-MINUS
        ("ｱ", b"\x1b(I1\x1b(B"),  # ours: halfwidth katakana kept (the standard makes it ア)
    ],
)
def test_iso_2022_jp_encoder(text: str, expected: bytes) -> None:
    assert encode(text, "ISO-2022-JP") == expected
    for bad in ("\x0e", "\x1b", "\x0f", "한"):
        with pytest.raises(UnicodeEncodeError) as info:
            encode("a" + bad, "ISO-2022-JP")
        assert info.value.start == 1


# --- UTF-8, UTF-16, replacement ---------------------------------------------------------------


def utf16_reference(data: bytes, big_endian: bool) -> str:
    """The standard's shared UTF-16 decoder, transcribed."""
    out: list[str] = []
    lead_byte: int | None = None
    lead_surrogate: int | None = None
    q = ref.Queue(data)
    while True:
        byte = q.read()
        if byte == ref.EOF:
            if lead_byte is not None or lead_surrogate is not None:
                out.append("\ufffd")
            return "".join(out)
        if lead_byte is None:
            lead_byte = byte
            continue
        unit = (lead_byte << 8) + byte if big_endian else (byte << 8) + lead_byte
        lead_byte = None
        if lead_surrogate is not None:
            ls, lead_surrogate = lead_surrogate, None
            if 0xDC00 <= unit <= 0xDFFF:
                out.append(chr(0x10000 + ((ls - 0xD800) << 10) + (unit - 0xDC00)))
                continue
            q.prepend(*((unit >> 8, unit & 0xFF) if big_endian else (unit & 0xFF, unit >> 8)))
            out.append("\ufffd")
            continue
        if 0xD800 <= unit <= 0xDBFF:
            lead_surrogate = unit
        elif 0xDC00 <= unit <= 0xDFFF:
            out.append("\ufffd")
        else:
            out.append(chr(unit))


UTF16_UNITS = [0x0041, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFE, 0x00E9, 0xD83D, 0xDE00]


@pytest.mark.parametrize("name", ["UTF-16LE", "UTF-16BE"])
def test_utf16_every_pair_and_triple_of_interesting_units(name: str) -> None:
    big = name == "UTF-16BE"
    fmt = ">" if big else "<"
    import struct

    cases = [
        struct.pack(fmt + "HHH", a, b, c)
        for a in UTF16_UNITS
        for b in UTF16_UNITS
        for c in UTF16_UNITS
    ]
    for case in cases:
        for data in (case, case[:-1], case[:-3], case + b"\x00"):
            assert decode(data, name) == utf16_reference(data, big), data
    assert encode("a😀", name) == "a😀".encode("utf-16-be" if big else "utf-16-le")
    with pytest.raises(UnicodeDecodeError):
        decode(struct.pack(fmt + "H", 0xD800), name, errors="strict")


def utf8_reference(data: bytes) -> str:
    """The standard's UTF-8 decoder, transcribed."""
    out: list[str] = []
    cp = needed = seen = 0
    lower, upper = 0x80, 0xBF
    q = ref.Queue(data)
    while True:
        byte = q.read()
        if byte == ref.EOF:
            if needed:
                out.append("\ufffd")
            return "".join(out)
        if needed == 0:
            if byte <= 0x7F:
                out.append(chr(byte))
            elif 0xC2 <= byte <= 0xDF:
                needed, cp = 1, byte & 0x1F
            elif 0xE0 <= byte <= 0xEF:
                lower = 0xA0 if byte == 0xE0 else 0x80
                upper = 0x9F if byte == 0xED else 0xBF
                needed, cp = 2, byte & 0xF
            elif 0xF0 <= byte <= 0xF4:
                lower = 0x90 if byte == 0xF0 else 0x80
                upper = 0x8F if byte == 0xF4 else 0xBF
                needed, cp = 3, byte & 0x7
            else:
                out.append("\ufffd")
            continue
        if not lower <= byte <= upper:
            cp = needed = seen = 0
            lower, upper = 0x80, 0xBF
            q.prepend(byte)
            out.append("\ufffd")
            continue
        lower, upper = 0x80, 0xBF
        cp = (cp << 6) | (byte & 0x3F)
        seen += 1
        if seen == needed:
            out.append(chr(cp))
            cp = needed = seen = 0


def test_utf8_is_pythons_replace_which_is_the_standard() -> None:
    interesting = [
        0x41,
        0x80,
        0xBF,
        0xC0,
        0xC2,
        0xDF,
        0xE0,
        0xA0,
        0x9F,
        0xED,
        0xEF,
        0xF0,
        0x90,
        0x8F,
        0xF4,
        0xF5,
        0xFF,
    ]
    data = b"".join(
        bytes((a, b, c)) + b"|" for a in interesting for b in interesting for c in interesting
    )
    data += b"\xf0\x9f\x98"  # truncated at the end
    assert decode(data, "UTF-8") == utf8_reference(data)
    assert decode(b"\xef\xbb\xbfa", "utf-8") == "\ufeffa"  # no BOM sniffing in the decoder


def test_replacement() -> None:
    assert decode(b"", "replacement") == ""
    assert decode(b"\x00anything", "iso-2022-kr") == "\ufffd"
    with pytest.raises(UnicodeDecodeError):
        decode(b"x", "hz-gb-2312", errors="strict")
    with pytest.raises(ValueError, match="no encoder"):
        encode("x", "replacement")


# --- encoders ------------------------------------------------------------------------------------


def spec_encoder_bytes(name: str) -> dict[str, bytes]:
    """The standard's encoder choice for every code point in the index (first-pointer rules)."""
    result: dict[str, bytes] = {}
    if name in ("gb18030", "GBK"):
        for pointer, cp in sorted(ref.read_index("gb18030").items()):
            lead, trail = divmod(pointer, 190)
            offset = 0x40 if trail < 0x3F else 0x41
            result.setdefault(chr(cp), bytes((lead + 0x81, trail + offset)))
        result.pop("\ue5e5", None)
        if name == "GBK":
            result["€"] = b"\x80"
    elif name == "Big5":
        index = sorted(ref.read_index("big5").items())
        last = {"\u2550", "\u255e", "\u2561", "\u256a", "\u5341", "\u5345"}
        for pointer, cp in index:
            if pointer < (0xA1 - 0x81) * 157:
                continue
            lead, trail = divmod(pointer, 157)
            encoded = bytes((lead + 0x81, trail + (0x40 if trail < 0x3F else 0x62)))
            if chr(cp) in last:
                result[chr(cp)] = encoded
            else:
                result.setdefault(chr(cp), encoded)
    elif name == "EUC-KR":
        for pointer, cp in sorted(ref.read_index("euc-kr").items()):
            lead, trail = divmod(pointer, 190)
            result.setdefault(chr(cp), bytes((lead + 0x81, trail + 0x41)))
    elif name == "Shift_JIS":
        for pointer, cp in sorted(ref.read_index("jis0208").items()):
            if 8272 <= pointer <= 8835:
                continue
            lead, trail = divmod(pointer, 188)
            result.setdefault(
                chr(cp),
                bytes(
                    (
                        lead + (0x81 if lead < 0x1F else 0xC1),
                        trail + (0x40 if trail < 0x3F else 0x41),
                    )
                ),
            )
    elif name == "EUC-JP":
        for pointer, cp in sorted(ref.read_index("jis0208").items()):
            lead, trail = divmod(pointer, 94)
            if chr(cp) not in result:  # (every first pointer is below 94 * 94)
                result[chr(cp)] = bytes((lead + 0xA1, trail + 0xA1))
    return result


@pytest.mark.parametrize("name", MULTI_BYTE)
def test_encoder_picks_the_standards_bytes(name: str) -> None:
    expected = spec_encoder_bytes(name)
    chars = "".join(expected)
    # one call for all of them, then per character through the same fast path
    assert encode(chars, name) == b"".join(expected.values())
    for char in list(expected)[::97]:
        assert encode(char, name) == expected[char]


@pytest.mark.parametrize("name", MULTI_BYTE)
def test_every_decoded_character_round_trips(name: str) -> None:
    data = pairs_stream()
    if name == "EUC-JP":
        data += b"".join(bytes((0x8F, a, b)) for a in range(0xA1, 0xFF) for b in range(0xA1, 0xFF))
    if name == "gb18030":
        data += four_byte_stream(range(0x81, 0x85), 1) + four_byte_stream(range(0x90, 0xE4), 61)
    decoded = decode(data, name)
    pairs = ["\u00ca\u0304", "\u00ca\u030c", "\u00ea\u0304", "\u00ea\u030c"]
    if name == "Big5":  # the two-code-point pointers are items of their own
        assert all(pair in decoded for pair in pairs)
        for pair in pairs:
            decoded = decoded.replace(pair, "")
    produced = sorted(set(decoded) - {"\ufffd", "\n"})
    if name == "Big5":
        produced += pairs
    text = "\n".join(produced)
    assert decode(encode(text, name), name) == text
    for char in produced[::53]:  # and one at a time, through the per-call paths
        assert decode(encode(char, name), name) == char


def test_spec_encoder_mappings_that_are_not_round_trips() -> None:
    assert encode("¥‾−", "Shift_JIS") == b"\x5c\x7e\x81\x7c"  # −: as U+FF0D
    assert encode("¥‾−ｱ", "EUC-JP") == b"\x5c\x7e\xa1\xdd\x8e\xb1"
    assert encode("€", "gb18030") == b"\xa2\xe3" and encode("€", "GBK") == b"\x80"
    assert encode("\u3000", "gb18030") == b"\xa1\xa1"  # 0xA3A0 also decodes to it
    with pytest.raises(UnicodeEncodeError):
        encode("\ue5e5", "gb18030")
    # GB18030-2022's encoder-only table: these private-use characters (which no decoder
    # produces any more) are written with the bytes that now decode to their new code points
    assert encode("\ue843\ue791", "gb18030") == b"\xfe\x7e\xa6\xdd"
    assert encode("\ue843", "GBK") == b"\xfe\x7e"
    assert decode(b"\xfe\x7e\xa6\xdd", "gb18030") == "\u9fb9\ufe14"
    with pytest.raises(UnicodeEncodeError):
        encode("😀", "GBK")  # GBK's encoder has no four-byte sequences


def test_strict_errors_point_at_the_first_unencodable_character() -> None:
    for name in [*MULTI_BYTE, "windows-1252", "ISO-8859-5", "ISO-2022-JP", "x-user-defined"]:
        text = "ab" + "\U0001f600\U0001f601" + "c"
        if name == "gb18030":
            text = "ab\ue5e5\ue5e5c"
        with pytest.raises(UnicodeEncodeError) as info:
            encode(text, name)
        assert info.value.start == 2, name
        assert info.value.end in (3, 4), name
        assert info.value.encoding == "whatwg-" + name.lower()
    assert encode("aé\U0001f600", "EUC-KR", errors="replace") == b"a??"
    assert encode("a\U0001f600", "Big5", errors="xmlcharrefreplace") == b"a&#128512;"


def test_strict_decoding_errors() -> None:
    cases = [
        (b"ab\x81\x20", "Shift_JIS", 2),  # an ASCII byte cannot be a trail byte
        (b"ab\xa0", "Shift_JIS", 2),  # cp932 would decode it to U+F8F0
        (b"a\xff", "gb18030", 1),
        (b"abc\x80", "EUC-KR", 3),
        (b"\x8f\xa2\xb7\xa1", "EUC-JP", 3),
        (b"\x1b$Bab\x1b(B\x80", "ISO-2022-JP", 8),
    ]
    for data, name, start in cases:
        with pytest.raises(UnicodeDecodeError) as info:
            decode(data, name, errors="strict")
        assert info.value.start == start, (data, name)
    assert decode(b"\x82\xa0\xa0x", "Shift_JIS", errors="ignore") == "あx"
    assert decode(b"\x82\xa0\xa0x", "Shift_JIS", errors="backslashreplace") == "あ\\xa0x"


# --- API ----------------------------------------------------------------------------------------


def test_registered_python_codecs() -> None:
    assert "€".encode("whatwg-windows-1252") == b"\x80"
    assert b"\x81".decode("whatwg-windows-1252") == "\x81"
    assert codecs.lookup("whatwg-shift_jis").name == "whatwg-shift_jis"
    assert codecs.lookup("WHATWG-Shift-JIS").name == "whatwg-shift_jis"
    for name in ENCODINGS:
        assert codecs.lookup("whatwg-" + name.lower()).name == "whatwg-" + name.lower()
    assert b"\x88\x62".decode("whatwg-big5") == "Ê̄"
    decoder = codecs.getincrementaldecoder("whatwg-gbk")()
    assert decoder.decode(b"\xd6") + decoder.decode(b"\xd0", final=True) == "中"
    decoder = codecs.getincrementaldecoder("whatwg-utf-8")(errors="replace")
    assert decoder.decode(b"a\xe4\xb8") == "a"  # the incomplete sequence waits
    assert decoder.decode(b"\xad\xe4", final=True) == "中\ufffd"
    decoder = codecs.getincrementaldecoder("whatwg-windows-1252")()
    assert decoder.decode(b"\x80") == "€"  # single-byte: no buffering
    assert mojifix.lookup("sjis") == "Shift_JIS"


def test_importing_mojifix_registers_the_codecs() -> None:
    code = "import mojifix, codecs; print(codecs.lookup('whatwg-gbk').name)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "whatwg-gbk"


def test_labels_and_bad_input() -> None:
    assert decode(b"\xa4\xa4", "big5-hkscs") == "中"
    assert decode(bytearray(b"\xe9"), "ISO-8859-1") == "é"
    assert decode(memoryview(b"\xe9"), "ascii") == "é"
    with pytest.raises(LookupError, match="not a WHATWG Encoding Standard label"):
        decode(b"", "utf-7")
    with pytest.raises(TypeError, match="wants bytes"):
        decode("text", "utf-8")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="wants str"):
        encode(b"bytes", "utf-8")  # type: ignore[arg-type]


def test_python_error_handlers() -> None:
    data = b"\x82\xa0\xa0\xff\x83\x65"
    text = decode(data, "Shift_JIS", errors="surrogateescape")
    assert text == "あ\udca0\udcffテ"
    assert encode(text, "Shift_JIS", errors="surrogateescape") == data  # lone surrogates in
    with pytest.raises(UnicodeEncodeError) as info:
        encode(text, "Shift_JIS")
    assert (info.value.start, info.value.end) == (1, 2)
    assert decode(b"a\xffb\xfe", "EUC-KR", errors="ignore") == "ab"
    assert encode("a한\U0001f600b", "Shift_JIS", errors="ignore") == b"ab"

    def skip_one_more(exc: UnicodeError) -> tuple[str, int]:
        assert isinstance(exc, (UnicodeDecodeError, UnicodeEncodeError))
        return "<", exc.end + 1

    codecs.register_error("mojifix-test-skip-one-more", skip_one_more)
    decoded = decode(b"\xa0ABC\xffDE", "Shift_JIS", errors="mojifix-test-skip-one-more")
    assert decoded == "<BC<E"
    assert encode("a한bc", "Shift_JIS", errors="mojifix-test-skip-one-more") == b"a<c"


def test_generated_dos_tables_are_current() -> None:
    script = ROOT / "scripts" / "generate_dos_tables.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("name", "unit"), [("GBK", "中文"), ("windows-1251", "Жж"), ("EUC-KR", "한")]
)
def test_large_inputs_release_the_gil(name: str, unit: str) -> None:
    # Another thread runs Python code all through a long decode or encode: impossible if the
    # core held the GIL for the whole call. A tick can also miss a call because the ticking
    # thread was not scheduled (a loaded machine, a fast single-byte decode of a few ms): each
    # call gets three tries, and a core that held the GIL would fail every one.

    text = unit * 6_000_000
    data = encode(text, name)
    calls = {"decode": lambda: decode(data, name), "encode": lambda: encode(text, name)}
    for label, call in calls.items():
        gaps = [_largest_gap_in(call) for _ in range(3)]
        assert any(gap < span / 2 for gap, span in gaps), (name, label, gaps)


def _largest_gap_in(call: Callable[[], object]) -> tuple[float, float]:
    """Run *call* in a thread while this one ticks: the longest stretch of the call without
    a tick, and the call's length (seconds)."""
    span: list[float] = []
    ticks: list[float] = []
    done = threading.Event()

    def work() -> None:
        start = time.perf_counter()
        call()
        span.extend((start, time.perf_counter()))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    worker.join()
    start, end = span
    # (while the core holds the GIL, no tick: the largest gap would be the whole call)
    inside = [start, *(tick for tick in ticks if start < tick < end), end]
    return max(b - a for a, b in itertools.pairwise(inside)), end - start


def test_the_modules_examples() -> None:
    import doctest

    from mojifix import codecs as module

    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert (failures, tried > 20) == (0, True)
