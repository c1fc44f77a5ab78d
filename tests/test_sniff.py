"""Tests for mojifix.sniff: the HTML Standard's encoding sniffing, step by step."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mojifix import Decoded, decode_html, decode_response
from mojifix.labels import ENCODINGS
from mojifix.sniff import (
    LOCALE_DEFAULTS,
    SOURCES,
    bom_sniff,
    default_encoding,
    extract_charset_from_content_type,
    get_xml_encoding,
    prescan,
)

RUSSIAN = "<p>Съешь же ещё этих мягких французских булок, да выпей чаю.</p>"
PAD = "<!-- " + "x" * 1100 + " -->\n"  # pushes what follows past the 1024-byte prescan

# --- BOM -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bom", "encoding", "python"),
    [
        (b"\xef\xbb\xbf", "UTF-8", "utf-8"),
        (b"\xff\xfe", "UTF-16LE", "utf-16-le"),
        (b"\xfe\xff", "UTF-16BE", "utf-16-be"),
    ],
)
def test_bom_decides_and_is_stripped(bom: bytes, encoding: str, python: str) -> None:
    page = '<meta charset="koi8-r">' + RUSSIAN
    decoded = decode_html(bom + page.encode(python), "text/html; charset=windows-1251")
    assert (decoded.encoding, decoded.source, decoded.confidence) == (encoding, "bom", "certain")
    assert decoded.text == page
    assert decoded.declared[0] == ("bom", encoding)
    assert ("header", "windows-1251") in decoded.declared
    assert any("byte order mark overrides" in note for note in decoded.notes)


def test_bom_sniff_needs_the_whole_mark() -> None:
    assert bom_sniff(b"\xef\xbb") is None
    assert bom_sniff(b"") is None
    assert bom_sniff(bytearray(b"\xff\xfex")) == ("UTF-16LE", 2)


# --- Content-Type ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "label"),
    [
        ("text/html; charset=utf-8", "utf-8"),
        ("text/html;charset=UTF-8", "UTF-8"),
        ("TEXT/HTML ; CHARSET = utf-8", None),  # spaces around "=" make a different name
        ("text/html; CHARSET=Shift_JIS", "Shift_JIS"),
        ('text/html; charset="euc-jp"', "euc-jp"),
        ('text/html; charset="euc\\-jp"', "euc-jp"),  # backslash escape in a quoted string
        ('text/html; charset="euc-jp', "euc-jp"),  # unterminated quote: value runs to the end
        ('text/html; charset="koi8-r" ; q=1', "koi8-r"),
        ("text/html; q=1; charset=koi8-r", "koi8-r"),
        ('text/html; foo="a;charset=x"; charset=koi8-r', "koi8-r"),  # ";" inside quotes
        ("text/html; charset=koi8-r; charset=utf-8", "koi8-r"),  # the first one counts
        ("text/html; charset=", None),
        ("text/html; charset", None),
        ("text/html; charset= ;", None),
        ("charset=utf-8", None),  # not a MIME type
        ("text/html\x00; charset=utf-8", None),  # not a token
        ("", None),
        ("text/html; charset=utf-8, text/html", "utf-8"),  # repeated header, same essence
        ("text/plain; charset=gbk, text/html", None),  # the essence changed: charset dropped
        ("text/html; charset=gbk, */*", "gbk"),  # */* values are skipped
        ("text/html; charset=gbk, text/html; charset=big5", "big5"),
    ],
)
def test_extract_charset_from_content_type(header: str, label: str | None) -> None:
    assert extract_charset_from_content_type(header) == label


def test_header_bytes_and_none() -> None:
    assert extract_charset_from_content_type(b"text/html; charset=latin1") == "latin1"
    assert extract_charset_from_content_type(None) is None


def test_header_charset_decides() -> None:
    decoded = decode_html(RUSSIAN.encode("koi8-r"), "text/html; charset=KOI8-R")
    assert (decoded.text, decoded.encoding, decoded.source) == (RUSSIAN, "KOI8-R", "header")
    assert decoded.confidence == "certain"


def test_header_beats_meta_and_the_conflict_is_recorded() -> None:
    page = '<meta charset="windows-1251">' + RUSSIAN
    decoded = decode_html(page.encode("koi8-r"), "text/html; charset=koi8-r")
    assert (decoded.encoding, decoded.source) == ("KOI8-R", "header")
    assert decoded.text == page
    assert decoded.declared == (("header", "koi8-r"), ("meta", "windows-1251"))
    assert any("overrides" in note and "windows-1251" in note for note in decoded.notes)


def test_unsupported_header_label_is_ignored() -> None:
    page = '<meta charset="windows-1251">' + RUSSIAN
    decoded = decode_html(page.encode("cp1251"), "text/html; charset=x-klingon")
    assert (decoded.encoding, decoded.source) == ("windows-1251", "meta")
    assert ("header", "x-klingon") in decoded.declared
    assert any("x-klingon" in note for note in decoded.notes)


def test_header_utf_16_without_bom_decodes_as_utf_16le() -> None:
    page = "<p>Grüße</p>"
    decoded = decode_html(page.encode("utf-16-le"), "text/html; charset=utf-16")
    assert (decoded.text, decoded.encoding) == (page, "UTF-16LE")


def test_replacement_encoding_gives_one_replacement_character() -> None:
    decoded = decode_html(b"<p>hello</p>", "text/html; charset=iso-2022-kr")
    assert (decoded.text, decoded.encoding, decoded.replacements) == ("\ufffd", "replacement", 1)
    assert any("replacement" in note for note in decoded.notes)
    assert decode_html(b"", "text/html; charset=hz-gb-2312").text == ""


# --- prescan ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (b'<meta charset="utf-8">', "UTF-8"),
        (b"<META CHARSET=KOI8-R>", "KOI8-R"),
        (b"<meta/charset=koi8-r>", "KOI8-R"),
        (b'<meta http-equiv=content-type content="text/html;charset=koi8-r">', "KOI8-R"),
        (b'<meta content="text/html;charset=koi8-r" http-equiv="CONTENT-TYPE">', "KOI8-R"),
        (b'<meta content="text/html;charset=koi8-r">', None),  # no pragma
        (b'<meta charset="bogus" content="charset=koi8-r" http-equiv=content-type>', None),
        (b'<meta charset="utf-16be">', "UTF-8"),
        (b'<meta charset="x-user-defined">', "windows-1252"),
        (b"<!-- <meta charset=koi8-r> --><meta charset=utf-8>", "UTF-8"),
        (b"<!--><meta charset=koi8-r>", "KOI8-R"),  # "<!-->" is a whole comment
        (b'<a title="<meta charset=koi8-r>">', None),
        (b"<?php <meta charset=koi8-r> ?>", None),  # "<?" skips to the first ">"
        (b"<?php echo 1 ?><meta charset=koi8-r>", "KOI8-R"),
        (b"</p title=<meta charset=koi8-r>", None),  # end tags' attributes are skipped too
        (b'<?xml version="1.0" encoding="koi8-r"?><html>', "KOI8-R"),
        (b'<?xml version="1.0" encoding="koi8-r"?><meta charset=utf-8>', "UTF-8"),  # meta wins
        (b"<\x00?\x00x\x00m\x00l\x00", "UTF-16LE"),
        (b"\x00<\x00?\x00x\x00m\x00l", "UTF-16BE"),
        (PAD.encode() + b"<meta charset=koi8-r>", None),  # past the 1024 bytes
        (b"", None),
    ],
)
def test_prescan(document: bytes, expected: str | None) -> None:
    assert prescan(document) == expected


def test_every_label_declares_its_encoding_as_the_label_table_says() -> None:
    # The core looks labels up with encoding_rs; mojifix.labels has the standard's table.
    from mojifix.labels import LABELS

    xml_means = {"UTF-16BE": "UTF-8", "UTF-16LE": "UTF-8"}
    for label, encoding in LABELS.items():
        for written in (label, label.upper(), f" {label}\t"):
            meta = f'<meta charset="{written}">'.encode()
            assert prescan(meta) == META_MEANS.get(encoding, encoding), written
            assert decode_html(meta + b"x").declared == (("meta", written.strip()),)
            xml = f"<?xml encoding='{written.strip()}'?>".encode()
            assert get_xml_encoding(xml) == xml_means.get(encoding, encoding), written


@pytest.mark.parametrize(
    ("declaration", "expected"),
    [
        (b'<?xml version="1.0" encoding="windows-1251"?>', "windows-1251"),
        (b"<?xml encoding = 'EUC-JP' ?>", "EUC-JP"),
        (b'<?xml version="1.0" encoding="utf-16"?>', "UTF-8"),
        (b'<?xml version="1.0"?>', None),
        (b'<?xml version="1.0" encoding="koi8-r"', None),  # no ">"
        (b'<?xml version="1.0" encoding="koi8 r"?>', None),  # a space inside
        (b'<?xml version="1.0" encoding=koi8-r?>', None),  # unquoted
        (b' <?xml version="1.0" encoding="koi8-r"?>', None),  # not at the start
        (b'<?xml version="1.0"?><p encoding="koi8-r">', None),  # after the declaration
    ],
)
def test_get_xml_encoding(declaration: bytes, expected: str | None) -> None:
    assert get_xml_encoding(declaration) == expected


def test_xml_declaration_decides_when_no_meta() -> None:
    page = '<?xml version="1.0" encoding="koi8-r"?>' + RUSSIAN
    decoded = decode_html(page.encode("koi8-r"))
    assert (decoded.text, decoded.encoding, decoded.source) == (page, "KOI8-R", "xml")


# --- a <meta> later in the document ----------------------------------------------------------


@pytest.mark.parametrize(
    "before",
    [PAD, "<script>var s = '" + "y" * 1100 + "';</script>\n", "<p>" + "z" * 1100 + "</p>"],
    ids=["comment", "script", "text"],
)
def test_late_meta_changes_the_encoding(before: str) -> None:
    page = before + '<meta charset="windows-1251">' + RUSSIAN
    decoded = decode_html(page.encode("cp1251"), detect=False)
    assert (decoded.encoding, decoded.source, decoded.confidence) == (
        "windows-1251",
        "meta-late",
        "certain",
    )
    assert decoded.text == page
    assert decoded.declared == (("meta-late", "windows-1251"),)


@pytest.mark.parametrize(
    "hiding",
    [
        "<!-- <meta charset=koi8-r> -->",
        "<!-- <meta charset=koi8-r> --!>",
        "<script>document.write('<meta charset=koi8-r>')</script>",
        "<style>/* <meta charset=koi8-r> */</style>",
        "<textarea><meta charset=koi8-r></textarea>",
        "<title><meta charset=koi8-r></title>",
        '<a title="<meta charset=koi8-r>">x</a>',
        "<meta charset=koi8-r",  # cut off by the end of the document: never a tag
    ],
)
def test_late_meta_ignores_text_that_is_not_a_tag(hiding: str) -> None:
    decoded = decode_html((PAD + hiding).encode(), detect=False)
    assert (decoded.encoding, decoded.source) == ("windows-1252", "default")


def test_late_meta_after_an_xml_declaration_wins() -> None:
    page = '<?xml version="1.0" encoding="koi8-r"?>' + PAD + "<meta charset=windows-1251>" + RUSSIAN
    decoded = decode_html(page.encode("cp1251"))
    assert (decoded.encoding, decoded.source) == ("windows-1251", "meta-late")
    assert decoded.declared == (("xml", "koi8-r"), ("meta-late", "windows-1251"))


def test_late_meta_with_http_equiv() -> None:
    meta = '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'
    page = PAD + meta + RUSSIAN
    decoded = decode_html(page.encode("koi8-r"))
    assert (decoded.text, decoded.encoding, decoded.source) == (page, "KOI8-R", "meta-late")


# --- UTF-8, detection, default ---------------------------------------------------------------


def test_valid_utf8_without_declaration() -> None:
    decoded = decode_html(RUSSIAN.encode())
    assert (decoded.text, decoded.encoding, decoded.source) == (RUSSIAN, "UTF-8", "utf-8")
    assert decoded.confidence == "tentative"


def test_undeclared_ascii_is_windows_1252_like_browsers() -> None:
    decoded = decode_html(b"<p>Hello</p>")
    assert (decoded.encoding, decoded.source) == ("windows-1252", "default")
    assert decode_html(b"<p>Hello</p>", locale="ja").encoding == "Shift_JIS"
    assert decode_html(b"<p>Hello</p>", tld="example.ru").encoding == "windows-1251"


@pytest.mark.parametrize(
    ("text", "python", "expected"),
    [
        (RUSSIAN * 3, "cp1251", "windows-1251"),
        (RUSSIAN * 3, "koi8_r", "KOI8-R"),
        ("<p>日本語の文章です。今日はとても良い天気ですね。</p>" * 3, "cp932", "Shift_JIS"),
        ("<p>日本語の文章です。今日はとても良い天気ですね。</p>" * 3, "euc_jp", "EUC-JP"),
        ("<p>日本語の文章です。今日はとても良い天気ですね。</p>" * 3, "iso2022_jp", "ISO-2022-JP"),
        ("<p>我们今天去公园散步，天气非常好。</p>" * 3, "gbk", "GBK"),
        ("<p>我們今天去公園散步，天氣非常好。</p>" * 3, "big5", "Big5"),
        ("<p>오늘은 날씨가 아주 좋아서 공원에 갔습니다.</p>" * 3, "euc_kr", "EUC-KR"),
    ],
    ids=["cp1251", "koi8_r", "cp932", "euc_jp", "iso2022_jp", "gbk", "big5", "euc_kr"],
)
def test_detection(text: str, python: str, expected: str) -> None:
    decoded = decode_html(text.encode(python))
    assert (decoded.text, decoded.encoding, decoded.source) == (text, expected, "detected")


def test_detection_off_falls_back_to_the_default() -> None:
    decoded = decode_html((RUSSIAN * 3).encode("cp1251"), detect=False, locale="pl")
    assert (decoded.encoding, decoded.source) == ("ISO-8859-2", "default")


def test_locale_breaks_a_detection_tie() -> None:
    """German with only ä ö ü ß reads the same in windows-1252, windows-1250 and ISO-8859-2."""
    text = "<p>Die Straßenbahn fährt täglich nach Grünwald. Jürgen und Käthe müssen früh los.</p>"
    body = text.encode("cp1252")
    assert decode_html(body).encoding == "windows-1252"  # the most common on the web
    for locale, expected in (("cs", "windows-1250"), ("hu", "ISO-8859-2"), ("de", "windows-1252")):
        decoded = decode_html(body, locale=locale)
        assert (decoded.text, decoded.encoding, decoded.source) == (text, expected, "detected")


def test_detection_only_returns_whatwg_encodings() -> None:
    noise = bytes(range(0x80, 0x100)) * 4
    decoded = decode_html(noise)
    assert decoded.encoding in ENCODINGS
    assert decoded.encoding not in ("replacement", "UTF-16LE", "UTF-16BE", "x-user-defined")


def test_big5_sample_from_html5lib_is_detected() -> None:
    """Kept here too, as a detection case outside the conformance file."""
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "third_party/html5lib-encoding/chardet"
    decoded = decode_html((sample / "test_big5.txt").read_bytes())
    assert decoded.encoding == "Big5"


# --- locale table ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        (None, "windows-1252"),
        ("en", "windows-1252"),
        ("ja", "Shift_JIS"),
        ("ja_JP.eucJP", "Shift_JIS"),
        ("zh-CN", "GBK"),
        ("zh-SG", "GBK"),
        ("zh-Hans", "GBK"),
        ("zh-TW", "Big5"),
        ("zh-Hant-HK", "Big5"),
        ("ko-KR", "EUC-KR"),
        ("ru", "windows-1251"),
        ("uk", "windows-1251"),
        ("bg", "windows-1251"),
        ("pl", "ISO-8859-2"),
        ("hu", "ISO-8859-2"),
        ("cs", "windows-1250"),
        ("el", "ISO-8859-7"),
        ("he", "windows-1255"),
        ("th", "windows-874"),
        ("vi", "windows-1258"),
        ("sah", "windows-1251"),
        ("", "windows-1252"),
    ],
)
def test_default_encoding(locale: str | None, expected: str) -> None:
    assert default_encoding(locale) == expected


def test_locale_table_names_are_canonical() -> None:
    assert set(LOCALE_DEFAULTS.values()) <= set(ENCODINGS)


def test_bad_locale_type() -> None:
    with pytest.raises(TypeError, match="locale must be a str"):
        decode_html(b"x", locale=7)  # type: ignore[arg-type]


# --- replacements ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "header", "expected"),
    [
        (b"caf\xc3\xa9 \xff", "text/html; charset=utf-8", 1),  # one invalid byte
        (b"\xef\xbf\xbd literal", "text/html; charset=utf-8", 0),  # U+FFFD spelled in UTF-8
        (b"\xe6\x97", "text/html; charset=utf-8", 1),  # truncated sequence: one U+FFFD
        ("\ufffd!".encode("utf-16-le"), "text/html; charset=utf-16le", 0),
        (b"\xfd\xff\x00", "text/html; charset=utf-16le", 1),  # odd trailing byte
        (b"\x84\x31\xa4\x37", "text/html; charset=gb18030", 0),  # U+FFFD in gb18030
        (b"\x82\x20", "text/html; charset=shift_jis", 1),
        (b"plain", "text/html; charset=iso-2022-kr", 1),
    ],
)
def test_replacements(body: bytes, header: str, expected: int) -> None:
    assert decode_html(body, header).replacements == expected


# --- bad input -------------------------------------------------------------------------------


def test_str_body_is_a_type_error_that_says_what_to_do() -> None:
    with pytest.raises(TypeError, match=r"raw bytes.*response\.content"):
        decode_html("<p>text</p>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got NoneType"):
        decode_html(None)  # type: ignore[arg-type]


def test_bytes_like_bodies_are_accepted() -> None:
    body = b'<meta charset="koi8-r">' + RUSSIAN.encode("koi8-r")
    expected = decode_html(body)
    assert decode_html(bytearray(body)) == expected
    assert decode_html(memoryview(body)) == expected


def test_empty_body() -> None:
    decoded = decode_html(b"")
    assert (decoded.text, decoded.encoding, decoded.replacements) == ("", "windows-1252", 0)


def test_decoded_is_frozen() -> None:
    decoded = decode_html(b"x")
    with pytest.raises(AttributeError):
        decoded.text = "y"  # type: ignore[misc]
    assert decoded.source in SOURCES


@settings(max_examples=150, deadline=None)
@given(header=st.text(max_size=60))
def test_malformed_headers_never_raise(header: str) -> None:
    decoded = decode_html(b"<p>caf\xe9</p>", header)
    assert decoded.source in SOURCES


@settings(max_examples=150, deadline=None)
@given(body=st.binary(max_size=300))
def test_any_bytes_decode(body: bytes) -> None:
    decoded = decode_html(body)
    assert decoded.encoding in ENCODINGS
    assert decoded.replacements >= 0
    assert prescan(body) in (None, *ENCODINGS)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                b"<",
                b">",
                b"meta",
                b" ",
                b"charset",
                b"=",
                b'"',
                b"'",
                b"koi8-r",
                b"<!--",
                b"-->",
                b"/",
                b"http-equiv",
                b"content",
                b"content-type",
                b"<script>",
                b"</script>",
            ]
        ),
        max_size=40,
    )
)
def test_tag_soup_never_raises(parts: list[bytes]) -> None:
    body = b"".join(parts)
    assert decode_html(body, detect=False).source in SOURCES


# --- decode_response with real HTTP clients --------------------------------------------------

PAGES: dict[str, tuple[bytes, str | None]] = {
    # text/html without charset, UTF-8 body declared by <meta>: requests says ISO-8859-1.
    "/utf8-meta": ('<meta charset="utf-8"><p>Zürich – 東京</p>'.encode(), "text/html"),
    # text/html without charset, legacy body declared by <meta>.
    "/cp1251-meta": (
        ('<meta charset="windows-1251">' + RUSSIAN).encode("cp1251"),
        "text/html",
    ),
    # the header decides
    "/header": (RUSSIAN.encode("koi8-r"), "text/html; charset=KOI8-R"),
}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body, content_type = PAGES[self.path]
            self.send_response(200)
            if content_type:
                self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    thread.join()


def test_requests_garbles_what_decode_response_gets_right(server: str) -> None:
    requests = pytest.importorskip("requests")
    response = requests.get(server + "/utf8-meta", timeout=10)
    assert response.encoding == "ISO-8859-1"  # requests' legacy default for text/html
    assert "ZÃ¼rich" in response.text  # mojibake
    decoded = decode_response(response)
    assert "<p>Zürich – 東京</p>" in decoded.text
    assert (decoded.encoding, decoded.source) == ("UTF-8", "meta")

    response = requests.get(server + "/cp1251-meta", timeout=10)
    assert RUSSIAN not in response.text
    decoded = decode_response(response)
    assert decoded.text.endswith(RUSSIAN)
    assert decoded.encoding == "windows-1251"


def test_httpx_response(server: str) -> None:
    httpx = pytest.importorskip("httpx")
    with httpx.Client() as client:
        response = client.get(server + "/cp1251-meta")
        decoded = decode_response(response)
        assert decoded.text.endswith(RUSSIAN)
        assert decoded.encoding == "windows-1251"
        header = decode_response(client.get(server + "/header"))
        assert (header.text, header.encoding, header.source) == (RUSSIAN, "KOI8-R", "header")


def test_decode_response_passes_keywords_and_reads_dict_headers() -> None:
    class Plain:
        def __init__(self) -> None:
            self.content = b"<p>Hello</p>"
            self.headers = {"CONTENT-TYPE": "text/html"}

    decoded = decode_response(Plain(), locale="ko")
    assert isinstance(decoded, Decoded)
    assert decoded.encoding == "EUC-KR"


def test_decode_response_rejects_non_responses() -> None:
    with pytest.raises(TypeError, match=r"\.content \(bytes\) and \.headers"):
        decode_response(b"<p>bytes</p>")

    class TextOnly:
        def __init__(self) -> None:
            self.content = "<p>already text</p>"
            self.headers: dict[str, str] = {}

    with pytest.raises(TypeError, match=r"not response\.text"):
        decode_response(TextOnly())


# --- the fast prescan against a byte-by-byte transcription of the standard -------------------

WS = b"\t\n\f\r "


class _End(Exception):
    pass


def _reference_get_attribute(data: bytes, i: int) -> tuple[str, str, int] | None:
    """The standard's "get an attribute" at *i*, one byte at a time; raises _End past the end."""

    def at(i: int) -> int:
        if i >= len(data):
            raise _End
        return data[i]

    while at(i) in WS + b"/":
        i += 1
    if at(i) == 0x3E:
        return None
    name, value = "", ""
    while True:  # step 4
        b = at(i)
        if b == 0x3D and name:
            i += 1
            break
        if b in WS:
            while at(i) in WS:
                i += 1
            if at(i) != 0x3D:
                return name, "", i
            i += 1
            break
        if b in b"/>":
            return name, "", i
        name += chr(b).lower() if 0x41 <= b <= 0x5A else chr(b)
        i += 1
    while at(i) in WS:
        i += 1
    b = at(i)
    if b in b"\"'":
        quote = b
        while True:
            i += 1
            c = at(i)
            if c == quote:
                return name, value, i + 1
            value += chr(c).lower() if 0x41 <= c <= 0x5A else chr(c)
    if b == 0x3E:
        return name, "", i
    value += chr(b).lower() if 0x41 <= b <= 0x5A else chr(b)
    i += 1
    while True:
        c = at(i)
        if c in WS or c == 0x3E:
            return name, value, i
        value += chr(c).lower() if 0x41 <= c <= 0x5A else chr(c)
        i += 1


