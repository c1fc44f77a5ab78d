"""Decode HTML bytes exactly as browsers do: the HTML Standard's encoding sniffing.

A browser that receives a page as bytes decides on one encoding, in this order
(https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm):

1. a byte order mark (``bom``): UTF-8, UTF-16LE or UTF-16BE, stripped from the text;
2. the ``charset`` parameter of the HTTP ``Content-Type`` header (``header``), parsed as the
   MIME Sniffing Standard parses a MIME type; a label the Encoding Standard does not know is
   ignored;
3. the *prescan* of the first 1024 bytes for ``<meta charset>`` or
   ``<meta http-equiv=content-type content="...; charset=...">`` (``meta``), then an XML
   declaration ``<?xml ... encoding="...">`` (``xml``);
4. a ``<meta>`` the parser meets later in the document, which makes it *change the encoding*
   and reparse (``meta-late``);
5. bytes that are valid UTF-8 (``utf-8``);
6. detection by frequency analysis (``detected``, charset-normalizer restricted to the
   encodings of the Encoding Standard);
7. the default for the user's locale (``default``): windows-1252 unless a ``locale`` (or
   ``tld``) hint says otherwise, from the HTML Standard's table.

>>> page = '<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251")
>>> decoded = decode_html(page)
>>> decoded.text[-13:], decoded.encoding, decoded.source
('<p>Привет</p>', 'windows-1251', 'meta')

The header wins over the page, as in browsers, and the losing declaration is recorded:

>>> both = decode_html(page, "text/html; charset=KOI8-R")
>>> both.encoding, both.source, both.declared
('KOI8-R', 'header', (('header', 'KOI8-R'), ('meta', 'windows-1251')))

The pieces carry the standard's names:

>>> bom_sniff(b"\\xef\\xbb\\xbfhi"), prescan(b"<meta charset=latin2>")
(('UTF-8', 3), 'ISO-8859-2')
>>> extract_charset_from_content_type('text/html;charset="utf-8"')
'utf-8'
"""

from __future__ import annotations

import functools
import re
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, cast

import regex

from mojifix import detection
from mojifix.codecs import decode
from mojifix.labels import lookup

__all__ = [
    "LOCALE_DEFAULTS",
    "SOURCES",
    "TLD_LOCALES",
    "Decoded",
    "bom_sniff",
    "decode_html",
    "decode_response",
    "default_encoding",
    "extract_charset_from_content_type",
    "get_xml_encoding",
    "prescan",
]

#: The rules that can decide the encoding, in the order the standard tries them.
SOURCES: Final = ("bom", "header", "meta", "xml", "meta-late", "utf-8", "detected", "default")

#: How many bytes the prescan looks at: the standard suggests 1024, and browsers use 1024.
PRESCAN_LENGTH: Final = 1024

# --------------------------------------------------------------------------------------------
# The result
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decoded:
    """The text of an HTML document and how its encoding was decided.

    ``text``
        The decoded document, without the byte order mark.
    ``encoding``
        The canonical WHATWG name of the encoding used (``"windows-1252"``, ``"Shift_JIS"``...).
    ``source``
        Which rule decided it, one of :data:`SOURCES`.
    ``confidence``
        ``"certain"`` or ``"tentative"``, as the standard's sniffing algorithm returns it: a BOM,
        the header, and a ``<meta>`` met by the parser ("change the encoding") are *certain*;
        the prescan, the XML declaration, UTF-8 validity, detection and the default are
        *tentative* (a browser would still switch on a later ``<meta>``).
    ``replacements``
        How many U+FFFD REPLACEMENT CHARACTERs the decoder *introduced* for bytes it could not
        decode: ``text.count("\\ufffd")`` minus the U+FFFD the bytes themselves spell out in
        that encoding (``EF BF BD`` in UTF-8, the code unit ``FFFD`` in UTF-16, ``84 31 A4 37`` in
        gb18030/GBK). 0 means the bytes were well-formed for the encoding.
    ``declared``
        Every declaration seen, as ``(source, label)`` pairs in the standard's order, the
        label as written (e.g. ``(("header", "utf-8"), ("meta", "windows-1251"))``).
    ``notes``
        Human-readable remarks: overridden or ignored declarations, and the standard's special
        cases (UTF-16 in ``<meta>`` means UTF-8, x-user-defined means windows-1252, the
        replacement encoding...).

    >>> decode_html(b"<meta charset=latin1>caf\\xe9", "text/html; charset=x-unknown")
    Decoded(text='<meta charset=latin1>café', encoding='windows-1252', source='meta', \
confidence='tentative', replacements=0, declared=(('header', 'x-unknown'), ('meta', 'latin1')), \
notes=("ignored the header charset 'x-unknown': not a label of the Encoding Standard",))
    """

    text: str
    encoding: str
    source: str
    confidence: str
    replacements: int
    declared: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


_new_object = object.__new__
_set_attribute = object.__setattr__


def _make_decoded(
    text: str,
    encoding: str,
    source: str,
    confidence: str,
    replacements: int,
    declared: tuple[tuple[str, str], ...],
    notes: tuple[str, ...],
) -> Decoded:
    """``Decoded(...)`` at half the cost: one attribute store instead of the seven a frozen
    dataclass's ``__init__`` makes (about 1 µs per call; it matters on small declared pages).
    Every field is set; :class:`Decoded` has no ``__post_init__``.
    """
    decoded = _new_object(Decoded)
    _set_attribute(
        decoded,
        "__dict__",
        {
            "text": text,
            "encoding": encoding,
            "source": source,
            "confidence": confidence,
            "replacements": replacements,
            "declared": declared,
            "notes": notes,
        },
    )
    return decoded


# --------------------------------------------------------------------------------------------
# BOM sniffing (Encoding Standard, "BOM sniff")
# --------------------------------------------------------------------------------------------

#: Byte order marks, longest first (the Encoding Standard's "BOM sniff" table).
BOMS: Final = (
    (b"\xef\xbb\xbf", "UTF-8"),
    (b"\xfe\xff", "UTF-16BE"),
    (b"\xff\xfe", "UTF-16LE"),
)


def bom_sniff(body: bytes | bytearray | memoryview) -> tuple[str, int] | None:
    """Return ``(encoding, BOM length)`` if *body* starts with a byte order mark, else None.

    >>> bom_sniff(b"\\xff\\xfeh\\x00i\\x00")
    ('UTF-16LE', 2)
    >>> bom_sniff(b"\\xfe\\xff\\x00h")
    ('UTF-16BE', 2)
    >>> bom_sniff(b"<html>") is None
    True
    """
    head = bytes(body[:3])
    for bom, name in BOMS:
        if head.startswith(bom):
            return name, len(bom)
    return None


# --------------------------------------------------------------------------------------------
# The Content-Type header (MIME Sniffing Standard "parse a MIME type", Fetch "extract a MIME
# type" and "legacy extract an encoding")
# --------------------------------------------------------------------------------------------

#: HTTP whitespace: TAB, LF, CR, SPACE (not FF: that is ASCII whitespace, not HTTP whitespace).
HTTP_WHITESPACE: Final = "\t\n\r "
#: HTTP token code points (RFC 9110 tchar).
_TOKEN = regex.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
#: HTTP quoted-string token code points: TAB, SPACE..~, and U+0080..U+00FF.
_QUOTED_STRING_TOKEN = regex.compile(r"[\t\x20-\x7e\x80-\xff]*")


def _collect_quoted_string(value: str, position: int) -> tuple[str, int]:
    """Fetch's "collect an HTTP quoted string" with extract-value: (value, new position).

    *position* points at the opening quote. Backslash escapes the next character.
    """
    out: list[str] = []
    position += 1
    n = len(value)
    while True:
        start = position
        while position < n and value[position] not in '"\\':
            position += 1
        out.append(value[start:position])
        if position >= n:
            break
        quote_or_backslash = value[position]
        position += 1
        if quote_or_backslash == "\\":
            if position >= n:
                out.append("\\")
                break
            out.append(value[position])
            position += 1
        else:
            break
    return "".join(out), position


