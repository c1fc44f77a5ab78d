"""Undeclared pages: real text in a legacy encoding or UTF-8, as bare text and as HTML that
declares no charset, made from ``corpus/undeclared/texts.jsonl`` (issue #26).

The bytes are not committed: :func:`pages` makes them, the same on every run, from the
committed texts (``scripts/make_undeclared_corpus.py`` writes those). Each page is one
language in one encoding, of a size drawn log-uniformly from 30 bytes to 100 KB; its text is
sentences of its language and split, in the form the encoding can hold (Romanian with cedillas
in the encodings that have no comma below, Vietnamese with separate tone marks in
windows-1258, typographic punctuation as ASCII where the encoding lacks it).

>>> page = next(iter(pages("test")))
>>> page.data.decode(page.encoding) == page.text if page.encoding == "UTF-8" else True
True
"""

from __future__ import annotations

import html
import json
import math
import random
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from mojifix.codecs import decode, encode

TEXTS = Path(__file__).resolve().parents[2] / "corpus" / "undeclared" / "texts.jsonl"

#: Each language's legacy encodings (WHATWG names); every language is also in UTF-8.
LEGACY: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "ca", "id", "ms",
         "sq", "af", "eu", "gl", "sw"),
        ("windows-1252", "ISO-8859-15", "macintosh"),
    ),
    "is": ("windows-1252", "ISO-8859-10", "macintosh"),
    "fo": ("windows-1252", "ISO-8859-10"),
    "ga": ("windows-1252", "ISO-8859-14"),
    "cy": ("ISO-8859-14",),
    "mt": ("ISO-8859-3",),
    "eo": ("ISO-8859-3",),
    "pl": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "cs": ("windows-1250", "ISO-8859-2"),
    "sk": ("windows-1250", "ISO-8859-2"),
    "hu": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "sl": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "hr": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "ro": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "lt": ("windows-1257", "ISO-8859-13", "ISO-8859-4"),
    "lv": ("windows-1257", "ISO-8859-13", "ISO-8859-4"),
    "et": ("windows-1257", "ISO-8859-15", "ISO-8859-4"),
    "ru": ("windows-1251", "KOI8-R", "KOI8-U", "ISO-8859-5", "IBM866", "x-mac-cyrillic"),
    "uk": ("windows-1251", "KOI8-U", "x-mac-cyrillic"),
    "be": ("windows-1251", "KOI8-U", "IBM866"),
    "bg": ("windows-1251", "KOI8-R", "ISO-8859-5", "x-mac-cyrillic"),
    "mk": ("windows-1251", "ISO-8859-5"),
    "sr": ("windows-1251", "ISO-8859-5"),
    "el": ("windows-1253", "ISO-8859-7"),
    "tr": ("windows-1254",),
    "az": ("windows-1254",),
    "he": ("windows-1255", "ISO-8859-8"),
    "ar": ("windows-1256", "ISO-8859-6"),
    "fa": ("windows-1256",),
    "ur": ("windows-1256",),
    "th": ("windows-874",),
    "vi": ("windows-1258",),
    "ja": ("Shift_JIS", "EUC-JP", "ISO-2022-JP"),
    "zh": ("GBK", "gb18030"),
    "zh-Hant": ("Big5",),
    "ko": ("EUC-KR",),
    **dict.fromkeys(("hi", "bn", "ta", "ka", "hy"), ()),
}  # fmt: skip

