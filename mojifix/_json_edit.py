"""Edit string values inside the text of a JSON object, leaving every other character as it was.

``mojifix fix`` on JSONL replaces only the string values it repaired: numbers keep their
spelling (``1.10``, ``1E+2``, ``1e400``), duplicate keys, key order, spacing and escapes stay
as written, where ``json.loads`` + ``json.dumps`` would rewrite them (``1.1``, ``100.0``,
``Infinity``, one key).  The values are found with the standard library's own JSON scanner
(``json.JSONDecoder.scan_once``, which returns where each value ends, and
``json.decoder.scanstring`` for keys); this module only walks from member to member
(``docs/decisions/0004-jsonl-edits-with-the-stdlib-scanner.md`` says why no other library).

Offsets are indexes into the ``str`` of the line.  The text must be a JSON object that
``json.loads`` accepts (the caller has parsed it already).

>>> line = '{"n": 1E+2, "t": "CafÃ©", "t": "CafÃ©!"}'
>>> span = value_span(line, "t")           # the last duplicate, as json.loads reads it
>>> line[span[0]:span[1]]
'"CafÃ©!"'
>>> replace_values(line, [(span, "Café!")])
'{"n": 1E+2, "t": "CafÃ©", "t": "Café!"}'
>>> set_member('{"a": 1}', "_mojifix", [])
'{"a": 1, "_mojifix": []}'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from typing import Any

#: ``(value, end)`` of the JSON value that starts at an index (the decoder's C scanner).
_scan_value: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
#: ``(string, end)`` of the JSON string whose opening quote is just before an index.
scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_WHITESPACE = re.compile(r"[ \t\n\r]*")

Span = tuple[int, int]


def _skip(text: str, index: int) -> int:
    end: int = _WHITESPACE.match(text, index).end()  # type: ignore[union-attr]
    return end


def members(text: str, start: int) -> Iterable[tuple[str, int, int]]:
    """``(key, value start, value end)`` of each member of the object at ``text[start]``.

    >>> list(members('{"a": [1, {"b": 2}], "c" : "x"}', 0))
    [('a', 6, 19), ('c', 27, 30)]
    """
    if text[start] != "{":
        raise ValueError(f"not a JSON object at index {start}")
    index = _skip(text, start + 1)
    if text[index] == "}":
        return
    while True:
        key, index = scanstring(text, index + 1)  # index is at the key's opening quote
        index = _skip(text, index) + 1  # past the colon
        value_start = _skip(text, index)
        _, value_end = _scan_value(text, value_start)
        yield key, value_start, value_end
        index = _skip(text, value_end)
        if text[index] == "}":
            return
        index = _skip(text, index + 1)  # past the comma


def object_start(text: str) -> int:
    """Index of the ``{`` that opens the top-level object (after whitespace)."""
    return _skip(text, 0)


def value_span(text: str, path: str) -> Span | None:
    """Where the value at the dotted ``path`` is, or ``None`` if it is not there.

    A key that appears twice means its last value, as :func:`json.loads` reads it.

    >>> value_span('{"a": {"b": "x"}}', "a.b"), value_span('{"a": 1}', "a.b")
    ((12, 15), None)
    """
    span: Span | None = (object_start(text), len(text))
    for key in path.split("."):
        if span is None or text[span[0]] != "{":
            return None
        found = None
        for name, start, end in members(text, span[0]):
            if name == key:
                found = (start, end)
        span = found
    return span


def dumps_value(value: Any) -> str:
    """``value`` as JSON text, non-ASCII as is (``\\u`` escapes only for lone surrogates, which
    UTF-8 cannot carry)."""
    dumped = json.dumps(value, ensure_ascii=False)
    try:
        dumped.encode("utf-8")
    except UnicodeEncodeError:
        dumped = json.dumps(value, ensure_ascii=True)
    return dumped


def replace_values(text: str, edits: Iterable[tuple[Span, Any]]) -> str:
    """``text`` with each span replaced by its new value (as JSON); the spans must not overlap."""
    pieces = []
    done = 0
    for (start, end), value in sorted(edits, key=lambda edit: edit[0]):
        pieces.append(text[done:start])
        pieces.append(dumps_value(value))
        done = end
    pieces.append(text[done:])
    return "".join(pieces)


def set_member(text: str, key: str, value: Any) -> str:
    """``text`` with the top-level member ``key`` set to ``value``: its value replaced if it is
    there, else added at the end of the object.

    >>> set_member('{ }', "k", 1), set_member('{"k": 0}', "k", 1)
    ('{"k": 1}', '{"k": 1}')
    """
    span = value_span(text, key)
    if span is not None:
        return replace_values(text, [(span, value)])
    start = object_start(text)
    _, end = _scan_value(text, start)
    close = end - 1  # the closing brace
    empty = not text[start + 1 : close].strip()
    member = f"{json.dumps(key)}: {dumps_value(value)}"
    if empty:
        return f"{text[:start]}{{{member}}}{text[end:]}"
    return f"{text[:close]}, {member}{text[close:]}"
