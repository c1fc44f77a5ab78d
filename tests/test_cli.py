"""End-to-end tests of the ``mojifix`` command line, run as a subprocess on real files.

Tests commented "depends on the real mojifix.<module>" check the *result* of the core
functions through the CLI (``"CafÃ©"`` becomes ``"Café"``) and only pass once those modules
are the real ones; everything else checks the CLI's own machinery.
"""

from __future__ import annotations

import gzip
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runner import run

MOJIBAKE = "CafÃ© au lait, dÃ©jÃ\u00a0 vu"  # UTF-8 read as windows-1252 (with its NBSP)
REPAIRED = "Café au lait, déjà vu"




def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".mojifix-"))


# --- general ------------------------------------------------------------------------------


def test_version_and_help() -> None:
    from mojifix import __version__

    assert run("--version").stdout.decode().strip() == f"mojifix {__version__}"
    top = run("--help").stdout.decode()
    for command in ("decode", "fix", "fold", "scan", "eval"):
        assert command in top
    assert "python benchmarks/harness.py" in top  # the benchmark is not a command of the package
    assert "examples:" in top and "exit status" in top
    assert "--on-error" in run("fix", "--help").stdout.decode()


def test_usage_error_exits_2(tmp_path: Path) -> None:
    proc = run("fix", tmp_path / "missing.txt", check=2)
    assert b"missing.txt" in proc.stderr and b"No such file" in proc.stderr
    proc = run("fix", tmp_path / "data.unknown", check=2)
    assert b"--format" in proc.stderr
    run("frobnicate", check=2)


# --- fix: text ----------------------------------------------------------------------------


