"""The single-byte family's shortcuts (issues #4, #8) give what the long way gives.

* ``_windows_1252_everywhere`` (text that is wholly UTF-8 read as windows-1252) returns what
  :func:`mojifix.detect._resolve` returns for the windows-1252 candidates alone: it restates
  ``_resolve`` for one code page's non-overlapping candidates, so a change to ``_resolve``'s
  rules must show up here.
* ``_single_byte_sequence`` finds a sequence in the text exactly where the code page's encoding
  of it has a run (code pages without one are skipped unencoded).
* ``_SB_RUN`` (anchored on the lead class) finds the runs the plain alternation finds.
"""

from __future__ import annotations

import importlib
import re

import pytest
from detector_texts import corpus_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from mojifix import _recode
from mojifix.benchmark import damage

D = importlib.import_module("mojifix.detect")
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
