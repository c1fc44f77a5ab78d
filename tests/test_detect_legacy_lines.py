"""The legacy-as-legacy family reads only the lines where its evidence can be.

``mojifix.detect._legacy_lines`` picks the lines (a few searches in C and set operations on the
text's letters), and the windows-1252 Greek/Hebrew/Arabic/Thai and CJK readers look only at the
lines with four high characters in a run (``_LEGACY_SB_LONG``, ``_LEGACY_CJK_LONG``), and on
those only the runs around such a match (``_long_runs_on_lines``).  Every
decision of the family is made per line, so reading every line must find exactly the same: the
reference here is the family with all these selections switched off (every line, every run,
and each repeat of a line read again instead of given the findings of its first copy).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator

import pytest
from detector_texts import corpus_texts
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

D = importlib.import_module("mojifix.detect")
TEXTS = corpus_texts(("text", "original"))




def _every_line(text: str) -> dict[int, int]:
    lines, start = {}, 0
    for line in text.split("\n"):
        lines[start] = start + len(line)
        start += len(line) + 1
    return lines


def _key(found: list[object]) -> list[tuple[object, ...]]:
    return [
        (c.start, c.end, c.encoded_as, c.replacement, c.strength, c.rank)  # type: ignore[attr-defined]
        for c in found
    ]


def _family(text: str) -> list[tuple[object, ...]]:
    # In text order: the copies of a repeated line get their findings after the others, where
    # reading every line puts each reader's in line order; _resolve ranks them by span,
    # strength and rank, not by their order.
    found: list[object] = []
    D._legacy_candidates(text, found)
    return sorted(_key(found))


def _every_run(
    text: str, lines: dict[int, int], runs: re.Pattern[str], *_: object
) -> Iterator[re.Match[str]]:
    for start in sorted(lines):
        yield from runs.finditer(text, start, lines[start])


def _reference(text: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    with monkeypatch.context() as patch:
        patch.setattr(D, "_legacy_lines", _every_line)
        patch.setattr(D, "_long_runs_on_lines", _every_run)
        patch.setattr(D, "_LEGACY_SB_LONG", re.compile(""))
        patch.setattr(D, "_LEGACY_CJK_LONG", re.compile(""))
        patch.setattr(D, "_unique_lines", lambda text, lines: (dict(lines), []))
        return _family(text)


def test_the_selection_skips_clean_lines_and_keeps_damaged_ones() -> None:
    clean = "Øystein bor på Sørlandet.\nCafé crème à côté."
    assert D._legacy_lines(clean) == {}
    damaged = clean + "\nÏðèâåò, ìèð"  # "Привет, мир" (windows-1251) read as windows-1252
    assert list(D._legacy_lines(damaged)) == [len(clean) + 1]
    assert _family(damaged) and _family(clean) == []


def test_the_reference_reads_every_line(monkeypatch: pytest.MonkeyPatch) -> None:
    # (So that the comparisons below can fail: the selection does skip lines.)
    text = "Øystein bor på Sørlandet.\n"
    with monkeypatch.context() as patch:
        calls: list[dict[int, int]] = []
        patch.setattr(D, "_legacy_lines", lambda t: calls.append(_every_line(t)) or calls[-1])
        D._legacy_candidates(text, [])
    assert calls == [{0: 25, 26: 26}]


_HIGH_OR_RUN = st.sampled_from(sorted(set(D._HIGH_1252)) + list("ab@~ .,1?\n\t中"))


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=_HIGH_OR_RUN, max_size=40))
def test_long_runs_are_the_runs_of_four_high_characters(text: str) -> None:
    lines = _every_line(text)
    for runs, long, fresh in (
        (D._LEGACY_SB_RUN, D._LEGACY_SB_LONG, D._LEGACY_SB_FRESH),
        (D._LEGACY_CJK_RUN, D._LEGACY_CJK_LONG, D._LEGACY_CJK_FRESH),
    ):
        walked = [m.span() for m in D._long_runs_on_lines(text, lines, runs, long, fresh)]
        every = [m.span() for m in _every_run(text, lines, runs)]
        assert set(walked) <= set(every) and walked == sorted(walked)
        four = [span for span in every if sum(not c.isascii() for c in text[slice(*span)]) >= 4]
        assert [span for span in walked if span in four] == four


@pytest.mark.parametrize("chunk", range(8))
def test_same_findings_as_every_line_on_the_corpus(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [t for t in TEXTS[chunk::8] if not t.isascii()]
    wrong = [t[:80] for t in texts if _family(t) != _reference(t, monkeypatch)]
    assert not wrong, wrong[:5]


# Lines of words in the languages the family reads and those it must leave alone, each line
# maybe written in a legacy encoding and read as windows-1252.
_WORDS = st.sampled_from([
    "Věra", "třetím", "může", "łódź", "są", "Sajtó", "vezető", "Akçay", "Yıldırım", "şöyle",
    "Привет", "мир", "гръцки", "Ελλάδα", "שלום", "مرحبا", "สวัสดี", "中国人民", "日本語", "한국어",
    "Sjálfstæði", "samþykkja", "Øystein", "São", "informações", "crème", "à", "côté", "Müller",
    "Señor", "così", "Bình", "Việt", "Kč", "100", "m³", "¿Dónde?", "nº", "1ª", "€", "–", "“x”",
    # (The windows-1250 places and Turkish shapes of session 10, which the line selection of
    # _legacy_lines and _turkish_lines must keep: "Dvořák" ř, "Częstochowa" ę, "Szűcs" ű,
    # "Kovač" -ač, "Aydın" -ın, "başarısız", "İbrahim", "dosyası", "değil".)
    "Dvořák", "Częstochowa", "Szűcs", "Felső", "Kovač", "Ľubomír", "Aydın", "başarısız",
    "İbrahim", "dosyası", "değil", "Kullanıcı", "verði", "Kýpur",
])
_LINE = st.tuples(
    st.lists(_WORDS, min_size=1, max_size=6).map(" ".join),
    st.sampled_from([None, "cp1250", "cp1251", "cp1253", "cp1254", "cp1255", "cp874", "gbk",
                     "shift_jis", "utf-8"]),
)


def _misread(line: tuple[str, str | None]) -> str:
    words, encoding = line
    if encoding is None:
        return words
    return words.encode(encoding, errors="replace").decode("cp1252", errors="replace")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_LINE, min_size=1, max_size=5))
# (A misread Turkish line beside a misread Czech one: the Turkish lines are chosen line by
# line, not by the letters of the whole text.)
@example(lines=[("Věra", "cp1250"), ("Yıldırım", "cp1254")])
def test_same_findings_as_every_line_on_legacy_biased_text(
    lines: list[tuple[str, str | None]], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "\n".join(map(_misread, lines))
    assert _family(text) == _reference(text, monkeypatch)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_LINE, min_size=1, max_size=3),
       order=st.lists(st.integers(min_value=0, max_value=2), min_size=2, max_size=8))
def test_a_repeated_line_gets_the_findings_of_reading_it_again(
    lines: list[tuple[str, str | None]], order: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Headers, signatures, form labels: the same line several times in one text.
    text = "\n".join(_misread(lines[i % len(lines)]) for i in order)
    assert _family(text) == _reference(text, monkeypatch)


def test_repeats_of_a_damaged_line_are_all_found() -> None:
    line = "Ïðèâåò, ìèð è Vìra"  # windows-1251 and windows-1250 read as windows-1252
    once = _family(line)
    thrice = _family("\n".join([line, "ok", line, line]))
    assert once and len(thrice) == 3 * len(once)
    shifts = {c[0] - o[0] for c, o in zip(thrice, once * 3, strict=True)}
    assert shifts == {0, len(line) + 4, 2 * len(line) + 5}
