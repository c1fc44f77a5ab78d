"""The scan aggregation (``mojifix.scan``) and the HTML report (``mojifix.report``).

The unit tests feed the accumulator hand-made detection results (what ``detect`` returns for
a record), so they test the aggregation and the rendering whatever the detector says; the
browser tests open the report in Debian's Chromium, as a person would.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mojifix._work import FieldScan, Outcome
from mojifix.report import bars_svg, highlight, histogram_svg, render_report
from mojifix.scan import EXAMPLE_CHARS, ScanAccumulator, changed_spans, excerpt

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

SCRIPT_PAYLOAD = "Ã© <script>window.__pwned = 1</script>"
ATTR_PAYLOAD = 'Ã© "><img src=x onerror="window.__pwned = 2">'
SINGLE = "utf-8-as-single-byte"


def record(
    number: int, text: str, score: float, findings: list[Any], field: str = "text"
) -> Outcome:
    """The outcome of scanning one record, as ``mojifix._work.scan_record`` builds it."""
    scan = FieldScan(field, len(text), score, findings, text if score >= 0.5 else None)
    return Outcome(number, -1, "unchanged", None, None, [scan])


def damaged(
    number: int,
    text: str,
    *,
    kind: str = SINGLE,
    field: str = "text",
    encoded: str = "UTF-8",
    decoded: str = "windows-1252",
) -> Outcome:
    """A damaged record whose finding covers every 'Ã' pair in ``text``."""
    findings = [(kind, i, i + 2, encoded, decoded) for i, c in enumerate(text) if c == "Ã"]
    return record(number, text, 0.9, findings, field)


def sample_scan() -> dict[str, Any]:
    acc = ScanAccumulator(threshold=0.5, examples=3)
    acc.start_input("corpus.jsonl", "jsonl")
    for i in range(1, 41):
        acc.add(record(i, f"clean text {i}", 0.0, []))
    acc.add(damaged(41, "CafÃ© au lait"))
    acc.add(damaged(42, SCRIPT_PAYLOAD))
    acc.add(damaged(43, ATTR_PAYLOAD))
    acc.add(damaged(44, "dÃ©jÃ  vu", field="title"))
    acc.add(record(45, "é¢„å®š", 0.7, [("multi-layer", 0, 4, "UTF-8", "windows-1252")]))
    acc.add(record(46, "文字化け", 0.2, [("jis-variant", 0, 1, None, None)]))
    acc.add(Outcome(47, -1, "malformed", None, "bad JSON: Expecting value at column 1"))
    return acc.result(command=["mojifix", "scan", "corpus.jsonl", "--report", "r.html"])


# --- aggregation ----------------------------------------------------------------------------


def test_totals_kinds_pairs_and_histogram() -> None:
    scan = sample_scan()
    totals = scan["totals"]
    assert totals["records"] == 47 and totals["malformed"] == 1 and totals["scanned"] == 46
    assert totals["damaged"] == 5  # the jis-variant record is under the threshold
    assert totals["damaged_share"] == pytest.approx(5 / 46, abs=1e-6)
    assert scan["by_kind"][SINGLE] == {"records": 4, "findings": 5}
    assert "jis-variant" not in scan["by_kind"]
    assert scan["by_pair"][0] == {
        "encoded_as": "UTF-8",
        "decoded_as": "windows-1252",
        "findings": 6,
    }
    assert sum(scan["histogram"]["counts"]) == 46
    assert scan["histogram"]["counts"][0] == 40 and scan["histogram"]["counts"][18] == 4
    assert set(scan["per_field"]) == {"text", "title"}
    assert scan["per_field"]["title"]["damaged"] == 1
    assert len(scan["examples"][SINGLE]) == 3  # capped by examples=3
    assert scan["malformed"]["examples"][0]["record"] == 47
    json.dumps(scan)  # plain data, as printed by scan --json


def test_characters_affected_counts_overlaps_once() -> None:
    acc = ScanAccumulator()
    acc.add(record(1, "x" * 10, 0.9, [("lost", 0, 6, None, None), ("lost", 4, 8, None, None)]))
    acc.add(record(2, "y" * 10, 0.1, [("lost", 0, 10, None, None)]))  # not damaged
    totals = acc.result()["totals"]
    assert totals["characters"] == 20 and totals["characters_affected"] == 8
    assert totals["affected_share"] == pytest.approx(0.4)


def test_excerpt_keeps_the_damage_in_view() -> None:
    text = "a" * 500 + "CafÃ©" + "b" * 500
    short, spans, cut = excerpt(text, [(503, 505, SINGLE)])
    assert cut and len(short) <= EXAMPLE_CHARS
    start, end, kind = spans[0]
    assert short[start:end] == "Ã©" and kind == SINGLE


def test_changed_spans_mark_what_fix_changed() -> None:
    after = "Café au lait, déjà vu"
    spans = changed_spans("CafÃ© au lait, dÃ©jÃ  vu", after)
    assert [after[s:e] for s, e in spans] == ["é", "é", "à"]


def test_duplicates_after_folding() -> None:
    acc = ScanAccumulator(duplicates=True)
    for number, text in enumerate(["Café", "Café", "Cafe\u0301", "Tea"], start=1):
        acc.add_text(text, record=number)
    dup = acc.result()["duplicates"]
    assert dup["exact"] == 1
    from mojifix import fold

    if fold("Café") == fold("Cafe\u0301"):  # the real fold() is in place
        assert dup["after_folding"] == 1 and dup["examples"][0]["duplicate_of"]["record"] == 1


# --- rendering ------------------------------------------------------------------------------


def test_highlight_escapes_and_marks() -> None:
    assert highlight("a<b>c", [[1, 4, "lost"]]) == 'a<mark title="lost">&lt;b&gt;</mark>c'
    merged = highlight("abcdef", [[0, 3], [2, 5]], "fix")
    assert merged == '<mark class="fix">abcde</mark>f'


def test_charts_have_bars_proportional_to_counts() -> None:
    svg = histogram_svg([0, 0.5, 1], [100, 0])
    assert svg.count("<rect") == 2 and 'height="0.0"' in svg
    bars = bars_svg([("a", 10, "#000"), ("b", 5, "#000")], "x")
    assert bars.count('class="bar"') == 2
    assert "no damaged records" in bars_svg([], "x")


def test_report_escapes_every_payload() -> None:
    page = render_report(sample_scan())
    assert "<script>window" not in page and "<img src=x" not in page
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert "&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;" in page
    assert "default-src 'none'" in page  # nothing may be loaded from anywhere
    for part in ("corpus.jsonl", "mojifix scan corpus.jsonl --report r.html", "By field"):
        assert part in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")


def test_report_of_a_clean_input_renders() -> None:
    acc = ScanAccumulator()
    acc.add_text("nothing wrong here", record=1)
    page = render_report(acc.result())
    assert "no damaged records" in page and "</html>" in page


# --- in a real browser ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        message = f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def open_report(browser: Any, path: Path) -> tuple[Any, list[str]]:
    """Open ``path`` from disk; returns the page and the console errors seen while loading."""
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    assert all(url.startswith("file://") for url in requests), requests
    return page, errors


def bar_heights(page: Any, selector: str) -> list[float]:
    return page.eval_on_selector_all(
        f"{selector} rect.bar", "rs => rs.map(r => r.getBoundingClientRect().height)"
    )


def bar_widths(page: Any, selector: str) -> list[float]:
    return page.eval_on_selector_all(
        f"{selector} rect.bar", "rs => rs.map(r => r.getBoundingClientRect().width)"
    )


@pytest.mark.browser
def test_report_in_chromium(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    path.write_text(render_report(sample_scan()), encoding="utf-8")
    page, errors = open_report(browser, path)
    assert errors == []
    assert max(bar_heights(page, "#histogram")) > 50  # the biggest bin fills the chart
    assert [w > 0 for w in bar_widths(page, "#kinds")] == [True, True]
    assert max(bar_widths(page, "#pairs")) > 100
    marks = page.locator("table.examples td.before mark")
    assert marks.count() >= 3 and marks.first.inner_text() == "Ã©"
    assert page.locator("table.examples td.before mark").first.is_visible()
    # the injected payloads are shown as text and did not run
    assert page.evaluate("typeof window.__pwned") == "undefined"
    body = page.inner_text("body")
    assert "<script>window.__pwned = 1</script>" in body
    assert '"><img src=x onerror="window.__pwned = 2">' in body
    assert page.locator("img").count() == 0 and page.locator("script").count() == 0
    assert "47" in page.inner_text("#totals")
    page.close()


# depends on the real mojifix.detect and mojifix.repair
@pytest.mark.browser
def test_cli_report_of_a_corpus_in_chromium(browser: Any, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.jsonl"
    rows = [{"text": f"An ordinary sentence number {i}.", "title": "Plain"} for i in range(30)]
    rows[5]["text"] = "Le café était déjà froid.".encode().decode("windows-1252")
    rows[9]["title"] = "ÐŸÑ€Ð¸Ð²ÐµÑ‚, Ð¼Ð¸Ñ€"
    rows[12]["text"] = "CafÃ© <script>window.__pwned = 1</script>"
    corpus.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    report = tmp_path / "report.html"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mojifix",
            "scan",
            str(corpus),
            "--field",
            "text",
            "--field",
            "title",
            "--report",
            str(report),
            "--json",
        ],
        capture_output=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    # the report is rendered from the very data that --json prints
    assert render_report(data) == report.read_text(encoding="utf-8")
    page, errors = open_report(browser, report)
    assert errors == []
    assert data["totals"]["damaged"] >= 3
    assert max(bar_heights(page, "#histogram")) > 0
    assert max(bar_widths(page, "#kinds")) > 0
    assert page.locator("table.examples td.before mark").count() >= 3
    assert "Le café était déjà froid." in page.inner_text("table.examples")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert "<script>window.__pwned = 1</script>" in page.inner_text("body")
    page.close()