def _reference_extract(s: str) -> str | None:
    """The standard's "extracting a character encoding from a meta element"."""
    from mojifix.labels import lookup

    i = 0
    while True:
        j = s.lower().find("charset", i)
        if j < 0:
            return None
        i = j + 7
        while i < len(s) and s[i] in "\t\n\f\r ":
            i += 1
        if i >= len(s) or s[i] != "=":
            continue
        i += 1
        while i < len(s) and s[i] in "\t\n\f\r ":
            i += 1
        if i >= len(s):
            return None
        if s[i] in "\"'":
            k = s.find(s[i], i + 1)
            return None if k < 0 else lookup(s[i + 1 : k])
        k = i
        while k < len(s) and s[k] not in "\t\n\f\r ;":
            k += 1
        return lookup(s[i:k])


#: What a <meta> that names these means (it is read as ASCII).
META_MEANS = {"UTF-16BE": "UTF-8", "UTF-16LE": "UTF-8", "x-user-defined": "windows-1252"}


def _reference_prescan(data: bytes) -> str | None:
    """The standard's prescan, one byte at a time (slow, obviously faithful)."""
    from mojifix.labels import lookup

    data = data[:1024]
    n = len(data)

    def at(i: int) -> int:
        if i >= n:
            raise _End
        return data[i]

    def get_attribute(i: int) -> tuple[str, str, int] | None:
        return _reference_get_attribute(data, i)

    extract = _reference_extract

    if data.startswith(b"<\x00?\x00x\x00"):
        return "UTF-16LE"
    if data.startswith(b"\x00<\x00?\x00x"):
        return "UTF-16BE"
    i = 0
    try:
        while i < n:
            rest = data[i:]
            if rest.startswith(b"<!--"):
                k = data.find(b"-->", i + 2)
                if k < 0:
                    break
                i = k + 3
                continue
            if rest[:5].lower() == b"<meta" and len(rest) > 5 and rest[5] in WS + b"/":
                i += 6
                names: set[str] = set()
                got_pragma, need_pragma, charset = False, None, None
                while (attribute := get_attribute(i)) is not None:
                    name, value, i = attribute
                    if name in names:
                        continue
                    names.add(name)
                    if name == "http-equiv" and value == "content-type":
                        got_pragma = True
                    elif name == "content":
                        found = extract(value)
                        if found is not None and charset is None:
                            charset, need_pragma = found, True
                    elif name == "charset":
                        charset, need_pragma = lookup(value) or "failure", False
                if need_pragma is None or (need_pragma and not got_pragma):
                    i += 1
                    continue
                if charset in (None, "failure"):
                    i += 1
                    continue
                return META_MEANS.get(charset, charset)
            letter = rest[1:2] if rest[1:2] != b"/" else rest[2:3]
            if rest[:1] == b"<" and letter.isalpha() and letter.isascii():
                while at(i) not in WS + b">":
                    i += 1
                while (attribute := get_attribute(i)) is not None:
                    i = attribute[2]
                i += 1
                continue
            if rest[:2] in (b"<!", b"</", b"<?"):
                k = data.find(b">", i + 1)
                if k < 0:
                    break
                i = k + 1
                continue
            i += 1
    except _End:
        # "If at any point ... the user agent runs out of bytes ..., then abort the prescan
        # and return the result of get an XML encoding applied to the same bytes."
        pass
    from mojifix.sniff import get_xml_encoding

    return get_xml_encoding(data)