def _parse_mime_type(value: str) -> tuple[str, dict[str, str]] | None:
    """The MIME Sniffing Standard's "parse a MIME type": ``(essence, parameters)`` or None.

    >>> _parse_mime_type(' Text/HTML ;Charset="utf-\\\\8"; charset=latin1')
    ('text/html', {'charset': 'utf-8'})
    >>> _parse_mime_type("text/html; charset") is None, _parse_mime_type("nonsense") is None
    (False, True)
    """
    value = value.strip(HTTP_WHITESPACE)
    slash = value.find("/")
    if slash < 1:
        return None
    mime_type = value[:slash]
    if not _TOKEN.fullmatch(mime_type):
        return None
    semicolon = value.find(";", slash + 1)
    end = len(value) if semicolon < 0 else semicolon
    subtype = value[slash + 1 : end].rstrip(HTTP_WHITESPACE)
    if not subtype or not _TOKEN.fullmatch(subtype):
        return None
    essence = f"{mime_type}/{subtype}".lower()
    parameters: dict[str, str] = {}
    position = end
    n = len(value)
    while position < n:
        position += 1  # skip ";"
        while position < n and value[position] in HTTP_WHITESPACE:
            position += 1
        start = position
        while position < n and value[position] not in ";=":
            position += 1
        name = value[start:position].lower()
        if position < n:
            if value[position] == ";":
                continue
            position += 1  # skip "="
        if position >= n:
            break
        parameter_value: str
        if value[position] == '"':
            parameter_value, position = _collect_quoted_string(value, position)
            while position < n and value[position] != ";":
                position += 1
        else:
            start = position
            while position < n and value[position] != ";":
                position += 1
            parameter_value = value[start:position].rstrip(HTTP_WHITESPACE)
            if not parameter_value:
                continue
        if (
            name
            and _TOKEN.fullmatch(name)
            and _QUOTED_STRING_TOKEN.fullmatch(parameter_value)
            and name not in parameters
        ):
            parameters[name] = parameter_value
    return essence, parameters


def _split_header_values(value: str) -> list[str]:
    """Fetch's "getting, decoding, and splitting": split on commas outside quoted strings."""
    values: list[str] = []
    position, n, start = 0, len(value), 0
    while position < n:
        char = value[position]
        if char == '"':
            _, position = _collect_quoted_string(value, position)
            continue
        if char == ",":
            values.append(value[start:position].strip(HTTP_WHITESPACE))
            start = position + 1
        position += 1
    values.append(value[start:].strip(HTTP_WHITESPACE))
    return values


def extract_charset_from_content_type(value: str | bytes | None) -> str | None:
    """Return the ``charset`` parameter of a Content-Type header value, as written, or None.

    This is Fetch's "extract a MIME type" (which copes with several comma-separated values, as
    ``requests`` joins repeated headers) and the charset part of "legacy extract an encoding":
    the label is returned unvalidated; pass it to :func:`mojifix.lookup`. A malformed header
    never raises: it has no charset.

    >>> extract_charset_from_content_type("text/html; charset=ISO-8859-1")
    'ISO-8859-1'
    >>> extract_charset_from_content_type('text/html; foo="a;b"; CHARSET = "Shift_JIS"')
    >>> extract_charset_from_content_type('text/html; foo="a;b"; CHARSET="Shift\\\\_JIS"')
    'Shift_JIS'
    >>> extract_charset_from_content_type("text/html;charset=utf-8, text/html")
    'utf-8'
    >>> extract_charset_from_content_type("text/plain;charset=gbk, text/html") is None
    True
    >>> extract_charset_from_content_type("charset=utf-8") is None  # no type/subtype
    True
    """
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode("latin-1")
    if not isinstance(value, str) or "charset" not in value.lower():
        return None
    simple = _SIMPLE_CONTENT_TYPE.fullmatch(value)
    if simple is not None:  # "type/subtype; charset=token": the full parse gives the same
        return simple.group(1)
    return _extract_charset_in_full(value)


