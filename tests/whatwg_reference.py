"""An independent, literal transcription of the Encoding Standard's multi-byte decoders.

Used only by the tests, as the oracle for ``mojifix.codecs``. It reads the index files in
``third_party/whatwg/`` directly (not mojifix's generated tables) and follows the standard's
text step by step, with an explicit I/O queue ("prepend to ioQueue" really prepends). It is
slow and simple on purpose: it shares no code with the implementation under test.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

WHATWG = Path(__file__).resolve().parent.parent / "third_party" / "whatwg"

EOF = -1  # end-of-queue
CONTINUE = object()
FINISHED = object()
ERROR = object()


@functools.cache
def read_index(name: str) -> dict[int, int]:
    """``index-<name>.txt`` as ``{pointer: code point}``."""
    table: dict[int, int] = {}
    for line in (WHATWG / f"index-{name}.txt").read_text(encoding="utf-8").split("\n"):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            table[int(fields[0])] = int(fields[1], 16)
    return table


class Queue:
    """The standard's I/O queue of bytes."""

    def __init__(self, data: bytes) -> None:
        self.items = list(reversed(data))

    def read(self) -> int:
        return self.items.pop() if self.items else EOF

    def prepend(self, *values: int) -> None:
        for value in reversed(values):
            if value != EOF:
                self.items.append(value)


def gb18030_ranges_code_point(pointer: int) -> int | None:
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    if pointer == 7457:
        return 0xE7C7
    ranges = read_index("gb18030-ranges")
    pointers = sorted_range_pointers()
    offset = pointers[bisect.bisect_right(pointers, pointer) - 1]  # the last one <= pointer
    return ranges[offset] + pointer - offset


@functools.cache
def sorted_range_pointers() -> list[int]:
    return sorted(read_index("gb18030-ranges"))


class GB18030:
    def __init__(self) -> None:
        self.first = self.second = self.third = 0

    def handler(self, q: Queue, byte: int) -> object:
        if byte == EOF and self.first == self.second == self.third == 0:
            return FINISHED
        if byte == EOF:
            self.first = self.second = self.third = 0
            return ERROR
        if self.third != 0:
            if not 0x30 <= byte <= 0x39:
                q.prepend(self.second, self.third, byte)
                self.first = self.second = self.third = 0
                return ERROR
            cp = gb18030_ranges_code_point(
                (self.first - 0x81) * (10 * 126 * 10)
                + (self.second - 0x30) * (10 * 126)
                + (self.third - 0x81) * 10
                + byte
                - 0x30
            )
            self.first = self.second = self.third = 0
            return ERROR if cp is None else chr(cp)
        if self.second != 0:
            if 0x81 <= byte <= 0xFE:
                self.third = byte
                return CONTINUE
            q.prepend(self.second, byte)
            self.first = self.second = 0
            return ERROR
        if self.first != 0:
            if 0x30 <= byte <= 0x39:
                self.second = byte
                return CONTINUE
            lead = self.first
            pointer = None
            self.first = 0
            offset = 0x40 if byte < 0x7F else 0x41
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 190 + (byte - offset)
            cp = None if pointer is None else read_index("gb18030").get(pointer)
            if cp is not None:
                return chr(cp)
            if byte < 0x80:
                q.prepend(byte)
            return ERROR
        if byte < 0x80:
            return chr(byte)
        if byte == 0x80:
            return "\u20ac"
        if 0x81 <= byte <= 0xFE:
            self.first = byte
            return CONTINUE
        return ERROR


class Big5:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int) -> object:
        if byte == EOF and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte == EOF:
            return FINISHED
        if self.lead != 0:
            lead, pointer = self.lead, None
            self.lead = 0
            offset = 0x40 if byte < 0x7F else 0x62
            if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 157 + (byte - offset)
            special = {
                1133: "\u00ca\u0304",
                1135: "\u00ca\u030c",
                1164: "\u00ea\u0304",
                1166: "\u00ea\u030c",
            }
            if pointer in special:
                return special[pointer]
            cp = None if pointer is None else read_index("big5").get(pointer)
            if cp is not None:
                return chr(cp)
            if byte < 0x80:
                q.prepend(byte)
            return ERROR
        if byte < 0x80:
            return chr(byte)
        if 0x81 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class EUCKR:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int) -> object:
        if byte == EOF and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte == EOF:
            return FINISHED
        if self.lead != 0:
            lead, pointer = self.lead, None
            self.lead = 0
            if 0x41 <= byte <= 0xFE:
                pointer = (lead - 0x81) * 190 + (byte - 0x41)
            cp = None if pointer is None else read_index("euc-kr").get(pointer)
            if cp is not None:
                return chr(cp)
            if byte < 0x80:
                q.prepend(byte)
            return ERROR
        if byte < 0x80:
            return chr(byte)
        if 0x81 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class ShiftJIS:
    def __init__(self) -> None:
        self.lead = 0

    def handler(self, q: Queue, byte: int) -> object:
        if byte == EOF and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte == EOF:
            return FINISHED
        if self.lead != 0:
            lead, pointer = self.lead, None
            self.lead = 0
            offset = 0x40 if byte < 0x7F else 0x41
            lead_offset = 0x81 if lead < 0xA0 else 0xC1
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
                pointer = (lead - lead_offset) * 188 + byte - offset
            if pointer is not None and 8836 <= pointer <= 10715:
                return chr(0xE000 - 8836 + pointer)
            cp = None if pointer is None else read_index("jis0208").get(pointer)
            if cp is not None:
                return chr(cp)
            if byte < 0x80:
                q.prepend(byte)
            return ERROR
        if byte < 0x80 or byte == 0x80:
            return chr(byte)
        if 0xA1 <= byte <= 0xDF:
            return chr(0xFF61 - 0xA1 + byte)
        if 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:
            self.lead = byte
            return CONTINUE
        return ERROR


