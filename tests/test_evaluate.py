"""``mojifix eval`` (mojifix.evaluate): the figures, the outputs and the errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import ftfy
import pytest

import mojifix
from mojifix.evaluate import (
    MARK_END,
    MARK_START,
    evaluate,
    load_corpus,
    load_targets,
    main,
    render_markdown,
    roc_auc,
    row_groups,
)


def test_roc_auc() -> None:
    assert roc_auc([0.9, 0.8, 0.7], [0.1, 0.2]) == 1.0
    assert roc_auc([0.1, 0.2], [0.9, 0.8]) == 0.0
    assert roc_auc([0.5, 0.5], [0.5]) == 0.5
    # one of the four pairs is ordered wrongly
    assert roc_auc([0.9, 0.3], [0.1, 0.5]) == 0.75
    assert roc_auc([], [0.1]) is None


def test_evaluate_counts_repairs_and_false_alarms_beside_ftfy() -> None:
    rows = load_corpus(split="test")
    sample = [r for r in rows if r["kind"] == "negative"][:5]
    sample += [
        r
        for r in rows
        if r["decoded_as"] == "windows-1252"
        and r["layers"] == 1
        and r["kind"] == "utf-8-as-single-byte"
        and r["lossless"]
    ][:5]
    figures = evaluate(sample, with_ftfy=True)
    assert figures["rows"] == 10
    assert figures["tools"] == ["mojifix", "ftfy.fix_text", "ftfy.fix_encoding"]
    group = figures["repair"]["utf-8-as-single-byte/lossless"]
    assert group["n"] == 5
    # ftfy repairs plain UTF-8-as-windows-1252 text: a real check of the comparison
    fixed = sum(ftfy.fix_encoding(r["text"]) == r["original"] for r in sample[5:])
    assert group["ftfy.fix_encoding"] == fixed / 5
    alarms = figures["detection"]["ftfy.fix_encoding"]["false_alarms"]["negative"]
    assert alarms["n"] == 5
    assert set(figures["throughput"]["mojifix"]) == {"fix", "score", "flag"}


def test_evaluate_records_exceptions_instead_of_stopping(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [r for r in load_corpus(split="test") if r["kind"] == "clean"][:3]

    def broken_fix(text: str, **_: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(mojifix, "fix", broken_fix)
    figures = evaluate(rows, with_ftfy=False)
    assert {e["op"] for e in figures["errors"]} == {"fix"}
    assert len(figures["errors"]) == 3
    assert "RuntimeError: boom" in figures["errors"][0]["error"]


def test_main_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--split", "test", "--kind", "negative", "--no-ftfy", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    expected = len([r for r in load_corpus(split="test") if r["kind"] == "negative"])
    assert figures["rows"] == expected
    assert figures["tools"] == ["mojifix"]


def test_main_markdown_writes_between_markers(tmp_path: Path) -> None:
    target = tmp_path / "50-accuracy.md"
    target.write_text(
        "## Accuracy\n\nIntro.\n\n" + MARK_START + "\nSTALE-BLOCK\n" + MARK_END + "\n\nEnd.\n",
        encoding="utf-8",
    )
    args = ["--split", "test", "--kind", "clean", "--no-ftfy", "--markdown", "--write", str(target)]
    assert main(args) == 0
    assert main(args) == 0  # twice: still one block
    text = target.read_text(encoding="utf-8")
    assert text.startswith("## Accuracy\n\nIntro.\n\n")
    assert text.rstrip().endswith("End.")
    assert text.count(MARK_START) == 1 and text.count(MARK_END) == 1
    assert "STALE-BLOCK" not in text
    assert "| throughput (MB/s) |" in text


def test_render_markdown_has_a_row_per_kind() -> None:
    rows = load_corpus(split="test")
    sample = [r for r in rows if r["kind"] == "legacy-as-legacy"][:10]
    sample += [r for r in rows if r["kind"] == "clean"][:10]
    table = render_markdown(evaluate(sample, with_ftfy=False), split="test")
    assert "| legacy-as-legacy | 10 |" in table
    assert "| false alarms on clean rows | " in table


def test_main_missing_corpus_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--corpus", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no corpus found" in err
    assert "--corpus DIR" in err


def test_main_write_needs_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--write", "x.md"])
    assert exit_info.value.code == 2
    assert "--write needs --markdown" in capsys.readouterr().err


def test_runs_as_a_module() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mojifix.evaluate",
            "--split",
            "test",
            "--kind",
            "negative",
            "--no-ftfy",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "repair exact match" in result.stdout
    assert "detection mojifix" in result.stdout


def test_evaluate_reports_whether_detect_names_kind_and_decoder() -> None:
    rows = load_corpus(split="test")
    sample = [r for r in rows if r["kind"] == "legacy-as-legacy"][:6]
    figures = evaluate(sample, with_ftfy=False)
    named = figures["detection"]["mojifix"]["named"]
    findings = [mojifix.detect(r["text"]).findings for r in sample]
    kind_hits = sum(any(f.kind == "legacy-as-legacy" for f in fs) for fs in findings)
    decoder_hits = sum(
        any(f.decoded_as == r["decoded_as"] for f in fs)
        for r, fs in zip(sample, findings, strict=True)
    )
    assert named["kind"]["legacy-as-legacy"] == kind_hits / 6
    assert named["decoded_as"]["legacy-as-legacy"] == decoder_hits / 6
    assert named["kind"]["lost"] is None  # no row of that kind


def _row(kind: str, mechanism: list[dict[str, object]], **fields: object) -> dict[str, object]:
    return {"id": "x", "kind": kind, "mechanism": mechanism, "lang": "fr", "category": "name",
            "true_original": "Zoé", **fields}  # fmt: skip


def test_row_groups_follow_the_mechanism() -> None:
    u8 = {"encode": "UTF-8", "decode": "windows-1252"}
    assert row_groups(_row("utf-8-as-single-byte", [u8])) == [
        "single-byte",
        "single-byte: UTF-8 → windows-1252",
    ]
    assert row_groups(_row("utf-8-as-single-byte", [{**u8, "after": "nbsp-as-space"}])) == [
        "lossy",
        "lossy: windows-1252, nbsp-as-space",
    ]
    lossy = {"encode": "UTF-8", "decode": "python:cp1252", "errors": "replace"}
    assert row_groups(_row("utf-8-as-single-byte", [lossy]))[0] == "lossy"
    assert row_groups(_row("utf-8-as-single-byte", [{**u8, "start": 0, "end": 3}])) == [
        "documents"
    ]
    assert row_groups(_row("multi-layer", [u8, u8, u8])) == ["three layers"]
    name = _row("utf-8-as-multi-byte", [{"encode": "UTF-8", "decode": "GBK"}], lang="zh-Hans",
                true_original="米艳", id="rw-0001")  # fmt: skip
    assert row_groups(name) == [
        "multi-byte",
        "multi-byte: UTF-8 → GBK",
        "two-character CJK names",
        "real-world",
    ]
    assert row_groups(_row("clean", [])) == ["clean"]


def test_groups_figures_beside_ftfy() -> None:
    rows = load_corpus(split="test")
    documents = [r for r in rows if "documents" in row_groups(r)][:4]
    koi8 = [r for r in rows if "single-byte: UTF-8 → KOI8-R" in row_groups(r)][:3]
    clean = [r for r in rows if r["kind"] == "clean"][:3]
    figures = evaluate(documents + koi8 + clean, targets=load_targets()["targets"])
    groups = figures["groups"]
    assert list(groups)[:2] == ["single-byte", "single-byte: UTF-8 → KOI8-R"]
    assert list(groups)[-1] == "clean"
    assert groups["documents"]["n"] == 4
    assert groups["documents"]["target"] == 0.98
    assert groups["single-byte: UTF-8 → KOI8-R"]["target"] == 0.999
    repaired = sum(mojifix.fix(r["text"]) == r["original"] for r in documents)
    assert groups["documents"]["repair"]["mojifix"] == repaired / 4
    theirs = sum(ftfy.fix_encoding(r["text"]) == r["original"] for r in documents)
    assert groups["documents"]["repair"]["ftfy.fix_encoding"] == theirs / 4
    assert groups["clean"]["changed"]["ftfy.fix_text"] == sum(
        ftfy.fix_text(r["text"]) != r["text"] for r in clean
    )
    flagged = sum(mojifix.is_mojibake(r["text"]) for r in koi8)
    assert groups["single-byte: UTF-8 → KOI8-R"]["flagged"]["mojifix"] == flagged / 3