#: The common header ``type/subtype; charset=label`` (tokens only: no quotes, backslashes,
#: commas or other parameters), whose charset the full parse below would return as is. The
#: lookahead leaves ``*/*`` (which Fetch skips) to the full parse.
_SIMPLE_CONTENT_TYPE: Final = re.compile(
    r"[\t\n\r ]*(?!\*/\*[\t\n\r ]*;)"
    r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+/[!#$%&'*+\-.^_`|~0-9A-Za-z]+"
    r"[\t\n\r ]*;[\t\n\r ]*[Cc][Hh][Aa][Rr][Ss][Ee][Tt]="
    r"([!#$%&'*+\-.^_`|~0-9A-Za-z]+)[\t\n\r ]*"
)


def _extract_charset_in_full(value: str) -> str | None:
    """Fetch's "extract a MIME type" step by step: the charset of a Content-Type, or None."""
    charset: str | None = None
    essence: str | None = None
    for item in _split_header_values(value):
        parsed = _parse_mime_type(item)
        if parsed is None or parsed[0] == "*/*":
            continue
        item_essence, parameters = parsed
        if item_essence != essence:
            charset = parameters.get("charset")
            essence = item_essence
        elif "charset" in parameters:
            charset = parameters["charset"]
    return charset


# --------------------------------------------------------------------------------------------
# The prescan (HTML Standard, "prescan a byte stream to determine its encoding")
# --------------------------------------------------------------------------------------------

# The prescan's whitespace is the five bytes TAB, LF, FF, CR, SPACE; "/" also separates
# attributes. Patterns below are bytes patterns run on the raw document.

#: The prescan's tokens: a comment, "<meta" + whitespace or "/", a tag ("<" or "</" + a
#: letter), or "<!", "</", "<?" (skipped to the next ">"). Any other byte does nothing.
_PRESCAN_TOKEN = re.compile(rb"<(?:(!--)|([Mm][Ee][Tt][Aa])[\t\n\f\r /]|(/?[A-Za-z])|([!/?]))")
#: A fast test: the prescan can only succeed if some "<meta" is there.
_HAS_META = re.compile(rb"<meta[\t\n\f\r /]", re.IGNORECASE)
#: A <meta> whose only attribute is charset (after "<meta" and its separator): the common
#: case, read in one match. The groups are the double-quoted, single-quoted, unquoted value.
_SIMPLE_META_CHARSET = re.compile(
    rb"[\t\n\f\r /]*[Cc][Hh][Aa][Rr][Ss][Ee][Tt][\t\n\f\r ]*=[\t\n\f\r ]*"
    rb"""(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >"'][^\t\n\f\r >]*))[\t\n\f\r /]*>"""
)
#: After a tag name: the prescan advances to the next whitespace or ">".
_TAG_NAME_END = re.compile(rb"[\t\n\f\r >]")
#: "get an attribute", step 1: skip whitespace and "/".
_ATTR_SKIP = re.compile(rb"[\t\n\f\r /]*")
#: An attribute name: its first byte can be anything but the separators (even "="), the
#: rest stops at whitespace, "/", ">" or "=".
_ATTR_NAME = re.compile(rb"[^\t\n\f\r />][^\t\n\f\r />=]*")
_SPACES = re.compile(rb"[\t\n\f\r ]*")
#: An unquoted value runs to the next whitespace or ">", which must exist.
_UNQUOTED_VALUE = re.compile(rb"[^\t\n\f\r >]+(?=[\t\n\f\r >])")
#: The attributes of a tag up to and including its ">", as "get an attribute" (and the
#: tokenizer's attribute states) read them: quotes delimit a value only after "=", elsewhere a
#: quote is part of a name; a quoted value that never closes, or a tag that never ends, makes
#: the match fail (the end of the input). Atomic and possessive: linear time, no backtracking.
_TAG_ATTRIBUTES: Final = rb"""
    (?>
        [\t\n\f\r /]++                                  # between attributes ("/" too)
      | [^\t\n\f\r />][^\t\n\f\r />=]*+                 # a name ("=" may start one)
        (?> [\t\n\f\r ]*+ = [\t\n\f\r ]*+                 # "=" and a value, which is
            (?> "[^"]*+" | '[^']*+'                     #   quoted (and closed),
              | [^\t\n\f\r >"'][^\t\n\f\r >]*+            #   unquoted,
              | (?=>) )                                 #   or missing before ">"
          | (?![\t\n\f\r ]*+ =) )                       # or no "=" at all
    )*+
    >
"""


def _compile_atomic(pattern: bytes) -> Any:
    """Compile a verbose pattern with atomic groups: ``re`` on Python 3.11+, else ``regex``."""
    try:
        return re.compile(pattern, re.VERBOSE)  # several times faster than regex here
    except re.error:  # pragma: no cover - Python 3.10's re has no atomic groups
        return regex.compile(pattern, regex.VERBOSE)


_TAG_REST = _compile_atomic(_TAG_ATTRIBUTES)
#: Everything the prescan passes over without a decision, in one match: other bytes, comments,
#: tags other than <meta> with their attributes, and "<!", "</", "<?" up to ">". It stops at
#: a "<meta" (or at a construct that runs off the end of the bytes).
_PRESCAN_SKIP_ALTERNATIVES: Final = (
    rb"""
        [^<]++                                          # bytes that do nothing
      | <!(?=--)(?s:.*?)-->                             # a comment ("<!-->" too)
      | (?!<[Mm][Ee][Tt][Aa][\t\n\f\r /]) </?[A-Za-z][^\t\n\f\r >]*+ """
    + _TAG_ATTRIBUTES
    + rb"""                                             # a tag and its attributes
      | <[!/?](?!--)[^>]*+>                             # "<!", "</", "<?" to ">"
      | <(?![A-Za-z!/?])                                # a "<" that starts nothing
    """
)
_PRESCAN_SKIP_PATTERN: Final = rb"(?>" + _PRESCAN_SKIP_ALTERNATIVES + rb")*+"


def _without_charset(excluded: bytes, *, first: bool = False) -> bytes:
    """A run of bytes not in *excluded* that never spells "charset" (any case): one byte if
    *first*, else any number. The run stops before a "charset"."""
    byte = rb"(?: [^Cc" + excluded + rb"] | [Cc](?![Hh][Aa][Rr][Ss][Ee][Tt]) )"
    return (
        byte if first else rb"(?: [^Cc" + excluded + rb"]++ | [Cc](?![Hh][Aa][Rr][Ss][Ee][Tt]) )*+"
    )


#: A <meta> that cannot declare an encoding: its attributes (read as :data:`_TAG_ATTRIBUTES`
#: reads any tag's) never spell "charset", neither in a name nor in a value, so it has no
#: ``charset`` attribute and no ``content`` to extract one from. The prescan passes over it as
#: over any tag. A "charset" anywhere stops the match (and the loop looks at the tag).
_META_WITHOUT_CHARSET: Final = (
    rb"""
    <[Mm][Ee][Tt][Aa][\t\n\f\r /]
    (?>
        [\t\n\f\r /]++
      | """
    + _without_charset(rb"\t\n\f\r />", first=True)
    + _without_charset(rb"\t\n\f\r />=")
    + rb"""
        (?> [\t\n\f\r ]*+ = [\t\n\f\r ]*+
            (?> " """
    + _without_charset(rb'"')
    + rb""" " | ' """
    + _without_charset(rb"'")
    + rb""" '
              | """
    + _without_charset(rb"\t\n\f\r >\"'", first=True)
    + _without_charset(rb"\t\n\f\r >")
    + rb"""
              | (?=>) )
          | (?![\t\n\f\r ]*+ =) )
    )*+
    >
    """
)
_PRESCAN_SKIP = _compile_atomic(_PRESCAN_SKIP_PATTERN)

#: "=" with the spaces "get an attribute" allows around it.
_EQUALS: Final = rb" [\t\n\f\r ]*+ = [\t\n\f\r ]*+ "
#: ``http-equiv="content-type"`` (quoted; names and values are compared lowercased).
_PRAGMA: Final = (
    rb""" (?i:http-equiv) """ + _EQUALS + rb""" (?:"(?i:content-type)"|'(?i:content-type)') """
)
#: ``content="..."`` (quoted), capturing the value.
_CONTENT: Final = rb""" (?i:content) """ + _EQUALS + rb""" (?:"([^"]*+)"|'([^']*+)') """
#: Everything the prescan passes over without a decision, <meta> tags that cannot declare
#: included.
_PRESCAN_PASSED: Final = (
    rb"(?>" + _PRESCAN_SKIP_ALTERNATIVES + rb"|" + _META_WITHOUT_CHARSET + rb")*+"
)
#: A ``<meta`` whose attributes are exactly ``charset=label`` (groups 1-3: double-quoted,
#: single-quoted, unquoted), or exactly ``http-equiv="content-type"`` and a quoted ``content``
#: in either order (groups 4-5 or 6-7: the content).
_DECLARING_META: Final = (
    rb"""
    <[Mm][Ee][Tt][Aa][\t\n\f\r /] [\t\n\f\r /]*+
    (?: (?i:charset) """
    + _EQUALS
    + rb""" (?: "([^"]*+)" | '([^']*+)' | ([^\t\n\f\r >"'][^\t\n\f\r >]*+) )
      | """
    + _PRAGMA
    + rb" [\t\n\f\r /]*+ "
    + _CONTENT
    + rb"""
      | """
    + _CONTENT
    + rb" [\t\n\f\r /]*+ "
    + _PRAGMA
    + rb"""
    )
    [\t\n\f\r /]*+ >
    """
)
#: The prescan's usual outcome in one C-level match: everything :data:`_PRESCAN_PASSED`, then
#: either a :data:`_DECLARING_META` or the end of the bytes (a match with no group: a page whose
#: <meta> tags are all of :data:`_META_WITHOUT_CHARSET`, a viewport or a description, declares
#: nothing). The prescan's steps give these tags the obvious meaning; whether the label is known
#: is checked in Python. Anything else (another attribute, a repeated one, an unquoted content,
#: a construct cut off by the end...) fails the match and the step-by-step loop decides.
_PRESCAN_FAST = _compile_atomic(_PRESCAN_PASSED + rb"(?:" + _DECLARING_META + rb"| \Z )")

_WS_BYTES: Final = b"\t\n\f\r "


def _end_of(pattern: re.Pattern[bytes], data: bytes, position: int) -> int:
    """Where *pattern* (one that can match the empty string) ends, matched at *position*."""
    match = pattern.match(data, position)
    assert match is not None
    return match.end()


class _EndOfInput(Exception):
    """The prescan ran past the end of its bytes: it returns failure."""


def _get_an_attribute(data: bytes, position: int) -> tuple[bytes, bytes, int] | None:
    """The standard's "get an attribute": ``(name, value, position after)`` or None at ">".

    The name is ASCII-lowercased; the value is returned as written (the standard lowercases it
    too, but every use of a value here is ASCII case-insensitive, and reports show the label as
    written). Raises :class:`_EndOfInput` past the end.
    """
    n = len(data)
    position = _end_of(_ATTR_SKIP, data, position)
    if position >= n:
        raise _EndOfInput
    if data[position] == 0x3E:  # ">"
        return None
    match = _ATTR_NAME.match(data, position)
    assert match is not None
    name = match.group().lower()
    position = match.end()
    if position >= n:
        raise _EndOfInput
    byte = data[position]
    if byte in b"/>":
        return name, b"", position
    if byte != 0x3D:  # whitespace: the "spaces" step
        position = _end_of(_SPACES, data, position)
        if position >= n:
            raise _EndOfInput
        if data[position] != 0x3D:
            return name, b"", position
    position += 1  # past "="
    position = _end_of(_SPACES, data, position)
    if position >= n:
        raise _EndOfInput
    byte = data[position]
    if byte in b"\"'":
        close = data.find(bytes((byte,)), position + 1)
        if close < 0:
            raise _EndOfInput
        return name, data[position + 1 : close], close + 1
    if byte == 0x3E:
        return name, b"", position
    match = _UNQUOTED_VALUE.match(data, position)
    if match is None:
        raise _EndOfInput
    return name, match.group(), match.end()


def _extract_from_meta_content(content: str) -> tuple[str, str] | None:
    """The standard's "algorithm for extracting a character encoding from a meta element".

    Returns ``(encoding, label)`` or None.

    >>> _extract_from_meta_content("text/html; charset = 'koi8-r'")
    ('KOI8-R', 'koi8-r')
    >>> _extract_from_meta_content("text/html; charset='utf-8") is None  # unmatched quote
    True
    >>> _extract_from_meta_content("text/html; charsetx; charset=utf-8;q")
    ('UTF-8', 'utf-8')
    """
    lowered = content.lower() if content.isascii() else _ascii_lower(content)
    position = 0
    n = len(content)
    while True:
        found = lowered.find("charset", position)
        if found < 0:
            return None
        position = found + 7
        while position < n and content[position] in _ASCII_WHITESPACE:
            position += 1
        if position >= n or content[position] != "=":
            continue  # "move position to point just before that next character"
        position += 1
        while position < n and content[position] in _ASCII_WHITESPACE:
            position += 1
        if position >= n:
            return None
        char = content[position]
        if char in "\"'":
            close = content.find(char, position + 1)
            if close < 0:
                return None
            label = content[position + 1 : close]
        else:
            end = position
            while end < n and content[end] not in _ASCII_WHITESPACE and content[end] != ";":
                end += 1
            label = content[position:end]
        encoding = lookup(label)
        return (encoding, label) if encoding else None


_ASCII_WHITESPACE: Final = "\t\n\f\r "
_ASCII_LOWER = {code: code + 32 for code in range(ord("A"), ord("Z") + 1)}


def _ascii_lower(text: str) -> str:
    return text.translate(_ASCII_LOWER)


class _Found(NamedTuple):
    """A declaration found in the document: the encoding it means and the label as written.

    (A named tuple: it is built on every declared page, and is cheaper than a dataclass.)
    """

    encoding: str
    label: str
    source: str  # "meta", "xml" or "meta-late"
    note: str | None = None


#: The encodings a <meta> cannot mean as such (see :func:`_meta_encoding_for_parser`).
_META_SPECIAL_CASES: Final = frozenset({"UTF-16BE", "UTF-16LE", "x-user-defined"})


def _meta_encoding_for_parser(charset: str, label: str, source: str) -> _Found:
    """The prescan's / "change the encoding"'s special cases for an encoding from a <meta>."""
    if charset in ("UTF-16BE", "UTF-16LE"):
        return _Found(
            "UTF-8",
            label,
            source,
            f"<meta> declares {label!r} ({charset}); a <meta> cannot declare UTF-16 "
            "(it is read as ASCII), so the standard uses UTF-8",
        )
    if charset == "x-user-defined":
        return _Found(
            "windows-1252",
            label,
            source,
            f"<meta> declares {label!r} (x-user-defined); the standard uses windows-1252",
        )
    return _Found(charset, label, source)


def _prescan_meta(data: bytes) -> _Found | None:
    """The prescan's loop over *data* (already cut to 1024 bytes): a <meta> result or None.

    Tries the one-match :data:`_PRESCAN_FAST` first; when it does not settle the question,
    runs the loop step by step (:func:`_prescan_meta_loop`), which is the reference.
    """
    if _HAS_META.search(data) is None:
        return None  # only a <meta> can end the loop with an encoding
    fast = _PRESCAN_FAST.match(data)
    if fast is not None:
        if fast.lastindex is None:
            return None  # every construct to the end passed over: no <meta> can declare
        found = _fast_meta(fast)
        if found is not None:
            return found
    return _prescan_meta_loop(data)


def _fast_meta(match: re.Match[bytes]) -> _Found | None:
    """The prescan's result for a :data:`_PRESCAN_FAST` match, or None if the <meta> it found
    does not declare a known encoding (the loop then goes on from there)."""
    meaning = _meta_meaning(match)
    if meaning is None:
        return None
    charset, label = meaning
    if charset in _META_SPECIAL_CASES:
        return _meta_encoding_for_parser(charset, label, "meta")
    return _Found(charset, label, "meta")


#: What the ``charset`` values and ``content`` values met by :data:`_PRESCAN_FAST` mean
#: (``(encoding, label)`` or None), remembered: pages repeat a few dozen spellings.
_CHARSET_MEANINGS: dict[bytes, tuple[str, str] | None] = {}
_CONTENT_MEANINGS: dict[bytes, tuple[str, str] | None] = {}
#: Stop remembering new spellings beyond this many (memory stays bounded on hostile input).
_MEANINGS_MAX: Final = 512
_UNKNOWN: Final[Any] = object()


def _meta_meaning(match: re.Match[bytes]) -> tuple[str, str] | None:
    """``(encoding, label)`` for the <meta> a :data:`_PRESCAN_FAST` match ends with, or None.

    The encoding is the label's, before the <meta> special cases (UTF-16, x-user-defined).
    """
    group = match.lastindex
    assert group is not None
    raw = match.group(group)
    meanings = _CHARSET_MEANINGS if group <= 3 else _CONTENT_MEANINGS
    meaning = meanings.get(raw, _UNKNOWN)
    if meaning is not _UNKNOWN:
        return cast("tuple[str, str] | None", meaning)
    value = raw.decode("latin-1")
    if group <= 3:  # <meta charset=...>
        charset = lookup(value)
        meaning = None if charset is None else (charset, value.strip(_ASCII_WHITESPACE))
    else:  # <meta http-equiv="content-type" content="...">
        meaning = _extract_from_meta_content(value)
    if len(meanings) < _MEANINGS_MAX:
        meanings[raw] = meaning
    return cast("tuple[str, str] | None", meaning)


def _prescan_meta_loop(data: bytes) -> _Found | None:
    """The prescan's loop, token by token: the reference for :data:`_PRESCAN_FAST`."""
    if b"<meta" not in data.lower():
        return None  # only a <meta> can end the loop with an encoding
    position = 0
    try:
        while True:
            position = _PRESCAN_SKIP.match(data, position).end()
            token = _PRESCAN_TOKEN.match(data, position)
            if token is None:
                return None  # the end of the bytes
            comment, meta, tag, _ = token.groups()
            position = token.end()
            if comment is not None:
                # The first ">" preceded by "--", after the "<": "<!-->" already ends it.
                end = data.find(b"-->", token.start() + 2)
                if end < 0:
                    return None
                position = end + 3
            elif meta is not None:
                simple = _SIMPLE_META_CHARSET.match(data, position)
                if simple is not None:  # the common <meta charset="..."> (same result, faster)
                    label = next(group for group in simple.groups() if group is not None)
                    charset = lookup(label.decode("latin-1"))
                    if charset is not None:
                        return _meta_encoding_for_parser(
                            charset, label.decode("latin-1").strip(_ASCII_WHITESPACE), "meta"
                        )
                rest = _TAG_REST.match(data, position)
                if rest is not None and b"charset" not in data[position : rest.end()].lower():
                    # Only a "charset" attribute or a content value with "charset" can
                    # declare; the attributes are read as any tag's.
                    position = rest.end()
                    continue
                found = _prescan_one_meta(data, position)
                if isinstance(found, _Found):
                    return found
                position = found + 1
            elif tag is not None:
                # Advance to whitespace or ">" (not "/"), then skip the attributes.
                name_end = _TAG_NAME_END.search(data, position)
                if name_end is None:
                    return None
                rest = _TAG_REST.match(data, name_end.start())
                if rest is None:
                    return None
                position = rest.end()
            else:  # "<!", "</" or "<?": to the first ">"
                end = data.find(b">", position)
                if end < 0:
                    return None
                position = end + 1
    except _EndOfInput:
        return None


def _prescan_one_meta(data: bytes, position: int) -> _Found | int:
    """Steps 1-11 of the prescan for one ``<meta``: the result, or where the loop resumes."""
    names: set[bytes] = set()
    got_pragma = False
    need_pragma: bool | None = None
    charset: str | None = None
    charset_failed = False
    label = ""
    while (attribute := _get_an_attribute(data, position)) is not None:
        name, value, position = attribute
        if name in names:
            continue
        names.add(name)
        if name == b"http-equiv":
            got_pragma = got_pragma or value.lower() == b"content-type"
        elif name == b"content":
            extracted = _extract_from_meta_content(value.decode("latin-1"))
            if extracted is not None and charset is None and not charset_failed:
                charset, label = extracted
                need_pragma = True
        elif name == b"charset":
            label = value.decode("latin-1")
            charset = lookup(label)
            charset_failed = charset is None
            need_pragma = False
    if need_pragma is None or (need_pragma and not got_pragma) or charset is None:
        return position
    return _meta_encoding_for_parser(charset, label.strip(_ASCII_WHITESPACE), "meta")


def get_xml_encoding(body: bytes | bytearray | memoryview) -> str | None:
    """The HTML Standard's "get an XML encoding": the encoding an XML declaration names.

    Only a declaration at the very start counts. UTF-16 names become UTF-8 (the declaration
    was readable as ASCII, so the bytes are not UTF-16).

    >>> get_xml_encoding(b'<?xml version="1.0" encoding="iso-8859-2"?><html>')
    'ISO-8859-2'
    >>> get_xml_encoding(b"<?xml version='1.0' encoding = 'UTF-16'?>")
    'UTF-8'
    >>> get_xml_encoding(b'<html><?xml encoding="koi8-r"?>') is None
    True
    """
    found = _get_xml_encoding(bytes(body[:PRESCAN_LENGTH]))
    return found.encoding if found else None


def _get_xml_encoding(data: bytes) -> _Found | None:
    if not data.startswith(b"<?xml"):
        return None
    declaration_end = data.find(b">")
    if declaration_end < 0:
        return None
    declaration = data[:declaration_end]
    position = declaration.lower().find(b"encoding", 5)
    if position < 0:
        return None
    position += 8
    n = len(declaration)
    while position < n and declaration[position] <= 0x20:
        position += 1
    if position >= n or declaration[position] != 0x3D:
        return None
    position += 1
    while position < n and declaration[position] <= 0x20:
        position += 1
    if position >= n or declaration[position] not in b"\"'":
        return None
    quote = declaration[position : position + 1]
    end = declaration.find(quote, position + 1)
    if end < 0:
        return None
    potential = declaration[position + 1 : end]
    if any(byte <= 0x20 for byte in potential):
        return None
    label = potential.decode("latin-1")
    encoding = lookup(label)
    if encoding is None:
        return None
    if encoding in ("UTF-16BE", "UTF-16LE"):
        return _Found(
            "UTF-8",
            label,
            "xml",
            f"the XML declaration names {label!r}; it was readable as ASCII, so UTF-8",
        )
    return _Found(encoding, label, "xml")


def _prescan(data: bytes) -> _Found | None:
    """The whole prescan of the first 1024 bytes: UTF-16 XML declarations, <meta>, <?xml."""
    data = data[:PRESCAN_LENGTH]
    # "Prescan for UTF-16 XML declarations": "<?x" in UTF-16 without a BOM.
    if data.startswith(b"<\x00?\x00x\x00"):
        return _Found("UTF-16LE", "UTF-16LE", "xml", "UTF-16LE XML declaration without a BOM")
    if data.startswith(b"\x00<\x00?\x00x"):
        return _Found("UTF-16BE", "UTF-16BE", "xml", "UTF-16BE XML declaration without a BOM")
    return _prescan_meta(data) or _get_xml_encoding(data)


def prescan(body: bytes | bytearray | memoryview) -> str | None:
    """The HTML Standard's "prescan a byte stream to determine its encoding".

    Looks at the first 1024 bytes only, for ``<meta charset>``, for
    ``<meta http-equiv="content-type" content="...charset=...">`` (only with the pragma), and
    then for an XML declaration; skips comments, other tags (with their attributes, so a
    ``<meta>`` inside a quoted attribute value does not count) and ``<!...>``, ``</...>``,
    ``<?...>``. Returns the canonical encoding name or None (failure).

    >>> prescan(b'<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">')
    'EUC-JP'
    >>> prescan(b'<meta content="text/html; charset=euc-jp">') is None  # no http-equiv pragma
    True
    >>> prescan(b'<!-- <meta charset="koi8-r"> --><meta charset="UTF-16LE">')
    'UTF-8'
    >>> prescan(b'<meta charset="x-user-defined">')
    'windows-1252'
    >>> prescan(b'<p title="<meta charset=koi8-r>">') is None
    True
    """
    found = _prescan(bytes(body[:PRESCAN_LENGTH]))
    return found.encoding if found else None


# --------------------------------------------------------------------------------------------
# A <meta> later in the document (the tree builder's "change the encoding")
# --------------------------------------------------------------------------------------------

#: Any "<" that can start a token: a tag, an end tag, a comment, a doctype, a bogus comment.
_MARKUP = re.compile(rb"<(?:(!--)|(/[A-Za-z][^\t\n\f\r />]*)|([!?/])|([A-Za-z][^\t\n\f\r />]*))")
#: A comment ends at "-->" or "--!>" ("<!-->" and "<!--->" are complete, empty comments).
_COMMENT_END = re.compile(rb"--!?>")
#: Elements whose content the tokenizer reads as text (RCDATA, RAWTEXT, script data,
#: PLAINTEXT): a "<meta" inside them is not a tag. noscript counts: browsers run scripts.
_RAW_TEXT: Final = frozenset(
    {
        b"script",
        b"style",
        b"textarea",
        b"title",
        b"xmp",
        b"iframe",
        b"noembed",
        b"noframes",
        b"noscript",
    }
)
_RAW_TEXT_END = {
    name: re.compile(rb"</" + name + rb"[\t\n\f\r />]", re.IGNORECASE) for name in _RAW_TEXT
}
#: Everything the late scan can skip in one C-level match: text, comments, doctypes and bogus
#: comments, end tags, and start tags other than <meta> and the raw-text elements (attributes
#: included). It stops before a token that needs a look (or one that never ends).
_BORING = _compile_atomic(
    rb"""
    (?>
        [^<]++                                          # text
      | <!--(?: > | -> | (?:[^-]++ | -(?!-!?>))*+ --!?> )    # a comment
      | <[!?](?!--)[^>]*+>                              # a doctype or bogus comment
      | </(?![A-Za-z])[^>]*+>                           # "</>" or a bogus comment
      | </?(?!(?i:meta|script|style|textarea|title|xmp|iframe|noembed|noframes|noscript
                 |plaintext)[\t\n\f\r />])
        [A-Za-z][^\t\n\f\r />]*+ """
    + _TAG_ATTRIBUTES
    + rb"""                                             # an ordinary tag
      | <(?![A-Za-z/!?])                                # a "<" that starts nothing
    )*+
    """,
)

#: A fast test: no "<meta" anywhere means no late <meta>.
_ANY_META = re.compile(rb"<meta[\t\n\f\r /]", re.IGNORECASE)
_ANY_CHARSET = re.compile(rb"charset", re.IGNORECASE)


def _late_meta(body: bytes) -> _Found | None:
    """The first <meta> the tree builder would act on, anywhere in *body*, or None.

    Scans tokens as the tokenizer does: skips comments, doctypes, bogus comments, the
    attributes of every tag, and the content of raw-text elements; a tag that never ends is
    not a tag. For each ``<meta>``, applies the "in head" rule: a ``charset`` attribute that is
    a label, else ``http-equiv=content-type`` with a ``content`` that yields an encoding.
    """
    if _ANY_META.search(body) is None or _ANY_CHARSET.search(body) is None:
        return None  # a <meta> that declares an encoding says "charset" somewhere
    n = len(body)
    position = 0
    while position < n:
        position = _BORING.match(body, position).end()
        match = _MARKUP.match(body, position)
        if match is None:
            return None
        comment, end_tag, bogus, tag_name = match.groups()
        position = match.end()
        if comment is not None:
            if body.startswith(b">", position):  # "<!-->"
                position += 1
                continue
            if body.startswith(b"->", position):  # "<!--->"
                position += 2
                continue
            end = _COMMENT_END.search(body, position)
            if end is None:
                return None
            position = end.end()
            continue
        if bogus is not None:
            end_index = body.find(b">", position)
            if end_index < 0:
                return None
            position = end_index + 1
            continue
        if end_tag is not None:  # its attributes are tokenized (and dropped) like a start tag's
            rest = _TAG_REST.match(body, position)
            if rest is None:
                return None
            position = rest.end()
            continue
        assert tag_name is not None
        name = tag_name.lower()
        rest = _TAG_REST.match(body, position)
        if rest is None:
            return None  # a tag cut off by the end of the document is never emitted
        tag_end = rest.end()
        if name == b"meta":
            found = _meta_as_parser_sees_it(body[position : tag_end - 1] + b">")
            if found is not None:
                return found
        elif name in _RAW_TEXT:
            close = _RAW_TEXT_END[name].search(body, tag_end)
            if close is None:
                return None
            tag_end = close.start()
        elif name == b"plaintext":
            return None
        position = tag_end
    return None


def _meta_as_parser_sees_it(attributes: bytes) -> _Found | None:
    """The tree builder's "in head" rule for one <meta> (its attributes, ending in ">")."""
    values: dict[bytes, bytes] = {}
    position = 0
    try:
        while (attribute := _get_an_attribute(attributes, position)) is not None:
            name, value, position = attribute
            values.setdefault(name, value)
    except _EndOfInput:  # pragma: no cover - _TAG_REST guarantees a closing ">"
        return None
    if b"charset" in values:
        label = values[b"charset"].decode("latin-1")
        encoding = lookup(label)
        if encoding is not None:
            return _meta_encoding_for_parser(encoding, label.strip(_ASCII_WHITESPACE), "meta-late")
    if values.get(b"http-equiv", b"").lower() == b"content-type" and b"content" in values:
        extracted = _extract_from_meta_content(values[b"content"].decode("latin-1"))
        if extracted is not None:
            return _meta_encoding_for_parser(extracted[0], extracted[1], "meta-late")
    return None


# --------------------------------------------------------------------------------------------
# The locale's default (HTML Standard, the table in "determine the default encoding" note)
# --------------------------------------------------------------------------------------------

#: The HTML Standard's suggested default encodings by the user's locale language; every other
#: locale gets windows-1252. (The standard derives the table from the intersection of the
#: Windows, Chrome and Firefox defaults.)  Checked row by row against the table in "13.2.3.2
#: Determining the character encoding" of the HTML Standard (html.spec.whatwg.org, 2026).
LOCALE_DEFAULTS: Final[Mapping[str, str]] = {
    "ar": "windows-1256",  # Arabic
    "az": "windows-1254",  # Azeri
    "ba": "windows-1251",  # Bashkir
    "be": "windows-1251",  # Belarusian
    "bg": "windows-1251",  # Bulgarian
    "cs": "windows-1250",  # Czech
    "el": "ISO-8859-7",  # Greek
    "et": "windows-1257",  # Estonian
    "fa": "windows-1256",  # Persian
    "he": "windows-1255",  # Hebrew
    "hr": "windows-1250",  # Croatian
    "hu": "ISO-8859-2",  # Hungarian
    "ja": "Shift_JIS",  # Japanese
    "kk": "windows-1251",  # Kazakh
    "ko": "EUC-KR",  # Korean
    "ku": "windows-1254",  # Kurdish
    "ky": "windows-1251",  # Kyrgyz
    "lt": "windows-1257",  # Lithuanian
    "lv": "windows-1257",  # Latvian
    "mk": "windows-1251",  # Macedonian
    "pl": "ISO-8859-2",  # Polish
    "ru": "windows-1251",  # Russian
    "sah": "windows-1251",  # Yakut
    "sk": "windows-1250",  # Slovak
    "sl": "ISO-8859-2",  # Slovenian
    "sr": "windows-1251",  # Serbian
    "tg": "windows-1251",  # Tajik
    "th": "windows-874",  # Thai
    "tr": "windows-1254",  # Turkish
    "tt": "windows-1251",  # Tatar
    "uk": "windows-1251",  # Ukrainian
    "vi": "windows-1258",  # Vietnamese
    "zh-cn": "GBK",  # Chinese, Simplified (zh-Hans, zh-CN, zh-SG)
    "zh-tw": "Big5",  # Chinese, Traditional (zh-Hant, zh-HK, zh-MO, zh-TW)
}

#: Country-code top-level domains mapped to the locale whose default they imply (a hint like
#: Firefox's TLD-based fallback; only TLDs of the languages in :data:`LOCALE_DEFAULTS`).
TLD_LOCALES: Final[Mapping[str, str]] = {
    "ae": "ar", "bh": "ar", "dz": "ar", "eg": "ar", "iq": "ar", "jo": "ar", "kw": "ar",
    "lb": "ar", "ly": "ar", "ma": "ar", "om": "ar", "qa": "ar", "sa": "ar", "sd": "ar",
    "sy": "ar", "tn": "ar", "ye": "ar",
    "az": "az", "by": "be", "bg": "bg", "cz": "cs", "gr": "el", "ee": "et", "ir": "fa",
    "il": "he", "hr": "hr", "hu": "hu", "jp": "ja", "kz": "kk", "kr": "ko", "kg": "ky",
    "lt": "lt", "lv": "lv", "mk": "mk", "pl": "pl", "ru": "ru", "su": "ru", "xn--p1ai": "ru",
    "sk": "sk", "si": "sl", "rs": "sr", "tj": "tg", "th": "th", "tr": "tr", "ua": "uk",
    "vn": "vi", "cn": "zh-cn", "tw": "zh-tw", "hk": "zh-tw", "mo": "zh-tw",
}  # fmt: skip


def default_encoding(locale: str | None = None, *, tld: str | None = None) -> str:
    """The default encoding for a locale (a BCP 47 tag or POSIX name) or a country TLD.

    >>> default_encoding(), default_encoding("ja-JP"), default_encoding("ru_RU.UTF-8")
    ('windows-1252', 'Shift_JIS', 'windows-1251')
    >>> default_encoding("zh-Hant"), default_encoding("zh"), default_encoding("en-GB")
    ('Big5', 'GBK', 'windows-1252')
    >>> default_encoding(tld=".jp"), default_encoding(tld="example.co.kr")
    ('Shift_JIS', 'EUC-KR')
    """
    if locale is None and tld is not None:
        if not isinstance(tld, str):
            raise TypeError(f"tld must be a str such as 'jp' or 'example.co.jp', not {tld!r}")
        locale = TLD_LOCALES.get(tld.strip().strip(".").rsplit(".", 1)[-1].lower())
    if locale is None:
        return "windows-1252"
    if not isinstance(locale, str):
        raise TypeError(f"locale must be a str such as 'ja' or 'zh-TW', not {locale!r}")
    # The table's Simplified rows (zh-Hans, zh-CN, zh-SG) say GBK; a bare "zh" gets the same
    # (it is what the browsers of the table do).
    key = _locale_key(locale)
    return LOCALE_DEFAULTS[key] if key else "windows-1252"


# --------------------------------------------------------------------------------------------
# Detection (mojifix.detection: chardetng, charset-normalizer and the model of real text)
# --------------------------------------------------------------------------------------------

#: A country-code TLD for each locale of :data:`LOCALE_DEFAULTS`: the domain hint chardetng
#: takes when the caller gives a locale rather than a domain.
LOCALE_TLDS: Final[Mapping[str, str]] = {
    **{locale: tld for tld, locale in reversed(list(TLD_LOCALES.items()))},
    "et": "ee", "ku": "iq", "ba": "ru", "sah": "ru", "tt": "ru",
}  # fmt: skip

#: ISO-2022-JP escape sequences (to JIS X 0208 or JIS X 0201 Roman): 7-bit text that only
#: ISO-2022-JP explains.
_ISO_2022_JP_ESCAPE = regex.compile(rb"\x1b\$[@B]|\x1b\(J")


def _locale_key(locale: str) -> str | None:
    """The key of :data:`LOCALE_DEFAULTS` a locale falls under, or None.

    >>> _locale_key("ja-JP"), _locale_key("zh_Hant"), _locale_key("en-GB")
    ('ja', 'zh-tw', None)
    """
    parts = [p for p in regex.split(r"[-_.@]", locale.strip().lower()) if p]
    if not parts:
        return None
    if parts[0] == "zh":
        return "zh-tw" if {"tw", "hk", "mo", "hant"} & set(parts[1:]) else "zh-cn"
    return parts[0] if parts[0] in LOCALE_DEFAULTS else None


def _domain_hint(locale: str | None, tld: str | None) -> str | None:
    """The domain chardetng weighs: *tld* as given, else the one of *locale*'s country."""
    if tld is not None:
        return tld if isinstance(tld, str) else None
    if isinstance(locale, str):
        key = _locale_key(locale)
        return LOCALE_TLDS.get(key) if key else None
    return None


# --------------------------------------------------------------------------------------------
# Decoding
# --------------------------------------------------------------------------------------------

def _decode(data: bytes, encoding: str, errors: str = "replace") -> str:
    """Decode with the WHATWG decoder of *encoding* (mojifix.codecs), without BOM handling.

    ``errors="strict"`` raises :class:`UnicodeDecodeError` on malformed input.
    """
    return decode(data, encoding, errors)


def _legitimate_replacements(data: bytes, encoding: str) -> int:
    """How many U+FFFD the bytes themselves encode (not introduced by decoding errors)."""
    if encoding == "UTF-8":
        return data.count(b"\xef\xbf\xbd")
    if encoding in ("UTF-16LE", "UTF-16BE"):
        units = array("H")
        units.frombytes(data[: len(data) // 2 * 2])
        if (encoding == "UTF-16LE") != (array("H", b"\x01\x00")[0] == 1):
            units.byteswap()
        return units.count(0xFFFD)
    if encoding in ("gb18030", "GBK"):
        return data.count(b"\x84\x31\xa4\x37")
    return 0


def _body_bytes(body: object) -> bytes:
    if isinstance(body, bytes):
        return body
    if isinstance(body, (bytearray, memoryview)):
        return bytes(body)
    if isinstance(body, str):
        raise TypeError(
            "decode_html() needs the raw bytes of the page, not str: pass response.content "
            "(not response.text), or open the file in binary mode ('rb')"
        )
    raise TypeError(
        f"decode_html() needs the raw bytes of the page (bytes, bytearray or memoryview), "
        f"got {type(body).__name__}"
    )


def decode_html(
    body: bytes | bytearray | memoryview,
    content_type: str | bytes | None = None,
    *,
    locale: str | None = None,
    tld: str | None = None,
    detect: bool = True,
    utf16: bool = False,
) -> Decoded:
    """Decode an HTML document's bytes the way a browser does.

    *content_type* is the HTTP ``Content-Type`` header value, if any. *locale* (``"ja"``,
    ``"zh-TW"``, ``"ru_RU"``...) or *tld* (``"jp"``, ``"example.co.kr"``, the domain the page
    came from) select the default encoding from the HTML Standard's table and weigh in when
    detection hesitates (see :mod:`mojifix.detection`). With ``detect=False`` no detection
    runs (undeclared non-UTF-8 bytes get the default, as in a browser without a detector).
    With ``utf16=True`` an undeclared page may also be detected as BOM-less UTF-16LE or
    UTF-16BE, which no browser does.

    Pages declared the usual way (a simple header charset, or a first ``<meta>`` that one
    regular expression reads) take a fast path with the same result (:func:`_decode_declared`);
    everything else goes through every rule in order (:func:`_sniff_and_decode`).

    >>> decode_html(b'<meta charset="shift_jis">\\x93\\xfa\\x96\\x7b').text[-2:]
    '日本'
    >>> d = decode_html("<p>caf\\u00e9</p>".encode(), "text/html")
    >>> d.text, d.encoding, d.source, d.confidence
    ('<p>café</p>', 'UTF-8', 'utf-8', 'tentative')
    >>> decode_html(b"<p>plain ASCII</p>").encoding   # undeclared ASCII: like browsers
    'windows-1252'
    >>> decode_html(b"", "text/html; charset=utf-8").text
    ''
    >>> decode_html(b"<p>x</p>", "text/html; charset=iso-2022-kr").text   # browsers do this
    '\\ufffd'
    >>> decode_html("<p>text</p>")
    Traceback (most recent call last):
    ...
    TypeError: decode_html() needs the raw bytes of the page, not str: pass response.content \
(not response.text), or open the file in binary mode ('rb')
    """
    if type(body) is bytes and not body.startswith(_NOT_FAST):
        fast = _decode_declared(body, content_type)
        if fast is not None:
            return fast
    return _sniff_and_decode(
        body, content_type, locale=locale, tld=tld, detect=detect, utf16=utf16
    )


#: Starts of documents the fast path leaves alone: the byte order marks, and the UTF-16 XML
#: declarations the prescan checks first.
_NOT_FAST: Final = (
    b"\xef\xbb\xbf",
    b"\xfe\xff",
    b"\xff\xfe",
    b"<\x00?\x00x\x00",
    b"\x00<\x00?\x00x",
)


def _decode_declared(body: bytes, content_type: object) -> Decoded | None:
    """The common cases of :func:`_sniff_and_decode`, with less bookkeeping, or None.

    Handles a page (without a BOM or UTF-16 XML declaration) whose encoding is declared by a
    simple ``Content-Type: type/subtype; charset=label`` that agrees with the page's own
    declaration if any, or, without a header charset, by a first ``<meta>`` that
    :data:`_PRESCAN_FAST` reads in one match. Returns exactly what the general path returns;
    anything else (a conflict to note, a special case of the standard, an unknown label)
    returns None and the general path decides.
    """
    declared: tuple[tuple[str, str], ...]
    if content_type is None or (
        type(content_type) is str and "charset" not in content_type.lower()
    ):
        match = _PRESCAN_FAST.match(body, 0, PRESCAN_LENGTH)  # endpos: as if cut to 1024 bytes
        if match is None or match.lastindex is None:
            return None  # no <meta> that reads in one match declares: the general path decides
        meaning = _meta_meaning(match)
        if meaning is None or meaning[0] in _NOT_FAST_ENCODINGS:
            return None  # unknown label, or a special case that needs a note
        encoding, label = meaning
        source, confidence, declared = "meta", "tentative", (("meta", label),)
    else:
        header = _simple_header(content_type) if type(content_type) is str else None
        if header is None:
            return None
        label, encoding = header
        source, confidence = "header", "certain"
        declared = (("header", label),)
        # The general path also prescans, to record the page's own declaration (the prescan
        # looks for a "<meta" first: most pages without one are passed over at once).
        found = _prescan(body)
        if found is not None:
            if found.encoding != encoding:
                return None  # the general path notes the conflict
            declared = (("header", label), (found.source, found.label))
    try:  # a strict decode that succeeds introduced no U+FFFD
        text = body.decode() if encoding == "UTF-8" else _decode(body, encoding, "strict")
    except UnicodeDecodeError:
        return _result(body, encoding, source, confidence, declared, ())
    return _make_decoded(text, encoding, source, confidence, 0, declared, ())


@functools.lru_cache(maxsize=256)
def _simple_header(content_type: str) -> tuple[str, str] | None:
    """``(label, encoding)`` of a ``Content-Type`` the fast path reads (a simple value whose
    charset is a label of an encoding other than replacement), or None. Cached: the responses of
    a crawl repeat a few values, and reading one took a tenth of a declared page's time.

    >>> _simple_header("text/html; charset=ISO-8859-1")
    ('ISO-8859-1', 'windows-1252')
    >>> _simple_header("text/html; charset=utf-7") is None
    True
    """
    simple = _SIMPLE_CONTENT_TYPE.fullmatch(content_type)
    if simple is None:
        return None
    label = simple.group(1)
    encoding = lookup(label)
    if encoding is None or encoding == "replacement":
        return None
    return label, encoding


#: Encodings whose declaration comes with a note (the fast path leaves them to the general one).
_NOT_FAST_ENCODINGS: Final = frozenset({"UTF-16BE", "UTF-16LE", "x-user-defined", "replacement"})


def _sniff_and_decode(
    body: bytes | bytearray | memoryview,
    content_type: str | bytes | None,
    *,
    locale: str | None,
    tld: str | None,
    detect: bool,
    utf16: bool = False,
) -> Decoded:
    """The encoding sniffing algorithm, every rule in order (see :func:`decode_html`)."""
    data = body if type(body) is bytes else _body_bytes(body)
    declared: list[tuple[str, str]] = []
    notes: list[str] = []

    # Every byte order mark starts with EF, FE or FF (and b"" is "in" anything).
    bom = bom_sniff(data) if data[:1] in b"\xef\xfe\xff" else None
    if bom is not None:
        declared.append(("bom", bom[0]))

    header_encoding: str | None = None
    if content_type is not None:
        label = extract_charset_from_content_type(content_type)
        if label is not None:
            declared.append(("header", label))
            header_encoding = lookup(label)
            if header_encoding is None:
                notes.append(
                    f"ignored the header charset {label!r}: not a label of the Encoding Standard"
                )

    found = _prescan(data) if bom is None or header_encoding is None else None
    if found is not None:
        declared.append((found.source, found.label))

    if bom is not None:
        encoding, skip = bom
        for source, label in declared[1:]:
            if lookup(label) != encoding:
                notes.append(f"the {encoding} byte order mark overrides the {source} {label!r}")
        return _result(data[skip:], encoding, "bom", "certain", declared, notes)

    if header_encoding is not None:
        if found is not None and found.encoding != header_encoding:
            notes.append(
                f"the header charset {declared[-2][1]!r} ({header_encoding}) overrides the "
                f"{found.source} {found.label!r} ({found.encoding}), as in browsers"
            )
        if header_encoding == "replacement":
            notes.append(_REPLACEMENT_NOTE.format(label=declared[0][1]))
        return _result(data, header_encoding, "header", "certain", declared, notes)

    if found is not None and found.source == "meta":
        if found.note:
            notes.append(found.note)
        if found.encoding == "replacement":
            notes.append(_REPLACEMENT_NOTE.format(label=found.label))
        return _result(data, found.encoding, "meta", "tentative", declared, notes)

    late = _late_meta(data)
    if late is not None and (found is None or late.encoding != found.encoding):
        declared.append((late.source, late.label))
        if found is not None:
            notes.append(
                f"a later <meta> ({late.label!r}) changes the encoding from the XML "
                f"declaration's {found.encoding}"
            )
        if late.note:
            notes.append(late.note)
        if late.encoding == "replacement":
            notes.append(_REPLACEMENT_NOTE.format(label=late.label))
        return _result(data, late.encoding, "meta-late", "certain", declared, notes)

    if found is not None:  # the XML declaration
        if found.note:
            notes.append(found.note)
        if found.encoding == "replacement":
            notes.append(_REPLACEMENT_NOTE.format(label=found.label))
        return _result(data, found.encoding, "xml", "tentative", declared, notes)

    default = default_encoding(locale, tld=tld)
    if detect and b"\x1b" in data and data.isascii() and _ISO_2022_JP_ESCAPE.search(data):
        decoded = _result(data, "ISO-2022-JP", "detected", "tentative", declared, notes)
        if decoded.replacements == 0:
            return Decoded(
                decoded.text,
                decoded.encoding,
                "detected",
                "high",
                0,
                decoded.declared,
                (*decoded.notes, "ISO-2022-JP escape sequences in 7-bit text"),
            )
    if utf16 and detect and _looks_like_utf16(data):
        detected = detection.detect(data, tld=_domain_hint(locale, tld), utf16=True)
        if detected.encoding.startswith("UTF-16"):
            notes.extend(detected.notes)
            return _result(
                data, detected.encoding, "detected", detected.confidence, declared, notes
            )
    if not data.isascii():
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            return _make_decoded(
                text, "UTF-8", "utf-8", "tentative", 0, tuple(declared), tuple(notes)
            )
        if detect:
            preferred = default if (locale or tld) else None
            detected = detection.detect(
                data, tld=_domain_hint(locale, tld), preferred=preferred, utf16=utf16
            )
            notes.extend(detected.notes)
            return _result(
                data, detected.encoding, "detected", detected.confidence, declared, notes
            )
    return _result(data, default, "default", "tentative", declared, notes)


def _looks_like_utf16(data: bytes) -> bool:
    """Could *data* be BOM-less UTF-16? An even length, and a NUL byte in the first KB (ASCII
    in UTF-16), or no valid UTF-8 reading.

    >>> _looks_like_utf16("<p>hi</p>".encode("utf-16-le")), _looks_like_utf16(b"<p>hi</p>!")
    (True, False)
    """
    if len(data) % 2 or not data:
        return False
    if b"\x00" in data[:1024]:
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


_REPLACEMENT_NOTE: Final = (
    "the label {label!r} means the 'replacement' encoding: browsers decode the whole body to a "
    "single U+FFFD (to defuse ISO-2022-KR, HZ and similar encodings)"
)


def _result(
    data: bytes,
    encoding: str,
    source: str,
    confidence: str,
    declared: Sequence[tuple[str, str]],
    notes: Sequence[str],
) -> Decoded:
    """Decode *data* and build the :class:`Decoded`, counting introduced U+FFFD."""
    # A strict decode that succeeds introduced no U+FFFD: nothing to count (the usual case).
    try:
        # CPython's UTF-8 decoder is WHATWG's; call it directly.
        text = data.decode() if encoding == "UTF-8" else _decode(data, encoding, "strict")
        replacements = 0
    except UnicodeDecodeError:
        text = _decode(data, encoding)
        replacements = text.count("\ufffd") - _legitimate_replacements(data, encoding)
    return _make_decoded(
        text, encoding, source, confidence, replacements, tuple(declared), tuple(notes)
    )


# --------------------------------------------------------------------------------------------
# HTTP client responses
# --------------------------------------------------------------------------------------------


def decode_response(response: Any, **kwargs: Any) -> Decoded:
    """Decode a ``requests`` or ``httpx`` response as a browser would.

    Uses the raw bytes (``response.content``) and the ``Content-Type`` header, never
    ``response.text`` (``requests`` decodes ``text/html`` without a charset as ISO-8859-1,
    whatever the page says). Any object with ``.content`` and ``.headers`` works; keyword
    arguments go to :func:`decode_html`.

    >>> class Response:  # the two attributes decode_response() reads
    ...     content = '<meta charset="utf-8"><p>Zürich</p>'.encode()
    ...     headers = {"Content-Type": "text/html"}
    >>> decode_response(Response()).text[-13:]
    '<p>Zürich</p>'
    >>> decode_response("<p>Zürich</p>")
    Traceback (most recent call last):
    ...
    TypeError: decode_response() needs a response object with .content (bytes) and .headers, \
like requests.Response or httpx.Response; got str
    """
    if not (hasattr(response, "content") and hasattr(response, "headers")):
        raise TypeError(
            "decode_response() needs a response object with .content (bytes) and .headers, "
            f"like requests.Response or httpx.Response; got {type(response).__name__}"
        )
    headers = response.headers
    content_type = None
    getter = getattr(headers, "get", None)
    if getter is not None:
        content_type = getter("content-type")
        if content_type is None and isinstance(headers, Mapping):
            for key, value in headers.items():
                if isinstance(key, str) and key.lower() == "content-type":
                    content_type = value
                    break
    return decode_html(response.content, content_type, **kwargs)