SOUP_PARTS = [
    b"<", b">", b"meta", b"META", b" ", b"\n", b"charset", b"=", b'"', b"'", b"koi8-r",
    b"utf-16", b"<!--", b"-->", b"-", b"/", b"http-equiv", b"content", b"content-type",
    b"text/html;", b"<p", b"</", b"<!", b"<?", b"a", b"x-user-defined", b"<?xml",
    b" encoding='koi8-r'",
]  # fmt: skip
SOUP = st.lists(st.sampled_from(SOUP_PARTS), max_size=30)


@settings(max_examples=400, deadline=None)
@given(SOUP)
def test_prescan_matches_a_literal_transcription_of_the_standard(parts: list[bytes]) -> None:
    body = b"".join(parts)
    assert prescan(body) == _reference_prescan(body)


def test_the_literal_transcription_agrees_on_html5lib() -> None:
    from test_html5lib_conformance import DAT_FILES, DATA, read_dat

    for name in DAT_FILES:
        for document, _ in read_dat(DATA / name):
            assert prescan(document) == _reference_prescan(document), document[:80]


# --- the fast late scan against a token-by-token scan ---------------------------------------


def _reference_late_meta(body: bytes) -> str | None:
    """The late <meta> scan one token at a time, with the standard's "get an attribute" for
    every tag's attributes and the tree builder's "in head" rule, for comparison."""
    import re

    from mojifix.labels import lookup

    markup = re.compile(rb"<(?:(!--)|(/[A-Za-z][^\t\n\f\r />]*)|([!?/])|([A-Za-z][^\t\n\f\r />]*))")
    raw_text = {b"script", b"style", b"textarea", b"title", b"xmp", b"iframe", b"noembed"}
    raw_text |= {b"noframes", b"noscript"}
    position, n = 0, len(body)
    while position < n:
        match = markup.search(body, position)
        if match is None:
            return None
        comment, end_tag, bogus, tag_name = match.groups()
        position = match.end()
        if comment is not None:
            if body.startswith(b">", position) or body.startswith(b"->", position):
                position = body.index(b">", position) + 1
                continue
            end = re.compile(rb"--!?>").search(body, position)
            if end is None:
                return None
            position = end.end()
            continue
        if bogus is not None:
            close = body.find(b">", position)
            if close < 0:
                return None
            position = close + 1
            continue
        values: dict[str, str] = {}
        try:
            while (attribute := _reference_get_attribute(body, position)) is not None:
                name, value, position = attribute
                values.setdefault(name, value)
        except _End:
            return None  # a tag cut off by the end is never emitted
        position += 1  # past the ">"
        tag = (tag_name or b"").lower()
        if end_tag is not None:
            continue
        if tag == b"meta":
            charset = lookup(values["charset"]) if "charset" in values else None
            if charset is None and values.get("http-equiv") == "content-type":
                charset = _reference_extract(values.get("content", ""))
            if charset is not None:
                return META_MEANS.get(charset, charset)
        elif tag in raw_text:
            close_tag = re.compile(rb"</" + tag + rb"[\t\n\f\r />]", re.I).search(body, position)
            if close_tag is None:
                return None
            position = close_tag.start()
        elif tag == b"plaintext":
            return None
    return None


