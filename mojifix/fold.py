"""Comparison keys that fold look-alike characters: :func:`fold`.

Correctly decoded text can still spell the same thing in several ways.  A price range from a
Shift_JIS page is ``1.000～2.000`` in a browser (FULLWIDTH TILDE), ``1.000〜2.000`` after a
strict JIS codec (WAVE DASH) and ``1.000~2.000`` when typed in ASCII; full-width digits, the JIS
look-alike pairs, dashes, quotes and a dozen kinds of space do the same.  Pipelines that
deduplicate or join on such text silently stop matching.  :func:`fold` returns a *key* for
comparing: store the text as it is and compare ``fold(a) == fold(b)``.

Two profiles (see ``docs/fold.md`` for every mapping, generated from
:mod:`mojifix._fold_tables`):

``match`` (the default) -- same text, different code points.
    NFC; then the families of :data:`mojifix._fold_tables.MATCH_FAMILIES`: full-width and
    half-width forms, the tilde family, dashes and the minus sign, the JIS look-alike pairs,
    quotes and primes, the ellipsis, ligatures, Arabic presentation forms, vertical and small
    forms, Kangxi radicals, invisible characters; every run of whitespace becomes one SPACE,
    stripped at both ends.  It does *not* fold case (unless ``casefold=True``), diacritics,
    superscripts, circled or squared characters, fractions, or letterlike and mathematical
    alphanumeric symbols: ``㍻``, ``①``, ``²``, ``㈱``, ``½`` and ``ℝ`` keep their meaning.
    Guarantee: two strings with the same key differ only in characters of the documented
    families (the tests check this on the 2,000 most frequent words of 25 languages: no two
    words share a key).

``search`` -- what a search box should find.
    Everything ``match`` does, plus all remaining compatibility decompositions (NFKC, except
    spacing clones of accents and multi-word ligatures), full case folding, removal of the
    diacritics of Latin, Greek and Cyrillic, of Hebrew points and Arabic harakat, and of the
    variation selectors.  Kana voicing (ガ), Hangul and the vowel signs of Indic and Southeast
    Asian scripts are kept.  Guarantee: recall, not meaning: ``résumé`` finds ``RESUME``,
    ``й`` finds ``и``, ``ß`` finds ``ss``.

Both profiles are idempotent (``fold(fold(x)) == fold(x)``) and total (any ``str``, lone
surrogates included).

>>> fold("1.000～2.000") == fold("1.000〜2.000") == fold("1.000~2.000")
True
>>> fold("ＡＢＣ１２３　ｶﾞｲﾄﾞ")
'ABC123 ガイド'
>>> fold("“Smart”  quotes – and ﬁne\\u00a0spaces ")
'"Smart" quotes - and fine spaces'
>>> fold("㍻ ① ² ½")
'㍻ ① ² ½'
>>> fold("Ｒésumé", casefold=True)
'résumé'
>>> fold("Ｒésumé ㍻", profile="search")
'resume 平成'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping

from mojifix._fold_tables import MATCH_FAMILIES, SEARCH_REMOVED_MARKS, Family

__all__ = ["PROFILES", "fold", "fold_table"]

#: The profiles :func:`fold` accepts.
PROFILES: tuple[str, ...] = ("match", "search")

_MAX_CHAIN = 8


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _close(mapping: Mapping[str, str], step: str, name: str) -> str:
    """Follow ``mapping`` from ``step`` until nothing changes (``NB HYPHEN -> HYPHEN -> -``)."""
    for _ in range(_MAX_CHAIN):
        following = _nfc("".join(mapping.get(char, char) for char in step))
        if following == step:
            return step
        step = following
    raise RuntimeError(f"fold table does not converge for {name!r}: check mojifix._fold_tables")


def _resolve(families: Iterable[Family]) -> dict[str, str]:
    """One character -> final replacement map from families in order of precedence.

    Characters that NFC changes are left out: :func:`fold` applies NFC first, so the table only
    ever sees their NFC form.
    """
    merged: dict[str, str] = {}
    for family in families:
        for char, replacement in family.mapping.items():
            if _nfc(char) == char:
                merged.setdefault(char, replacement)
    return {char: _close(merged, replacement, char) for char, replacement in merged.items()}


class _Translator:
    """``str.translate`` with ``table``, applied only where ``table`` has something to do.

    ``str.translate`` pays a failed dict lookup (an exception) for every character it leaves
    alone, about 0.2 us each; a compiled character class scans clean text many times faster.
    So: find the first character of the table (one regex search, the whole cost on clean
    text), then translate only the runs of table characters from there on.

    >>> _Translator({"～": "~"}, {ord("～"): "~"})("1～2")
    '1~2'
    """

    def __init__(self, chars: Iterable[str], table: Mapping[int, str]) -> None:
        codes = sorted(ord(char) for char in chars)
        ranges: list[tuple[int, int]] = []
        for cp in codes:
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1] = (ranges[-1][0], cp)
            else:
                ranges.append((cp, cp))
        body = "".join(
            re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
            for a, b in ranges
        )
        self.first = re.compile(f"[{body}]" if body else "(?!)")
        self.runs = re.compile(f"[{body}]+" if body else "(?!)")
        self.table = table
        # Most runs are one character (a quote, a dash): a str-keyed dict skips translate's setup.
        self.single = {chr(cp): out for cp, out in table.items()}

    def _run(self, run: re.Match[str]) -> str:
        text = run.group()
        single = self.single.get(text)
        return text.translate(self.table) if single is None else single

    def __call__(self, text: str) -> str:
        found = self.first.search(text)
        if found is None:
            return text
        start = found.start()
        return text[:start] + self.runs.sub(self._run, text[start:])


_MATCH_MAP: dict[str, str] = _resolve(MATCH_FAMILIES)
_MATCH_TABLE: dict[int, str] = {ord(char): out for char, out in _MATCH_MAP.items()}
_MATCH = _Translator(_MATCH_MAP, _MATCH_TABLE)
_SPACE_RUNS = re.compile(" {2,}")


def _removed_mark(char: str) -> bool:
    cp = ord(char)
    return unicodedata.category(char).startswith("M") and any(
        first <= cp <= last for first, last, _ in SEARCH_REMOVED_MARKS
    )


def _search_step(text: str) -> str:
    """One pass of the ``search`` key over a short string (used to build the table)."""
    text = _close(_MATCH_MAP, _nfc(text), text)
    compat = []
    for char in text:
        nfkc = unicodedata.normalize("NFKC", char)
        # Spacing clones of accents (´ -> " ́") and multi-word ligatures stay as they are.
        compat.append(char if " " in nfkc and not char.isspace() else nfkc)
    text = "".join(compat).casefold()
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not _removed_mark(c))
    return _nfc(text)


def _search_key(char: str) -> str:
    step = char
    for _ in range(_MAX_CHAIN):
        following = _search_step(step)
        if following == step:
            return step
        step = following
    raise RuntimeError(f"search table does not converge for {char!r}")


def _search_candidates() -> Iterable[str]:
    """Characters the search table might change: decomposable, case-variant, marks, spaces."""
    for first, last in ((0x0000, 0x1FFFF), (0xE0000, 0xE01EF)):
        for cp in range(first, last + 1):
            char = chr(cp)
            if (
                unicodedata.decomposition(char)
                or char.casefold() != char
                or char in _MATCH_MAP
                or char.isspace()
                or unicodedata.category(char).startswith("M")
            ):
                yield char


@functools.cache
def _search_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for char in _search_candidates():
        if _nfc(char) != char:
            continue
        key = _search_key(char)
        if key != char:
            table[ord(char)] = key
    return table


@functools.cache
def _search_translators() -> tuple[_Translator, _Translator]:
    """Translators for the characters the search table changes beyond ``str.casefold``.

    :func:`fold` case-folds (in C) first, so characters whose whole key is their case folding
    need not be looked up.  Two of them, because a character class with ranges above U+FFFF
    is scanned range by range (many times slower): the BMP class, and the astral class, which
    runs only on text that has an astral character.
    """
    table = _search_table()
    chars = [chr(cp) for cp, key in table.items() if _nfc(chr(cp).casefold()) != key]
    return (
        _Translator((char for char in chars if char <= "\uffff"), table),
        _Translator((char for char in chars if char > "\uffff"), table),
    )


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def fold_table(profile: str = "match") -> dict[str, str]:
    """Every single-character mapping that ``profile`` applies after NFC, as ``{char: key}``.

    ``""`` means the character is dropped.  Whitespace maps to SPACE here; :func:`fold` then
    also collapses runs and strips the ends.  (The ``search`` table is computed on first use.)

    >>> fold_table()["\\N{WAVE DASH}"]
    '~'
    >>> fold_table("search")["\\N{LATIN CAPITAL LETTER E WITH ACUTE}"]
    'e'
    """
    _check_profile(profile)
    table = _MATCH_TABLE if profile == "match" else _search_table()
    return {chr(cp): out for cp, out in table.items()}


def _check_profile(profile: object) -> None:
    if profile not in PROFILES:
        raise ValueError(
            f"unknown fold profile {profile!r}: use one of {', '.join(map(repr, PROFILES))}"
        )


def fold(text: str, *, profile: str = "match", casefold: bool = False) -> str:
    """A key for comparing ``text`` with other text: look-alike spellings fold to one.

    The key is for comparison, deduplication and joins, never a replacement for the stored
    text.  ``profile="match"`` (default) folds only spellings of the same text; ``"search"``
    also folds case, diacritics and all compatibility characters.  ``casefold=True`` adds
    Unicode full case folding to ``match`` (``search`` always folds case).  See the module
    docstring and ``docs/fold.md`` for the families and each decision.

    Raises :class:`TypeError` if ``text`` is not a ``str`` and :class:`ValueError` for an
    unknown profile; otherwise never raises (lone surrogates pass through).

    >>> fold("1.000～2.000") == fold("1.000〜2.000") == fold("1.000~2.000")
    True
    >>> fold("  tab\\tand\\n newline ")
    'tab and newline'
    >>> fold("Straße", casefold=True)
    'strasse'
    >>> fold("Ｃｒèｍｅ  Brûlée", profile="search")
    'creme brulee'
    >>> fold(b"bytes")
    Traceback (most recent call last):
    ...
    TypeError: fold() needs a str, not bytes: decode first (mojifix.decode_html, bytes.decode)
    """
    if not isinstance(text, str):
        raise TypeError(
            f"fold() needs a str, not {type(text).__name__}: "
            "decode first (mojifix.decode_html, bytes.decode)"
        )
    _check_profile(profile)
    if text.isascii():
        # ASCII has nothing to fold but case and whitespace.
        if casefold or profile == "search":
            text = text.lower()
        if (
            "  " in text
            or text[:1] == " "
            or text[-1:] == " "
            or "\n" in text
            or "\t" in text
            or "\r" in text
            or "\x0b" in text
            or "\x0c" in text
            or "\x1c" in text
            or "\x1d" in text
            or "\x1e" in text
            or "\x1f" in text
        ):
            return " ".join(text.split())
        return text
    text = _nfc(text)
    if profile == "match":
        text = _MATCH(text)
        if casefold:
            text = text.casefold()
    else:
        text = _nfc(text.casefold())
        bmp, astral = _search_translators()
        text = bmp(text)
        if _ASTRAL.search(text):
            text = astral(text)
    # Replacements can meet: ｶ + ﾞ -> カ + U+3099 -> ガ.  Whitespace is all SPACE by now.
    text = _nfc(text)
    if "  " in text:
        text = _SPACE_RUNS.sub(" ", text)
    return text.strip(" ")
