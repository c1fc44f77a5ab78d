"""The single-byte family's shortcuts (issues #4, #8) give what the long way gives.

* ``_windows_1252_everywhere`` (text that is wholly UTF-8 read as windows-1252) returns what
  :func:`mojifix.detect._resolve` returns for the windows-1252 candidates alone: it restates
  ``_resolve`` for one code page's non-overlapping candidates, so a change to ``_resolve``'s
  rules must show up here.
* ``_single_byte_sequence`` finds a sequence in the text exactly where the code page's encoding
  of it has a run (code pages without one are skipped unencoded).
* ``_SB_RUN`` (anchored on the lead class) finds the runs the plain alternation finds, and
  ``_single_byte_run`` finds in the text the runs ``_SB_RUN`` finds in its encoding.
* ``_windows_1252_round`` (one round of ``fix`` in one decode) makes the text the candidates
  make, ``_encode_1252`` encodes as ``_recode.encode_lossy`` does, and ``fix`` (text-only
  rounds) returns ``fix_and_explain(...).text``.
* ``_runs_to_judge`` (IBM866: only the words with a sequence ``_ibm866_evidence`` allows)
  gives the candidates that judging every run gives.
"""

from __future__ import annotations

import importlib
import re

import pytest
from detector_texts import corpus_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from mojifix import _recode, fix, fix_and_explain
from mojifix.benchmark import damage

D = importlib.import_module("mojifix.detect")
R = importlib.import_module("mojifix.repair")
TEXTS = corpus_texts(("text", "original"), non_ascii=True)




def _key(cands: list[object]) -> list[tuple[object, ...]]:
    return [
        (c.start, c.end, c.kind, c.encoded_as, c.decoded_as, c.replacement, c.strength, c.rank)
        for c in cands  # type: ignore[attr-defined]
    ]


def test_fast_path_is_resolve_of_windows_1252_alone() -> None:
    windows_1252 = D._single_bytes()[0]
    taken = 0
    for text in [*TEXTS, *(damage(t) for t in TEXTS)]:
        fast = D._windows_1252_everywhere(text)
        if fast is None:
            continue
        taken += 1
        found: list[object] = []
        D._single_byte_scan(text, windows_1252, found)
        assert _key(fast) == _key(D._resolve(found, len(text))), text
    assert taken > 1000  # the shortcut is really taken (damaged corpus rows and originals)


def test_fast_path_declines_what_it_cannot_prove() -> None:
    assert D._windows_1252_everywhere("Café Ã©") is None  # "é" alone is not UTF-8
    assert D._windows_1252_everywhere("Ð´ Ð¿") is None  # weak evidence only
    assert D._windows_1252_everywhere("lapkriÄ¨io") is None  # a capital inside a word
    assert D._windows_1252_everywhere("ÃƒÂ© 中") is None  # not windows-1252
    assert _key(D._windows_1252_everywhere("CafÃ© Ð´") or []) == _key([
        D._Candidate(3, 5, "utf-8-as-single-byte", "UTF-8", "windows-1252", "é", 0.9, 0),
        D._Candidate(6, 8, "utf-8-as-single-byte", "UTF-8", "windows-1252", "д", 0.9, 0),
    ])


def _has_run(text: str, name: str) -> bool:
    return D._SB_RUN.search(_recode.encode_lossy(text, name)) is not None


@pytest.mark.parametrize("name", D.SINGLE_BYTE_ORDER)
def test_sequence_pattern_is_exact_on_the_corpus(name: str) -> None:
    pattern = D._single_byte_sequence(name)
    for text in TEXTS[::3]:
        assert (pattern.search(text) is not None) == _has_run(text, name), text


_HIGH = "".join(sorted({c for n in D.SINGLE_BYTE_ORDER for c in _recode.high_half(n)}))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(_HIGH + "ab ?\n\x81\x9d"), max_size=12))
def test_sequence_pattern_is_exact(text: str) -> None:
    for name in D.SINGLE_BYTE_ORDER:
        assert (D._single_byte_sequence(name).search(text) is not None) == _has_run(text, name)


_PLAIN_RUN = re.compile(
    rb"(?:[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3})+"
)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=24), st.integers(min_value=0, max_value=24))
def test_run_pattern_finds_the_plain_runs(data: bytes, pos: int) -> None:
    spans = [m.span() for m in D._SB_RUN.finditer(data, pos)]
    assert spans == [m.span() for m in _PLAIN_RUN.finditer(data, pos)]


def _encoded_runs(text: str, name: str, pos: int = 0) -> list[tuple[int, int]]:
    # One byte per character: the runs of the encoded text are text offsets.
    return [m.span() for m in D._SB_RUN.finditer(_recode.encode_lossy(text, name), pos)]


def _text_runs(text: str, name: str, pos: int = 0) -> list[tuple[int, int]]:
    return [m.span() for m in D._single_byte_run(name).finditer(text, pos)]


