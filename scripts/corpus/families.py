"""The row families of the second corpus (issue #24): what is damaged, how, and how many rows.

The first corpus (``RECIPES`` in ``make_corpus.py``) has a few rows of every mechanism; these
families size each class so that its ``test`` split (30 % of the rows) can measure the issue's
targets: about 1,000 test rows where the mechanism is common in the wild (UTF-8 read as
windows-1252, latin-1, windows-1250, windows-1251, GBK, Shift_JIS) and a few hundred for the
rarer pairs.  Each family draws its texts from languages that meet the pair in the wild, with a
share of other scripts (Chinese read as windows-1251 or KOI8-R happens: "1段101и™џ4жЁ“").

A family is data: ``(kind, layers, languages with shares, rows)``, plus, for the lossy ones, the
decoder's ``errors`` and an ``after`` step (``mojifix.evaluate.AFTER_STEPS``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

U8 = "UTF-8"
L1 = "python:latin-1"  # Python's and databases' latin-1: C1 controls for 0x80-0x9F
CP1252 = "python:cp1252"  # Python's strict cp1252: 0x81 0x8D 0x8F 0x90 0x9D are undefined

WEST = ("en", "fr", "de", "es", "pt", "it", "nl", "sv", "da", "nb", "fi", "is", "id")
CENTRAL = ("pl", "cs", "sk", "hu", "ro", "hr", "sl")
BALTIC = ("lt", "lv", "et")
CYRILLIC = ("ru", "uk", "bg", "mk")
CJK = ("zh-Hans", "zh-Hant", "ja", "ko")
OTHER = ("el", "tr", "az", "vi", "ar", "fa", "he", "hi", "bn", "ta", "th", "hy", "ka")
ALL = WEST + CENTRAL + BALTIC + CYRILLIC + CJK + OTHER
FEW_WEST = ("fr", "de", "en", "es")

# Categories drawn for damaged rows, with weights: short rows, as most real strings are
# (names, addresses, product titles, sentences); documents have their own family.
CATEGORIES = (
    ("name", 3.0),
    ("address", 2.0),
    ("sentence", 1.5),
    ("product", 2.0),
    ("short", 3.0),
    ("place", 1.0),
    ("date", 1.0),
)
# Layers multiply the length (three layers of UTF-8 read as windows-1252 turn é into 8
# characters): multi-layer rows favour the shortest categories.
SHORT_CATEGORIES = (
    ("name", 3.0),
    ("address", 1.0),
    ("sentence", 1.0),
    ("product", 2.0),
    ("short", 3.0),
    ("place", 2.0),
    ("date", 1.0),
)
NAMES = (("name2", 1.0),)  # two-character CJK names (category "name" in the rows)

COMMON = 3000  # rows of a common pair: about 900 in test, 1,000 with the first corpus and names
RARE = 600  # rows of a rarer pair: about 180 in test, 200 with the first corpus


@dataclass(frozen=True)
class Family:
    """Rows of one mechanism: ``rows`` texts drawn from ``langs`` (groups with shares)."""

    kind: str
    layers: tuple[tuple[str, str], ...]
    langs: tuple[tuple[tuple[str, ...], float], ...]
    rows: int
    categories: tuple[tuple[str, float], ...] = CATEGORIES
    extra: dict[str, Any] = field(default_factory=dict)  # errors / after of every layer
    must_lose: bool = False  # keep only rows whose damage lost bytes (the lossy families)
    lossless: bool = False  # keep only rows whose damage can be undone exactly

    def mechanism(self) -> list[dict[str, Any]]:
        return [{"encode": x, "decode": y, **self.extra} for x, y in self.layers]


def _sb(decoder: str, rows: int, *langs: tuple[tuple[str, ...], float]) -> Family:
    return Family("utf-8-as-single-byte", ((U8, decoder),), langs, rows)


def _mb(decoder: str, rows: int, *langs: tuple[tuple[str, ...], float]) -> Family:
    return Family("utf-8-as-multi-byte", ((U8, decoder),), langs, rows)


def _legacy(encoder: str, decoder: str, langs: tuple[str, ...], rows: int = 150) -> Family:
    return Family("legacy-as-legacy", ((encoder, decoder),), ((langs, 1.0),), rows)


# UTF-8 read with a single-byte decoder, the whole text.
SINGLE_BYTE = (
    _sb("windows-1252", COMMON, (ALL, 1.0)),
    _sb(L1, COMMON, (WEST, 0.5), (CENTRAL + CYRILLIC + CJK + ("el", "tr", "vi"), 0.5)),
    _sb("windows-1250", COMMON, (CENTRAL, 0.8), (("de", "az", "vi"), 0.1), (CJK, 0.1)),
    _sb("windows-1251", COMMON, (CYRILLIC, 0.75), (CJK, 0.15), (FEW_WEST, 0.1)),
    _sb("windows-1253", RARE, (("el",), 0.75), (CJK, 0.15), (FEW_WEST, 0.1)),
    _sb("windows-1254", RARE, (("tr", "az"), 0.7), (("de", "fr"), 0.15), (CJK, 0.15)),
    _sb("ISO-8859-2", RARE, (CENTRAL, 0.9), (("de",), 0.1)),
    _sb("windows-1257", RARE, (BALTIC, 0.8), (("pl", "de"), 0.2)),
    _sb("macintosh", RARE, (("fr", "de", "es", "en", "it", "pt"), 1.0)),
    _sb("IBM866", RARE, (CYRILLIC, 1.0)),
    _sb("python:cp437", RARE, (("en", "de", "fr", "es", "it", "pt"), 1.0)),
    _sb("KOI8-R", RARE, (("ru",), 0.8), (CJK, 0.2)),
    _sb("KOI8-U", RARE, (("uk",), 1.0)),
    _sb("windows-1255", RARE, (("he",), 1.0)),
    _sb("windows-1256", RARE, (("ar", "fa"), 1.0)),
    _sb("windows-874", RARE, (("th",), 1.0)),
)

# UTF-8 read with a multi-byte decoder, the whole text.
MULTI_BYTE = (
    _mb("GBK", COMMON, (("zh-Hans",), 0.3), (CJK[1:], 0.3), ((*WEST, "ru"), 0.4)),
    _mb("Shift_JIS", COMMON, (("ja",), 0.5), (("zh-Hans", "zh-Hant", "ko"), 0.3), (FEW_WEST, 0.2)),
    _mb("gb18030", RARE, (CJK, 0.8), (FEW_WEST, 0.2)),
    _mb("EUC-JP", RARE, (("ja",), 0.6), (("zh-Hans", "ko"), 0.4)),
    _mb("EUC-KR", RARE, (("ko",), 0.6), (("zh-Hans", "ja"), 0.4)),
    _mb("Big5", RARE, (("zh-Hant",), 0.6), (("zh-Hans", "ja"), 0.4)),
)

# Two-character Chinese, Japanese and Korean names (米艳, 洪磊), read by every decoder that
# misreads them in the wild: a short name gives the least evidence of all.
NAME_DECODERS = (
    ("utf-8-as-single-byte", "windows-1252"),
    ("utf-8-as-single-byte", L1),
    ("utf-8-as-single-byte", "windows-1251"),
    ("utf-8-as-single-byte", "KOI8-R"),
    ("utf-8-as-single-byte", "windows-1253"),
    ("utf-8-as-single-byte", "windows-1250"),
    ("utf-8-as-multi-byte", "GBK"),
    ("utf-8-as-multi-byte", "Shift_JIS"),
    ("utf-8-as-multi-byte", "Big5"),
    ("utf-8-as-multi-byte", "EUC-KR"),
    ("utf-8-as-multi-byte", "EUC-JP"),
    ("utf-8-as-multi-byte", "gb18030"),
)
TWO_CHARACTER_NAMES = tuple(
    Family(kind, ((U8, decoder),), ((CJK, 1.0),), 150, NAMES, lossless=True)
    for kind, decoder in NAME_DECODERS
)

# Legacy bytes read with another legacy decoder, the whole text.
LEGACY = (
    _legacy("windows-1251", "windows-1252", CYRILLIC),
    _legacy("windows-1251", L1, ("ru", "uk")),
    _legacy("windows-1251", "KOI8-R", ("ru",)),
    _legacy("KOI8-R", "windows-1251", ("ru",)),
    _legacy("IBM866", "windows-1251", ("ru", "bg")),
    _legacy("windows-1252", "windows-1251", ("fr", "de", "es", "pt")),
    _legacy("windows-1250", "windows-1252", CENTRAL),
    _legacy("windows-1253", "windows-1252", ("el",)),
    _legacy("windows-1254", "windows-1252", ("tr", "az")),
    _legacy("windows-1255", "windows-1252", ("he",)),
    _legacy("windows-1256", "windows-1252", ("ar", "fa")),
    _legacy("windows-874", "windows-1252", ("th",)),
    _legacy("windows-1257", "windows-1252", BALTIC),
    _legacy("GBK", "windows-1252", ("zh-Hans",)),
    _legacy("Big5", "windows-1252", ("zh-Hant",)),
    _legacy("Shift_JIS", "windows-1252", ("ja",)),
    _legacy("EUC-JP", "windows-1252", ("ja",)),
    _legacy("EUC-KR", "windows-1252", ("ko",)),
    _legacy("macintosh", L1, ("fr", "es", "de", "pt")),
)


def _lossy(
    decoder: str, rows: int, langs: tuple[str, ...], *, after: str | None, errors: bool = False
) -> Family:
    extra: dict[str, Any] = {}
    if errors:
        extra["errors"] = "replace"
    if after is not None:
        extra["after"] = after
    return Family("utf-8-as-single-byte", ((U8, decoder),), ((langs, 1.0),), rows, extra=extra,
                  must_lose=True)  # fmt: skip


# Damage that loses something: Python's strict cp1252 with errors="replace" (0x81 0x8D 0x8F
# 0x90 0x9D become U+FFFD, or "?" once re-encoded), and NBSP turned into a plain space after
# the misreading ("voilÃ le travail": à is C3 A0, and A0 is NBSP in windows-1252).
_LOSES_BYTES = ("fr", "de", "es", "pt", "is", "cs", "pl", "ru", "uk", "el", "vi", *CJK)
_HAS_A0 = ("fr", "pt", "es", "it", "cs", "ru", "uk", "bg", "ar", "vi", *CJK)
LOSSY = (
    _lossy(CP1252, 600, _LOSES_BYTES, after=None, errors=True),
    _lossy(CP1252, 300, _LOSES_BYTES, after="fffd-as-question-mark", errors=True),
    _lossy("windows-1252", 300, _HAS_A0, after="nbsp-as-space"),
    _lossy("windows-1252", 300, _HAS_A0, after="nbsp-as-space-collapsed"),
    _lossy(L1, 150, _HAS_A0, after="nbsp-as-space"),
    _lossy("windows-1250", 150, ("vi", "cs", "pl", "hu", "ro"), after="nbsp-as-space"),
    _lossy("windows-1251", 150, ("fr", "pt", "es", "it"), after="nbsp-as-space-collapsed"),
)


def _chains(
    firsts: tuple[tuple[str, tuple[str, ...]], ...], thens: tuple[tuple[str, ...], ...], rows: int
) -> tuple[Family, ...]:
    return tuple(
        Family(
            "multi-layer",
            ((U8, first), *((U8, then) for then in rest)),
            ((langs, 1.0),),
            rows,
            SHORT_CATEGORIES,
            lossless=True,
        )
        for first, langs in firsts
        for rest in thens
    )


# Mojibake of mojibake: the first misreading of the text's own region, then one or two more.
_FIRSTS = (
    ("windows-1252", ALL),
    (L1, WEST),
    ("windows-1250", CENTRAL),
    ("windows-1251", CYRILLIC),
    ("windows-1253", ("el",)),
    ("GBK", ("zh-Hans", "ja", "fr", "de")),
    ("Shift_JIS", ("ja", "zh-Hans", "fr")),
)
_WEST_DECODERS = ("windows-1252", L1)
TWO_LAYERS = _chains(_FIRSTS, tuple((then,) for then in (*_WEST_DECODERS, "windows-1250",
                                                           "windows-1251")), 70)  # fmt: skip
THREE_LAYERS = _chains(
    _FIRSTS[:4] + _FIRSTS[5:6],
    tuple((a, b) for a in _WEST_DECODERS for b in _WEST_DECODERS),
    40,
)
LEGACY_THEN_UTF8 = (
    Family(
        "multi-layer",
        (("windows-1251", "windows-1252"), (U8, "windows-1252")),
        ((("ru", "uk", "bg"), 1.0),),
        150,
        SHORT_CATEGORIES,
        lossless=True,
    ),
    Family(
        "multi-layer",
        (("GBK", "windows-1252"), (U8, "windows-1252")),
        ((("zh-Hans",), 1.0),),
        100,
        SHORT_CATEGORIES,
        lossless=True,
    ),
)

WHOLE_TEXT = (
    SINGLE_BYTE + MULTI_BYTE + TWO_CHARACTER_NAMES + LEGACY + LOSSY
    + TWO_LAYERS + THREE_LAYERS + LEGACY_THEN_UTF8
)  # fmt: skip

# Documents (3-5 sentences or lines) where some parts are damaged and the others are clean:
# (kind, the one misreading of the document's damaged parts, languages, rows).
DOCUMENTS: tuple[tuple[str, tuple[str, str], tuple[str, ...], int], ...] = (
    ("utf-8-as-single-byte", (U8, "windows-1252"), ALL, 550),
    ("utf-8-as-single-byte", (U8, L1), WEST, 150),
    ("utf-8-as-single-byte", (U8, "windows-1250"), CENTRAL, 220),
    ("utf-8-as-single-byte", (U8, "windows-1251"), CYRILLIC, 220),
    ("utf-8-as-single-byte", (U8, "windows-1253"), ("el",), 80),
    ("utf-8-as-single-byte", (U8, "windows-1254"), ("tr", "az"), 80),
    ("utf-8-as-multi-byte", (U8, "GBK"), ("zh-Hans", "zh-Hant", "ja", "ko"), 220),
    ("utf-8-as-multi-byte", (U8, "Shift_JIS"), ("ja", "zh-Hans"), 150),
    ("legacy-as-legacy", ("windows-1251", "windows-1252"), ("ru", "uk", "bg"), 150),
)

# Made after the documents (appended, so the rows before keep their ids): text with emoji in
# UTF-8 and in CESU-8 (Java, MySQL's utf8mb3: "😍" read as windows-1252 is "í\xa0½í¸\x8d"), and
# windows-1252 bytes read as latin-1 (C1 controls in otherwise right text: "\x93quoted\x94").
EMOJI = (("emoji", 1.0),)
CESU8 = "CESU-8"
LATER = (
    Family("utf-8-as-single-byte", ((U8, "windows-1252"),), ((ALL, 1.0),), 300, EMOJI),
    Family("utf-8-as-single-byte", ((U8, L1),), ((WEST, 1.0),), 150, EMOJI),
    Family("utf-8-as-single-byte", ((CESU8, "windows-1252"),), ((ALL, 1.0),), 600, EMOJI),
    Family("utf-8-as-single-byte", ((CESU8, L1),), ((WEST + CYRILLIC, 1.0),), 520, EMOJI),
    Family(
        "legacy-as-legacy",
        (("windows-1252", L1),),
        ((("fr", "de", "es", "pt", "en", "it", "nl"), 1.0),),
        200,
        (("product", 4.0), ("sentence", 1.0), ("short", 1.0), ("name", 1.0)),
    ),
)
