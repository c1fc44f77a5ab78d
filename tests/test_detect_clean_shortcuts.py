"""The clean-text shortcuts of the detector's dispatch and legacy lines give what the searches
they replace give (``mojifix.detect``, session 4):

* ``_single_byte_pair_in``: a necessary condition for the single-byte family's gate pattern on
  text windows-1252 encodes (a lead of some code page just before a continuation of some),
  the same whether its pairs are looked up one by one or in whole-text passes (session 5);
* ``_single_or_rare``: one scan for "the single-byte family matches" and "a rare-family anchor
  is there", answering both as the two separate searches do;
* ``_western_gap_search``: a Western language's gap search split per letter, with the same
  matches as the whole search;
* ``_cp1252_strict`` / ``_cp1252_replace``: the encodings they stand for;
* the gate's order of families (single-byte and legacy first, the others under one lookbehind)
  and the legacy family's run branches without their lookbehind: the same positions as the
  family patterns' union.

Each property is checked on hypothesis text biased towards the characters that matter
(windows-1252 high characters, leads and continuations of the code pages, Cyrillic capitals,
CJK, U+FFFD) and on slices of the corpus.
"""

from __future__ import annotations

import importlib
import itertools
import re

from detector_texts import corpus_texts
from hypothesis import example, given, settings
from hypothesis import strategies as st

D = importlib.import_module("mojifix.detect")
TEXTS = corpus_texts()

_HIGH_1252 = [c for c in bytes(range(0x80, 0x100)).decode("cp1252", "replace") if c != "\ufffd"]
_OTHERS = list("ČřžšĄąПРИветАБВДтГ中文日本語锟\ufffd╔═┐─αΓ√¬\x81\x8d\x90")
_TEXT = st.text(alphabet=st.sampled_from(_HIGH_1252 + _OTHERS + list("ab@~ .,1?\nKieo")),
                max_size=40)


def _single_matches(text: str) -> bool:
    return any(D._gates(lossy)[1].search(text) for lossy in (False, True))


@settings(max_examples=2000, deadline=None)
@given(_TEXT)
@example("CafÃ©")
@example("Sørlandet – 10 €")
@example("Ã€")
def test_no_lead_before_a_continuation_means_no_single_byte_match(text: str) -> None:
    data = D._cp1252_strict(text)
    if data is not None and not D._single_byte_pair_in(data):
        assert not _single_matches(text)


def test_the_pair_test_on_every_pair_of_windows_1252_characters() -> None:
    # (It can fail: "Ã©" is a pair, and a test that always said True would pass the others.)
    assert D._single_byte_pair_in("Ã©".encode("cp1252"))
    for first, second in itertools.product(_HIGH_1252, repeat=2):
        text = f"a{first}{second}a"
        if not D._single_byte_pair_in(text.encode("cp1252")):
            assert not _single_matches(text), text


def _pair_in_both_ways(data: bytes) -> tuple[bool, bool]:
    """``_single_byte_pair_in`` with its per-pair lookups and with its whole-text passes."""
    answers = []
    saved = D.PAIR_LOOKUPS_SHARE
    try:
        for share in (0, 10**9):  # (every pair looked up; none)
            D.PAIR_LOOKUPS_SHARE = share
            answers.append(D._single_byte_pair_in(data))
    finally:
        D.PAIR_LOOKUPS_SHARE = saved
    return answers[0], answers[1]


@settings(max_examples=2000, deadline=None)
@given(_TEXT)
@example("Ações, Hämäläinen")
@example("CafÃ© Ações")
def test_the_pair_lookups_answer_as_the_whole_text_passes(text: str) -> None:
    data = D._cp1252_strict(text)
    if data is not None:
        lookups, passes = _pair_in_both_ways(data)
        assert lookups == passes


def test_the_pair_lookups_on_corpus_text() -> None:
    # (It can fail: both answers occur, "çã" is no pair of one group and "Ã©" is.)
    seen = set()
    for text in [*TEXTS[:3000], "Ações", "CafÃ©"]:
        data = D._cp1252_strict(text)
        if data is not None and not text.isascii():
            lookups, passes = _pair_in_both_ways(data)
            assert lookups == passes, text
            seen.add(lookups)
    assert seen == {True, False}


