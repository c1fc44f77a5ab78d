"""Tests for mojifix.detect: data files (tests/data/detect/) plus targeted unit tests."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from mojifix import KINDS, Detection, Finding, detect, fix, is_mojibake, score

DATA = pathlib.Path(__file__).parent / "data" / "detect"


def _rows(name: str) -> list[dict[str, object]]:
    lines = (DATA / name).read_text(encoding="utf-8").split("\n")
    return [json.loads(line) for line in lines if line.strip()]


DAMAGED = _rows("damaged.jsonl")
CLEAN = _rows("clean.jsonl")
WEAK = _rows("weak.jsonl")


@pytest.mark.parametrize("row", DAMAGED, ids=[str(r["note"]) for r in DAMAGED])
def test_damaged_is_detected_with_kind_and_encodings(row: dict[str, object]) -> None:
    text = str(row["text"])
    detection = detect(text)
    assert detection.score >= 0.5, detection
    assert is_mojibake(text)
    pairs = {(f.kind, f.encoded_as, f.decoded_as) for f in detection.findings}
    assert (row["kind"], row["encoded_as"], row["decoded_as"]) in pairs
    for f in detection.findings:
        assert text[f.start : f.end] == f.text
        assert f.kind in KINDS


@pytest.mark.parametrize("row", CLEAN, ids=[str(r["note"]) for r in CLEAN])
def test_clean_text_scores_zero(row: dict[str, object]) -> None:
    text = str(row["text"])
    assert score(text) == 0.0
    assert not is_mojibake(text)
    assert all(f.kind == "jis-variant" for f in detect(text).findings)


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


def test_jis_variant_is_reported_but_never_scored() -> None:
    detection = detect("価格は100円〜200円です")
    assert detection.score == 0.0
    [finding] = detection.findings
    assert finding.kind == "jis-variant"
    assert finding.text == "〜" and finding.replacement == "～"
    # Outside Japanese/Chinese text 〜 is not even reported.
    assert detect("wave 〜 dash").findings == []


def test_lost_bytes_are_scored_but_have_no_replacement() -> None:
    detection = detect("Caf\ufffd au lait")
    assert detection.score >= 0.5
    [finding] = detection.findings
    assert finding.kind == "lost" and finding.replacement is None


def test_finding_has_the_documented_fields() -> None:
    f = Finding("lost", 0, 1, "\ufffd", None, None)
    assert (f.replacement, f.score) == (None, 0.0)


@pytest.mark.parametrize("bad", [b"Caf\xc3\xa9", None, 42, ["x"]])
def test_non_str_is_a_type_error_naming_the_type(bad: object) -> None:
    with pytest.raises(TypeError, match=type(bad).__name__):
        detect(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=type(bad).__name__):
        score(bad)  # type: ignore[arg-type]


def test_never_raises_on_any_str() -> None:
    rng = random.Random(1234)
    specials = ["\ud800", "\udfff", "\x00", "\x85", "\ufffd", "\U0010ffff", "\U0001f600", "Ã",
                "縺", "\u0301", "\x9d", "€", "锟"]
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


def test_suspects_rank_above_clean_text_without_being_flagged_or_repaired() -> None:
    # "Гюмри" through GBK: five letters, two pairs missing from the common-pairs table (too
    # weak to prove, but a whole word).  ("Марокко", seven letters missing one pair, is
    # repaired: tests/data/detect/damaged.jsonl.)
    text = "袚褞屑褉懈"
    detection = detect(text)
    assert 0.0 < detection.score < 0.5
    assert [f.replacement for f in detection.findings] == [None]
    assert detection.affected == 0.0
    assert fix(text) == text
    # However many suspects, together they stay below the threshold.
    assert 0.0 < score(" ".join([text] * 6)) < 0.5


@pytest.mark.parametrize("row", WEAK, ids=[str(r["note"]) for r in WEAK])
def test_weak_evidence_ranks_above_clean_text_without_a_repair(row: dict[str, object]) -> None:
    # Word shapes no windows-1252 language writes, and likely case-swapped Cyrillic capitals:
    # one finding of WEAK_EVIDENCE, never repaired.  ("scored": the detector's gate lets the
    # text through, so score() sees it; the others are found by _weak_evidence alone.)
    from mojifix.detect import WEAK_EVIDENCE, _weak_evidence

    text = str(row["text"])
    found = _weak_evidence(text)
    assert [(c.encoded_as, c.replacement, c.strength) for c in found] == [
        (row["encoded_as"], None, WEAK_EVIDENCE)
    ]
    assert score(text) == (WEAK_EVIDENCE if row["scored"] else 0.0)
    assert not is_mojibake(text)
    assert fix(text) == text
    if row["scored"]:
        assert [(f.replacement, f.score) for f in detect(text).findings] == [(None, WEAK_EVIDENCE)]


def test_a_lead_before_a_lost_continuation_is_one_lost_character() -> None:
    assert fix("Robert Å\ufffdaś") == "Robert \ufffdaś"
    # Â + a lost byte could only have been a C1 control: left to the lost finding.
    assert fix("Â\ufffd") == "Â\ufffd"
    # Never eats a character that stands before another lead.
    assert fix("ÃÃ\ufffd") == "ÃÃ\ufffd"


def test_one_rare_ideograph_read_back_from_two_is_no_repair() -> None:
    # Traditional "驗數" encoded as Shift_JIS is UTF-8 "鄝" (a rare ideograph) by chance: in
    # a text with lost bytes elsewhere, the genuine characters stay.
    text = "他們經驗數\ufffd.信息也是資源"
    assert fix(text) == text
    assert all(f.replacement is None for f in detect(text).findings)


def test_score_is_detect_score_without_the_findings() -> None:
    """``score`` skips building the findings: it must give ``detect(text).score`` exactly, on
    every corpus row (clean, damaged, negative, lost, JIS), on the benchmark's damaged
    documents, and on long texts scored chunk by chunk."""
    from mojifix.benchmark import corpus_rows, damage, default_corpus, make_docs
    from mojifix.detect import CHUNK_CHARS

    texts = [row["text"] for row in corpus_rows(default_corpus())]
    docs = [d.text for d in make_docs(60, seed=3)]
    texts += docs + [damage(t) for t in docs]
    long_damaged = "\n".join(texts[:400])
    texts += [long_damaged * (1 + CHUNK_CHARS // max(1, len(long_damaged)))]
    texts += ["x" * (CHUNK_CHARS + 5) + "Ã©", "Ã©" * (CHUNK_CHARS // 2 + 7)]
    assert len(texts) > 2000
    differ = [t[:60] for t in texts if score(t) != detect(t).score]
    assert not differ, differ[:5]
    assert any(score(t) > 0.5 for t in texts) and any(score(t) == 0.0 for t in texts)