def test_fix_text_keeps_line_endings_byte_for_byte(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    data = "first line\r\nsecond line\n\nno final newline ünïcödé".encode()
    src.write_bytes(data)
    out = tmp_path / "out.txt"
    proc = run("fix", src, "-o", out)
    assert out.read_bytes() == data
    assert b"4 records read, 0 changed" in proc.stderr
    assert leftovers(tmp_path) == []


# depends on the real mojifix.repair
def test_fix_text_repairs_mojibake(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{MOJIBAKE}\nclean line\n", encoding="utf-8")
    proc = run("fix", src)
    assert proc.stdout.decode() == f"{REPAIRED}\nclean line\n"
    assert b"2 records read, 1 changed" in proc.stderr


def test_fix_reads_stdin_and_writes_stdout() -> None:
    proc = run("fix", input=b"hello\nworld\n")
    assert proc.stdout == b"hello\nworld\n"


@pytest.fixture
def latin1_text(tmp_path: Path) -> Path:
    src = tmp_path / "mixed.txt"
    src.write_bytes(b"good line\nstill good\ncaf\xe9 in latin-1\nlast\n")
    return src


def test_invalid_utf8_keep(tmp_path: Path, latin1_text: Path) -> None:
    out = tmp_path / "out.txt"
    proc = run("fix", latin1_text, "-o", out)
    assert out.read_bytes() == latin1_text.read_bytes()  # copied through unchanged
    err = proc.stderr.decode()
    assert "line 3" in err and "byte offset 24" in err and "0xE9" in err
    assert "1 malformed kept as-is" in err and "4 records read" in err


def test_invalid_utf8_skip(tmp_path: Path, latin1_text: Path) -> None:
    out = tmp_path / "out.txt"
    proc = run("fix", latin1_text, "-o", out, "--on-error", "skip")
    assert out.read_bytes() == b"good line\nstill good\nlast\n"
    assert "1 malformed skipped" in proc.stderr.decode()


def test_invalid_utf8_fail_names_file_offset_and_decode(tmp_path: Path, latin1_text: Path) -> None:
    out = tmp_path / "out.txt"
    proc = run("fix", latin1_text, "-o", out, "--on-error", "fail", check=2)
    err = proc.stderr.decode()
    assert "mixed.txt" in err and "byte offset 24" in err and "mojifix decode" in err
    assert "Traceback" not in err
    assert not out.exists() and leftovers(tmp_path) == []


# --- fix: JSONL ---------------------------------------------------------------------------


@pytest.fixture
def messy_jsonl(tmp_path: Path) -> Path:
    lines = [
        json.dumps({"id": 1, "text": "fine", "meta": {"title": "plain"}}),
        '{"id": 2, "text": "broken json',
        json.dumps({"id": 3, "meta": {"title": "no text field"}}),
        json.dumps({"id": 4, "text": 42, "meta": {"title": "x"}}),
        json.dumps({"id": 5, "text": "ok too", "meta": {"title": "y"}}, ensure_ascii=False),
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return src


@pytest.mark.parametrize(
    ("mode", "kept_ids", "status"),
    [("keep", [1, None, 3, 4, 5], 0), ("skip", [1, 3, 5], 0), ("fail", None, 2)],
)
def test_jsonl_malformed_records(
    tmp_path: Path, messy_jsonl: Path, mode: str, kept_ids: list[int | None] | None, status: int
) -> None:
    out = tmp_path / "out.jsonl"
    proc = run("fix", messy_jsonl, "-o", out, "--on-error", mode, check=status)
    err = proc.stderr.decode()
    if kept_ids is None:
        assert "line 2" in err and "bad JSON" in err
        assert not out.exists() and leftovers(tmp_path) == []
        return
    lines = out.read_text(encoding="utf-8").splitlines()
    ids = [
        json.loads(line)["id"] if line.startswith('{"id": 1') or "broken" not in line else None
        for line in lines
    ]
    assert ids == kept_ids
    for number, reason in [(2, "bad JSON"), (4, "is int")]:
        assert f"line {number}: " in err and reason in err
    assert "line 3" not in err  # a record without the field is passed over, not malformed
    word = "kept as-is" if mode == "keep" else "skipped"
    assert f"2 malformed {word}" in err and "5 records read" in err
    if mode == "keep":  # malformed lines are copied byte for byte
        assert lines[1] == '{"id": 2, "text": "broken json'


def test_jsonl_unchanged_records_are_byte_identical(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    data = b'{"text":"caf\\u00e9",  "n": 1.50}\n{"text": "x"}\n'
    src.write_bytes(data)
    assert run("fix", src, "--field", "text").stdout == data


# depends on the real mojifix.repair
def test_jsonl_nested_fields_and_explain(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    record = {"id": 7, "text": MOJIBAKE, "meta": {"title": "CafÃ©"}}
    src.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    out = json.loads(run("fix", src, "--field", "text", "--field", "meta.title").stdout)
    assert out == {"id": 7, "text": REPAIRED, "meta": {"title": "Café"}}
    explained = json.loads(run("fix", src, "--field", "meta.title", "--explain").stdout)
    assert explained["text"] == MOJIBAKE  # not a selected field
    (entry,) = explained["_mojifix"]
    assert entry["field"] == "meta.title" and entry["steps"]
    assert entry["steps"][0]["original"] in "CafÃ©"


def test_explain_adds_key_even_without_changes(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "plain"}\n', encoding="utf-8")
    assert json.loads(run("fix", src, "--explain").stdout) == {"text": "plain", "_mojifix": []}
    proc = run("fix", tmp_path / "in.jsonl", "--explain", "--format", "text", check=2)
    assert b"JSONL" in proc.stderr


def test_gzip_jsonl_round_trip(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl.gz"
    rows = [{"text": f"row {i} ünïcode"} for i in range(50)]
    with gzip.open(src, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    out = tmp_path / "out.jsonl.gz"
    run("fix", src, "-o", out)
    with gzip.open(out, "rt", encoding="utf-8") as f:
        assert [json.loads(line) for line in f] == rows


# --- fix: CSV and Parquet -----------------------------------------------------------------


def test_csv_keeps_dialect_and_counts_bad_rows(tmp_path: Path) -> None:
    src = tmp_path / "in.csv"
    data = '"id","name","note"\r\n"1","Zoë","a ""quoted"", multi\nline note"\r\n"2","short"\r\n'
    src.write_bytes(data.encode())
    out = tmp_path / "out.csv"
    proc = run("fix", src, "-o", out, "--column", "name")
    assert out.read_bytes() == data.encode()  # QUOTE_ALL and CRLF kept, bad row kept
    err = proc.stderr.decode()
    assert "line 4: 2 fields where the header has 3" in err and "2 records read" in err
    proc = run("fix", src, "-o", out, "--column", "nmae", check=2)
    assert b"no column 'nmae'" in proc.stderr and b"id, name, note" in proc.stderr


# depends on the real mojifix.repair
def test_csv_and_tsv_repair_selected_columns(tmp_path: Path) -> None:
    src = tmp_path / "in.tsv"
    src.write_text(f"id\ttitle\tbody\n1\tCafÃ©\t{MOJIBAKE}\n", encoding="utf-8")
    proc = run("fix", src, "--column", "title")
    assert proc.stdout.decode() == f"id\ttitle\tbody\n1\tCafé\t{MOJIBAKE}\n"
    csv_src = tmp_path / "in.csv"
    csv_src.write_text(f'id,body\n1,"{MOJIBAKE}"\n', encoding="utf-8")
    assert run("fix", csv_src).stdout.decode() == f'id,body\n1,"{REPAIRED}"\n'


def _write_parquet(path: Path, texts: list[str | None]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({"id": list(range(len(texts))), "text": pa.array(texts, pa.string())})
    pq.write_table(table, path, row_group_size=2)


def test_parquet_fix_keeps_schema_nulls_and_rows(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    src = tmp_path / "in.parquet"
    texts = [MOJIBAKE, None, "plain", "CafÃ©", "x"]
    _write_parquet(src, texts)
    out = tmp_path / "out.parquet"
    run("fix", src, "-o", out, "--column", "text")
    table = pq.read_table(out)
    assert table.schema == pq.read_table(src).schema
    assert table.column("id").to_pylist() == [0, 1, 2, 3, 4]
    fixed = table.column("text").to_pylist()
    assert fixed[1] is None and fixed[2] == "plain" and len(fixed) == 5
    proc = run("fix", src, "-o", out, "--column", "id", check=2)
    assert b"not string" in proc.stderr
    run("fix", src, check=2)  # Parquet to stdout is refused


# depends on the real mojifix.repair
def test_parquet_fix_repairs(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    src, out = tmp_path / "in.parquet", tmp_path / "out.parquet"
    _write_parquet(src, [MOJIBAKE, None, "CafÃ©"])
    proc = run("fix", src, "-o", out)
    assert pq.read_table(out).column("text").to_pylist() == [REPAIRED, None, "Café"]
    assert b"3 records read, 2 changed" in proc.stderr


# --- data safety --------------------------------------------------------------------------


def test_output_equal_to_input_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("CafÃ©\n", encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(src)
    for target in (src, tmp_path / "." / "in.txt", tmp_path / "link.txt"):
        proc = run("fix", src, "-o", target, check=2)
        assert b"refusing to overwrite the input" in proc.stderr
    proc = run("fix", "in.txt", "-o", "in.txt", cwd=tmp_path, check=2)
    assert src.read_text(encoding="utf-8") == "CafÃ©\n"
    proc = run("scan", src, "--report", src, check=2)
    assert src.read_text(encoding="utf-8") == "CafÃ©\n"


def test_several_inputs_need_an_output_directory(tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.jsonl"
    a.write_text("one\n", encoding="utf-8")
    b.write_text('{"text": "two"}\n', encoding="utf-8")
    proc = run("fix", a, b, "-o", tmp_path / "out.txt", check=2)
    assert b"must be an existing directory" in proc.stderr
    outdir = tmp_path / "fixed"
    outdir.mkdir()
    run("fix", a, b, "-o", outdir)
    assert (outdir / "a.txt").read_text(encoding="utf-8") == "one\n"
    assert (outdir / "b.jsonl").read_text(encoding="utf-8") == '{"text": "two"}\n'
    run("fix", a, "-o", tmp_path, check=2)  # would write tmp_path/a.txt == the input


def test_unwritable_outputs_exit_2(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text("hello\n" * 1000, encoding="utf-8")
    proc = run("fix", src, "-o", src / "out.txt", check=2)  # parent is a file
    assert b"cannot write" in proc.stderr and b"Traceback" not in proc.stderr
    proc = run("scan", src, "--report", src / "report.html", check=2)  # before scanning
    assert b"cannot write" in proc.stderr
    proc = run("fix", src, "-o", "/dev/full", check=2)
    assert b"No space left on device" in proc.stderr and b"Traceback" not in proc.stderr
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "mojifix", "fix", str(src)],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert proc.returncode == 2 and b"No space left on device" in proc.stderr


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize(
    ("sig", "jobs", "status"),
    [
        (signal.SIGINT, "1", 130),
        (signal.SIGTERM, "2", 143),
        (signal.SIGKILL, "1", -9),
    ],
)
def test_interrupted_run_leaves_no_output(tmp_path: Path, sig: int, jobs: str, status: int) -> None:
    """A run stopped half-way (its input is a pipe we keep open) never leaves a partial
    output under the final name; after SIGINT/SIGTERM it leaves no temporary file either."""
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mojifix",
            "fix",
            "--format",
            "jsonl",
            "-o",
            str(out),
            "--jobs",
            jobs,
        ],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # Ctrl-C as a terminal sends it: a test run started in the background by a
        # non-interactive shell (`pytest &`) inherits SIGINT ignored, and so would the run,
        # which then (rightly) ignores it, as `nohup` programs do.
        preexec_fn=_default_sigint,
    )
    assert proc.stdin is not None
    # a chunk and a bit (under the 64 KiB a pipe buffers, so this write never blocks): the
    # first chunk is repaired and written to the temporary file, then the run waits for more
    lines = [{"text": "CafÃ©" if i % 500 == 0 else f"line {i}"} for i in range(1100)]
    proc.stdin.write("".join(json.dumps(r) + "\n" for r in lines).encode())
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while not leftovers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert leftovers(tmp_path), "the temporary output never appeared"
    time.sleep(0.3)
    proc.send_signal(sig)
    proc.wait(timeout=30)  # before closing its stdin: an EOF would let the run complete
    assert proc.stderr is not None
    err = proc.stderr.read()
    proc.stdin.close()
    proc.stderr.close()
    assert proc.returncode == status, err
    assert not out.exists()
    if sig != signal.SIGKILL:
        assert leftovers(tmp_path) == []
        assert b"no output written" in err and b"Traceback" not in err


def test_jobs_preserve_order(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    lines = (f"line {i} CafÃ©\n" if i % 100 == 0 else f"line {i}\n" for i in range(4500))
    src.write_text("".join(lines), encoding="utf-8")
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    run("fix", src, "-o", one, "--jobs", "1")
    run("fix", src, "-o", two, "--jobs", "2")
    assert one.read_bytes() == two.read_bytes()
    lines = two.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4500 and lines[4499] == "line 4499"
    assert lines[4400] == "line 4400 Café"  # depends on the real mojifix.repair


# --- scan ---------------------------------------------------------------------------------


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    rows = [{"id": i, "text": f"clean record number {i}"} for i in range(18)]
    rows.insert(3, {"id": 100, "text": MOJIBAKE})
    rows.insert(9, {"id": 101, "text": "Ð—Ð´Ñ€Ð°Ð²Ñ�Ñ‚Ð²ÑƒÐ¹Ñ‚Ðµ, Ð¼Ð¸Ñ€"})
    src = tmp_path / "corpus.jsonl"
    with src.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
        f.write("{not json}\n")
    return src


def test_scan_json_counts_records_and_malformed(corpus: Path) -> None:
    proc = run("scan", corpus, "--json")
    data = json.loads(proc.stdout)
    assert data["totals"]["records"] == 21
    assert data["totals"]["malformed"] == 1
    assert data["malformed"]["examples"][0]["record"] == 21
    assert sum(data["histogram"]["counts"]) == 20
    assert data["inputs"] == [{"name": str(corpus), "format": "jsonl", "records": 21}]
    assert data["command"][:2] == ["mojifix", "scan"]
    text = run("scan", corpus).stdout.decode()
    assert "records: 21 (1 malformed" in text
    run("scan", corpus, "--on-error", "fail", check=2)


# depends on the real mojifix.detect
def test_scan_finds_damage_and_guards_a_pipeline(corpus: Path) -> None:
    data = json.loads(run("scan", corpus, "--json").stdout)
    assert data["totals"]["damaged"] == 2
    assert "utf-8-as-single-byte" in data["by_kind"]
    example = data["examples"]["utf-8-as-single-byte"][0]
    assert example["record"] == 4 and example["spans"]
    proc = run("scan", corpus, "--fail-above", "0.05", check=1)
    assert b"above --fail-above" in proc.stderr
    run("scan", corpus, "--fail-above", "0.5")


# depends on the real mojifix.fold
def test_scan_duplicates_after_folding(tmp_path: Path) -> None:
    src = tmp_path / "names.txt"
    src.write_text("Café\nCafé\nCafe\u0301\nTea\n", encoding="utf-8")  # NFC, exact dup, NFD
    data = json.loads(run("scan", src, "--duplicates", "--json").stdout)
    dup = data["duplicates"]
    assert dup["exact"] == 1 and dup["after_folding"] == 1
    assert dup["examples"][0]["record"] == 3
    assert dup["examples"][0]["duplicate_of"]["record"] == 1


# depends on the real mojifix.fold
def test_fold_command(tmp_path: Path) -> None:
    src = tmp_path / "names.jsonl"
    src.write_text('{"name": "ＣＡＦＥ"}\n', encoding="utf-8")
    out = run("fold", src, "--field", "name", "--casefold").stdout
    assert json.loads(out) == {"name": "cafe"}


# --- decode -------------------------------------------------------------------------------


# depends on the real mojifix.sniff
def test_decode_html_in_several_encodings(tmp_path: Path) -> None:
    cyr = tmp_path / "ru.html"
    cyr.write_bytes('<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251"))
    sjis = tmp_path / "ja.html"
    sjis.write_bytes("<p>日本語のテキスト</p>".encode("shift_jis"))
    bom = tmp_path / "bom.html"
    bom.write_bytes(b"\xef\xbb\xbf<p>caf\xc3\xa9</p>")

    proc = run("decode", cyr)
    assert "Привет" in proc.stdout.decode("utf-8")
    assert b"windows-1251" in proc.stderr
    proc = run("decode", sjis, "--content-type", "text/html; charset=Shift_JIS", "--json")
    assert proc.stdout.decode("utf-8") == "<p>日本語のテキスト</p>"
    record = json.loads(proc.stderr)
    assert record["encoding"] == "Shift_JIS" and record["input"] == str(sjis)

    outdir = tmp_path / "decoded"
    outdir.mkdir()
    proc = run("decode", cyr, bom, "-o", outdir, "--json")
    records = [json.loads(line) for line in proc.stdout.splitlines()]  # stdout is free with -o
    assert [r["encoding"] for r in records] == ["windows-1251", "UTF-8"]
    assert (outdir / "bom.html").read_text(encoding="utf-8") == "<p>café</p>"
    proc = run("decode", "-", input='<meta charset="koi8-r">Привет'.encode("koi8_r"))
    assert "Привет" in proc.stdout.decode("utf-8")


def test_decode_refuses_overwrite_and_file_as_dir(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(b"<p>hi</p>")
    assert b"refusing" in run("decode", page, "-o", page, check=2).stderr
    assert b"existing directory" in run("decode", page, page, "-o", tmp_path / "x", check=2).stderr


# --- eval / bench -------------------------------------------------------------------------


def test_eval_is_delegated() -> None:
    from mojifix.cli import delegate

    assert delegate("nope", "no_such_module_here", []) == 2
    proc = run("eval", "--help")
    assert b"usage:" in proc.stdout and b"Traceback" not in proc.stderr


def test_bench_points_to_the_harness_outside_the_package() -> None:
    """The benchmark harness is not in the wheel (issue #27): ``mojifix bench`` says where it is."""
    import mojifix

    proc = run("bench", "--quick", check=2)
    assert b"python benchmarks/harness.py" in proc.stderr and b"Traceback" not in proc.stderr
    assert proc.stdout == b""
    package = Path(mojifix.__file__).parent
    assert not (package / "benchmark.py").exists()
    assert not list(package.rglob("*bench*"))


def test_byte_order_marks_and_blank_lines(tmp_path: Path) -> None:
    csv_src = tmp_path / "bom.csv"
    csv_src.write_bytes(b"\xef\xbb\xbfid,name\n1,plain\n")
    assert run("fix", csv_src, "--column", "name").stdout == csv_src.read_bytes()
    jsonl = tmp_path / "bom.jsonl"
    jsonl.write_bytes(b'\xef\xbb\xbf{"text": "a"}\n\n{"text": "b"}\n')
    proc = run("fix", jsonl, "--explain")
    assert proc.stdout.startswith(b'\xef\xbb\xbf{"text": "a", "_mojifix": []}\n\n')
    assert b"line 2: empty line" in proc.stderr


def test_scan_csv_columns_and_parquet(tmp_path: Path) -> None:
    src = tmp_path / "table.csv"
    src.write_text("id,title,body\n1,a,b\n2,c\n3,e,f\n", encoding="utf-8")
    data = json.loads(run("scan", src, "--column", "title", "--column", "body", "--json").stdout)
    assert data["fields"] == ["title", "body"]
    assert data["per_field"]["title"]["records"] == 2
    assert data["malformed"]["examples"][0]["record"] == 3
    pq_src = tmp_path / "t.parquet"
    _write_parquet(pq_src, ["x", None, "y", "z", "w"])
    data = json.loads(run("scan", pq_src, "--json").stdout)
    assert data["totals"]["records"] == 5 and data["per_field"]["text"]["records"] == 4


def test_zstd_is_read_or_refused_clearly(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "a"}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl.zst"
    try:
        import zstandard  # noqa: F401
    except ImportError:
        proc = run("fix", src, "-o", out, check=2)
        assert b"pip install 'mojifix[zstd]'" in proc.stderr and not out.exists()
        return
    run("fix", src, "-o", out)
    assert run("fix", out).stdout == src.read_bytes()


def test_a_bug_in_the_core_never_loses_a_record(monkeypatch: pytest.MonkeyPatch) -> None:
    from mojifix import _work, repair

    def broken(text: str) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(repair, "fix", broken)
    job = _work.Job(action="fix", fmt="jsonl", fields=("text",))
    outcome = _work.transform_record(job, 7, 0, b'{"text": "x"}\n')
    assert outcome.status == _work.MALFORMED and outcome.output == b'{"text": "x"}\n'
    assert outcome.error is not None and "mojifix.fix raised RuntimeError: boom" in outcome.error


def test_parquet_scan_agrees_with_text_scan(tmp_path: Path) -> None:
    """Parquet is scored with mojifix.arrow.score_array, text with detect: same figures."""
    values = [MOJIBAKE, "plain", "é¢„å®š", "文字化け", MOJIBAKE, "Ïðèâåò"]
    pq_src, txt_src = tmp_path / "v.parquet", tmp_path / "v.txt"
    _write_parquet(pq_src, values)
    txt_src.write_text("".join(v + "\n" for v in values), encoding="utf-8")
    from_parquet = json.loads(run("scan", pq_src, "--json", "--jobs", "2").stdout)
    from_text = json.loads(run("scan", txt_src, "--json").stdout)
    for key in ("totals", "histogram", "by_kind", "by_pair"):
        assert from_parquet[key] == from_text[key], key