@pytest.mark.parametrize("name", D.SINGLE_BYTE_ORDER)
def test_text_run_pattern_is_the_encoded_runs_on_the_corpus(name: str) -> None:
    for text in [*TEXTS[::3], *(damage(t) for t in TEXTS[::7])]:
        assert _text_runs(text, name) == _encoded_runs(text, name), text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(_HIGH + "ab ?\n\x81\x9d\x80\x85"), max_size=16),
       st.integers(min_value=0, max_value=16))
def test_text_run_pattern_is_the_encoded_runs(text: str, pos: int) -> None:
    for name in D.SINGLE_BYTE_ORDER:
        assert _text_runs(text, name, pos) == _encoded_runs(text, name, pos)


@pytest.mark.parametrize("clean", [
    "Người Việt ở Hà Nội thường đi xe máy trên đường phố.",  # Æ° ư, Ä‘ đ: lone pairs (0.75)
    "Tõnu sõitis Réunionile ja Alžeeriasse, žürii ees.",  # Estonian with the é of a name
    "Ðorđe Balašević pjeva u Zagrebu; čuo sam već.",  # Croatian, Ð (U+00D0) written for Đ
])
def test_fast_path_takes_lone_pairs_of_one_language(
    clean: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The letters fit one inventory of _ALL_LATIN_INVENTORIES, so the lone pairs' ties go to
    # windows-1252 in the full search too, and the fast path may take the text.
    text = damage(clean)
    assert D._windows_1252_everywhere(text) is not None
    assert D._windows_1252_round(text) == (clean, True)
    fast = D._candidates(text)
    monkeypatch.setattr(D, "_windows_1252_everywhere", lambda text: None)
    assert _key(D._candidates(text)) == _key(fast)  # the full search agrees


def test_round_in_one_decode_is_the_candidates_round() -> None:
    taken = 0
    for text in [*TEXTS, *(damage(t) for t in TEXTS)]:
        fast = D._windows_1252_round(text)
        if fast is None:
            continue
        taken += fast[1]
        new, steps = R._one_round(text, "keep")
        assert fast == (new, bool(steps)), text
    assert taken > 1000  # the one-decode round is really taken


def test_round_in_one_decode_declines_layers_and_c1() -> None:
    assert D._windows_1252_round("CafÃ© Ð´") == ("Café д", True)
    assert D._windows_1252_round("Café") == ("Café", False)  # the gate finds nothing
    assert D._windows_1252_round("CafÃƒÂ© Ð´") is None  # a repair with mojibake inside
    assert D._windows_1252_round("CafÃ© Â\x81") is None  # a repair with a C1 control
    assert D._windows_1252_round("Café Ã©") is None  # not UTF-8 all through


def test_fix_is_fix_and_explain_text_on_the_corpus() -> None:
    # (Every third text: all of them, repaired twice, take 20 s; the snapshot tool covers all.)
    for text in [*TEXTS[::3], *(damage(t) for t in TEXTS[1::3])]:
        assert fix(text) == fix_and_explain(text).text, text
    for text in TEXTS[2::9]:
        assert fix(text, jis="browser", width=True) == fix_and_explain(
            text, jis="browser", width=True
        ).text, text


_ALL_1252 = [chr(c) for c in range(0x80, 0xA0)] + [
    c for c in _recode.high_half("windows-1252") if c != "\ufffd"
]


def _lossy_1252(text: str) -> bytes | None:
    data = _recode.encode_lossy(text, "windows-1252")
    return data if data.count(b"?") == text.count("?") else None


def test_encode_1252_is_encode_lossy_on_every_character() -> None:
    for cp in range(0x3000):
        text = f"a{chr(cp)}?"
        assert D._encode_1252(text) == _lossy_1252(text), hex(cp)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([*_ALL_1252, "a", "?", " ", "中", "ő"]), max_size=16))
def test_encode_1252_is_encode_lossy(text: str) -> None:
    assert D._encode_1252(text) == _lossy_1252(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([*D._TABLE_1252[0x80:], "a", "B", " ", "."]), max_size=16))
def test_bytes_split_and_judge_are_the_texts(text: str) -> None:
    # Characters with a windows-1252 byte each (its five holes as their C1 controls): the split
    # of the bytes gives the text's parts, and the judge of a run's bytes the run's judgement.
    data = D._encode_1252(text)
    assert data is not None and len(data) == len(text)
    parts = D._NON_ASCII_SPLIT.split(text)
    byte_parts = D._NON_ASCII_BYTES_SPLIT.split(data)
    assert [len(part) for part in parts] == [len(part) for part in byte_parts]
    for i in range(1, len(parts), 2):
        assert D._judge_1252_bytes(byte_parts[i], byte_parts[i - 1][-1:] or b" ") == (
            D._judge_1252(parts[i], parts[i - 1][-1:] or " ")
        ), text


def _round_by_runs(text: str) -> tuple[str, bool] | None:
    # The one-decode round as session 3 made it: every run judged (and its repair checked)
    # one by one, the reference for the word judgements (_words_mask).
    if not D._could_be_mojibake(text):  # (the gate, and letters no Western language mixes)
        return text, False
    judged = D._windows_1252_judge(text)
    if judged is not None and judged[2] and all(
        map(D._final_repair, {run[0] for run in judged[2]})
    ):
        return judged[0], True
    return None