#: The families results are reported by: each encoding's script or region.
FAMILIES: dict[str, tuple[str, ...]] = {
    "UTF-8": ("UTF-8",),
    "Western": ("windows-1252", "ISO-8859-15", "macintosh"),
    "Latin, other": ("ISO-8859-3", "ISO-8859-10", "ISO-8859-14"),
    "Central European": ("windows-1250", "ISO-8859-2", "ISO-8859-16"),
    "Baltic": ("windows-1257", "ISO-8859-13", "ISO-8859-4"),
    "Cyrillic": ("windows-1251", "KOI8-R", "KOI8-U", "ISO-8859-5", "IBM866", "x-mac-cyrillic"),
    "Greek": ("windows-1253", "ISO-8859-7"),
    "Turkish": ("windows-1254",),
    "Hebrew": ("windows-1255", "ISO-8859-8"),
    "Arabic": ("windows-1256", "ISO-8859-6"),
    "Thai": ("windows-874",),
    "Vietnamese": ("windows-1258",),
    "Japanese": ("Shift_JIS", "EUC-JP", "ISO-2022-JP"),
    "Chinese": ("GBK", "gb18030", "Big5"),
    "Korean": ("EUC-KR",),
}
FAMILY_OF = {encoding: family for family, members in FAMILIES.items() for encoding in members}

#: Pages per language, encoding, form and split; their sizes in bytes.
PAGES_PER_PAIR = 4
SMALLEST, LARGEST = 30, 100_000
FORMS = ("text", "html")

#: Typographic characters legacy pages wrote in ASCII when their encoding lacked them.
_ASCII_FALLBACK = str.maketrans(
    {"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "–": "-", "—": "-",
     "…": "...", "\u00a0": " ", "‹": "'", "›": "'", "「": '"', "」": '"'}
)  # fmt: skip
#: Romanian comma-below letters and the cedilla letters older encodings wrote instead.
_CEDILLA = str.maketrans({"ș": "ş", "ț": "ţ", "Ș": "Ş", "Ț": "Ţ"})
#: The Vietnamese tone marks windows-1258 writes after the letter they mark.
_TONES = frozenset("\u0300\u0301\u0303\u0309\u0323")


@dataclass(frozen=True)
class Page:
    """One undeclared page: its bytes, the text they are, and what it was made of."""

    id: str
    lang: str
    encoding: str
    form: str
    split: str
    data: bytes
    text: str

    @property
    def family(self) -> str:
        return FAMILY_OF[self.encoding]


@cache
def texts() -> dict[tuple[str, str], list[str]]:
    """The committed texts by (language, split)."""
    by_key: dict[tuple[str, str], list[str]] = {}
    with TEXTS.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            by_key.setdefault((row["lang"], row["split"]), []).append(row["text"])
    return by_key


def _detone(text: str) -> str:
    """Vietnamese as windows-1258 holds it: each tone mark a combining character after the
    letter, the letter precomposed with its other marks (â, ơ, ư...)."""
    out: list[str] = []
    base, tones = "", ""
    for char in unicodedata.normalize("NFD", text):
        if char in _TONES:
            tones += char
        elif unicodedata.combining(char) and base:  # a vowel mark: onto its letter
            base = unicodedata.normalize("NFC", base + char)
        else:
            out.append(base + tones)
            base, tones = char, ""
    out.append(base + tones)
    return "".join(out)


def legacy_form(text: str, encoding: str) -> str | None:
    """*text* as a page in *encoding* would hold it, or None if its letters do not fit.

    >>> legacy_form("Ștefan „cel Mare”", "ISO-8859-2")
    'Ştefan "cel Mare"'
    >>> legacy_form("Việt", "windows-1258") == "Vi\\u00ea\\u0323t"
    True
    >>> legacy_form("Ελλάδα", "windows-1252") is None
    True
    """
    if encoding in ("UTF-8", "gb18030"):
        return text
    if encoding == "windows-1258":
        text = _detone(text)
    try:
        encode(text, encoding)
        return text
    except UnicodeEncodeError:
        pass
    text = text.translate(_ASCII_FALLBACK)
    if encoding in ("windows-1250", "ISO-8859-2"):
        text = text.translate(_CEDILLA)
    try:
        encode(text, encoding)
    except UnicodeEncodeError:
        return None
    return text


def _size(rng: random.Random) -> int:
    return round(math.exp(rng.uniform(math.log(SMALLEST), math.log(LARGEST))))


