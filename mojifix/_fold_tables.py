"""The character families that :func:`mojifix.fold` folds, as named, readable data.

Each family is a :class:`Family`: a name, the reason it is folded, and a mapping from a single
character to what it folds to (``""`` means the character is dropped from the key).  Two kinds
of family live here:

* **hand-written** families (tildes, dashes, quotes, ...), spelled with ``\\N{...}`` names so
  a reviewer can read every decision;
* **derived** families, a whitelist of the Unicode Character Database's compatibility
  decompositions *by tag and block* (``<wide>``, ``<narrow>``, ``<noBreak>``, the ligature
  blocks, ...), computed from :mod:`unicodedata` instead of blanket NFKC, so that the
  decompositions that change meaning (``㍻`` -> ``平成``, ``①`` -> ``1``, ``²`` -> ``2``,
  ``㈱`` -> ``(株)``, ``½`` -> ``1⁄2``) stay out of the ``match`` profile.

:mod:`mojifix.fold` resolves these families into one ``str.translate`` table per profile;
``scripts/make_fold_docs.py`` prints them as ``docs/fold.md``.

>>> [family.name for family in MATCH_FAMILIES][:3]
['tilde', 'dash', 'jis-pair']
>>> TILDE.mapping["\\N{WAVE DASH}"]
'~'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

__all__ = [
    "ARABIC_POSITIONAL",
    "DASH",
    "ELLIPSIS",
    "INVISIBLE",
    "JIS_PAIR",
    "KANGXI",
    "LIGATURE",
    "LOOKALIKE",
    "MATCH_FAMILIES",
    "NO_BREAK",
    "QUOTE",
    "SEARCH_REMOVED_MARKS",
    "SPACE",
    "TILDE",
    "VERTICAL_SMALL",
    "WIDTH",
    "Family",
    "canonical_singletons",
]


@dataclass(frozen=True)
class Family:
    """One family of look-alike characters and what each member folds to.

    ``mapping`` maps one character to its replacement (``""`` drops the character).  The
    replacement is the family's own step only: :mod:`mojifix.fold` follows chains
    (``NON-BREAKING HYPHEN`` -> ``HYPHEN`` -> ``-``) when it builds its tables.

    >>> f = Family("demo", "an example", {"\\N{EN DASH}": "-"})
    >>> f.mapping["–"]
    '-'
    """

    name: str
    why: str
    mapping: dict[str, str] = field(repr=False)


def _code_points(*ranges: tuple[int, int]) -> Iterator[str]:
    """Every character in the inclusive code point ranges."""
    for first, last in ranges:
        for cp in range(first, last + 1):
            yield chr(cp)


def _decompositions(chars: Iterable[str], tags: tuple[str, ...]) -> dict[str, str]:
    """The compatibility decompositions of ``chars`` whose tag is one of ``tags``.

    Only one level is taken (``FULLWIDTH MACRON`` -> ``MACRON``, not on to ``SPACE`` +
    ``COMBINING MACRON``), and decompositions that contain a ``SPACE`` are left out: they are
    spacing clones of combining marks (``゛`` -> ``" ゙"``) or multi-word ligatures (``ﷺ``),
    and folding them would change the number of words.  (Spaces themselves, such as
    ``NO-BREAK SPACE`` -> ``SPACE``, are of course kept.)

    >>> _decompositions("ＡﾞA", ("<wide>", "<narrow>"))
    {'Ａ': 'A', 'ﾞ': '゙'}
    """
    found: dict[str, str] = {}
    for char in chars:
        decomposition = unicodedata.decomposition(char).split()
        if not decomposition or decomposition[0] not in tags:
            continue
        replacement = "".join(chr(int(cp, 16)) for cp in decomposition[1:])
        if " " not in replacement or char.isspace():
            found[char] = replacement
    return found


# --- hand-written families -------------------------------------------------------------------

TILDE = Family(
    "tilde",
    "The same range sign comes out of different decoders: Shift_JIS 0x8160 is FULLWIDTH TILDE "
    "in browsers (and cp932) but WAVE DASH in strict JIS codecs, and KS X 1001 (EUC-KR) writes "
    "ranges with TILDE OPERATOR. All fold to ASCII `~`, which is also what the width family "
    "folds FULLWIDTH TILDE to. WAVY DASH (〰) is kept: it is a decoration, not a range sign.",
    {
        # Shift_JIS 0x8160 decoded by a strict JIS X 0208 table (Python's "shift_jis").
        "\N{WAVE DASH}": "~",
        # KS X 1001 0xA1AD; also typed for "approximately" ranges in CJK text.
        "\N{TILDE OPERATOR}": "~",
        # Dictionaries use it for "the headword"; typed as a range sign.
        "\N{SWUNG DASH}": "~",
        # windows-1252 0x98, the spacing tilde that Windows text uses for "~".
        "\N{SMALL TILDE}": "~",
    },
)

DASH = Family(
    "dash",
    "Hyphens, dashes and the minus sign are one thing for matching: word processors turn "
    "'1990-2000' into '1990–2000', and Shift_JIS 0x815C / 0x817C decode to EM DASH or "
    "HORIZONTAL BAR and MINUS SIGN or FULLWIDTH HYPHEN-MINUS depending on the codec. All fold "
    "to ASCII `-`. Kept apart because they are not dashes: KATAKANA-HIRAGANA PROLONGED SOUND "
    "MARK (ー, a letter), BOX DRAWINGS LIGHT HORIZONTAL, script hyphens (Armenian, Hebrew "
    "maqaf), HYPHEN BULLET, the two- and three-em dashes (ellipsis marks in bibliographies).",
    {
        "\N{HYPHEN}": "-",
        # Shift_JIS 0x815D; <noBreak> folds NON-BREAKING HYPHEN here first.
        "\N{NON-BREAKING HYPHEN}": "-",
        "\N{FIGURE DASH}": "-",
        # Word processors' "smart" replacement for '-' between numbers.
        "\N{EN DASH}": "-",
        # Shift_JIS 0x815C in Apple's and some strict tables.
        "\N{EM DASH}": "-",
        # Shift_JIS 0x815C in browsers, cp932 and JIS0208.TXT.
        "\N{HORIZONTAL BAR}": "-",
        # Shift_JIS 0x817C in strict JIS tables (cp932 gives FULLWIDTH HYPHEN-MINUS).
        "\N{MINUS SIGN}": "-",
    },
)

JIS_PAIR = Family(
    "jis-pair",
    "JIS X 0208 characters that Microsoft's cp932 table (and so the WHATWG Shift_JIS decoder) "
    "and strict JIS tables map to different code points. The width family already folds "
    "FULLWIDTH CENT/POUND/NOT SIGN to ¢ £ ¬ and FULLWIDTH TILDE/HYPHEN-MINUS; the tilde and "
    "dash families fold the rest. What is left is the double vertical line.",
    {
        # Shift_JIS 0x8161: cp932/browsers give PARALLEL TO, strict JIS DOUBLE VERTICAL LINE.
        # Folded to the JIS table's ordinary text character rather than the math operator.
        "\N{PARALLEL TO}": "\N{DOUBLE VERTICAL LINE}",
    },
)

QUOTE = Family(
    "quote",
    "'Smart' quotes and primes are the typographic spelling of the ASCII quotes that "
    "keyboards type; word processors and CMSs convert one into the other. Single quotes, "
    "the apostrophe letter and single primes fold to `'`; double quotes, double primes and "
    'the CJK double prime quotation marks fold to `"`. Guillemets (« » ‹ ›) are kept: they '
    "are the correct quotes of many languages and are also used as arrows and separators.",
    {
        "\N{LEFT SINGLE QUOTATION MARK}": "'",
        # The most common apostrophe on the web.
        "\N{RIGHT SINGLE QUOTATION MARK}": "'",
        "\N{SINGLE LOW-9 QUOTATION MARK}": "'",
        "\N{SINGLE HIGH-REVERSED-9 QUOTATION MARK}": "'",
        # Ukrainian and other orthographies spell the apostrophe with it, ' or ’ interchangeably.
        "\N{MODIFIER LETTER APOSTROPHE}": "'",
        # 5′ is typed 5'.
        "\N{PRIME}": "'",
        "\N{REVERSED PRIME}": "'",
        "\N{LEFT DOUBLE QUOTATION MARK}": '"',
        "\N{RIGHT DOUBLE QUOTATION MARK}": '"',
        "\N{DOUBLE LOW-9 QUOTATION MARK}": '"',
        "\N{DOUBLE HIGH-REVERSED-9 QUOTATION MARK}": '"',
        # 5″ is typed 5"; NFKC would make it two primes instead.
        "\N{DOUBLE PRIME}": '"',
        "\N{REVERSED DOUBLE PRIME}": '"',
        # Japanese and Chinese quotation marks that stand in for “ ”.
        "\N{REVERSED DOUBLE PRIME QUOTATION MARK}": '"',
        "\N{DOUBLE PRIME QUOTATION MARK}": '"',
        "\N{LOW DOUBLE PRIME QUOTATION MARK}": '"',
    },
)

ELLIPSIS = Family(
    "ellipsis",
    "Word processors turn '...' into one HORIZONTAL ELLIPSIS character (NFKC agrees). The "
    "two dot leader (‥), a Japanese punctuation mark in its own right, is kept.",
    {"\N{HORIZONTAL ELLIPSIS}": "..."},
)

LOOKALIKE = Family(
    "lookalike",
    "Single characters with a compatibility decomposition that only changes the code point, "
    "not the meaning: Latin-1's MICRO SIGN is the Greek letter mu (µm = μm), and the JIS X 0208 "
    "degree signs are the degree sign and a letter (℃ = °C).",
    {
        "\N{MICRO SIGN}": "\N{GREEK SMALL LETTER MU}",
        "\N{DEGREE CELSIUS}": "\N{DEGREE SIGN}C",
        "\N{DEGREE FAHRENHEIT}": "\N{DEGREE SIGN}F",
    },
)

INVISIBLE = Family(
    "invisible",
    "Characters that are invisible and do not change the words: the soft hyphen, zero-width "
    "space, word joiner, byte order mark, and the bidirectional marks and controls that "
    "scraped Arabic and Hebrew text carries in varying amounts. They are dropped. Kept: "
    "ZERO WIDTH JOINER and NON-JOINER (they change the spelling of Persian, Indic scripts and "
    "emoji) and the variation selectors (they choose CJK glyphs; the search profile drops them).",
    {
        "\N{SOFT HYPHEN}": "",
        "\N{ZERO WIDTH SPACE}": "",
        "\N{WORD JOINER}": "",
        "\N{ZERO WIDTH NO-BREAK SPACE}": "",
        "\N{LEFT-TO-RIGHT MARK}": "",
        "\N{RIGHT-TO-LEFT MARK}": "",
        "\N{ARABIC LETTER MARK}": "",
        "\N{LEFT-TO-RIGHT EMBEDDING}": "",
        "\N{RIGHT-TO-LEFT EMBEDDING}": "",
        "\N{POP DIRECTIONAL FORMATTING}": "",
        "\N{LEFT-TO-RIGHT OVERRIDE}": "",
        "\N{RIGHT-TO-LEFT OVERRIDE}": "",
        "\N{LEFT-TO-RIGHT ISOLATE}": "",
        "\N{RIGHT-TO-LEFT ISOLATE}": "",
        "\N{FIRST STRONG ISOLATE}": "",
        "\N{POP DIRECTIONAL ISOLATE}": "",
    },
)

# --- derived families: a whitelist of compatibility decompositions ---------------------------

_HALFWIDTH_AND_FULLWIDTH_FORMS = (0xFF00, 0xFFEF)

WIDTH = Family(
    "width",
    "Every `<wide>` and `<narrow>` decomposition: full-width ASCII (Ａ１！) to ASCII, "
    "IDEOGRAPHIC SPACE to SPACE, half-width katakana to full-width (the half-width voiced "
    "marks ﾞ ﾟ become the combining marks, which NFC then joins to the preceding kana: "
    "ｶﾞ -> ガ), half-width Hangul to Hangul compatibility jamo, and the full-width signs "
    "￠ ￡ ￢ ￣ ￤ ￥ ￦ to ¢ £ ¬ ¯ ¦ ¥ ₩. These forms exist only for round-trips with East "
    "Asian legacy encodings.",
    _decompositions(
        [*_code_points(_HALFWIDTH_AND_FULLWIDTH_FORMS), "\N{IDEOGRAPHIC SPACE}"],
        ("<wide>", "<narrow>"),
    ),
)

NO_BREAK = Family(
    "noBreak",
    "Every `<noBreak>` decomposition: NO-BREAK SPACE, FIGURE SPACE and NARROW NO-BREAK SPACE "
    "to SPACE, NON-BREAKING HYPHEN to HYPHEN (and so to `-`), the Tibetan non-breaking tsheg "
    "to the tsheg. Line-breaking behaviour is layout, not text.",
    _decompositions(_code_points((0x0000, 0x2FFF)), ("<noBreak>",)),
)

LIGATURE = Family(
    "ligature",
    "Typographic ligatures and presentation letters, which PDF extraction and old fonts "
    "produce: ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ, the Armenian ligatures ﬓ-ﬗ, the Hebrew wide and ligature "
    "letters (U+FB20-U+FB29, U+FB4F), and the Latin digraph characters Ĳ ĳ Ǆ ǅ ǆ Ǉ ǈ ǉ Ǌ ǋ ǌ "
    "Ǳ ǲ ǳ ŉ, all spelled as their letters. (The Hebrew letters with points in that block are "
    "canonical decompositions: NFC already folds them.) ARMENIAN SMALL LIGATURE ECH YIWN (և) "
    "and THAI CHARACTER SARA AM (ำ) are kept: they are letters of their orthographies.",
    {
        **_decompositions(_code_points((0xFB00, 0xFB4F)), ("<compat>", "<font>")),
        **_decompositions(
            _code_points((0x0132, 0x0133), (0x0149, 0x0149), (0x01C4, 0x01CC), (0x01F1, 0x01F3)),
            ("<compat>",),
        ),
    },
)

ARABIC_POSITIONAL = Family(
    "arabic-positional",
    "Arabic Presentation Forms-A and -B: the `<isolated>`, `<initial>`, `<medial>` and "
    "`<final>` shapes of letters and letter ligatures (ﻻ -> لا), which PDF extraction and "
    "old software emit instead of the letters. A shape is not a spelling, so they fold to the "
    "letters. Kept: ligatures whose letters include a SPACE (the honorifics ﷺ ﷻ are symbols; "
    "expanding them would change the word count) and the spacing forms of the harakat.",
    _decompositions(
        _code_points((0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
        ("<isolated>", "<initial>", "<medial>", "<final>", "<compat>"),
    ),
)

VERTICAL_SMALL = Family(
    "vertical-small",
    "The CJK Compatibility Forms, Vertical Forms and Small Form Variants blocks: glyphs for "
    "vertical layout (︵ -> '(') and the small punctuation of CNS 11643 (﹐ -> ','), which "
    "the standard says not to use in interchange. They fold to the ordinary punctuation.",
    _decompositions(
        _code_points((0xFE10, 0xFE1F), (0xFE30, 0xFE6F)),
        ("<vertical>", "<small>", "<compat>"),
    ),
)

KANGXI = Family(
    "kangxi",
    "Kangxi radicals (U+2F00-U+2FD5) and the two CJK radicals with decompositions look "
    "exactly like the unified ideographs and are what PDF text extraction of Chinese and "
    "Japanese often yields (⼀ for 一, ⽇ for 日). They fold to the ideographs.",
    _decompositions(_code_points((0x2E80, 0x2FDF)), ("<compat>",)),
)

SPACE = Family(
    "space",
    "Every character `str.isspace()` accepts (Unicode White_Space plus the ASCII information "
    "separators U+001C-U+001F) is a word separator; the profile then collapses runs of them "
    "into one SPACE and strips them from both ends. (NO-BREAK SPACE and friends are listed "
    "under noBreak, IDEOGRAPHIC SPACE under width.)",
    {
        char: " "
        for char in _code_points((0x0000, 0x3000))
        if char.isspace() and char != " " and unicodedata.normalize("NFC", char) == char
    },
)


#: The families of the ``match`` profile, in order of precedence (a character in two
#: families takes the first one's mapping).
MATCH_FAMILIES: tuple[Family, ...] = (
    TILDE,
    DASH,
    JIS_PAIR,
    QUOTE,
    ELLIPSIS,
    LOOKALIKE,
    INVISIBLE,
    WIDTH,
    NO_BREAK,
    SPACE,
    LIGATURE,
    ARABIC_POSITIONAL,
    VERTICAL_SMALL,
    KANGXI,
)


def canonical_singletons() -> Family:
    """Characters canonically equivalent to one other character, which NFC replaces.

    Computed from :mod:`unicodedata` on demand (for the docs): at run time NFC does the work.

    >>> canonical_singletons().mapping["\\N{OHM SIGN}"] == "\\N{GREEK CAPITAL LETTER OMEGA}"
    True
    """
    found: dict[str, str] = {}
    for char in _code_points((0x0000, 0x2FFFF)):
        decomposition = unicodedata.decomposition(char).split()
        if len(decomposition) == 1 and not decomposition[0].startswith("<"):
            found[char] = unicodedata.normalize("NFC", char)
    return Family(
        "canonical (NFC)",
        "Characters that Unicode declares *canonically equivalent* to another single "
        "character; NFC, which both profiles apply first, replaces them, as any "
        "NFC-normalizing pipeline would. This includes the CJK compatibility ideographs "
        "(U+F900-U+FAD9, U+2F800-U+2FA1D) -> unified ideographs: a font may draw them "
        "differently, but the standard says they are the same character, and a key must not "
        "depend on whether some earlier step normalized. (Composed and decomposed accents, "
        "é = e + ◌́, are matched by NFC too; they are not listed.)",
        found,
    )


#: Combining marks the ``search`` profile removes after canonical decomposition: the
#: diacritics of Latin, Greek and Cyrillic (and the symbol and half marks), Hebrew points and
#: cantillation, Arabic harakat and Quranic annotation marks, and the variation selectors.
#: Kept on purpose: the kana voiced marks (U+3099, U+309A: ガ stays ガ), Hangul (its jamo are
#: letters), and the vowel signs and viramas of Indic, Thai, Lao, Tibetan, Myanmar, Khmer...
#: scripts, where the "mark" is part of the spelling (के is not क).
SEARCH_REMOVED_MARKS: tuple[tuple[int, int, str], ...] = (
    (0x0300, 0x036F, "Combining Diacritical Marks"),
    (0x0483, 0x0489, "Cyrillic combining marks"),
    (0x0591, 0x05C7, "Hebrew points and cantillation marks"),
    (0x0610, 0x061A, "Arabic honorific and Quranic marks"),
    (0x064B, 0x065F, "Arabic harakat"),
    (0x0670, 0x0670, "ARABIC LETTER SUPERSCRIPT ALEF"),
    (0x06D6, 0x06ED, "Arabic Quranic annotation marks"),
    (0x1AB0, 0x1AFF, "Combining Diacritical Marks Extended"),
    (0x1DC0, 0x1DFF, "Combining Diacritical Marks Supplement"),
    (0x20D0, 0x20FF, "Combining Diacritical Marks for Symbols"),
    (0xFE00, 0xFE0F, "Variation Selectors"),
    (0xFE20, 0xFE2F, "Combining Half Marks"),
    (0xE0100, 0xE01EF, "Variation Selectors Supplement"),
)
