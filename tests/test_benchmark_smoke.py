"""The benchmark's quick mode runs and measures every row.

This is a smoke test, not a speed test: on a shared CI machine the numbers are noise, so
nothing here asserts a ratio or a target.  It asserts that every benchmark ran (no row
turned into an "error: ..." note) and produced a finite number, and that the JSON and
Markdown outputs hold the same rows as the printed table.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import harness
import pytest


@pytest.fixture(scope="module")
def quick_run(
    tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config
) -> tuple[dict[str, object], str, str]:
    out = tmp_path_factory.mktemp("bench")
    json_path, md_path = out / "bench.json", out / "bench.md"
    # --quick, every group but the instruction counts (valgrind, minutes), at small sizes.
    groups = [g for g in harness.GROUPS if g != "instructions"]
    status = harness.main(
        ["--quick", "--only", *groups, "--json", str(json_path), "--markdown", str(md_path)]
    )
    assert status == 0
    # CI prints the table (issue #8): shown on the terminal whatever pytest captures.
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")
    if capture is not None:
        with capture.global_and_fixture_disabled():
            print("\n" + md_path.read_text(encoding="utf-8"))
    return (
        json.loads(json_path.read_text(encoding="utf-8")),
        md_path.read_text(encoding="utf-8"),
        str(out),
    )


def test_every_group_produced_rows(quick_run: tuple[dict[str, object], str, str]) -> None:
    data, _, _ = quick_run
    results = data["results"]
    assert isinstance(results, list)
    groups = {row["group"] for row in results}
    assert groups == set(harness.GROUPS) - {"instructions"}


def test_every_row_has_a_number(quick_run: tuple[dict[str, object], str, str]) -> None:
    data, _, _ = quick_run
    results = data["results"]
    assert isinstance(results, list)
    failed = [f"{r['group']} / {r['name']}: {r['note']}" for r in results if r["metric"] is None]
    assert not failed, "benchmarks that did not run:\n" + "\n".join(failed)
    for row in results:
        assert math.isfinite(row["metric"]) and row["metric"] >= 0, row
        if row["baseline"] is not None:
            # A comparison row measured both sides.
            assert row["ours_mbps"] > 0 and row["baseline_mbps"] > 0, row


def test_markdown_has_machine_and_every_row(
    quick_run: tuple[dict[str, object], str, str],
) -> None:
    data, md, _ = quick_run
    results = data["results"]
    assert isinstance(results, list)
    assert "Python" in md and "cores" in md
    table_rows = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
    assert len(table_rows) == len(results) + 1  # + the header


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert harness.main(["--repeat", "0"]) == 2
    assert "--repeat must be at least 1" in capsys.readouterr().err
    assert harness.main(["--corpus", str(tmp_path / "missing")]) == 2
    assert "is not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        harness.main(["--only", "nonsense"])


def test_damage_is_utf8_read_as_windows_1252() -> None:
    text = "Café – “quoted” ünïcode Привет 用户"
    damaged = harness.damage(text)
    assert damaged.startswith("CafÃ©")
    # Undo the damage by hand (windows-1252, with the WHATWG C1 pass-through): what the
    # benchmark feeds mojifix is exactly the UTF-8 bytes read as windows-1252.
    raw = b"".join(
        bytes([ord(c)]) if 0x80 <= ord(c) < 0xA0 else c.encode("cp1252") for c in damaged
    )
    assert raw.decode("utf-8") == text


def test_inputs_are_deterministic() -> None:
    a = harness.make_docs(5, seed=3)
    b = harness.make_docs(5, seed=3)
    assert a == b
    assert all(1500 <= len(d.text.encode("utf-8")) <= 4000 for d in a)
    assert len({d.lang for d in harness.make_docs(len(harness.LOCALES))}) >= 15


def test_corpus_documents_are_distinct_lines_of_one_language() -> None:
    # A page repeats no line; one corpus row repeated 75 times made a "document" of the old
    # inputs, on which a detector reading each distinct line once looked several times faster.
    corpus = harness.default_corpus()
    assert corpus is not None
    docs = harness.make_docs(80, seed=8, corpus=corpus)
    for d in docs:
        lines = [line for line in d.text.split("\n") if line.strip()]
        assert len(lines) == len(set(lines)), d.lang
        assert len(d.text.encode("utf-8")) >= harness.DOC_BYTES
    assert len({d.lang for d in docs}) >= 30


def test_each_timed_pass_reads_strs_no_read_before_it() -> None:
    # CPython keeps the UTF-8 of a str an extension read (a list of them, in mojifix), and a
    # pass over the same objects again would not pay for encoding them, as a stream of
    # documents does.
    from mojifix import _core

    text = "Zażółć gęślą jaźń, CafÃ© " * 20
    size = sys.getsizeof(text)
    _core.fix_texts([text])
    assert sys.getsizeof(text) > size, "CPython no longer keeps a str's UTF-8"
    read: list[object] = []
    timed = harness.Pass(read.append, [text, b"bytes"])
    harness.time_best(timed, 2)
    assert read == [text, b"bytes"] * 2
    first, second = read[0], read[2]
    assert first is not text and second is not first
    assert sys.getsizeof(first) == size and read[1] is read[3]


def test_the_documented_command_runs_from_the_checkout() -> None:
    """The harness is not in the package (issue #27): it runs as ``python benchmarks/harness.py``
    from the checkout's root, and the README says truthfully what ``--quick`` runs."""
    root = Path(harness.__file__).resolve().parent.parent
    proc = subprocess.run(
        [sys.executable, "benchmarks/harness.py", "--help"],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: python benchmarks/harness.py")
    readme = (root / "README.md").read_text(encoding="utf-8").splitlines()
    command = "python benchmarks/harness.py --quick "
    quick = next(line for line in readme if line.startswith(command))
    said = quick.split("#", 1)[1].split(" at small sizes")[0]
    assert [g.strip() for g in said.split(",")] == list(harness.QUICK_GROUPS)
