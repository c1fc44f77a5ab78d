"""Tests for :func:`mojifix.fold` (comparison keys).

The cases are data in ``tests/data/fold/``: ``same.tsv`` (spellings that must share a key),
``different.tsv`` (pairs that must not) and ``kept.tsv`` (clean text the ``match`` profile
returns unchanged).  Properties (idempotence, totality, canonical equivalence) run with
hypothesis; the multilingual check folds the 2,000 most frequent words of 25 languages.
"""

from __future__ import annotations

import collections
import difflib
import doctest
import importlib
import importlib.util
import re
import sys
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mojifix
from mojifix import fold
from mojifix._fold_tables import MATCH_FAMILIES, Family

fold_module = importlib.import_module("mojifix.fold")
fold_table = fold_module.fold_table

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "fold"
MODES = [("match", False), ("match", True), ("search", False)]

_ESCAPE = re.compile(r"\\N\{([^}]+)\}|\\u([0-9A-Fa-f]{4})")


def _unescape(text: str) -> str:
    return _ESCAPE.sub(lambda m: unicodedata.lookup(m[1]) if m[1] else chr(int(m[2], 16)), text)


def _rows(name: str) -> list[list[str]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [
        [_unescape(cell) for cell in line.split("\t")]
        for line in lines
        if line.strip() and not line.startswith("#")
    ]


def _fold_as(text: str, profile: str) -> str:
    if profile == "match+casefold":
        return fold(text, casefold=True)
    return fold(text, profile=profile)


# --- the example and the data files ---------------------------------------------------


def test_price_range_from_three_decoders_matches() -> None:
    browser = b"1.000\x81`2.000".decode("cp932")  # FULLWIDTH TILDE, as browsers show 0x8160
    strict = b"1.000\x81`2.000".decode("shift_jis")  # WAVE DASH, a strict JIS X 0208 table
    assert browser != strict != "1.000~2.000"
    assert fold(browser) == fold(strict) == fold("1.000~2.000") == "1.000~2.000"


SAME = _rows("same.tsv")


@pytest.mark.parametrize(
    ("profile", "family", "spellings", "key"),
    SAME,
    ids=[f"{r[0]}-{r[1]}-{i}" for i, r in enumerate(SAME)],
)
def test_spellings_share_a_key(profile: str, family: str, spellings: str, key: str) -> None:
    keys = {spelling: _fold_as(spelling, profile) for spelling in spellings.split(" | ")}
    wrong = {spelling: got for spelling, got in keys.items() if got != key}
    assert not wrong, f"{family}: expected {key!r}, got {wrong}"


def test_every_match_family_has_a_data_case() -> None:
    families = {row[1] for row in SAME if row[0] == "match"}
    missing = [family.name for family in MATCH_FAMILIES if family.name not in families]
    assert not missing, f"add a line for {missing} to tests/data/fold/same.tsv"


@pytest.mark.parametrize("family", MATCH_FAMILIES, ids=lambda family: family.name)
def test_every_family_member_matches_its_replacement(family: Family) -> None:
    """Each character of a family has the key of what the family says it stands for."""
    assert family.mapping, f"family {family.name} is empty"
    for char, replacement in family.mapping.items():
        for context in ("{}", "x{}y", "1 {} 2"):
            assert fold(context.format(char)) == fold(context.format(replacement)), (
                f"{family.name}: U+{ord(char):04X} {unicodedata.name(char, '?')} "
                f"should match {replacement!r} in {context!r}"
            )


@pytest.mark.parametrize(("profiles", "a", "b", "why"), _rows("different.tsv"))
def test_different_text_keeps_different_keys(profiles: str, a: str, b: str, why: str) -> None:
    for profile in profiles.split(","):
        assert fold(a, profile=profile) != fold(b, profile=profile), f"{profile}: {why}"


@pytest.mark.parametrize("text", [row[0] for row in _rows("kept.tsv")])
def test_clean_text_is_its_own_match_key(text: str) -> None:
    assert fold(text) == text


# --- contract: errors, totality, idempotence ---------------------------------------------------


def test_public_name_is_the_module_function() -> None:
    assert mojifix.fold is fold_module.fold
    assert fold_module.PROFILES == ("match", "search")


@pytest.mark.parametrize("bad", [b"bytes", None, 3, ["list"]])
def test_non_str_is_a_type_error_that_says_what_to_do(bad: object) -> None:
    with pytest.raises(TypeError, match=r"needs a str, not .*decode first"):
        fold(bad)  # type: ignore[arg-type]


def test_unknown_profile_lists_the_profiles() -> None:
    with pytest.raises(ValueError, match=r"unknown fold profile 'nfkc'.*'match', 'search'"):
        fold("x", profile="nfkc")
    with pytest.raises(ValueError, match="unknown fold profile"):
        fold_table("Match")


def test_lone_surrogates_pass_through() -> None:
    for profile, casefold in MODES:
        assert fold("a\ud800 \udfff", profile=profile, casefold=casefold) == "a\ud800 \udfff"


def test_whitespace_is_collapsed_and_stripped_on_both_paths() -> None:
    assert fold(" a \t\r\n b  c ") == "a b c"  # ASCII fast path
    assert fold("\N{NO-BREAK SPACE}é \t\N{IDEOGRAPHIC SPACE} b\N{EM SPACE}") == "é b"
    assert fold("") == fold("   ") == fold("\N{ZERO WIDTH SPACE}") == ""


def test_every_python_whitespace_character_is_a_separator() -> None:
    spaces = [chr(cp) for cp in range(0x110000) if chr(cp).isspace()]
    assert len(spaces) > 20
    for space in spaces:
        assert fold(f"a{space}{space}b") == "a b", f"U+{ord(space):04X}"


def test_table_invariants() -> None:
    """What makes one NFC + translate + NFC pass idempotent."""
    table = fold_table("match")
    for char, key in table.items():
        name = f"U+{ord(char):04X} {unicodedata.name(char, '?')}"
        assert unicodedata.decomposition(char)[:1] in ("", "<"), f"{name} is canonical"
        assert unicodedata.normalize("NFC", key) == key, f"{name}: key {key!r} is not NFC"
        assert all(out not in table for out in key), f"{name}: key {key!r} folds again"


@pytest.mark.parametrize(("profile", "casefold"), MODES)
def test_every_table_character_is_idempotent_alone_and_in_context(
    profile: str, casefold: bool
) -> None:
    chars = sorted(set(fold_table("match")) | set(fold_table("search")))
    for char in chars:
        for text in (char, "a" + char, char + "\u0301", "ｶ" + char + "ﾞ", " " + char + " "):
            key = fold(text, profile=profile, casefold=casefold)
            assert fold(key, profile=profile, casefold=casefold) == key, (
                f"{profile}, casefold={casefold}: {text!r} -> {key!r} -> "
                f"{fold(key, profile=profile, casefold=casefold)!r}"
            )


# Characters the tables touch, marks that combine with them, and everything else.
_INTERESTING = sorted(
    set(fold_table("match"))
    | set("\u0301\u0308\u0327\u3099\u309a\u0345\u05b4\u064e\ufe0f \t\nAaİıßſﬁ°~-'\"")
    | set("カガハパｶﾊﾞﾟ가각\u1100\u1161\u11a8क\u0947ก\u0e34ΐΣς")
)
_ANY = st.text(st.characters(exclude_categories=()), max_size=8)  # lone surrogates too
_TABLE = st.text(st.sampled_from(_INTERESTING), max_size=10)
# (st.one_of inside st.text is several times slower to generate than concatenating.)
_TEXT = st.builds(lambda *parts: "".join(parts), _TABLE, _ANY, _TABLE)


@settings(max_examples=300, deadline=None)
@given(text=_TEXT, mode=st.sampled_from(MODES))
def test_fold_is_total_and_idempotent(text: str, mode: tuple[str, bool]) -> None:
    profile, casefold = mode
    key = fold(text, profile=profile, casefold=casefold)
    assert isinstance(key, str)
    assert fold(key, profile=profile, casefold=casefold) == key


@settings(max_examples=100, deadline=None)
@given(text=_TEXT, mode=st.sampled_from(MODES))
def test_canonically_equivalent_text_has_one_key(text: str, mode: tuple[str, bool]) -> None:
    profile, casefold = mode
    keys = {
        fold(unicodedata.normalize(form, text), profile=profile, casefold=casefold)
        for form in ("NFC", "NFD")
    }
    assert len(keys) == 1


@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(max_codepoint=0x7F), max_size=30), casefold=st.booleans())
def test_ascii_fast_path_agrees_with_the_general_path(text: str, casefold: bool) -> None:
    # ZERO WIDTH SPACE sends the text down the non-ASCII path and folds to nothing.
    assert fold(text, casefold=casefold) == fold("\u200b" + text, casefold=casefold)
    assert fold(text, profile="search") == fold("\u200b" + text, profile="search")