LATE_PARTS = [
    *SOUP_PARTS, b"<script>", b"</script>", b"<style>", b"</style >", b"<title>", b"</title>",
    b"<textarea>", b"</TEXTAREA>", b"<meta charset=koi8-r>", b"<meta charset='utf-8'>",
    b"--!>", b"<!-->", b"<!--->", b"<plaintext>", b"<svg>", b"<br/>", b"x",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LATE_PARTS), max_size=30))
def test_late_scan_matches_a_token_by_token_scan(parts: list[bytes]) -> None:
    from mojifix.sniff import _late_meta

    body = b"".join(parts) + b" charset"  # the quick "charset" test must not decide
    found = _late_meta(body)
    assert (found.encoding if found else None) == _reference_late_meta(body)


# --- the fast path of decode_html against the general path ----------------------------------
#
# decode_html() first tries a fast path (_decode_declared: the core's prescan and a regex for
# the usual Content-Type, less bookkeeping) and falls back to the general path
# (_sniff_and_decode) whenever anything is unusual. The fast path must give exactly what the
# general path gives, and the prescan exactly what the literal transcription of the standard
# gives. Documents are built from pieces chosen to reach every branch of the prescan:
# ordinary prefixes, prefixes that hide a "<meta" (in a comment, in a quoted or unquoted
# attribute value, in an attribute name, in a bogus comment), and <meta> tags that are simple,
# almost simple, or special cases of the standard.