@settings(max_examples=2000, deadline=None)
@given(_TEXT, st.integers(min_value=0, max_value=40))
def test_one_scan_answers_single_byte_and_rare_as_two(text: str, pos: int) -> None:
    pos = min(pos, len(text))
    for lossy in (False, True):
        single, rare = D._gates(lossy)[1], D._rare_families_gate(lossy)
        both = D._single_or_rare(lossy).search(text, pos)
        if both is None:
            got = (False, False)
        elif both.group(1) is not None:
            got = (True, rare.search(text, both.start()) is not None)
        else:
            got = (single.search(text, both.start()) is not None, True)
        assert got == (single.search(text, pos) is not None, rare.search(text, pos) is not None)


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.sampled_from(sorted(D._WORD_LETTERS) + list("aeiouyrzkKIE .\n-1")),
               max_size=25))
@example("così Vìra")
def test_the_gap_search_per_letter_finds_what_the_whole_search_finds(text: str) -> None:
    for _, _, _, whole, lang in D._western_gaps():
        expected = {pos for pos in range(len(text)) if whole.match(text, pos)}
        got = {
            pos for pos in range(len(text)) for letter in D._western_gap_letters(lang)
            if text[pos] == letter and D._western_gap_search(lang, letter).match(text, pos)
        }
        assert got == expected, lang


@settings(max_examples=500, deadline=None)
@given(_TEXT)
@example("Ø \x81")
@example("Sørlandet €")
@example("Łódź €")
@example("€ Łódź")
def test_the_windows_1252_encodings(text: str) -> None:
    D._cp1252_strict.cache_clear()
    try:
        strict: bytes | None = text.encode("cp1252")
    except UnicodeEncodeError:
        strict = None
    assert D._cp1252_strict(text) == strict
    assert D._cp1252_replace(text) == (text.encode("cp1252", "replace"), strict is not None)


def _union_positions(text: str, lossy: bool) -> int | None:
    starts = [m.start() for p in D._gates(lossy)[1:] if (m := p.search(text)) is not None]
    return min(starts, default=None)


@settings(max_examples=1000, deadline=None)
@given(_TEXT)
def test_the_gate_is_the_union_of_the_family_patterns(text: str) -> None:
    for lossy in (False, True):
        match = D._gates(lossy)[0].search(text)
        assert (match and match.start()) == _union_positions(text, lossy)


def test_on_corpus_slices() -> None:
    for text in TEXTS[:3000]:
        for piece in (text, text[:200]):
            assert (m := D._gates(False)[0].search(piece)) is None or (
                m.start() == _union_positions(piece, False))
            data = D._cp1252_strict(piece)
            if data is not None and not D._single_byte_pair_in(data):
                assert not _single_matches(piece)


def _central_reading_by_hand(word: str) -> str | None:
    try:
        central = D._recode.decode(D._recode.encode(word, "windows-1252"), "windows-1250")
    except UnicodeError:
        return None
    return central if central.isalpha() and not D.implausible(central) else None


def test_the_memoised_word_readings_of_central_lines() -> None:
    # (_central_lines reads each accented word of a line through a per-word memo, session 5.)
    words = {m.group() for text in TEXTS[:3000] for m in D._LEGACY_WORD.finditer(text)}
    words |= {"Vìra", "zöld", "vezetõ", "m²", "mo¿e", "Ações", "Kè"}
    readings = {word: D._central_word_reading(word) for word in words}
    assert readings == {word: _central_reading_by_hand(word) for word in words}
    assert None in readings.values() and readings["vezetõ"] == "vezető"


#: _LEGACY_WORD as it was before its lookahead (session 5): the same matches.
_LEGACY_WORD_PLAIN = re.compile(
    f"(?<![A-Za-z{D._WORD_HIGH}\u0104\u0105])[A-Za-z{D._WORD_HIGH}\u0104\u0105]*"
    f"[{D._WORD_HIGH}][A-Za-z{D._WORD_HIGH}]*"
)


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abZ ĄąéŸ³Œ\n-1ð")), max_size=30))
@example("Ąa Łódź £ód mo¿e ąą")
def test_the_legacy_word_lookahead_keeps_the_matches(text: str) -> None:
    assert [m.span() for m in D._LEGACY_WORD.finditer(text)] == [
        m.span() for m in _LEGACY_WORD_PLAIN.finditer(text)]


def test_the_legacy_word_lookahead_on_corpus_text() -> None:
    for text in TEXTS[:3000]:
        assert [m.span() for m in D._LEGACY_WORD.finditer(text)] == [
            m.span() for m in _LEGACY_WORD_PLAIN.finditer(text)]