@pytest.mark.parametrize("module", [fold_module, mojifix._fold_tables], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_readme_fragment_examples() -> None:
    path = ROOT / "docs" / "readme" / "70-fold.md"
    result = doctest.testfile(str(path), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0


# --- the generated document ----------------------------------------------------------------


def _load_script() -> ModuleType:
    path = ROOT / "scripts" / "make_fold_docs.py"
    spec = importlib.util.spec_from_file_location("make_fold_docs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_docs_fold_md_is_generated_from_the_code() -> None:
    committed = (ROOT / "docs" / "fold.md").read_text(encoding="utf-8")
    version = re.search(r"^Unicode (\S+) ", committed, re.MULTILINE)
    assert version is not None, "docs/fold.md has no Unicode version line"
    if version[1] != unicodedata.unidata_version:
        pytest.skip(
            f"docs/fold.md is for Unicode {version[1]}, this Python has "
            f"{unicodedata.unidata_version}"
        )
    rendered = _load_script().render()
    assert committed == rendered, "docs/fold.md is stale: run python scripts/make_fold_docs.py"
    for family in MATCH_FAMILIES:
        assert f"### {family.name} (" in rendered


# --- clean multilingual text keeps its meaning --------------------------------------------


LANGUAGES = (
    "ja",
    "zh",
    "ko",
    "ru",
    "uk",
    "bg",
    "ar",
    "fa",
    "ur",
    "he",
    "hi",
    "bn",
    "ta",
    "el",
    "vi",
    "tr",
    "de",
    "fr",
    "pl",
    "cs",
    "es",
    "pt",
    "it",
    "nl",
    "sv",
)


def _folded_chars(profile: str) -> set[str]:
    """Characters a family folds, and the characters they fold to."""
    table = fold_table(profile)
    chars = set(table) | {char for key in table.values() for char in key}
    return chars | {chr(cp) for cp in range(0x3100) if chr(cp).isspace()}


def explain_collision(a: str, b: str, profile: str = "match") -> str | None:
    """``None`` if ``a`` and ``b`` differ only in characters of documented families.

    Otherwise a message naming the characters that differ, which no family accounts for.

    >>> explain_collision("don’t", "don't") is None
    True
    """
    folded = _folded_chars(profile)
    a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
    unexplained = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        for char in a[i1:i2] + b[j1:j2]:
            if char not in folded:
                unexplained.append(f"U+{ord(char):04X} {unicodedata.name(char, '?')}")
    if not unexplained:
        return None
    return (
        f"{a!r} and {b!r} both fold to {fold(a, profile=profile)!r}; "
        f"not a documented family: {', '.join(unexplained)}"
    )


def test_collision_checker_explains_what_it_rejects() -> None:
    assert explain_collision("1.000〜2.000", "1.000~2.000") is None
    assert explain_collision("resume", "résumé", profile="search") is None
    message = explain_collision("resume", "résumé")
    assert message is not None
    assert "U+00E9 LATIN SMALL LETTER E WITH ACUTE" in message


def test_frequent_words_of_many_languages_keep_distinct_keys() -> None:
    wordfreq = pytest.importorskip("wordfreq")
    problems = []
    checked = 0
    for lang in LANGUAGES:
        words = wordfreq.top_n_list(lang, 2000, wordlist="small")
        assert len(words) >= 1000, lang
        words = sorted({*words, *(word.capitalize() for word in words)})
        by_key = collections.defaultdict(set)
        for word in words:
            key = fold(word)
            assert key or not word.strip(), f"{lang}: {word!r} folds to nothing"
            by_key[key].add(word)
        checked += len(words)
        for group in by_key.values():
            first, *others = sorted(group)
            for other in others:
                problem = explain_collision(first, other)
                if problem:
                    problems.append(f"{lang}: {problem}")
    assert checked > 60_000
    assert not problems, "\n".join(problems)
