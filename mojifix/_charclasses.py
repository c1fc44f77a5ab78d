"""Named character classes for the mojibake detector (in the style of ftfy's ``chardata.py``).

Two questions are asked of characters here:

* *Is a decoded result plausible?*  When a candidate span is re-encoded and decoded as UTF-8 the
  result must look like text people write: letters of one script, ordinary punctuation and
  symbols.  A C1 control, an unassigned code point, a private-use character, an IPA letter or an
  NKo letter coming out of the decoder means the "repair" is a coincidence, not a repair.
* *Which script is a letter in?*  Scripts must be coherent inside a word: a repair that puts one
  Cyrillic letter inside a Latin word is wrong.

>>> implausible("café")
False
>>> implausible("\\x81")  # a C1 control is never the intended text
True
>>> script_of("ж"), script_of("é"), script_of("中")
('Cyrillic', 'Latin', 'Han')
"""

from __future__ import annotations

import functools
import unicodedata

import regex  # the stdlib re has no \p{Script=...}

__all__ = ["IMPLAUSIBLE", "PLAUSIBLE", "implausible", "script_of", "vowel_share_cyrillic"]

#: Characters that never come out of a genuine repair.  Each line says why.
IMPLAUSIBLE = regex.compile(
    "["
    # C0 controls except TAB/LF/CR: text does not carry them; mojibake of them is noise.
    "\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f"
    # C1 controls: only ever the result of a latin-1 misread, never an intended character.
    "\\x80-\\x9f"
    # Unassigned, private use, surrogates: a repair must produce real, assigned characters.
    "\\p{Cn}\\p{Co}\\p{Cs}"
    "]"
)

#: What a repair may produce: the blocks people write text in.  Anything else coming out of
#: a re-decode (IPA, NKo, Syriac, Mongolian, Yi, Latin Extended-C/D, CJK Extension A/B ...) means
#: the bytes decoded by coincidence.  Each range names its block.
PLAUSIBLE = regex.compile(
    "["
    "\\t\\n\\r\\x20-\\x7e"
    "\\u00a0-\\u024f"  # Latin-1 Supplement, Latin Extended-A and -B
    "\\u02bc\\u02c6\\u02c7\\u02d8-\\u02dd"  # apostrophe letter; ˆ ˇ ˘ ˙ ˚ ˛ ˜ ˝ (code-page accents)
    "\\u0300-\\u036f"  # combining diacritics (NFD text)
    "\\u0370-\\u03ff"  # Greek and Coptic
    "\\u0400-\\u052f"  # Cyrillic and Cyrillic Supplement
    "\\u0531-\\u058f"  # Armenian (with the dram sign)
    "\\u0591-\\u05f4"  # Hebrew
    "\\u0600-\\u06ff"  # Arabic
    "\\u0900-\\u0dff"  # Devanagari .. Sinhala (the Indic scripts)
    "\\u0e00-\\u0e7f"  # Thai
    "\\u10a0-\\u10ff"  # Georgian
    "\\u1e00-\\u1fff"  # Latin Extended Additional (Vietnamese), Greek Extended
    "\\u2000-\\u206f"  # General Punctuation
    "\\u2070-\\u209f"  # superscripts and subscripts
    "\\u20a0-\\u20c0"  # currency symbols
    "\\u2100-\\u218f"  # letterlike symbols, number forms
    "\\u2190-\\u23ff"  # arrows, mathematical operators, misc technical
    "\\u2460-\\u27bf"  # enclosed alphanumerics, box drawing, shapes, misc symbols, dingbats
    "\\u2b00-\\u2bff"  # misc symbols and arrows
    "\\u3000-\\u30ff"  # CJK symbols and punctuation, hiragana, katakana
    "\\u3105-\\u312f\\u3131-\\u318e"  # bopomofo, Hangul compatibility jamo
    "\\u3200-\\u33ff"  # enclosed CJK letters, CJK compatibility
    "\\u4e00-\\u9fff"  # CJK Unified Ideographs
    "\\uac00-\\ud7a3"  # Hangul syllables
    "\\uf900-\\ufaff"  # CJK compatibility ideographs
    "\\ufe30-\\ufe4f"  # CJK compatibility forms
    "\\ufeff"  # the byte order mark ("ï»¿" is its UTF-8 read as windows-1252)
    "\\uff01-\\uffef"  # halfwidth and fullwidth forms
    "\\ufffd"  # a lost byte stays lost
    "\\U0001f000-\\U0001faff"  # emoji and pictographs
    "]*"
)

_SCRIPTS = (
    ("Latin", regex.compile(r"\p{Script=Latin}")),
    ("Cyrillic", regex.compile(r"\p{Script=Cyrillic}")),
    ("Greek", regex.compile(r"\p{Script=Greek}")),
    ("Han", regex.compile(r"\p{Script=Han}")),
    ("Hangul", regex.compile(r"\p{Script=Hangul}")),
    ("Kana", regex.compile(r"[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]")),  # with ー
    ("Arabic", regex.compile(r"\p{Script=Arabic}")),
    ("Hebrew", regex.compile(r"\p{Script=Hebrew}")),
    ("Armenian", regex.compile(r"\p{Script=Armenian}")),  # (words read back from GBK)
    ("Thai", regex.compile(r"\p{Script=Thai}")),
)

_INHERITED = regex.compile(r"[\p{Script=Inherited}\p{Script=Common}]")

#: Cyrillic vowels (Russian, Ukrainian, Belarusian, Serbian, and Bulgarian ъ: "гръцки",
#: "България"): a Cyrillic word has some.
CYRILLIC_VOWELS = frozenset("аеёиоуыэюяіїєўъАЕЁИОУЫЭЮЯІЇЄЎЪ")


def implausible(text: str) -> bool:
    """True if *text* contains a character a genuine repair never produces."""
    return PLAUSIBLE.fullmatch(text) is None


@functools.lru_cache(maxsize=65536)
def script_of(char: str) -> str:
    """The script of a letter or combining mark (Latin, Cyrillic, Greek, Han, Hangul, Kana,
    Arabic, Hebrew, Armenian, Other), or ``"Common"`` for anything else (and for marks that go
    with any script, like U+0301)."""
    category = unicodedata.category(char)
    if category[0] not in "LM" and char != "\N{KATAKANA-HIRAGANA PROLONGED SOUND MARK}":
        return "Common"
    for name, pattern in _SCRIPTS:
        if pattern.match(char):
            return name
    return "Common" if _INHERITED.match(char) else "Other"


def vowel_share_cyrillic(word: str) -> float:
    """Share of vowels among the letters of a Cyrillic *word*.

    >>> round(vowel_share_cyrillic("привет"), 2)
    0.33
    """
    letters = [c for c in word if c.isalpha()]
    if not letters:
        return 0.0
    return sum(c in CYRILLIC_VOWELS for c in letters) / len(letters)