def test_round_by_words_is_the_round_by_runs_on_the_corpus() -> None:
    taken = 0
    for text in [*TEXTS, *(damage(t) for t in TEXTS), *(damage(damage(t)) for t in TEXTS[::5])]:
        fast = D._windows_1252_round(text)
        assert fast == _round_by_runs(text), text
        taken += fast is not None and fast[1]
    assert taken > 1000


_WORD_ALPHABET = [*D._TABLE_1252[0x80:], "a", "B", "z", " ", ".", "1", "\n", "'"]


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(_WORD_ALPHABET), max_size=16))
def test_round_by_words_is_the_round_by_runs(text: str) -> None:
    assert D._windows_1252_round(text) == _round_by_runs(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Ã©", "Ð´", "Ä¨", "Å¾", "Æ°", "ÃƒÂ©", "â€™", "é", "ab"]),
                max_size=8))
def test_round_by_words_on_mixed_verdicts(pieces: list[str]) -> None:
    # Strong, weak, fair (lone pairs), rejected and multi-layer runs, in and between words.
    for sep in (" ", "", "x", "-"):
        text = sep.join(pieces)
        assert D._windows_1252_round(text) == _round_by_runs(text), text


def test_a_runs_judgement_reads_only_whether_a_letter_is_in_front() -> None:
    # What _WORD_BYTES relies on: in front of a run, any ASCII non-letter (space, digit, sign,
    # newline) judges like " ", any lower-case letter like "a", any capital like "A".
    runs = {run for text in TEXTS[::4] for run in D._NON_ASCII_BYTES_SPLIT.split(
        D._encode_1252(damage(text)) or b"")[1::2]}
    runs |= {b"\xc3\xa9", b"\xc3\x89", b"\xc4\xa8", b"\xcc\x81", b"\xd0\xb4"}  # é É Ĩ ́ д
    classes = {
        b" ": [bytes([c]) for c in range(0x80) if not chr(c).isalpha()],
        b"a": [bytes([c]) for c in range(0x61, 0x7B)],
        b"A": [bytes([c]) for c in range(0x41, 0x5B)],
    }
    for run in sorted(runs)[:400]:
        for one, members in classes.items():
            judged = D._judge_1252_bytes(run, one)
            assert all(D._judge_1252_bytes(run, m) == judged for m in members), (run, one)
    # (and the classes differ: a capital inside a lower-case word, a combining accent)
    assert D._judge_1252_bytes(b"\xc3\x89", b"a") != D._judge_1252_bytes(b"\xc3\x89", b"A")
    assert D._judge_1252_bytes(b"\xcc\x81", b" ") != D._judge_1252_bytes(b"\xcc\x81", b"a")


def test_word_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(D, "_WORDS", {})
    monkeypatch.setattr(D, "_WORDS_MAX", 8)
    for i in range(50):
        D._word_mask(b"w%d\xc3\xa9" % i)
    assert 0 < len(D._WORDS) <= 8
    long_word = b"\xe4\xb8\xad" * (D._WORD_MAX_LEN // 3 + 1)  # judged, not kept
    assert D._word_mask(long_word) == 1 << D._STRONG_RUN
    assert long_word not in D._WORDS


# --- IBM866: only the words with evidence are read --------------------------------------------


def _every_run_scan(text: str, enc: object) -> list[object]:
    """``_single_byte_scan`` reading every run (before :func:`_runs_to_judge`)."""
    found: list[object] = []
    for match in D._single_byte_run(enc.name).finditer(text):  # type: ignore[attr-defined]
        base, span = match.start(), match.group()
        before = text[base - 1] if base > 0 else " "
        after = text[match.end()] if match.end() < len(text) else " "
        for s, e, decoded, strength in D._judge_run(
            _recode.encode_lossy(span, enc.name), enc, span, before, after  # type: ignore[attr-defined]
        ):
            found.append((base + s, base + e, decoded, strength))
    return found


_IBM866 = next(enc for enc in D._single_bytes() if enc.name == "IBM866")
_RUSSIAN = "Съешь же ещё этих мягких французских булок, да выпей чаю. Ёжик: «тело» — №5 ₽"


def _scan(text: str) -> list[object]:
    found: list[object] = []
    D._single_byte_scan(text, _IBM866, found)
    return [(c.start, c.end, c.replacement, c.strength) for c in found]  # type: ignore[attr-defined]


def test_ibm866_words_with_evidence_are_every_run_on_the_corpus() -> None:
    texts = [*TEXTS, *(damage(t, "IBM866") for t in TEXTS[::5]), _RUSSIAN + " ├┤ и ─│┌┐"]
    skipped = 0
    for text in texts:
        assert _scan(text) == _every_run_scan(text, _IBM866), text
        skipped += len(_text_runs(text, "IBM866")) - len(list(D._runs_to_judge(text, "IBM866", 0)))
    assert skipped > 1000  # Russian words that are runs are really left unread


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(D._recode.high_half("IBM866") + _RUSSIAN + "ab \n"),
               max_size=24))
def test_ibm866_words_with_evidence_are_every_run(text: str) -> None:
    assert _scan(text) == _every_run_scan(text, _IBM866)
