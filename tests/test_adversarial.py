"""Adversarial inputs: no crash, no quadratic blow-up, bounded memory, no regex backtracking.

These are *complexity* checks, not speed checks.  Each growth-rate test times the same
pathological input at 100 KB and at 400 KB (best of 3) and asserts that 4x the input
costs less than 8x the time: linear code gives about 4x, quadratic code 16x.  The bound
is generous on purpose so that a loaded CI machine does not make them flaky; the real
timings at 1-10 MB are in ``benchmarks/RESULTS.md``
(``python benchmarks/harness.py --adversarial``).

Inputs that once crashed mojifix (found by the fuzzers in ``fuzz/``) are data files in
``tests/regressions/``; each is replayed here with the invariants the fuzzers check.
"""

from __future__ import annotations

import base64
import functools
import importlib
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import harness
import pytest

import mojifix

REGRESSIONS = Path(__file__).resolve().parent / "regressions"
# ``mojifix.detect`` the module (the package re-exports a function of the same name).
_detect_module = importlib.import_module("mojifix.detect")

#: Time ratio allowed for 4x the input (linear is ~4, quadratic ~16).
MAX_GROWTH = 8.0
SMALL, LARGE = 100_000, 400_000


def _best_time(func: Callable[[Any], object], data: Any, budget_s: float) -> float:
    """One call if it takes *budget_s* or more, else the best of 3 or more (up to 50, within
    50 ms): a best of 3 calls of a millisecond is at the mercy of the scheduler, as when the
    tests run in parallel."""
    call = functools.partial(func, data)
    return harness.time_fast_best(call, slow_s=budget_s, most=50, window_s=0.05)


CASES = list(harness.ADVERSARIAL)


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_growth_rate_is_linear_ish(name: str) -> None:
    """GROWTH-RATE CHECK (not a speed test): 4x the input must cost < 8x the time.

    A probe at 5 KB and 20 KB comes first: if it already shows worse than linear growth
    at a size where the time is measurable (over 0.5 s), the input is not run at 400 KB
    (a quadratic case there can take many minutes).
    """
    function, build = harness.ADVERSARIAL[name]
    func: Callable[[Any], object] = getattr(mojifix, function)
    func(build(1000))  # warm up any lazy tables
    t5, t20, _ = harness.growth_probe(func, build, 5_000, 20_000)
    early = t20 / max(t5, 0.002)
    assert not (t20 > 0.5 and early >= MAX_GROWTH), (
        f"{function}({name}): {t5 * 1e3:.0f} ms at 5 KB, {t20 * 1e3:.0f} ms at 20 KB: time "
        f"grew {early:.1f}x for 4x the input (linear ~4x, quadratic ~16x)"
    )
    small, large = build(SMALL), build(LARGE)
    # Warm the per-word caches on the large input (it holds every word of the small one), so
    # that the repeated small runs and the single large run are both timed warm.
    func(large)
    t_small = _best_time(func, small, budget_s=0.3)
    t_large = _best_time(func, large, budget_s=1.0)
    # Below a few milliseconds the clock and the scheduler dominate: floor the small time.
    growth = t_large / max(t_small, 0.002)
    assert growth < MAX_GROWTH, (
        f"{function}({name}): {t_small * 1e3:.1f} ms at 100 KB, {t_large * 1e3:.1f} ms at "
        f"400 KB: time grew {growth:.1f}x for 4x the input (linear ~4x, quadratic ~16x)"
    )


def test_every_candidate_of_a_long_run_is_weighed_in_linear_time() -> None:
    """The core's list of every candidate with its gain (for calibration and debugging) weighs
    them with one reading of the text, as the decision does: a reading per candidate took
    time with the square of a long run's candidates (16x for 4x the input)."""
    from mojifix import _core

    def build(size: int) -> str:
        return harness.ADVERSARIAL["'ýа' * n (one endless run of letters)"][1](size)

    small, large = build(20_000), build(80_000)
    assert len(_core.candidates(large)) >= large.count("ý")  # (a candidate or more for each)
    t_small = _best_time(_core.candidates, small, budget_s=0.3)
    t_large = _best_time(_core.candidates, large, budget_s=1.0)
    growth = t_large / max(t_small, 0.002)
    assert growth < MAX_GROWTH, (
        f"candidates: {t_small * 1e3:.1f} ms at 20 KB, {t_large * 1e3:.1f} ms at 80 KB: time "
        f"grew {growth:.1f}x for 4x the input (linear ~4x, quadratic ~16x)"
    )