import random  # noqa: E402

from mojifix.sniff import (  # noqa: E402
    _decode_declared,
    _extract_charset_in_full,
    _make_decoded,
    _sniff_and_decode,
)

FAST_PREFIXES = [
    b"", b"<!DOCTYPE html>\n", b'<html lang="fr">\n', b"<head>", b"<HEAD >", b"text ",
    b"<!-- a comment -->", b"<!-->", b"<!--->", b"<!-- <meta charset=koi8-r> -->",
    b'<p title="<meta charset=koi8-r>">', b"<p title='<meta charset=koi8-r>'>",
    b"<p title=<meta charset=koi8-r>>", b"<p <meta charset=koi8-r>", b"<br/>", b"<a/b>",
    b"<!x <meta charset=koi8-r>>", b"<? <meta charset=koi8-r> ?>", b"</p <meta charset=koi8-r>>",
    b"a < b ", b"<", b"<x a=\"1\"b='2' c = 3 d>", b'<p "a=b">', b"<p a=\"x>y\">",
    b"<!-- unterminated ", b'<p title="unterminated ', b"<meta name=viewport content=\"x\">",
    b'<meta http-equiv="X-UA-Compatible" content="IE=edge">', b"\x00", b"\xc3\xa9",
    b"<title>t</title>", b"<script>var a = '<meta charset=koi8-r>';</script>",
    b'<meta name="description" content="Charset test">', b"<meta name=x content=a>",
    b'<meta content="a=>"b">', b"<meta a=>", b'<meta name="x"/>', b"<meta x=\"1\"y>",
    b"<meta/>", b"<meta name='a' content='x'  >", b"<meta name=\"charset\">",
    b"<meta name=\"a\" content=\"<meta charset=koi8-r>\">", b"<META NAME=A CONTENT='<b>'>",
]  # fmt: skip
FAST_METAS = [
    b'<meta charset="utf-8">', b"<meta charset='UTF-8'>", b"<meta charset=utf-8>",
    b"<META CHARSET=koi8-r>", b'<meta charset = "latin2" />', b"<meta/charset=gbk/>",
    b"<meta charset=utf-8/>", b'<meta charset=" utf-8 ">', b'<meta charset="no-such">',
    b'<meta charset="utf-16">', b'<meta charset="x-user-defined">',
    b'<meta charset="iso-2022-kr">', b'<meta charset="utf-8" charset="koi8-r">',
    b'<meta charset="koi8-r" name="x">', b"<meta\tcharset=\"shift_jis\"\n>",
    b'<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">',
    b"<meta content='text/html;charset=windows-1251' HTTP-EQUIV='content-type'/>",
    b'<meta http-equiv="content-type"content="text/html; charset=big5">',
    b'<meta http-equiv="content-type" content="text/html">',
    b'<meta http-equiv="refresh" content="text/html; charset=koi8-r">',
    b'<meta content="text/html; charset=koi8-r">',
    b'<meta http-equiv=content-type content="charset=koi8-r">',
    b'<meta http-equiv="content-type" content="charset=\'utf-16\'">',
    b'<meta http-equiv="content-type" content="charset=\'x-user-defined">',
    b'<meta charset="utf-8"', b"<meta charset=", b"<meta",
]  # fmt: skip
FAST_HEADERS = [
    None, "text/html", "TEXT/HTML", "text/html; charset=utf-8", "text/html;charset=KOI8-R",
    " text/html ; charset=utf-8 ", "*/*; charset=utf-8", "text/html; charset=no-such",
    "text/html; charset=iso-2022-kr", "text/html; charset=utf-16", 'text/html; charset="gbk"',
    "text/html; charset=utf-8; q=1", "text/html; charset=gbk, text/plain",
    "text/html ;CHARSET=shift_jis", b"text/html; charset=utf-8", "text/html; charset = utf-8",
]  # fmt: skip
FAST_TAILS = [b"<p>caf\xc3\xa9</p>", b"<p>caf\xe9</p>", b"\xef\xbf\xbd", b"<p>plain</p>", b""]


