"""``--jobs 2`` on plain files, where the workers read byte ranges themselves (mojifix._ranges):
the output, the messages and the exit status must be those of ``--jobs 1``, byte for byte, with
threads (the default) and with ``--processes``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_runner import run

from mojifix import _ranges
from mojifix._work import Job
from mojifix.cli import CHUNK_BYTES

MOJIBAKE = "CafÃ© au lait, dÃ©jÃ\u00a0 vu"

#: ``--jobs 2`` on threads (the default) and on processes.
TWO_JOBS = [("--jobs", "2"), ("--jobs", "2", "--processes")]


def _wait_until_working(proc: subprocess.Popen[bytes], folder: Path, err_path: Path) -> None:
    """Wait until *proc* has put something in *folder*, then half a second more.

    A run that ends first fails the test with its messages; a loaded machine (the whole
    suite on two cores) gets minutes, not seconds.  Its messages go to a file, not a pipe
    nobody reads while waiting, which would stop it once the pipe is full.
    """
    start = time.monotonic()
    while not any(folder.iterdir()):
        assert proc.poll() is None, (
            f"the run ended (status {proc.returncode}) before it wrote to {folder.name}: "
            f"{err_path.read_bytes()!r}"
        )
        assert time.monotonic() - start < 300, f"nothing in {folder.name} after 300 s"
        time.sleep(0.05)
    time.sleep(0.5)


def _messy_lines(size: int) -> list[bytes]:
    """JSONL lines, about *size* bytes in all, with every kind of awkward record: bad JSON,
    invalid UTF-8, blank lines, a missing field, mojibake, CRLF endings, multi-byte
    characters everywhere (so that byte ranges start and end next to them) and one line
    longer than the newline probe, ending the file without a newline."""
    lines: list[bytes] = []
    total = n = 0
    while total < size:
        n += 1
        if n % 997 == 0:
            line = b'{"id": %d, "text": "broken json\n' % n
        elif n % 1009 == 0:
            line = b'{"id": %d, "text": "caf\xe9 in latin-1"}\n' % n
        elif n % 1013 == 0:
            line = b"\n"
        elif n % 1019 == 0:
            line = b'{"id": %d}\r\n' % n
        else:
            text = MOJIBAKE if n % 50 == 0 else f"ligne {n}: 日本語 Привет €€€ ✓ " * (1 + n % 7)
            end = "\r\n" if n % 3 == 0 else "\n"
            line = (json.dumps({"id": n, "text": text}, ensure_ascii=False) + end).encode()
        lines.append(line)
        total += len(line)
    long_text = "长" * (_ranges._PROBE // 2)  # 96 KiB of 3-byte characters on one line
    lines.insert(
        len(lines) // 2, (json.dumps({"text": long_text}, ensure_ascii=False) + "\n").encode()
    )
    lines.append(
        json.dumps({"id": -1, "text": "the end, no newline: ü"}, ensure_ascii=False).encode()
    )
    return lines


@pytest.fixture(scope="module")
def messy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("jobs") / "messy.jsonl"
    path.write_bytes(b"".join(_messy_lines(int(2.5 * CHUNK_BYTES))))
    return path


def test_the_file_really_spans_several_ranges_cut_next_to_multibyte_characters(messy: Path) -> None:
    spans = list(_ranges.line_ranges(str(messy), CHUNK_BYTES))
    assert len(spans) >= 3
    data = messy.read_bytes()
    for _, end in spans[:-1]:  # the bytes around each cut are those of a multi-byte text
        assert data[end - 1 : end] == b"\n" and not data[end - 40 : end + 40].isascii()


@pytest.mark.parametrize("two", TWO_JOBS, ids=" ".join)
@pytest.mark.parametrize("mode", ["keep", "skip", "fail"])
def test_jobs_2_writes_and_reports_exactly_what_jobs_1_does(
    tmp_path: Path, messy: Path, mode: str, two: tuple[str, ...]
) -> None:
    status = 2 if mode == "fail" else 0
    results = []
    for n, jobs in enumerate((("--jobs", "1"), two)):
        out = tmp_path / f"out{n}.jsonl"
        proc = run("fix", messy, "-o", out, "--on-error", mode, *jobs, check=status)
        results.append((out.read_bytes() if out.exists() else None, proc.stderr))
        # and to stdout (under fail, what came before the bad record has been written)
        proc = run("fix", messy, "--on-error", mode, *jobs, check=status)
        results.append((proc.stdout, proc.stderr))
    assert results[0] == results[2] and results[1] == results[3]
    output, err = results[0]
    if mode == "fail":
        assert output is None and b"line 997: bad JSON" in err
        assert results[1][0].count(b"\n") == 996  # the lines before the bad one
        return
    assert output is not None
    summary = err.decode().splitlines()[-1]
    records = len(messy.read_bytes().splitlines())
    assert f"{records} records read" in summary
    assert b"line 1009: not valid UTF-8 at byte offset" in err and b"line 1013: empty line" in err
    assert b"(a bug in mojifix" not in err and b"Traceback" not in err
    if mode == "keep":
        assert output.count(b"\n") == messy.read_bytes().count(b"\n")
        assert output.count(b"\r\n") == messy.read_bytes().count(b"\r\n")
        assert output.endswith(b'"the end, no newline: \xc3\xbc"}')


@pytest.mark.parametrize("two", TWO_JOBS, ids=" ".join)
def test_jobs_2_counts_across_several_inputs(
    tmp_path: Path, messy: Path, two: tuple[str, ...]
) -> None:
    small, other = tmp_path / "small.txt", tmp_path / "other.txt"
    small.write_bytes(b"one\r\ncaf\xe9\nlast line")
    other.write_bytes(MOJIBAKE.encode() + b"\n\xff\n")
    runs = []
    for n, jobs in enumerate((("--jobs", "1"), two)):
        folder = tmp_path / f"out{n}"
        folder.mkdir()
        proc = run("fix", small, messy, other, "-o", folder, *jobs)
        written = {p.name: p.read_bytes() for p in folder.iterdir()}
        runs.append((proc.stderr, written))
    assert runs[0] == runs[1]
    err = runs[0][0].decode()
    assert "small.txt: line 2: not valid UTF-8" in err  # (other.txt's is past the 20 listed)
    records = len(messy.read_bytes().splitlines()) + 3 + 2
    assert f"{records} records read" in err.splitlines()[-1]


@pytest.mark.parametrize("two", TWO_JOBS, ids=" ".join)
def test_jobs_2_on_stdin_an_empty_file_and_gzip(tmp_path: Path, two: tuple[str, ...]) -> None:
    data = "".join(f"{MOJIBAKE} {i}\n" if i % 7 == 0 else f"line {i}\n" for i in range(3000))
    piped = [
        subprocess.run(
            [sys.executable, "-m", "mojifix", "fix", *jobs, "--quiet"],
            input=data.encode(),
            capture_output=True,
            timeout=120,
            check=True,
        ).stdout
        for jobs in (("--jobs", "1"), two)
    ]
    assert piped[0] == piped[1] and piped[0].count(b"Caf\xc3\xa9") == 429
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    proc = run("fix", empty, *two)
    assert proc.stdout == b"" and b"0 records read" in proc.stderr
    import gzip

    packed = tmp_path / "in.txt.gz"
    packed.write_bytes(gzip.compress(data.encode()))
    assert run("fix", packed, *two, "--quiet").stdout == piped[0]


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"no newline at all",
        b"\n\n\n",
        b"a\r\nb\r\n",
        b"x" * 200_000 + b"\n" + b"y\n" * 10,
        "é\n".encode() * 5000 + b"tail",
    ],
)
@pytest.mark.parametrize("size", [1, 3, 4096, 1 << 20])
def test_line_ranges_cover_the_file_and_cut_only_after_newlines(
    tmp_path: Path, data: bytes, size: int
) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    spans = list(_ranges.line_ranges(str(path), size))
    assert b"".join(data[a:b] for a, b in spans) == data
    assert all(a < b for a, b in spans) and [a for a, _ in spans[1:]] == [b for _, b in spans[:-1]]
    assert all(data[b - 1 : b] == b"\n" for _, b in spans[:-1])
    lines = [line for a, b in spans for line in data[a:b].splitlines(keepends=True)]
    assert lines == data.splitlines(keepends=True)


def test_a_replaced_input_is_an_error_not_a_mix_of_two_files(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(b"first\n")
    identity = _ranges.file_identity(str(path))
    with path.open("rb"):  # held open: its inode cannot be reused by the new file
        (tmp_path / "new.txt").write_bytes(b"second\n")
        os.replace(tmp_path / "new.txt", path)
        with pytest.raises(_ranges.InputChanged, match="was replaced"):
            _ranges.run_range(Job(action="fix", fmt="text"), str(path), identity, None, (0, 7))


def test_spilled_output_is_read_back_and_removed(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(f"{MOJIBAKE}\nplain\n".encode())
    job = Job(action="fix", fmt="text")
    identity = _ranges.file_identity(str(path))
    result = _ranges.run_range(job, str(path), identity, str(tmp_path), (0, path.stat().st_size))
    assert result.spill is not None and result.records == 2 and result.changed == 1
    sent = _ranges.run_range(job, str(path), identity, None, (0, path.stat().st_size))
    assert result.take_output() == sent.output == "Café au lait, déjà vu\nplain\n".encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt"]


def test_a_terminated_range_run_leaves_no_output_and_no_spill_files(tmp_path: Path) -> None:
    src, out, spill_root = tmp_path / "in.txt", tmp_path / "out" / "fixed.txt", tmp_path / "tmp"
    out.parent.mkdir()
    spill_root.mkdir()
    # distinct damaged lines (no cache hits): seconds of work, far more than the wait below
    src.write_text("".join(f"{MOJIBAKE} {i}\n" for i in range(200_000)), encoding="utf-8")
    err_path = tmp_path / "stderr.txt"
    with err_path.open("wb") as err_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mojifix", "fix", str(src), "-o", str(out), "--jobs", "2",
             "--processes"],
            stderr=err_file,
            env={**os.environ, "TMPDIR": str(spill_root)},
        )
    _wait_until_working(proc, spill_root, err_path)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=120)
    err = err_path.read_bytes()
    assert proc.returncode == 143, err
    assert b"no output written" in err and b"Traceback" not in err
    assert list(out.parent.iterdir()) == [] and list(spill_root.iterdir()) == []


def test_the_spill_folder_of_a_killed_run_is_removed_by_the_next_run(tmp_path: Path) -> None:
    """A run killed outright (SIGKILL) cannot remove its spill folder; the next ``--processes``
    run removes the folders whose owner process is gone and keeps those of running processes."""
    spill_root = tmp_path / "tmp"
    spill_root.mkdir()
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    abandoned, running = spill_root / "mojifix-abandoned", spill_root / "mojifix-running"
    for folder, owner in ((abandoned, int(gone.stdout)), (running, os.getpid())):
        folder.mkdir()
        (folder / _ranges.SPILL_OWNER).write_text(f"{owner}\n")
        (folder / "range-0.out").write_bytes(b"partial output\n")
    other = spill_root / "mojifix-no-owner-file"  # not made by this version: left alone
    other.mkdir()
    src, out = tmp_path / "in.txt", tmp_path / "fixed.txt"
    src.write_text("".join(f"{MOJIBAKE} {i}\n" for i in range(2_000)), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "mojifix", "fix", str(src), "-o", str(out), "--jobs", "2",
         "--processes"],
        capture_output=True,
        env={**os.environ, "TMPDIR": str(spill_root)},
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_text(encoding="utf-8").count("Café au lait") == 2_000
    assert sorted(p.name for p in spill_root.iterdir()) == [
        "mojifix-no-owner-file", "mojifix-running"
    ]


def test_a_terminated_threaded_run_leaves_no_output(tmp_path: Path) -> None:
    """SIGTERM during ``--jobs 2`` on threads: the threads finish the chunk they are in, the
    output is not committed, nothing is left behind."""
    src, out = tmp_path / "in.txt", tmp_path / "out" / "fixed.txt"
    out.parent.mkdir()
    src.write_text("".join(f"{MOJIBAKE} {i}\n" for i in range(200_000)), encoding="utf-8")
    err_path = tmp_path / "stderr.txt"
    with err_path.open("wb") as err_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "mojifix", "fix", str(src), "-o", str(out), "--jobs", "2"],
            stderr=err_file,
        )
    # the temporary output appears once the work has started
    _wait_until_working(proc, out.parent, err_path)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=120)
    err = err_path.read_bytes()
    assert proc.returncode == 143, err
    assert b"no output written" in err and b"Traceback" not in err
    assert list(out.parent.iterdir()) == []