@pytest.mark.parametrize("name", CASES)
def test_adversarial_input_completes_and_keeps_contracts(name: str) -> None:
    """At ~200 KB each adversarial input completes; text comes out at a fixed point.

    An input whose 5 KB -> 20 KB probe predicts more than a minute at 200 KB fails here
    instead of hanging the suite.
    """
    function, build = harness.ADVERSARIAL[name]
    func: Callable[[Any], object] = getattr(mojifix, function)
    _, t20, k = harness.growth_probe(func, build, 5_000, 20_000)
    predicted = t20 * 10 ** max(k, 1.0)
    assert predicted < 60, (
        f"{function}({name}) would take about {predicted:,.0f} s at 200 KB "
        f"({t20:.2f} s at 20 KB, time ~ size^{k:.1f})"
    )
    data = build(200_000)
    if function == "decode_html":
        assert isinstance(mojifix.decode_html(data).text, str)
        return
    fixed = mojifix.fix(data)
    assert mojifix.fix(fixed) == fixed, f"fix is not idempotent on {name}"
    assert 0.0 <= mojifix.score(data) <= 1.0


def test_regex_patterns_do_not_backtrack() -> None:
    """Every compiled pattern in mojifix, on 20k-character bait, grows linearly.

    Runs in a subprocess with a timeout: a pattern with exponential backtracking would
    hang forever, and the last ``start`` line names it.
    """
    cmd = [sys.executable, harness.__file__, "--scan-regex"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=240, check=False)
        out = proc.stdout
    except subprocess.TimeoutExpired as exc:
        raw = exc.stdout or b""
        out = raw.decode() if isinstance(raw, bytes) else raw
        last = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
        hung = last[-1].get("start") if last else "?"
        pytest.fail(f"the regex scan did not finish in 240 s; it hung on {hung}")
    assert proc.returncode == 0, proc.stderr[-2000:]
    results = [json.loads(line) for line in out.splitlines() if '"growth"' in line]
    assert len(results) >= 10, "found suspiciously few compiled patterns"
    risky = [
        f"{r['where']} ({r['mode']}): {r['growth']}x on {r['input']} {r.get('note', '')}"
        f" pattern {r['pattern']}"
        for r in results
        if r["growth"] > 10  # 4x the size; linear is 4, quadratic 16
    ]
    assert not risky, "patterns at risk of catastrophic backtracking:\n" + "\n".join(risky)


def test_scanner_catches_a_quadratic_pattern() -> None:
    """The scan above can fail: a textbook quadratic pattern is caught."""
    import re

    bad = re.compile(r"[a-z]*[0-9]")  # no digit: every start position scans to the end
    result = harness.pattern_growth(bad, small=2_000, large=8_000, budget_s=0.5)
    good = harness.pattern_growth(re.compile(r"[a-z]+[0-9]?"), small=2_000, large=8_000)
    assert good["growth"] < 10, good  # one match over the whole run: linear
    assert result["growth"] > 10, result


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "megabytes"), [("mixed", 2), ("damaged", 1)])
def test_fix_memory_grows_less_than_5x_input(kind: str, megabytes: float) -> None:
    """The peak resident memory of fix() grows by less than 5x what its input grows by.

    Measured in a fresh process at *megabytes* and four times as much (the resident set
    counts the compiled core's allocations, which ``tracemalloc`` does not see): a long text is
    read a chunk at a time, so the peak is the input's UTF-8, the repair and its string, and
    one chunk's work. The caches that fill during the call are a fixed cost, which the
    difference leaves out (``benchmarks/RESULTS.md`` gives the peak at 100 MB, caches and all).
    """
    small = harness.measure_fix_memory(int(megabytes * harness.MB), kind)
    large = harness.measure_fix_memory(int(4 * megabytes * harness.MB), kind)
    if large["method"] != "rss":
        pytest.skip("the resident set is read from /proc (Linux)")
    growth = (large["peak_extra"] - small["peak_extra"]) / (
        large["input_bytes"] - small["input_bytes"]
    )
    assert growth < 5, (
        f"fix() on {kind} text: the peak grew {growth:.1f}x as much as the input "
        f"({small['peak_extra'] / 2**20:.0f} MiB at {megabytes} MB, "
        f"{large['peak_extra'] / 2**20:.0f} MiB at {4 * megabytes} MB)"
    )