def _fill(sentences: list[str], encoding: str, budget: int, rng: random.Random) -> str:
    """Sentences in a shuffled cycle until *budget* bytes; the last one cut to fit. At least
    one character is not ASCII (else every encoding would read the page alike)."""
    order = sentences[:]
    rng.shuffle(order)
    pieces: list[str] = []
    size = 0
    index = 0
    while size < budget or all(piece.isascii() for piece in pieces):
        sentence = order[index % len(order)]
        index += 1
        if index > 4 * len(order) + budget:
            break
        if not pieces and sentence.isascii() and budget < 200:
            continue
        encoded = len(_encode(sentence, encoding)) + 1
        if size + encoded > budget and pieces and not all(p.isascii() for p in pieces):
            room = budget - size
            cut = _cut(sentence, encoding, room)
            if cut and not cut.isspace():
                pieces.append(cut)
            break
        pieces.append(sentence)
        size += encoded
    return " ".join(pieces)


def _cut(sentence: str, encoding: str, room: int) -> str:
    """The longest prefix of *sentence* (whole characters) that fits in *room* bytes."""
    low, high = 0, len(sentence)
    while low < high:
        middle = (low + high + 1) // 2
        if len(_encode(sentence[:middle], encoding)) + 1 <= room:
            low = middle
        else:
            high = middle - 1
    prefix = sentence[:low]
    while prefix and unicodedata.combining(prefix[-1]):
        prefix = prefix[:-1]
    return prefix


def _encode(text: str, encoding: str) -> bytes:
    return text.encode("utf-8") if encoding == "UTF-8" else encode(text, encoding)


def _html(lang: str, body: str, rng: random.Random, small: bool) -> tuple[str, str]:
    """An HTML page around *body* (escaped), declaring no charset: (before, after) markup."""
    if small:
        return "<p>", "</p>"
    head = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}">' if rng.random() < 0.5 else "<html>",
        "<head>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="stylesheet" href="/static/site.css">',
    ]
    if rng.random() < 0.5:
        head.append(
            "<script>window.dataLayer = window.dataLayer || [];"
            " function track(e) { dataLayer.push({event: e, t: Date.now()}); }</script>"
        )
    head += ["</head>", '<body class="page">', '<div id="main"><article>']
    foot = "</p>\n</article></div>\n<footer>&copy; 2024</footer>\n</body>\n</html>\n"
    return "\n".join(head) + "\n<p>", foot


def _paragraphs(text: str, rng: random.Random) -> str:
    """Escaped text in paragraphs of a few sentences."""
    words = html.escape(text, quote=False).split(". ")
    out: list[str] = []
    for i, piece in enumerate(words):
        out.append(piece)
        if i + 1 < len(words):
            out.append(".</p>\n<p>" if rng.random() < 0.2 else ". ")
    return "".join(out)


def pages(split: str) -> Iterator[Page]:
    """Every page of a split (``train`` or ``test``), in a fixed order."""
    pool = texts()
    for lang, legacy in LEGACY.items():
        sentences = pool.get((lang, split), [])
        for encoding in (*legacy, "UTF-8"):
            held = [s for s in (legacy_form(t, encoding) for t in sentences) if s]
            if not held or all(s.isascii() for s in held):
                continue
            for form in FORMS:
                rng = random.Random(f"{lang} {encoding} {form} {split}")
                for number in range(PAGES_PER_PAIR):
                    size = _size(rng)
                    small = size < 400
                    before, after = ("", "") if form == "text" else _html(lang, "", rng, small)
                    markup = len(before) + len(after)
                    body = _fill(held, encoding, max(size - markup, 12), rng)
                    text = before + (_paragraphs(body, rng) if form == "html" else body) + after
                    data = _encode(text, encoding)
                    if encoding != "UTF-8" and decode(data, encoding) != text:
                        raise AssertionError(f"{lang} {encoding}: the page does not round-trip")
                    page_id = f"{split}-{lang}-{encoding}-{form}-{number}"
                    yield Page(page_id, lang, encoding, form, split, data, text)