def _fast_documents(count: int, seed: int = 20261129) -> list[tuple[bytes, str | bytes | None]]:
    rng = random.Random(seed)
    documents = []
    for _ in range(count):
        prefix = b"".join(rng.choices(FAST_PREFIXES, k=rng.randrange(4)))
        metas = b"".join(rng.choices(FAST_METAS, k=rng.randrange(1, 3)))
        document = prefix + metas + rng.choice(FAST_TAILS)
        if rng.random() < 0.1:  # a <meta> at the edge of the 1024 bytes
            document = b" " * rng.randrange(1000 - len(prefix), 1024) + document
        documents.append((document, rng.choice(FAST_HEADERS)))
    return documents


def test_the_fast_path_agrees_with_the_general_path_and_the_standard() -> None:
    documents = _fast_documents(3000)
    fast = 0
    for document, header in documents:
        expected = _sniff_and_decode(document, header, locale=None, tld=None, detect=False)
        assert decode_html(document, header, detect=False) == expected, (document, header)
        taken = _decode_declared(document, header)
        if taken is not None:
            fast += 1
            assert taken == expected, (document, header)
        assert prescan(document) == _reference_prescan(document), document
    # Both paths are exercised: the fast path settles a good share, not all.
    assert 0.1 * len(documents) < fast < 0.9 * len(documents), fast