# --------------------------------------------------------------------------------------
# Long texts: detected and repaired chunk by chunk (issue #9)
# --------------------------------------------------------------------------------------

CHUNK = _detect_module.CHUNK_CHARS
#: Привет as UTF-8 read as windows-1252: twelve characters, none of them ASCII.
PRIVET = "Ð¿Ñ€Ð¸Ð²ÐµÑ‚"


def test_chunk_edge_inside_a_damaged_run_loses_no_repair() -> None:
    """A text with no newline, space or ASCII character near the chunk's end (one long run
    of damaged Cyrillic): the cut moves to the start of the finding it would split."""
    text = "x" + PRIVET * (CHUNK // len(PRIVET) + 40)
    # The hard end (CHUNK characters) falls between a lead "Ð" and its continuation.
    assert text[CHUNK - 1 : CHUNK + 1] in {"Ð¿", "Ñ€", "Ð¸", "Ð²", "Ðµ", "Ñ‚"}
    ends = [end for _, end in _detect_module.chunks(text)]
    assert len(ends) == 2 and ends[0] < CHUNK and ends[0] % 2 == 1  # a lead byte starts chunk 2
    assert mojifix.fix(text) == "x" + "привет" * (CHUNK // len(PRIVET) + 40)


def test_chunk_edge_inside_a_damaged_word_loses_no_repair() -> None:
    """A long line of words: the hard end falls inside "Itâ€™s" (’ is three characters in
    windows-1252, neither half decodes alone); the cut is at the space before it."""
    word = "Itâ€™s"
    head = "word " * ((CHUNK - 4) // 5)
    text = head + "x" * (CHUNK - 4 - len(head)) + " " + word + " fine" * 4000
    assert text.index("â€™") == CHUNK - 1  # the hard end is right after the "â"
    assert mojifix.fix(text) == text.replace(word, "It’s")
    findings = [f for f in mojifix.detect(text).findings if f.replacement == "’"]
    assert [f.start for f in findings] == [CHUNK - 1]


def _long_damaged(lines: int) -> str:
    """*lines* lines of clean French with two damaged words each, over several chunks."""
    line = "Le garçon a commandé un café au lait et un croissant. " * 3 + "CafÃ© crÃ¨me.\n"
    return line * lines


def test_long_text_finding_offsets() -> None:
    text = _long_damaged(400)
    assert len(text) > 4 * CHUNK
    detection = mojifix.detect(text)
    expected = [m.span() for m in re.finditer("Ã©|Ã¨", text)]
    assert [(f.start, f.end) for f in detection.findings] == expected
    assert all(text[f.start : f.end] == f.text for f in detection.findings)
    assert {f.replacement for f in detection.findings} == {"é", "è"}
    assert detection.affected == pytest.approx(2 * len(expected) / len(text))
    assert detection.score == mojifix.score(text) == 1.0
    assert mojifix.is_mojibake(text) and not mojifix.is_mojibake(mojifix.fix(text))


def test_long_text_step_offsets_and_apply_steps() -> None:
    text = _long_damaged(400)
    repair = mojifix.fix_and_explain(text)
    assert repair.text == mojifix.fix(text) == text.replace("Ã©", "é").replace("Ã¨", "è")
    # Each step shortens the text by one character: step i sits i characters to the left
    # of its place in the input.
    expected = [start - i for i, m in enumerate(re.finditer("Ã©|Ã¨", text))
                for start in [m.start()]]
    assert [s.start for s in repair.steps] == expected
    assert mojifix.apply_steps(text, repair.steps) == repair.text


def test_long_multi_layer_text_replays_and_is_idempotent() -> None:
    """Several rounds per chunk (two layers of damage) over several chunks."""
    text = harness.damage(harness.damage("Café déjà vu, naïve façade.\n")) * 4000
    assert len(text) > 4 * CHUNK
    fixed = mojifix.fix(text)
    assert fixed == "Café déjà vu, naïve façade.\n" * 4000
    repair = mojifix.fix_and_explain(text)
    assert repair.text == fixed
    assert mojifix.apply_steps(text, repair.steps) == fixed
    assert mojifix.fix(fixed) == fixed


@pytest.mark.parametrize("kind", ["mixed", "damaged"])
def test_fix_idempotent_on_long_texts(kind: str) -> None:
    text = harness.mixed_text(120_000)
    if kind == "damaged":
        text = harness.damage(text[:40_000])
    assert len(text) > 2 * CHUNK
    fixed = mojifix.fix(text)
    assert mojifix.fix(fixed) == fixed
    assert mojifix.apply_steps(text, mojifix.fix_and_explain(text).steps) == fixed


def test_long_text_cleanups() -> None:
    """The ftfy clean-ups on a long text act as on the whole text; width's "no CJK" test is
    made on the whole repaired text, not per chunk."""
    line = "Tom &amp; Jerry, ＡＢＣ, CafÃ©.\n"
    text = line * 3000
    assert len(text) > 4 * CHUNK
    assert mojifix.fix(text, html=True, width=True) == "Tom & Jerry, ABC, Café.\n" * 3000
    with_cjk = text + "中文"  # CJK in the last chunk only: width stays off everywhere
    assert mojifix.fix(with_cjk, width=True) == "Tom &amp; Jerry, ＡＢＣ, Café.\n" * 3000 + "中文"
    repair = mojifix.fix_and_explain(text, html=True, width=True)
    assert mojifix.apply_steps(text, repair.steps) == repair.text


def test_short_texts_are_not_chunked() -> None:
    """At or below the chunk size the text is one chunk: the detector sees it whole."""
    text = "x" * (CHUNK - 2) + "Ã©"
    assert list(_detect_module.chunks(text)) == [(0, CHUNK)]
    assert len(list(_detect_module.chunks(text + "y"))) == 2


# --------------------------------------------------------------------------------------
# Regressions found by fuzzing
# --------------------------------------------------------------------------------------


def _regressions() -> list[dict[str, Any]]:
    cases = []
    for path in sorted(REGRESSIONS.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        case["id"] = path.stem
        cases.append(case)
    return cases


REGRESSION_CASES = _regressions()


def _input(case: dict[str, Any]) -> Any:
    if "input_base64" in case:
        return base64.b64decode(case["input_base64"])
    # JSON's "\\ud800" escapes give lone surrogates back as they are.
    text: str = case["input"]
    return text


@pytest.mark.parametrize("case", REGRESSION_CASES, ids=[c["id"] for c in REGRESSION_CASES])
def test_regression(case: dict[str, Any]) -> None:
    data = _input(case)
    function = case["function"]
    if function == "decode_html":
        decoded = mojifix.decode_html(data, case.get("content_type"))
        assert isinstance(decoded.text, str)
        if "expect" in case:
            assert decoded.text == case["expect"]
        return
    if function == "detect":
        detection = mojifix.detect(data)
        assert 0.0 <= detection.score <= 1.0
        for f in detection.findings:
            assert 0 <= f.start <= f.end <= len(data)
        return
    fixed = mojifix.fix(data)
    assert mojifix.fix(fixed) == fixed
    repair = mojifix.fix_and_explain(data)
    assert mojifix.apply_steps(data, repair.steps) == fixed
    if "expect" in case:
        assert fixed == case["expect"]


def test_regression_files_are_well_formed() -> None:
    assert REGRESSION_CASES, f"no regression data in {REGRESSIONS}"
    for case in REGRESSION_CASES:
        assert case["function"] in {"fix", "detect", "decode_html"}, case["id"]
        assert ("input" in case) != ("input_base64" in case), case["id"]
        assert case.get("found_by"), f"{case['id']}: say where the input came from"
