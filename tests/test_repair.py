"""Tests for mojifix.repair: fix, fix_and_explain, apply_steps."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import sys

import pytest
from support import known_failure_cases

from mojifix import Repair, Step, _core, apply_steps, detect, fix, fix_and_explain, score

DATA = pathlib.Path(__file__).parent / "data" / "detect"


def _rows(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text(encoding="utf-8").split("\n")
    return [json.loads(line) for line in lines if line.strip()]


DAMAGED = [r for r in _rows("damaged.jsonl") if r["fixed"] is not None]
CLEAN = _rows("clean.jsonl")
KNOWN_FAILURES = _rows("known_failures.jsonl")


@pytest.mark.parametrize("text", ["CafÃ© crÃ¨me", "CafÃ©\ud800 crÃ¨me\udfff 鐢ㄦ埛"])
def test_the_core_makes_steps_as_the_dataclass_does(text: str) -> None:
    # The core makes each Step without its __init__ (src/python/objects.rs): every field is
    # set, the object is the one the dataclass would make, and the steps replay the repair.
    repair = fix_and_explain(text)
    assert len(repair.steps) >= 2
    for step in repair.steps:
        made = Step(**{f.name: getattr(step, f.name) for f in dataclasses.fields(Step)})
        assert step == made and repr(step) == repr(made) and hash(step) == hash(made)
    assert apply_steps(text, repair.steps) == repair.text == fix(text)


@pytest.mark.parametrize("row", known_failure_cases(DAMAGED, "known_fix_failure"))
def test_fix_repairs_and_steps_replay(row: dict[str, object]) -> None:
    text, expected = str(row["text"]), str(row["fixed"])
    assert fix(text) == expected
    repair = fix_and_explain(text)
    assert repair.text == expected
    assert apply_steps(text, repair.steps) == expected
    assert fix(expected) == expected  # idempotent


@pytest.mark.parametrize("row", known_failure_cases(CLEAN, "known_fix_failure"))
def test_fix_leaves_clean_text_alone(row: dict[str, object]) -> None:
    text = str(row["text"])
    assert fix(text) == text
    assert fix_and_explain(text) == Repair(text, [])


@pytest.mark.parametrize("row", KNOWN_FAILURES, ids=[str(r["note"]) for r in KNOWN_FAILURES])
def test_known_failures_still_fail_safely(row: dict[str, object]) -> None:
    # Documented limits (docs/notes/detect-repair.md): the output is not the original, but
    # fix is still idempotent and never makes clean text dirtier.
    text = str(row["text"])
    fixed = fix(text)
    assert fix(fixed) == fixed
    if fixed == row["original"]:
        pytest.fail("this known failure is fixed now: move it to damaged.jsonl")


def test_only_the_damaged_span_changes() -> None:
    text = "Ünïcödé stays; CafÃ© is fixed; 中文 stays"
    assert fix(text) == "Ünïcödé stays; Café is fixed; 中文 stays"


def test_clean_text_is_returned_as_is() -> None:
    for text in ("Ελληνικά και 日本語", "plain ascii", "Café"):
        assert fix(text) is text


@pytest.mark.parametrize(
    "text", ["Zażółć gęślą jaźń ", "中文字符 😍 ", "Ελληνικά κείμενα ", "Привет, мир! "]
)
def test_text_is_read_as_cpython_stores_it(text: str) -> None:
    # The one pass and the analysis read the str's own code points (Latin-1, UCS-2 or UCS-4):
    # its UTF-8, which CPython would keep in the str for as long as it lives, is never made
    # (decision note 0085), whether the text is clean or damaged.
    clean = text * 20
    damaged = "CafÃ© " + clean
    for text in (clean, damaged):
        size = sys.getsizeof(text)
        fix(text), fix_and_explain(text), detect(text), score(text)
        assert sys.getsizeof(text) == size
    assert fix(clean) is clean and fix(damaged) == "Café " + clean
    # (A list of str is read as UTF-8, which CPython keeps: the size tells.)
    _core.fix_texts([damaged])
    assert sys.getsizeof(damaged) > size


def test_steps_are_sequential_with_shifted_offsets() -> None:
    text = "CafÃ© crÃ¨me"
    steps = fix_and_explain(text).steps
    assert [(s.start, s.end, s.original, s.replacement) for s in steps] == [
        (3, 5, "Ã©", "é"), (7, 9, "Ã¨", "è")]
    assert all(s.kind == "utf-8-as-single-byte" for s in steps)
    assert all((s.encoded_as, s.decoded_as) == ("UTF-8", "windows-1252") for s in steps)


def test_multi_layer_is_one_step_of_kind_multi_layer() -> None:
    [step] = fix_and_explain("CafÃƒÂ©").steps
    assert step.kind == "multi-layer" and step.replacement == "é"


def test_apply_steps_checks_the_original() -> None:
    step = Step("utf-8-as-single-byte", 3, 5, "Ã©", "é", "UTF-8", "windows-1252")
    assert apply_steps("CafÃ©", [step]) == "Café"
    with pytest.raises(ValueError, match="expects 'Ã©' at \\[3:5\\]"):
        apply_steps("Cafe!!", [step])
    with pytest.raises(TypeError, match="bytes"):
        apply_steps(b"Caf", [step])  # type: ignore[arg-type]


def test_apply_steps_is_linear_on_many_steps() -> None:
    text = "Ã©" * 10_000
    repair = fix_and_explain(text)
    assert repair.text == "é" * 10_000
    assert apply_steps(text, repair.steps) == repair.text


def test_jis_browser_mapping() -> None:
    text = "東京〜大阪‖−¢£¬"
    assert fix(text) == text
    assert fix(text, jis="browser") == "東京～大阪∥－￠￡￢"
    with pytest.raises(ValueError, match="jis='keep'"):
        fix(text, jis="windows")  # type: ignore[arg-type]


def test_ftfy_cleanups_are_opt_in() -> None:
    text = "caf&eacute; \u201chi\u201d\x07 ＡＢＣ"
    assert fix(text) == text
    assert fix(text, html=True) == "café \u201chi\u201d\x07 ＡＢＣ"
    assert fix(text, quotes=True) == "caf&eacute; \"hi\"\x07 ＡＢＣ"
    assert fix(text, control=True) == "caf&eacute; \u201chi\u201d ＡＢＣ"
    assert fix(text, width=True) == "caf&eacute; \u201chi\u201d\x07 ABC"
    # Width folding stays off for CJK text unless asked for explicitly.
    assert fix("全角ＡＢＣ", width=True) == "全角ＡＢＣ"
    assert fix("全角ＡＢＣ", width="always") == "全角ABC"
    repair = fix_and_explain("CafÃ© &amp; co", html=True)
    assert repair.text == "Café & co"
    assert [s.kind for s in repair.steps] == ["utf-8-as-single-byte", "html"]
    assert apply_steps("CafÃ© &amp; co", repair.steps) == repair.text


def test_fix_type_errors() -> None:
    with pytest.raises(TypeError, match="fix\\(\\) takes a str, not bytes"):
        fix(b"Caf\xc3\xa9")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="NoneType"):
        fix_and_explain(None)  # type: ignore[arg-type]


def test_long_single_line_documents() -> None:
    # No fixed-size segmentation: a sequence straddling any boundary is still repaired.
    base = "x" * 997 + "CafÃ©"
    text = base * 200
    assert fix(text) == ("x" * 997 + "Café") * 200


@pytest.mark.parametrize(
    "text", ["Ã" * 10_000, "縺" * 10_000, "Ã©é" * 2_000, "\x80" * 10_000],
    ids=["lead-only", "sjis-lead-only", "alternating", "c1-run"],
)
def test_fix_is_idempotent_on_adversarial_input(text: str) -> None:
    once = fix(text)
    assert fix(once) == once


@pytest.mark.parametrize("text", [
    "\ufffd국\ufffd \ufffd스\ufffd",  # what fix makes of Korean read as EUC-KR with bytes lost
    "\ufffd이 \ufffd학 \ufffd디\ufffd \ufffd쁘 \ufffd타\ufffd.",  # "타" re-read would be "Ÿ"
])
def test_lossy_korean_output_is_not_read_again(text: str) -> None:
    # Genuine syllables between lost runs: not UTF-8 read as EUC-KR once more, which would
    # lose them.
    assert fix(text) == text


def test_lost_option() -> None:
    with pytest.raises(ValueError, match="lost='keep'"):
        fix("x", lost="drop")  # type: ignore[arg-type]
    assert fix("锟斤拷") == "锟斤拷"
    assert fix("锟斤拷", lost="replace") == "\ufffd\ufffd"
