"""Properties of the public API, checked on generated inputs (issue #9).

Three kinds of checks:

- *for any input* (hypothesis): ``fix``, ``score``, ``detect``, ``fix_and_explain`` and
  ``decode_html`` never raise, whatever ``str`` (all planes, lone surrogates, combining
  marks, controls) or ``bytes`` they get; their results keep their contracts (score in
  [0, 1], ``fix`` idempotent, findings inside the text and sorted, the explained steps
  replay to the fixed text, WHATWG round trips through ``decode_html``);
- *for every clean text* of the corpus test split: ``fix`` leaves it alone and
  ``is_mojibake`` says no;
- *statistically*, over many draws: ``fix(damage(t)) == t`` at the rates the detector
  promises (99% for UTF-8 read as a single-byte encoding, 97% as a multi-byte one, 95% for
  legacy read as legacy).

The hypothesis budgets (``max_examples``) are bounded so that the whole file stays well
under a minute.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache, lru_cache

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from support import CORPUS, corpus_rows

import mojifix
from mojifix import codecs, labels

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------------------

#: Every code point hypothesis can draw, lone surrogates included.
ANY_CHAR = st.one_of(st.characters(codec=None), st.characters(categories=["Cs"]))

#: Characters that mojibake is made of, so that the detector's code paths get exercised
#: instead of always answering "clean".
MOJIBAKE_CHARS = st.one_of(
    st.characters(min_codepoint=0x00A0, max_codepoint=0x00FF),  # Latin-1 supplement: Ã Â © ...
    st.characters(min_codepoint=0x0080, max_codepoint=0x009F),  # C1 controls: latin-1 misreads
    st.sampled_from("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ"),  # windows-1252's 0x80..0x9F
    st.characters(min_codepoint=0x0400, max_codepoint=0x045F),  # Cyrillic: "Ð°" / "Ïðèâåò"
    st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),  # CJK: UTF-8 read as GBK/SJIS
    st.characters(min_codepoint=0xFF61, max_codepoint=0xFF9F),  # half-width katakana (SJIS)
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),  # combining marks
    st.sampled_from("\N{REPLACEMENT CHARACTER}锟斤拷烫屯\ufeff\u200b"),  # lost bytes, BOM, ZWSP
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),  # ASCII around the damage
)

ANY_TEXT = st.text(alphabet=ANY_CHAR, max_size=80)
MOJIBAKE_TEXT = st.text(alphabet=MOJIBAKE_CHARS, max_size=80)


@st.composite
def damaged_text(draw: st.DrawFn) -> str:
    """Real mojibake: text (any script) encoded as UTF-8, read as a legacy encoding."""
    text = draw(
        st.text(
            alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]),
            min_size=1,
            max_size=40,
        )
    )
    encoding = draw(st.sampled_from(["windows-1252", "windows-1251", "GBK", "Shift_JIS"]))
    layers = draw(st.integers(min_value=1, max_value=2))
    for _ in range(layers):
        text = codecs.decode(text.encode("utf-8", "surrogatepass"), encoding)
    return text


TEXTS = st.one_of(ANY_TEXT, MOJIBAKE_TEXT, damaged_text())

# --------------------------------------------------------------------------------------
# For any str
# --------------------------------------------------------------------------------------


@FAST
@given(TEXTS)
def test_fix_score_detect_never_raise_and_keep_their_contracts(text: str) -> None:
    fixed = mojifix.fix(text)
    assert isinstance(fixed, str)
    s = mojifix.score(text)
    assert 0.0 <= s <= 1.0
    assert isinstance(mojifix.is_mojibake(text), bool)
    detection = mojifix.detect(text)
    assert 0.0 <= detection.score <= 1.0
    assert detection.score == s
    starts = [f.start for f in detection.findings]
    assert starts == sorted(starts), "findings are not sorted by offset"
    for f in detection.findings:
        assert 0 <= f.start <= f.end <= len(text), f"finding {f} lies outside the text"
        assert f.text == text[f.start : f.end], f"finding {f} does not quote the text"
        assert f.kind in mojifix.KINDS


@FAST
@given(TEXTS)
@example("Þ²\nÕ\x85")  # read whole as windows-1254, then "Õ…" on its own line as UTF-8
def test_fix_is_idempotent(text: str) -> None:
    once = mojifix.fix(text)
    assert mojifix.fix(once) == once


@FAST
@given(TEXTS)
def test_explained_steps_replay_to_the_fixed_text(text: str) -> None:
    repair = mojifix.fix_and_explain(text)
    fixed = mojifix.fix(text)
    assert repair.text == fixed
    assert mojifix.apply_steps(text, repair.steps) == fixed
    for step in repair.steps:
        assert step.kind in mojifix.KINDS


# --------------------------------------------------------------------------------------
# Clean text stays clean
# --------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def clean_texts() -> tuple[tuple[str, str, str], ...]:
    """(text, lang, script) of the corpus test split's clean rows (not its hand-written
    negatives: one more of those moved every later draw, and the measured rates with them).

    The corpus is committed: a checkout always has it.
    """
    # The first corpus's rows (ids "clean-"), on which the floors below were measured; the
    # second corpus (issue #24, "clean2-") is measured by `mojifix eval` and test_eval_floors.
    rows = [
        r
        for r in corpus_rows(CORPUS, split="test")
        if r["kind"] == "clean" and str(r["id"]).startswith("clean-")
    ]
    assert rows, f"no clean rows in {CORPUS}"
    return tuple(
        (r["text"], str(r.get("lang") or "und"), str(r.get("script") or "Latin")) for r in rows
    )


def test_clean_text_is_left_alone() -> None:
    texts = clean_texts()
    assert len(texts) >= 100
    changed = [(t, mojifix.fix(t)) for t, _, _ in texts if mojifix.fix(t) != t]
    flagged = [t for t, _, _ in texts if mojifix.is_mojibake(t)]
    assert not changed, f"{len(changed)}/{len(texts)} clean texts changed, e.g. {changed[:5]}"
    assert not flagged, f"{len(flagged)}/{len(texts)} clean texts flagged, e.g. {flagged[:5]}"


# --------------------------------------------------------------------------------------
# Round trips, as rates
# --------------------------------------------------------------------------------------

#: ``utf-8-as-single-byte``: which single-byte encodings misread UTF-8 text of a script
#: (the pairs of ``mojifix.detect``'s docstring and of the corpus).  windows-1252 misreads
#: everything; the others are the local encodings of the script's region.
SINGLE_BYTE = {
    "*": ("windows-1252",),
    "Latin": ("windows-1252", "windows-1250", "windows-1254", "ISO-8859-2", "ISO-8859-15",
              "macintosh"),
    "Cyrillic": ("windows-1252", "windows-1251", "KOI8-R", "KOI8-U", "IBM866"),
    "Greek": ("windows-1252", "windows-1253"),
    "Hebrew": ("windows-1252", "windows-1255"),
}  # fmt: skip
#: ``utf-8-as-multi-byte``: the East Asian multi-byte decoders, on text of any script.
MULTI_BYTE = {
    "*": ("GBK", "Shift_JIS"),
    "Han": ("GBK", "gb18030", "Big5", "Shift_JIS", "EUC-JP", "EUC-KR"),
    "Japanese": ("GBK", "gb18030", "Big5", "Shift_JIS", "EUC-JP", "EUC-KR"),
    "Hangul": ("GBK", "Shift_JIS", "EUC-KR"),
}
#: ``legacy-as-legacy``: a language's legacy encoding, misread (almost always as
#: windows-1252).  Keys are languages, or scripts.
LEGACY = {
    "Cyrillic": (("windows-1251", "windows-1252"), ("KOI8-R", "windows-1251"),
                 ("windows-1251", "KOI8-R")),
    "pl": (("windows-1250", "windows-1252"),), "cs": (("windows-1250", "windows-1252"),),
    "sk": (("windows-1250", "windows-1252"),), "hu": (("windows-1250", "windows-1252"),),
    "hr": (("windows-1250", "windows-1252"),), "sl": (("windows-1250", "windows-1252"),),
    "ro": (("windows-1250", "windows-1252"),),
    "zh-Hans": (("GBK", "windows-1252"),), "zh-Hant": (("Big5", "windows-1252"),),
    "Japanese": (("Shift_JIS", "windows-1252"),), "Hangul": (("EUC-KR", "windows-1252"),),
}  # fmt: skip

#: category -> (the issue's promised rate, the rate measured when the ratchet was last raised).
#: The draws are seeded, so the measured rate is exact: a drop below it fails; the issue's
#: rate is a strict expected failure until it is reached (then CI says to raise the ratchet).
#: These draws are harder than the corpus: every script through every code page that can
#: misread it (Romanian UTF-8 read as GBK, Cyrillic KOI8-R/windows-1251 both ways, emoji
#: read as macintosh), so the documented rates are below the corpus figures.
FLOORS = {
    # The failures left are true ties ("stĂĄtt" is státt in ISO-8859-2 and stått in
    # windows-1250).
    "single-byte": (0.99, 0.995),
    "multi-byte": (0.97, 0.9975),
    # Central European, Turkish and Baltic words read as windows-1252 change a letter or two
    # into letters other Latin languages write: the spelling of the word tells them (decision
    # note 0040). Left: KOI8-R and windows-1251 read as each other, whose small letters become
    # capitals (a word in capitals is not spelt), and short EUC-KR words ("1¿ù" for "1월").
    "legacy-as-legacy": (0.95, 0.9575),
}
DRAWS = 400


def _lossless(data: bytes, encoding: str) -> str | None:
    """*data* read as *encoding*, if the encoder gives the very same bytes back."""
    try:
        text = codecs.decode(data, encoding, errors="strict")
        if codecs.encode(text, encoding) != data:
            return None
    except (UnicodeError, ValueError):
        return None
    return text


def _draws(category: str, seed: int = 9) -> Iterator[tuple[str, str, str]]:
    """(original, damaged, encoding pair) draws for *category*, lossless damage only.

    Each draw picks a clean non-ASCII text and one of the pairs that misread its script.
    """
    rng = random.Random(seed)
    texts = [row for row in clean_texts() if not row[0].isascii()]
    assert texts, "no non-ASCII clean texts to damage"
    for _ in range(DRAWS * 20):
        text, lang, script = rng.choice(texts)
        if category == "legacy-as-legacy":
            pairs = LEGACY.get(lang) or LEGACY.get(script)
            if not pairs:
                continue
            source, misread = rng.choice(pairs)
            try:
                data = codecs.encode(text, source)
            except UnicodeError:
                continue
            pair = f"{source} as {misread}"
            damaged = _lossless(data, misread)
        else:
            table = SINGLE_BYTE if category == "single-byte" else MULTI_BYTE
            encoding = rng.choice(table.get(script, table["*"]))
            pair = f"UTF-8 as {encoding}"
            damaged = _lossless(text.encode("utf-8"), encoding)
        if damaged is not None and damaged != text:
            yield text, damaged, pair


def _round_trip_failures(category: str) -> tuple[float, int, list[tuple[str, str, str]]]:
    draws = []
    for draw in _draws(category):
        draws.append(draw)
        if len(draws) == DRAWS:
            break
    assert len(draws) >= 50, f"only {len(draws)} lossless draws for {category}"
    failures = [(t, d, pair) for t, d, pair in draws if mojifix.fix(d) != t]
    return 1 - len(failures) / len(draws), len(draws), failures


def _explain(
    category: str, rate: float, n: int, floor: float, failures: list[tuple[str, str, str]]
) -> str:
    by_pair: dict[str, int] = {}
    for _, _, pair in failures:
        by_pair[pair] = by_pair.get(pair, 0) + 1
    return (
        f"{category}: {rate:.1%} of {n} repaired (floor {floor:.1%}); "
        f"failures by pair: {by_pair}; e.g. {failures[:3]}"
    )


@pytest.mark.parametrize("category", sorted(FLOORS))
def test_round_trip_rate_does_not_drop(category: str) -> None:
    """``fix(damage(t)) == t`` for at least the documented (measured) share of lossless damage."""
    rate, n, failures = _round_trip_failures(category)
    floor = FLOORS[category][1]
    assert rate >= floor, _explain(category, rate, n, floor, failures)


@pytest.mark.parametrize(
    "category",
    [
        pytest.param(
            category,
            marks=[pytest.mark.xfail(
                strict=True,
                reason=f"issue #9: promised {target:.0%} not reached yet (measured {measured:.1%})",
            )] if measured < target else [],
        )
        for category, (target, measured) in sorted(FLOORS.items())
    ],
)
def test_round_trip_rate_reaches_the_issue_target(category: str) -> None:
    rate, n, failures = _round_trip_failures(category)
    target = FLOORS[category][0]
    assert rate >= target, _explain(category, rate, n, target, failures)


# --------------------------------------------------------------------------------------
# decode_html
# --------------------------------------------------------------------------------------

_FRAGMENTS = st.sampled_from([
    b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff",  # BOMs
    b"<meta charset=", b'<meta http-equiv="Content-Type" content="text/html; charset=',
    b"<!--", b"-->", b"<", b">", b"/", b'"', b"'", b"=", b" ", b"\x00",
    b"utf-8", b"shift_jis", b"x-user-defined", b"utf-16", b"replacement", b"iso-2022-jp",
    b"\x1b$B", b"\x1b(B", b"\x82\xa0", b"\xe9", b"\xc3\xa9", b"\xa4\xa4",
])  # fmt: skip
HTML_BYTES = st.one_of(
    st.binary(max_size=300),
    st.lists(st.one_of(_FRAGMENTS, st.binary(max_size=8)), max_size=40).map(b"".join),
)
CONTENT_TYPES = st.one_of(
    st.none(),
    st.text(max_size=40),
    st.sampled_from(sorted(labels.LABELS)).map(lambda label: f"text/html; charset={label}"),
    st.text(max_size=15).map(lambda label: f'text/html; charset="{label}"'),
)


@FAST
@given(HTML_BYTES, CONTENT_TYPES)
def test_decode_html_never_raises(body: bytes, content_type: str | None) -> None:
    decoded = mojifix.decode_html(body, content_type)
    assert isinstance(decoded.text, str)
    assert labels.lookup(decoded.encoding) == decoded.encoding


#: Candidate characters for the round trip, from many scripts and blocks; each encoding's
#: alphabet is the part of it that the encoding can encode.
_CANDIDATES = "".join(
    chr(c)
    for lo, hi in [
        (0x20, 0x7E), (0x80, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x5D0, 0x5EA),
        (0x600, 0x6FF), (0xE01, 0xE5B), (0x2010, 0x203A), (0x20AC, 0x20AC), (0x2122, 0x2122),
        (0x2500, 0x257F), (0x3000, 0x30FF), (0x4E00, 0x4FFF), (0xAC00, 0xAD00),
        (0xF780, 0xF7FF), (0xFF01, 0xFF9F), (0x1F600, 0x1F64F),
    ]
    for c in range(lo, hi + 1)
    if unicodedata.category(chr(c)) != "Cs"
)  # fmt: skip
_ROUND_TRIP_ENCODINGS = [e for e in labels.ENCODINGS if e != "replacement"]


@cache
def _alphabet(encoding: str) -> str:
    """The candidates that *encoding*'s decoder can produce (encode, then decode, gives
    them back): the encoder also maps U+0080..U+009F to bytes for repairs, but the
    windows-1252 decoder reads those bytes as curly quotes and the like."""
    ok = []
    for ch in _CANDIDATES:
        try:
            if codecs.decode(codecs.encode(ch, encoding), encoding, errors="strict") == ch:
                ok.append(ch)
        except UnicodeError:
            continue
    return "".join(ok)


def _starts_with_bom(data: bytes) -> bool:
    return data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))


@SLOW
@given(st.data())
def test_decode_html_round_trips_declared_encodings(data: st.DataObject) -> None:
    encoding = data.draw(st.sampled_from(_ROUND_TRIP_ENCODINGS), label="encoding")
    text = data.draw(st.text(alphabet=_alphabet(encoding), max_size=60), label="text")
    body = codecs.encode(text, encoding)
    # A body that begins with a byte order mark is decoded by the BOM, not the header
    # (the HTML Standard's BOM sniffing comes first): not a round trip to check here.
    assume(not _starts_with_bom(body))
    decoded = mojifix.decode_html(body, f"text/html; charset={encoding}")
    assert decoded.text == text
    assert decoded.encoding == encoding


def test_alphabets_cover_every_encoding() -> None:
    # The round trip above is only as good as the alphabets it draws from.
    small: list[str] = [e for e in _ROUND_TRIP_ENCODINGS if len(_alphabet(e)) < 120]
    assert not small, f"too few encodable characters for {small}"


def _call(name: str) -> Callable[[str], object]:
    fn: Callable[[str], object] = getattr(mojifix, name)
    return fn


@pytest.mark.parametrize("name", ["fix", "score", "detect", "fix_and_explain", "is_mojibake"])
def test_non_str_input_is_a_clear_type_error(name: str) -> None:
    with pytest.raises(TypeError, match="str"):
        _call(name)(b"Caf\xc3\xa9")  # type: ignore[arg-type]
