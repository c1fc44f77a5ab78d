"""Time mojifix.decode_html against w3lib and charset-normalizer on synthetic pages.

    python scripts/bench_sniff.py              # prints a small table (best of 25 or 7 runs)
    python scripts/bench_sniff.py --detection  # detection on undeclared pages, no timing

Pages: a ~60 KB article (many tags, attributes, a script) in UTF-8 declared by
``<meta charset>``, the same declared by the header only, and undeclared legacy pages
(windows-1251, Shift_JIS, windows-1252) built from the corpus prose. The comparisons are the
performance targets of issue #2: declared UTF-8 at least 2x ``w3lib.encoding.html_to_unicode``;
undeclared legacy no slower than ``charset_normalizer.from_bytes(...).best()`` alone.
"""

from __future__ import annotations

import sys
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_html_corpus import TEXTS

from mojifix.sniff import decode_html


def page(language: str, head: str) -> str:
    title, prose = TEXTS[language]
    rows = "".join(
        f'<div class="item item-{i}" data-id="{i}"><a href="/a/{i}?q=x&amp;p={i}" '
        f'title="{title}">{title} {i}</a><p>{prose}</p></div>\n'
        for i in range(120)
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n{head}<title>{title}</title>\n'
        '<link rel="stylesheet" href="/s.css"><script>var config = {"a": 1, "b": [1, 2, 3]};'
        "</script>\n</head>\n<body>\n" + rows + "</body>\n</html>\n"
    )


def best(function: Callable[[], object], number: int, repeat: int = 5) -> float:
    return min(timeit.repeat(function, number=number, repeat=repeat)) / number


#: Undeclared prose for the detection check: (language of TEXTS, Python codec, WHATWG name).
DETECTION_MATRIX = [
    ("fr", "cp1252", "windows-1252"),
    ("de", "cp1252", "windows-1252"),
    ("ru", "cp1251", "windows-1251"),
    ("ru", "koi8_r", "KOI8-R"),
    ("ru", "cp866", "IBM866"),
    ("ru", "iso8859_5", "ISO-8859-5"),
    ("pl", "iso8859_2", "ISO-8859-2"),
    ("pl", "cp1250", "windows-1250"),
    ("cs", "iso8859_2", "ISO-8859-2"),
    ("cs", "cp1250", "windows-1250"),
    ("ja", "cp932", "Shift_JIS"),
    ("ja", "euc_jp", "EUC-JP"),
    ("ja", "iso2022_jp", "ISO-2022-JP"),
    ("zh-cn", "gbk", "GBK"),
    ("zh-cn", "gb18030", "GBK"),
    ("zh-tw", "big5", "Big5"),
    ("ko", "euc_kr", "EUC-KR"),
]


def detection() -> int:
    """Undeclared pages (one paragraph each): is the decoded text exactly the original?"""
    from make_html_corpus import document

    right = 0
    for language, python, name in DETECTION_MATRIX:
        text = document(language, "")
        decoded = decode_html(text.encode(python))
        ok = decoded.text == text
        right += ok
        print(f"{'ok ' if ok else 'BAD'} {language:6} {python:10} -> {decoded.encoding} ({name})")
    print(f"{right}/{len(DETECTION_MATRIX)} undeclared pages decoded exactly")
    return 0


def _best_match(body: bytes) -> object:
    from charset_normalizer import from_bytes

    return from_bytes(body).best()


def main() -> int:
    if "--detection" in sys.argv:
        return detection()
    from w3lib.encoding import html_to_unicode

    utf8_meta = page("multi", '<meta charset="utf-8">\n').encode("utf-8")
    utf8_plain = page("multi", "").encode("utf-8")
    english = page("fr", '<meta charset="utf-8">\n').encode("utf-8")
    ascii_page = english.decode("utf-8").encode("ascii", "xmlcharrefreplace")
    rows = []
    for name, body, header in (
        ("UTF-8, <meta charset>", utf8_meta, "text/html"),
        ("UTF-8, header charset", utf8_plain, "text/html; charset=utf-8"),
        ("French UTF-8, <meta>", english, "text/html"),
        ("ASCII, <meta charset>", ascii_page, "text/html"),
    ):
        ours = best(partial(decode_html, body, header), 100, 25)
        theirs = best(partial(html_to_unicode, header, body), 100, 25)
        rows.append((name, len(body), ours, "w3lib html_to_unicode", theirs))
    for language, python in (("ru", "cp1251"), ("ja", "cp932"), ("fr", "cp1252")):
        body = page(language, "").encode(python)
        ours = best(partial(decode_html, body), 3, 7)
        theirs = best(partial(_best_match, body), 3, 7)
        name = f"undeclared {python}"
        rows.append((name, len(body), ours, "charset_normalizer best()", theirs))
    print(f"{'page':24} {'bytes':>7} {'mojifix ms':>11} {'other':>27} {'other ms':>9} {'ratio':>6}")
    for name, size, ours, other, theirs in rows:
        print(
            f"{name:24} {size:7d} {ours * 1e3:11.3f} {other:>27} {theirs * 1e3:9.3f} "
            f"{theirs / ours:5.1f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
