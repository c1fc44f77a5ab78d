"""Tests for mojifix.detect: data files (tests/data/detect/) plus the API's contracts."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random

import pytest
from support import corpus_rows, known_failure_cases

from mojifix import KINDS, Detection, Finding, detect, fix, is_mojibake, score

DATA = pathlib.Path(__file__).parent / "data" / "detect"


def _rows(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text(encoding="utf-8").split("\n")
    return [json.loads(line) for line in lines if line.strip()]


DAMAGED = _rows("damaged.jsonl")
CLEAN = _rows("clean.jsonl")


@pytest.mark.parametrize("row", known_failure_cases(DAMAGED, "known_detect_failure"))
def test_damaged_is_detected_with_kind_and_encodings(row: dict[str, object]) -> None:
    text = str(row["text"])
    detection = detect(text)
    assert detection.score >= 0.5, detection
    assert is_mojibake(text)
    pairs = {(f.kind, f.encoded_as, f.decoded_as) for f in detection.findings}
    assert (row["kind"], row["encoded_as"], row["decoded_as"]) in pairs, pairs
    for f in detection.findings:
        assert text[f.start : f.end] == f.text
        assert f.kind in KINDS


@pytest.mark.parametrize("row", known_failure_cases(CLEAN, "known_detect_failure"))
def test_clean_text_is_not_mojibake(row: dict[str, object]) -> None:
    text = str(row["text"])
    assert score(text) < 0.5
    assert not is_mojibake(text)
    # (bytes lost before the text was ever misread are reported, as issue 24 asks)
    assert all(f.kind in ("jis-variant", "lost") for f in detect(text).findings)


def test_examples_from_the_issue() -> None:
    assert detect("鐢ㄦ埛").findings[0].replacement == "用户"
    finding = detect("Ïðèâåò").findings[0]
    assert (finding.kind, finding.encoded_as, finding.decoded_as, finding.replacement) == (
        "legacy-as-legacy", "windows-1251", "windows-1252", "Привет")
    finding = detect("CafÃ©").findings[0]
    assert (finding.start, finding.end, finding.text) == (3, 5, "Ã©")


def test_ascii_and_empty_are_clean() -> None:
    assert detect("") == Detection(0.0, [], 0.0)
    assert detect("plain ASCII text, 100% clean.").score == 0.0


def test_affected_is_the_share_of_characters_in_findings() -> None:
    text = "abcdefghÃ©"  # 2 of 10 characters damaged
    assert detect(text).affected == pytest.approx(0.2)
    assert detect("Café").affected == 0.0


def test_score_grows_with_evidence() -> None:
    one = score("a CafÃ© b")
    many = score("a CafÃ© crÃ¨me brÃ»lÃ©e b")
    assert 0.5 <= one < many <= 1.0


def test_multi_layer_is_one_finding_in_the_input_offsets() -> None:
    text = "CafÃƒÂ© and ÐŸÑ€Ð¸"
    found = [(f.kind, f.start, f.end, f.replacement) for f in detect(text).findings]
    assert found == [("multi-layer", 3, 7, "é"), ("utf-8-as-single-byte", 12, 18, "При")]


def test_jis_variant_is_reported_but_never_scored() -> None:
    detection = detect("価格は100円〜200円です")
    assert detection.score == 0.0
    [finding] = detection.findings
    assert finding.kind == "jis-variant"
    assert finding.text == "〜" and finding.replacement == "～"
    # Outside Japanese/Chinese text 〜 is not even reported.
    assert detect("wave 〜 dash").findings == []


def test_lost_bytes_are_reported_without_a_replacement() -> None:
    detection = detect("Caf\ufffd\ufffd au lait")
    assert detection.score >= 0.5
    [finding] = detection.findings
    assert (finding.kind, finding.text, finding.replacement) == ("lost", "\ufffd\ufffd", None)
    # 锟斤拷 is U+FFFD U+FFFD in UTF-8 read as GBK: lost data, reported, left as it is.
    [finding] = detect("文件锟斤拷").findings
    assert (finding.kind, finding.text, finding.replacement) == ("lost", "锟斤拷", None)
    assert fix("文件锟斤拷") == "文件锟斤拷"
    assert fix("文件锟斤拷", lost="replace") == "文件\ufffd\ufffd"


@pytest.mark.parametrize(
    "text",
    [
        # GBK decoded as UTF-8 kept the characters whose bytes are UTF-8 by chance (省 is
        # CA A1, "ʡ"), and read back as GBK they are themselves again beside "锟斤拷"
        # (decision note 0090): the text is right but for its lost data.
        "锟斤拷锟斤拷省雪梅锟斤拷锟斤拷野锟斤拷沙路k锟斤拷 977996",
        "锟斤拷么锟斤拷",
    ],
)
def test_characters_beside_lost_data_are_not_read_as_chance_utf8(text: str) -> None:
    assert fix(text) == text
    findings = detect(text).findings
    assert findings and all(f.kind == "lost" for f in findings)
    assert "".join(f.text for f in findings) == "锟斤拷" * text.count("锟斤拷")
    replaced = fix(text, lost="replace")
    assert "锟" not in replaced and replaced.replace("\ufffd", "") == text.replace("锟斤拷", "")


def test_finding_has_the_documented_fields() -> None:
    f = Finding("lost", 0, 1, "\ufffd", None, None)
    assert (f.replacement, f.score) == (None, 0.0)


@pytest.mark.parametrize("text", ["CafÃ© crÃ¨me", "文件锟斤拷", "CafÃ©\ud800 crÃ¨me\udfff 鐢ㄦ埛"])
def test_the_core_makes_findings_as_the_dataclass_does(text: str) -> None:
    # The core makes each Finding without its __init__ (src/python/objects.rs): every field
    # is set, and the object is the one the dataclass would make, at the text's offsets.
    findings = detect(text).findings
    assert findings
    for found in findings:
        made = Finding(**{f.name: getattr(found, f.name) for f in dataclasses.fields(Finding)})
        assert found == made and repr(found) == repr(made) and hash(found) == hash(made)
        assert text[found.start : found.end] == found.text


@pytest.mark.parametrize("bad", [b"Caf\xc3\xa9", None, 42, ["x"]])
def test_non_str_is_a_type_error_naming_the_type(bad: object) -> None:
    with pytest.raises(TypeError, match=type(bad).__name__):
        detect(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=type(bad).__name__):
        score(bad)  # type: ignore[arg-type]


def test_never_raises_on_any_str() -> None:
    rng = random.Random(1234)
    specials = ["\ud800", "\udfff", "\x00", "\x85", "\ufffd", "\U0010ffff", "\U0001f600", "Ã",
                "縺", "\u0301", "\x9d", "€", "锟", " ", "?"]
    for _ in range(300):
        pieces = []
        for _ in range(rng.randrange(1, 12)):
            if rng.random() < 0.5:
                pieces.append(rng.choice(specials))
            else:
                pieces.append(chr(rng.choice([rng.randrange(0x80, 0x800),
                                              rng.randrange(0x800, 0xD800),
                                              rng.randrange(0xE000, 0x110000),
                                              rng.randrange(0x20, 0x7F)])))
        text = "".join(pieces)
        detection = detect(text)
        assert 0.0 <= detection.score <= 1.0
        assert 0.0 <= detection.affected <= 1.0
        assert fix(fix(text)) == fix(text)


ADVERSARIAL = {
    "lead-only": "Ã" * 20_000,
    "sjis-lead-only": "縺" * 20_000,
    "alternating": "Ã©é" * 3_000,
    "c1-run": "\x85\x9d" * 10_000,
    "many-short-findings": "Ã© " * 3_000,
    "legacy-gbk": "ÖÐÎÄ" * 3_000,
}


@pytest.mark.parametrize("text", list(ADVERSARIAL.values()), ids=list(ADVERSARIAL))
def test_adversarial_input_completes(text: str) -> None:
    # Complexity guard (no timing assertion: speed is measured by the benchmark).
    detection = detect(text)
    assert 0.0 <= detection.score <= 1.0


def test_real_text_with_one_damaged_name_keeps_the_rest() -> None:
    text = "Dear customer, your parcel to Å\x81Ã³dÅº will arrive on Monday. Danke schön!"
    findings = detect(text).findings
    assert findings[0].start == len("Dear customer, your parcel to ")
    assert findings[-1].end == len("Dear customer, your parcel to Å\x81Ã³dÅº")
    assert fix(text) == "Dear customer, your parcel to Łódź will arrive on Monday. Danke schön!"


def test_a_text_misread_as_a_whole_is_found_as_fix_repairs_it() -> None:
    """Decision note 0081: the findings of a text misread as a whole, of one line or several,
    are the repair ``fix`` makes, each as sure as the text is."""
    texts = [
        "ÃœberprÃ¼fung der GrÃ¶ÃŸe\nKÃ¶ln, MÃ¼nchen und DÃ¼sseldorf",
        "ÐŸÑ€Ð¸Ð²ÐµÑ‚, Ð¼Ð¸Ñ€! ÐšÐ°Ðº Ð´ÐµÐ»Ð°?",
        "Ä°stanbul'da Ã§ok gÃ¼zel\n\n2024\nÅžiÅŸli ve BeÅŸiktaÅŸ",
        "屑芯褋泻胁褘",  # "москвы", UTF-8 read as GBK: its finding scored 0.99999995 before
    ]
    for text in texts:
        detection = detect(text)
        assert detection.score == 1.0 and detection.findings, text
        assert all(f.score == 1.0 for f in detection.findings), text
        repaired, at = [], 0
        for f in detection.findings:
            assert f.replacement is not None and f.encoded_as == "UTF-8", text
            repaired += [text[at:f.start], f.replacement]
            at = f.end
        assert "".join(repaired) + text[at:] == fix(text) != text


def test_score_is_detect_score() -> None:
    """``score`` is ``detect(text).score`` on every corpus row and on long texts analysed
    chunk by chunk."""
    texts = [row["text"] for row in corpus_rows()]
    texts += ["x" * 20_000 + "Ã©", "Ã©" * 9_000, "\n".join(texts[:400]) * 3]
    differ = [t[:60] for t in texts if score(t) != detect(t).score]
    assert not differ, differ[:5]
    assert any(score(t) > 0.5 for t in texts) and any(score(t) == 0.0 for t in texts)
