"""Detection of undeclared pages (issue #26): mojifix.detection and decode_html's ``detected``.

Real libraries throughout: chardetng through the core, charset-normalizer, the model of real
text. The corpus of undeclared pages (``corpus/undeclared``) is measured by
``scripts/bench_undeclared.py``; the floor here holds that figure on its test split.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import mojifix
from mojifix import detection, sniff
from mojifix.sniff import decode_html

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the corpus's page maker, scripts/corpus/undeclared.py
    sys.path.append(str(ROOT))


def _decodes_right(text: str, encoding: str, **hints: Any) -> sniff.Decoded:
    page = text.encode(encoding) if encoding != "x-mac-cyrillic" else text.encode("mac_cyrillic")
    decoded = decode_html(page, **hints)
    assert decoded.source == "detected", decoded
    assert decoded.text == text, (decoded.encoding, decoded.notes)
    return decoded


# --------------------------------------------------------------------------------------------
# The pages of the issue
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "codec", "locale", "encoding"),
    [
        ("<p>商品一覧。価格は税込みです。</p>", "shift_jis", "ja", "Shift_JIS"),
        ("欢迎光临、请登录。", "gbk", "zh-CN", "GBK"),
        ("こんにちは、世界。", "euc_jp", "ja", "EUC-JP"),
    ],
)
def test_short_cjk_pages_of_the_issue(text: str, codec: str, locale: str, encoding: str) -> None:
    decoded = decode_html(text.encode(codec), locale=locale)
    assert (decoded.text, decoded.encoding) == (text, encoding), decoded.notes


@pytest.mark.parametrize(
    ("text", "codec", "locale", "tld"),
    [
        ("<p>東京都の天気予報と気温</p>", "shift_jis", "ja", "jp"),
        ("<p>東京都の天気予報と気温</p>", "euc_jp", "ja", "jp"),
        ("<p>北京市今天的天气预报。</p>", "gbk", "zh-CN", "cn"),
        ("<p>臺北市今天的天氣預報。</p>", "big5", "zh-TW", "tw"),
        ("<p>서울의 오늘 날씨와 기온</p>", "euc_kr", "ko", "kr"),
    ],
)
def test_thirty_byte_cjk_pages_with_the_locale_hint(
    text: str, codec: str, locale: str, tld: str
) -> None:
    page = text.encode(codec)
    assert 28 <= len(page) <= 32
    assert decode_html(page, locale=locale).text == text
    assert decode_html(page, tld=tld).text == text


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("<p>Türkiye'nin en büyük şehri İstanbul, boğazın iki yakasında kurulmuştur.</p>",
         "cp1254"),
        ("<p>Türkiye'nin en büyük şehri İstanbul, boğazın iki yakasında kurulmuştur.</p>",
         "iso8859_9"),
        ("<p>Příliš žluťoučký kůň úpěl ďábelské ódy. Všechno je v pořádku.</p>", "cp1250"),
        ("<p>Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.</p>", "cp1250"),
        ("<p>Árvíztűrő tükörfúrógép. Öt szép szűz lány őrült írót nyúz.</p>", "iso8859_2"),
    ],
)  # fmt: skip
def test_central_european_and_turkish_pages_are_not_windows_1252(text: str, encoding: str) -> None:
    decoded = _decodes_right(text, encoding)
    assert decoded.encoding != "windows-1252"


@pytest.mark.parametrize(
    ("text", "codec", "encoding"),
    [
        ("<p>Съешь же ещё этих мягких французских булок, да выпей чаю.</p>", "mac_cyrillic",
         "x-mac-cyrillic"),
        # ė, į, ū, ų are where ISO-8859-4 and ISO-8859-2 differ
        ("<p>Labas rytas, kaip sekasi? Šiandien graži diena, ąžuolai žaliuoja, ėjau į "
         "mūsų sodą.</p>", "iso8859_4", "ISO-8859-4"),
        ("<p>مرحبا بكم في موقعنا، نتمنى لكم وقتا ممتعا مع الأصدقاء.</p>", "iso8859_6",
         "ISO-8859-6"),
        # the quotation marks are where ISO-8859-13 and windows-1257 differ
        ("<p>„Labas rytas“, kaip sekasi? Šiandien graži diena, ąžuolai žaliuoja.</p>",
         "iso8859_13", "ISO-8859-13"),
        ("<p>Le cœur de l'œuvre coûte 50 €, déjà payé.</p>", "iso8859_15", "ISO-8859-15"),
        ("<p>„Ștefan și Țara Românească”, o poveste frumoasă despre țară.</p>", "iso8859_16",
         "ISO-8859-16"),
        ("<p>Ça va très bien, merci. Où est la gare? À côté du château.</p>", "mac_roman",
         "macintosh"),
        ("<p>Доброго ранку, як справи? Ґанок і їжак, європейська ґава.</p>", "koi8_u",
         "KOI8-U"),
    ],
)  # fmt: skip
def test_encodings_detection_missed_before(text: str, codec: str, encoding: str) -> None:
    decoded = decode_html(text.encode(codec))
    assert decoded.text == text, (decoded.encoding, decoded.notes)
    assert decoded.encoding == encoding


def test_windows_1258_vietnamese() -> None:
    from scripts.corpus.undeclared import legacy_form

    # windows-1258 writes the tone marks as combining characters after the letter
    text = legacy_form("<p>Tiếng Việt là ngôn ngữ của người Việt Nam.</p>", "windows-1258")
    assert text is not None and "\u0301" in text
    decoded = decode_html(mojifix.codecs.encode(text, "windows-1258"))
    assert (decoded.text, decoded.encoding) == (text, "windows-1258"), decoded.notes


# --------------------------------------------------------------------------------------------
# What the result says
# --------------------------------------------------------------------------------------------


def test_notes_say_what_each_witness_answered() -> None:
    page = "<p>Ça va très bien, merci. Où est la gare? À côté du château.</p>".encode("mac_roman")
    decoded = decode_html(page)
    assert decoded.notes[0].startswith("chardetng: ")
    assert any(note.startswith("charset-normalizer: ") for note in decoded.notes)
    assert decoded.notes[-1].startswith("chose macintosh by the decoded text")


def test_confidence_follows_the_margin() -> None:
    long_page = ("<p>Съешь же ещё этих мягких французских булок, да выпей чаю.</p>" * 20).encode(
        "cp1251"
    )
    assert decode_html(long_page).confidence == "high"
    # one letter alone: è in windows-1252, č in windows-1250, Ë in macintosh: a close call,
    # whatever is chosen
    tiny = decode_html(b"<p>\xe8</p>")
    assert tiny.confidence == "low"
    assert {detection._confidence(m) for m in (0.0, 5.0, 50.0)} == {"low", "medium", "high"}


def test_identical_decodings_share_the_witnesses_credit() -> None:
    # windows-1252 and ISO-8859-15 read French without € or œ alike: one reading, the
    # commoner name
    page = "<p>Le café où nous étions était déjà fermé.</p>".encode("cp1252")
    assert decode_html(page).encoding == "windows-1252"


@pytest.mark.parametrize(
    ("text", "codec", "tld"),
    [
        ("<p>Příliš žluťoučký kůň úpěl ďábelské ódy. Řeka teče.</p>" * 8, "cp1250", None),
        ("<p>欢迎光临，请登录。商品价格包括税费。谢谢您的光临。</p>" * 8, "gbk", "cn"),
        ("<p>Съешь же ещё этих мягких французских булок.</p>" * 8, "koi8_r", "ru"),
        ("<p>Ça va très bien, merci.</p>", "mac_roman", None),
    ],
)
def test_candidates_given_up_on_change_no_choice(text: str, codec: str, tld: str | None) -> None:
    # A candidate whose first words already cost more than two other readings with every
    # credit is not costed to the end: the choice, the runner-up and the margin are those of
    # costing every candidate.
    data = text.encode(codec)
    reached = detection.gather(data, tld=tld)
    every = detection.gather(data, tld=tld, weights=None)
    assert detection.choose(reached) == detection.choose(every)
    consulted = detection.consult(reached, data)
    assert detection.choose(consulted) == detection.choose(detection.consult(every, data))
    given_up = [name for name, cost, *_ in reached.candidates if cost == float("inf")]
    if len(reached.candidates) > 10:
        assert given_up, reached.candidates
    assert all(cost != float("inf") for _, cost, *_ in every.candidates)


def test_no_fixed_preference_beats_clear_text() -> None:
    # a .com page (chardetng's generic guess favours windows-1252) in Czech windows-1250
    page = "<p>Příliš žluťoučký kůň úpěl ďábelské ódy.</p>".encode("cp1250")
    assert decode_html(page, tld="com").encoding == "windows-1250"
    # the locale's default only weighs in near-ties: Russian text under a Japanese locale
    russian = "<p>Привет, как у вас дела? Всё хорошо, спасибо.</p>".encode("cp1251")
    assert decode_html(russian, locale="ja").encoding == "windows-1251"


def test_tld_and_locale_hints_reach_chardetng() -> None:
    # Shift_JIS and EUC-KR bytes that read plausibly both ways: the hint decides
    page = "<p>日本</p>".encode("shift_jis")
    assert decode_html(page, tld="example.co.jp").encoding == "Shift_JIS"
    assert sniff._domain_hint("ja-JP", None) == "jp"
    assert sniff._domain_hint("zh_Hant", None) == "tw"
    assert sniff._domain_hint("en-GB", None) is None
    assert sniff._domain_hint(None, "Example.CO.KR.") == "Example.CO.KR."


@pytest.mark.parametrize("tld", ["", ".", "ÜBER", "例え.テスト", "a..b", "x" * 300])
def test_odd_domains_never_raise(tld: str) -> None:
    decoded = decode_html("Grüße".encode("cp1252"), tld=tld)
    assert decoded.text == "Grüße"


# --------------------------------------------------------------------------------------------
# UTF-16 without a BOM: off unless asked for
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_bomless_utf16_only_on_request(codec: str) -> None:
    text = "<html><body><p>Grüße aus Köln, 日本語も少し。</p></body></html>"
    page = text.encode(codec)
    assert decode_html(page).encoding not in ("UTF-16LE", "UTF-16BE")
    decoded = decode_html(page, utf16=True)
    assert decoded.text == text
    assert decoded.encoding == codec.upper().replace("-LE", "LE").replace("-BE", "BE")
    assert decoded.source == "detected"


def test_utf16_request_leaves_other_pages_alone() -> None:
    page = "<p>Příliš žluťoučký kůň úpěl ďábelské ódy.</p>".encode("cp1250")
    assert decode_html(page, utf16=True).encoding == "windows-1250"
    assert decode_html("<p>Zürich</p>".encode(), utf16=True).encoding == "UTF-8"


# --------------------------------------------------------------------------------------------
# Declared pages are decided as before: detection never runs for them
# --------------------------------------------------------------------------------------------


def _declared_cases() -> list[dict[str, Any]]:
    lines = (ROOT / "corpus" / "html" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    return [c for c in cases if c["expected_source"] not in ("detected", "utf-8", "default")]


def test_declared_pages_never_reach_detection(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("detection ran on a declared page")

    monkeypatch.setattr(detection, "detect", refuse)
    cases = _declared_cases()
    assert len(cases) >= 80
    for case in cases:
        body = (ROOT / "corpus" / "html" / case["file"]).read_bytes()
        for kwargs in ({}, {"locale": "ja"}, {"utf16": True}):
            decoded = decode_html(body, case["content_type"], **kwargs)
            assert (decoded.encoding, decoded.source) == (
                case["expected_encoding"],
                case["expected_source"],
            )
            assert decoded.confidence in ("certain", "tentative")


# --------------------------------------------------------------------------------------------
# The corpus of undeclared pages
# --------------------------------------------------------------------------------------------


def test_undeclared_corpus_test_split_floor() -> None:
    from scripts.corpus.undeclared import pages

    every = [page for page in pages("test") if page.encoding != "UTF-8"]
    assert len({page.lang for page in every}) >= 40
    right = sum(decode_html(page.data).text == page.text for page in every)
    # benchmarks/RESULTS.md: the figure on the pages in a legacy encoding
    assert right / len(every) >= 0.96, f"{right} of {len(every)}"


# --------------------------------------------------------------------------------------------
# Hostile input: bounded work, no error
# --------------------------------------------------------------------------------------------


def test_hostile_input_costs_linear_time() -> None:
    import time

    def seconds(size: int) -> float:
        body = bytes(0x80 + (i * 7919) % 128 for i in range(size))  # no ASCII boundary at all
        start = time.perf_counter()
        decoded = decode_html(body)
        assert decoded.source == "detected"
        return time.perf_counter() - start

    seconds(1000)
    small, large = seconds(250_000), seconds(1_000_000)
    assert large < 0.2 + 8 * small, (small, large)  # 4x the bytes, at most ~4x the time