class EUCJP:
    def __init__(self) -> None:
        self.jis0212 = False
        self.lead = 0

    def handler(self, q: Queue, byte: int) -> object:
        if byte == EOF and self.lead != 0:
            self.lead = 0
            return ERROR
        if byte == EOF:
            return FINISHED
        if self.lead == 0x8E and 0xA1 <= byte <= 0xDF:
            self.lead = 0
            return chr(0xFF61 - 0xA1 + byte)
        if self.lead == 0x8F and 0xA1 <= byte <= 0xFE:
            self.jis0212 = True
            self.lead = byte
            return CONTINUE
        if self.lead != 0:
            lead = self.lead
            self.lead = 0
            cp = None
            if 0xA1 <= lead <= 0xFE and 0xA1 <= byte <= 0xFE:
                index = read_index("jis0212" if self.jis0212 else "jis0208")
                cp = index.get((lead - 0xA1) * 94 + byte - 0xA1)
            self.jis0212 = False
            if cp is not None:
                return chr(cp)
            if byte < 0x80:
                q.prepend(byte)
            return ERROR
        if byte < 0x80:
            return chr(byte)
        if byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE:
            self.lead = byte
            return CONTINUE
        return ERROR


class ISO2022JP:
    ASCII, ROMAN, KATAKANA, LEAD, TRAIL, ESCAPE_START, ESCAPE = range(7)

    def __init__(self) -> None:
        self.state = self.output_state = self.ASCII
        self.lead = 0
        self.output = False

    def handler(self, q: Queue, byte: int) -> object:
        s = self.state
        if s in (self.ASCII, self.ROMAN):
            if byte == 0x1B:
                self.state = self.ESCAPE_START
                return CONTINUE
            if byte == EOF:
                return FINISHED
            if s == self.ROMAN and byte == 0x5C:
                self.output = False
                return "\u00a5"
            if s == self.ROMAN and byte == 0x7E:
                self.output = False
                return "\u203e"
            if 0 <= byte <= 0x7F and byte not in (0x0E, 0x0F):
                self.output = False
                return chr(byte)
            self.output = False
            return ERROR
        if s == self.KATAKANA:
            if byte == 0x1B:
                self.state = self.ESCAPE_START
                return CONTINUE
            if 0x21 <= byte <= 0x5F:
                self.output = False
                return chr(0xFF61 - 0x21 + byte)
            if byte == EOF:
                return FINISHED
            self.output = False
            return ERROR
        if s == self.LEAD:
            if byte == 0x1B:
                self.state = self.ESCAPE_START
                return CONTINUE
            if 0x21 <= byte <= 0x7E:
                self.output = False
                self.lead = byte
                self.state = self.TRAIL
                return CONTINUE
            if byte == EOF:
                return FINISHED
            self.output = False
            return ERROR
        if s == self.TRAIL:
            if byte == 0x1B:
                self.state = self.ESCAPE_START
                return ERROR
            if 0x21 <= byte <= 0x7E:
                self.state = self.LEAD
                cp = read_index("jis0208").get((self.lead - 0x21) * 94 + byte - 0x21)
                return ERROR if cp is None else chr(cp)
            if byte == EOF:
                self.state = self.LEAD
                q.prepend(byte)
                return ERROR
            self.state = self.LEAD
            return ERROR
        if s == self.ESCAPE_START:
            if byte in (0x24, 0x28):
                self.lead = byte
                self.state = self.ESCAPE
                return CONTINUE
            q.prepend(byte)
            self.output = False
            self.state = self.output_state
            return ERROR
        # escape
        lead = self.lead
        self.lead = 0
        state = None
        if lead == 0x28 and byte == 0x42:
            state = self.ASCII
        elif lead == 0x28 and byte == 0x4A:
            state = self.ROMAN
        elif lead == 0x28 and byte == 0x49:
            state = self.KATAKANA
        elif lead == 0x24 and byte in (0x40, 0x42):
            state = self.LEAD
        if state is not None:
            self.state = self.output_state = state
            output = self.output
            self.output = True
            return CONTINUE if not output else ERROR
        q.prepend(lead, byte)
        self.output = False
        self.state = self.output_state
        return ERROR


class Decoder(Protocol):
    def handler(self, q: Queue, byte: int) -> object: ...


DECODERS: dict[str, Callable[[], Decoder]] = {
    "gb18030": GB18030,
    "GBK": GB18030,
    "Big5": Big5,
    "EUC-KR": EUCKR,
    "Shift_JIS": ShiftJIS,
    "EUC-JP": EUCJP,
    "ISO-2022-JP": ISO2022JP,
}


def decode(data: bytes, name: str) -> str:
    """The standard's "decode" loop (errors in replacement mode), for one multi-byte decoder."""
    decoder = DECODERS[name]()
    q = Queue(data)
    out: list[str] = []
    while True:
        byte = q.read()
        result = decoder.handler(q, byte)
        if result is FINISHED:
            return "".join(out)
        if result is ERROR:
            out.append("\ufffd")
        elif result is not CONTINUE:
            assert isinstance(result, str)
            out.append(result)