def test_pages_whose_metas_cannot_declare_are_read_as_the_standard_reads_them() -> None:
    # The prefixes alone (comments, tags, <meta> tags that never spell "charset", constructs
    # cut off by the end), where most pages declare nothing.
    rng = random.Random(20261206)
    nothing = 0
    for _ in range(3000):
        parts = rng.choices(FAST_PREFIXES, k=rng.randrange(1, 8))
        document = b"".join(parts) + rng.choice(FAST_TAILS)
        if rng.random() < 0.2:
            document = document[: rng.randrange(len(document) + 1)]
        expected = _reference_prescan(document)
        assert prescan(document) == expected, document
        nothing += expected is None
    assert nothing > 300, nothing


def test_the_fast_path_on_html5lib_documents() -> None:
    from test_html5lib_conformance import DAT_FILES, DATA, read_dat

    for name in DAT_FILES:
        for document, _ in read_dat(DATA / name):
            for header in (None, "text/html", "text/html; charset=utf-8"):
                general = _sniff_and_decode(document, header, locale=None, tld=None, detect=False)
                assert decode_html(document, header, detect=False) == general


def test_the_fast_path_settles_common_pages() -> None:
    page = '<!DOCTYPE html>\n<html lang="de">\n<head>\n{}<title>Grüße</title>'
    for head, header, source in [
        ('<meta charset="utf-8">', "text/html", "meta"),
        ('<meta http-equiv="Content-Type" content="text/html; charset=utf-8">', None, "meta"),
        ('<meta name="viewport" content="width=device-width"><meta charset=utf-8>', None, "meta"),
        ("", "text/html; charset=utf-8", "header"),
        ('<meta charset="utf-8">', "text/html; charset=UTF-8", "header"),
    ]:
        body = page.format(head).encode()
        decoded = _decode_declared(body, header)
        assert decoded is not None, head
        assert (decoded.text, decoded.source, decoded.replacements) == (body.decode(), source, 0)
    # Conflicts and special cases are left to the general path (which writes the notes).
    assert _decode_declared(b'<meta charset="koi8-r">', "text/html; charset=utf-8") is None
    assert _decode_declared(b'<meta charset="utf-16">', None) is None
    # Malformed bytes: the fast path counts the U+FFFD it introduced, not the spelled one.
    decoded = _decode_declared(b"<meta charset=utf-8>\xef\xbf\xbd\xff", None)
    assert decoded is not None and decoded.replacements == 1


HEADER_PARTS = [
    "text", "/", "html", "*", ";", " ", "\t", "charset", "CharSet", "=", "utf-8", '"', "\\", ",",
    "q=1", "x", "\x00", "é", "koi8-r",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(HEADER_PARTS), max_size=14))
def test_header_shortcut_agrees_with_the_full_parse(parts: list[str]) -> None:
    header = "".join(parts)
    assert extract_charset_from_content_type(header) == _extract_charset_in_full(header)


def test_make_decoded_is_the_dataclass() -> None:
    import dataclasses

    values = ("t", "UTF-8", "meta", "tentative", 0, (("meta", "utf-8"),), ("n",))
    made, built = _make_decoded(*values), Decoded(*values)
    assert made == built and repr(made) == repr(built) and hash(made) == hash(built)
    assert [field.name for field in dataclasses.fields(Decoded)] == list(vars(made))
    with pytest.raises(AttributeError):
        made.text = "y"  # type: ignore[misc]
