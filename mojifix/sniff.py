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
from typing import Any, Final, NamedTuple

import regex

from mojifix import detection
from mojifix._core import sniff as _core_sniff
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

#: How many bytes the prescan looks at: the standard suggests 1024, and browsers use 1024
#: (the core's constant, which its prescan reads).
PRESCAN_LENGTH: Final[int] = _core_sniff.PRESCAN_LENGTH

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

# The prescan is the core's (``mojifix._core.sniff``, the Rust module ``prescan``): the
# standard's steps byte by byte, where regular expressions cost a declared page several
# microseconds. Here, the notes that say why a declaration means another encoding.


class _Found(NamedTuple):
    """A declaration found in the document: the encoding it means and the label as written.

    (A named tuple: it is built on every declared page, and is cheaper than a dataclass.)
    """

    encoding: str
    label: str
    source: str  # "meta", "xml" or "meta-late"
    note: str | None = None


def _found(core: tuple[str, str, str, str] | None, source: str | None = None) -> _Found | None:
    """A declaration the core found (``(source, encoding, declared, label)``) as a
    :class:`_Found` under *source* (default: the core's), with the note that says why the
    encoding is not the label's when it is not."""
    if core is None:
        return None
    where, encoding, declared, label = core
    if where == "utf-16-xml":
        return _Found(encoding, label, "xml", f"{encoding} XML declaration without a BOM")
    if encoding == declared:
        return _Found(encoding, label, source or where)
    if where == "xml":
        note = f"the XML declaration names {label!r}; it was readable as ASCII, so UTF-8"
    elif encoding == "UTF-8":
        note = (
            f"<meta> declares {label!r} ({declared}); a <meta> cannot declare UTF-16 "
            "(it is read as ASCII), so the standard uses UTF-8"
        )
    else:
        note = f"<meta> declares {label!r} ({declared}); the standard uses {encoding}"
    return _Found(encoding, label, source or where, note)


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
    found = _core_sniff.xml_encoding(_body_bytes(body[:PRESCAN_LENGTH]))
    return None if found is None else found[1]


def _prescan(data: bytes) -> _Found | None:
    """The whole prescan of the first 1024 bytes: UTF-16 XML declarations, <meta>, <?xml."""
    return _found(_core_sniff.prescan(data))


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
    found = _core_sniff.prescan(_body_bytes(body[:PRESCAN_LENGTH]))
    return None if found is None else found[1]


# --------------------------------------------------------------------------------------------
# A <meta> later in the document (the tree builder's "change the encoding")
# --------------------------------------------------------------------------------------------


def _late_meta(body: bytes) -> _Found | None:
    """The first <meta> the tree builder would act on, anywhere in *body*, or None.

    The core scans tokens as the tokenizer does (``late_meta`` in the Rust module
    ``prescan``): it skips comments, doctypes, bogus comments, the attributes of every tag,
    and the content of raw-text elements; a tag that never ends is not a tag. For each
    ``<meta>``, it applies the "in head" rule: a ``charset`` attribute that is a label, else
    ``http-equiv=content-type`` with a ``content`` that yields an encoding.

    >>> _late_meta(b"<title><meta charset=koi8-r></title><p><meta charset=gbk>").encoding
    'GBK'
    """
    return _found(_core_sniff.late_meta(body), "meta-late")


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

    Pages declared the usual way (a simple header charset, or a ``<meta>`` the prescan finds,
    without the standard's special cases) take a fast path with the same result
    (:func:`_decode_declared`); everything else goes through every rule in order
    (:func:`_sniff_and_decode`).

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
    return _sniff_and_decode(body, content_type, locale=locale, tld=tld, detect=detect, utf16=utf16)


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
    declaration if any, or, without a header charset, by a ``<meta>`` the prescan finds.
    Returns exactly what the general path returns; anything else (a conflict to note, a
    special case of the standard, an XML declaration) returns None and the general path
    decides.
    """
    declared: tuple[tuple[str, str], ...]
    if content_type is None or (
        type(content_type) is str and "charset" not in content_type.lower()
    ):
        found = _core_sniff.prescan(body)
        if found is None or found[0] != "meta" or found[1] != found[2] or found[1] == "replacement":
            return None  # no <meta>, or a special case that needs a note: the general path
        encoding, label = found[1], found[3]
        source, confidence, declared = "meta", "tentative", (("meta", label),)
    else:
        header = _simple_header(content_type) if type(content_type) is str else None
        if header is None:
            return None
        label, encoding = header
        source, confidence = "header", "certain"
        declared = (("header", label),)
        # The general path also prescans, to record the page's own declaration.
        found = _core_sniff.prescan(body)
        if found is not None:
            if found[1] != encoding:
                return None  # the general path notes the conflict
            declared = (("header", label), (found[0], found[3]))
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
