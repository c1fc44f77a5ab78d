"""What a new user hits first: the CLI's edges, each run as a subprocess on real files.

CSV dialects, JSONL nulls and literals, unknown fields, outputs through symbolic links,
binary input to ``decode``, the scan report's cut lists, the progress bar and the small
messages.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from cli_runner import run

from mojifix.cli import format_scan
from mojifix.report import render_report

MOJIBAKE = "CafÃ© au lait"
REPAIRED = "Café au lait"


# --- CSV ----------------------------------------------------------------------------------


def test_csv_semicolons_are_sniffed_and_unchanged_rows_kept_byte_for_byte(tmp_path: Path) -> None:
    src = tmp_path / "semi.csv"
    src.write_bytes(
        b'id;name\r\n1;"Jos\xc3\x83\xc2\xa9"\r\n2;M\xc3\x83\xc2\xbcller\r\n'
        b'3;"plain ""quoted"" text"\r\n"4";"two\r\nlines"\r\n'
    )
    out = tmp_path / "out.csv"
    proc = run("fix", src, "-o", out)
    err = proc.stderr.decode()
    assert "delimiter ';'" in err and "sniffed" in err
    assert "4 records read, 2 changed" in err
    assert out.read_bytes() == (
        b"id;name\r\n1;Jos\xc3\xa9\r\n2;M\xc3\xbcller\r\n"
        b'3;"plain ""quoted"" text"\r\n"4";"two\r\nlines"\r\n'
    )


def test_csv_delimiter_option_wins_over_the_sniffer(tmp_path: Path) -> None:
    src = tmp_path / "pipes.csv"
    # sniffed, "|" would split the values; --delimiter , keeps them whole
    src.write_text(f"a,b\n1|x,{MOJIBAKE}\n2|y,plain\n", encoding="utf-8")
    proc = run("fix", src, "--delimiter", ",")
    assert "delimiter ','" in proc.stderr.decode() and "--delimiter" in proc.stderr.decode()
    assert proc.stdout.decode() == f"a,b\n1|x,{REPAIRED}\n2|y,plain\n"


def test_csv_tsv_and_quote_all_kept(tmp_path: Path) -> None:
    src = tmp_path / "t.tsv"
    src.write_text(f'"id"\t"text"\n"1"\t"{MOJIBAKE}"\n"2"\t"ok"\n', encoding="utf-8")
    proc = run("fix", src)
    assert proc.stdout.decode() == f'"id"\t"text"\n"1"\t"{REPAIRED}"\n"2"\t"ok"\n'


def test_csv_row_with_one_field_is_reported_in_the_singular(tmp_path: Path) -> None:
    src = tmp_path / "short.csv"
    src.write_text("a,b\nonly\n1,2\n", encoding="utf-8")
    proc = run("fix", src, "-o", tmp_path / "out.csv")
    err = proc.stderr.decode()
    assert "1 field where the header has 2" in err
    assert (tmp_path / "out.csv").read_text() == "a,b\nonly\n1,2\n"


# --- JSONL --------------------------------------------------------------------------------


def test_jsonl_null_and_missing_fields_are_skipped(tmp_path: Path) -> None:
    src = tmp_path / "nulls.jsonl"
    src.write_text(
        json.dumps({"title": None, "text": MOJIBAKE})
        + "\n"
        + json.dumps({"text": MOJIBAKE})
        + "\n",
        encoding="utf-8",
    )
    proc = run("fix", src, "--field", "title", "--field", "text")
    records = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert records == [{"title": None, "text": REPAIRED}, {"text": REPAIRED}]
    assert "2 records read, 2 changed, 0 malformed" in proc.stderr.decode()
    scan = json.loads(run("scan", src, "--field", "title", "--field", "text", "--json").stdout)
    assert scan["totals"]["damaged"] == 2 and scan["totals"]["malformed"] == 0


def test_jsonl_changed_record_keeps_every_other_byte(tmp_path: Path) -> None:
    src = tmp_path / "literals.jsonl"
    line = (
        '{"n": 1.10, "m": 1E+2, "big": 1e400, "k": "a", "k": "b",  "esc": "\\u00e9\\n",'
        f' "text": "{MOJIBAKE}", "nested": {{"t": "{MOJIBAKE}"}}}}\r\n'
    )
    src.write_bytes(line.encode())
    proc = run("fix", src, "--field", "text", "--field", "nested.t")
    assert proc.stdout.decode() == line.replace(MOJIBAKE, REPAIRED)
    explained = run("fix", src, "--field", "text", "--explain").stdout.decode()
    kept = line.replace(f'"text": "{MOJIBAKE}"', f'"text": "{REPAIRED}"').removesuffix("}\r\n")
    assert explained.startswith(kept + ', "_mojifix": [{"field": "text", "steps": [{')
    assert explained.endswith("]}]}\r\n")
    record = json.loads(explained.replace("1e400", "1"))
    assert record["_mojifix"][0]["steps"][0]["replacement"] == "é"


@pytest.mark.parametrize("command", ["fix", "scan"])
def test_jsonl_field_that_no_record_has_exits_2_naming_the_keys(
    tmp_path: Path, command: str
) -> None:
    src = tmp_path / "a.jsonl"
    src.write_text(
        "".join(json.dumps({"id": n, "title": MOJIBAKE}) + "\n" for n in range(61)),
        encoding="utf-8",
    )
    out = tmp_path / "out.jsonl"
    args = ["-o", out] if command == "fix" else ["--fail-above", "0.01"]
    proc = run(command, src, "--field", "titel", *args, check=2)
    err = proc.stderr.decode()
    assert "no record has the field 'titel'" in err and "61 records read" in err
    assert "keys are: id, title" in err
    assert not out.exists() and not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_jsonl_unknown_field_with_jobs_2(tmp_path: Path) -> None:
    src = tmp_path / "a.jsonl"
    src.write_text(
        "".join(json.dumps({"id": n, "text": "x" * 500}) + "\n" for n in range(3000)),
        encoding="utf-8",
    )
    proc = run("fix", src, "--field", "txt", "--jobs", "2", "-o", tmp_path / "o.jsonl", check=2)
    assert "no record has the field 'txt'" in proc.stderr.decode()
    assert "keys are: id, text" in proc.stderr.decode()
    # a field that only some records have is fine
    src.write_text(
        json.dumps({"id": 1}) + "\n" + json.dumps({"id": 2, "txt": MOJIBAKE}) + "\n",
        encoding="utf-8",
    )
    assert REPAIRED in run("fix", src, "--field", "txt").stdout.decode()


# --- outputs through links ----------------------------------------------------------------


def test_output_onto_a_symlink_writes_through_it(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(MOJIBAKE + "\n", encoding="utf-8")
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "fixed.txt"
    target.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    run("fix", src, "-o", link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == REPAIRED + "\n"
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "real" / "new.txt")
    run("fix", src, "-o", dangling)
    assert dangling.is_symlink()
    assert (tmp_path / "real" / "new.txt").read_text(encoding="utf-8") == REPAIRED + "\n"


def test_output_onto_a_link_to_stdout_writes_to_stdout(tmp_path: Path) -> None:
    """``-o /dev/stdout`` is a link to ``/proc/self/fd/1``: written to as it is, never
    replaced (as root, a temporary file renamed over it replaced the system's link). The same
    kind of link is made here, in ``tmp_path``, so that a failure harms nothing."""
    src = tmp_path / "in.txt"
    src.write_text(MOJIBAKE + "\n", encoding="utf-8")
    link = tmp_path / "stdout-link"
    link.symlink_to("/proc/self/fd/1")
    captured = tmp_path / "captured.txt"
    captured.write_text("first line\n")
    for name in (link, "/dev/stdout"):
        with captured.open("ab") as sink:
            proc = subprocess.run(
                [sys.executable, "-m", "mojifix", "fix", str(src), "-o", str(name), "-q"],
                stdout=sink,
                stderr=subprocess.PIPE,
                check=False,
            )
        assert proc.returncode == 0, proc.stderr
        # (checked on the link in tmp_path first: a regression stops before /dev/stdout)
        assert link.is_symlink() and Path("/dev/stdout").is_symlink()
    assert captured.read_text(encoding="utf-8") == "first line\n" + (REPAIRED + "\n") * 2


# --- decode -------------------------------------------------------------------------------

PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
    b"\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99"
    b"=\x1d\x00\x00\x00\x00IEND\xaeB`\x82"
)


def test_decode_refuses_binary_input(tmp_path: Path) -> None:
    picture = tmp_path / "picture.png"
    picture.write_bytes(PNG)
    out = tmp_path / "out.txt"
    proc = run("decode", picture, "-o", out, check=2)
    err = proc.stderr.decode()
    assert "picture.png is binary" in err and "NUL byte at offset 8" in err
    assert not out.exists()
    # UTF-16 has NUL bytes and is text: with a BOM, or declared
    utf16 = tmp_path / "page.html"
    utf16.write_bytes("\ufeff<p>Zürich</p>".encode("utf-16-le"))
    assert run("decode", utf16).stdout.decode() == "<p>Zürich</p>"
    utf16.write_bytes("<p>Zürich</p>".encode("utf-16-le"))
    declared = run("decode", utf16, "--content-type", "text/html; charset=utf-16le")
    assert declared.stdout.decode() == "<p>Zürich</p>"


def test_decode_json_keeps_the_notes(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_bytes(b"<meta charset=latin1>caf\xe9")
    proc = run("decode", page, "--content-type", "text/html; charset=x-bogus", "--json")
    record = json.loads(proc.stderr)
    assert record["encoding"] == "windows-1252"
    assert any("x-bogus" in note for note in record["notes"])
    assert ["header", "x-bogus"] in record["declared"]
    plain = run("decode", page, "--content-type", "text/html; charset=x-bogus")
    assert "note: " in plain.stderr.decode() and "x-bogus" in plain.stderr.decode()


# --- scan ---------------------------------------------------------------------------------


def _scan_result(pairs: int, input_name: str) -> dict[str, object]:
    return {
        "mojifix_version": "0",
        "command": ["mojifix", "scan"],
        "inputs": [{"name": input_name, "format": "jsonl", "records": 1}],
        "threshold": 0.5,
        "fields": ["text"],
        "totals": {
            "records": 1,
            "scanned": 1,
            "damaged": 1,
            "damaged_share": 1.0,
            "malformed": 0,
            "characters": 10,
            "characters_affected": 2,
            "affected_share": 0.2,
            "findings": pairs,
        },
        "by_kind": {"utf-8-as-single-byte": {"records": 1, "findings": pairs}},
        "by_pair": [
            {"encoded_as": f"enc-{i}", "decoded_as": f"dec-{i}", "findings": 100 - i}
            for i in range(pairs)
        ],
        "histogram": {"edges": [i / 20 for i in range(21)], "counts": [0] * 19 + [1]},
        "per_field": {"text": {"records": 1, "damaged": 1, "by_kind": {}}},
        "examples": {
            "utf-8-as-single-byte": [
                {
                    "input": input_name,
                    "record": 7,
                    "field": "text",
                    "score": 0.9,
                    "text": MOJIBAKE,
                    "fixed": REPAIRED,
                    "spans": [[3, 5]],
                    "changes": [[3, 4]],
                }
            ]
        },
        "malformed": {"count": 0, "examples": []},
        "duplicates": None,
    }


def test_scan_reports_say_how_many_encoding_pairs_they_left_out() -> None:
    result = _scan_result(17, "/data/crawl/2024/part-0001.jsonl")
    text = format_scan(result)
    assert "enc-9 -> dec-9" in text and "enc-10" not in text
    left = sum(100 - i for i in range(10, 17))
    assert f"... and 7 more encoding pairs ({left} findings; --json lists all)" in text
    page = render_report(result)
    assert "enc-11 → dec-11" in page and "enc-12" not in page
    assert f"and 5 more encoding pairs ({sum(100 - i for i in range(12, 17))} findings)" in page
    assert "more encoding" not in format_scan(_scan_result(10, "a.jsonl"))


def test_html_report_record_column_shows_the_file_name() -> None:
    page = render_report(_scan_result(1, "/data/crawl/2024/part-0001.jsonl"))
    assert '<td class="where"><span title="/data/crawl/2024/part-0001.jsonl:7">' in page
    assert ">part-0001.jsonl:7</span></td>" in page


def test_threshold_and_fail_above_are_checked_alike(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(MOJIBAKE + "\n", encoding="utf-8")
    for option, value in [("--threshold", "2"), ("--fail-above", "5"), ("--threshold", "-0.1")]:
        proc = run("scan", src, option, value, check=2)
        assert f"must be between 0 and 1, not {value}" in proc.stderr.decode()
    run("scan", src, "--threshold", "1", "--fail-above", "0")


def test_scan_quiet_prints_no_report(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(MOJIBAKE + "\nplain\n", encoding="utf-8")
    assert b"damaged" in run("scan", src).stdout
    quiet = run("scan", src, "-q", "--fail-above", "0.6")
    assert quiet.stdout == b"" and quiet.stderr == b""
    failing = run("scan", src, "-q", "--fail-above", "0.1", check=1)
    assert failing.stdout == b"" and b"above --fail-above" in failing.stderr
    assert json.loads(run("scan", src, "-q", "--json").stdout)["totals"]["damaged"] == 1


# --- messages -----------------------------------------------------------------------------


def test_bare_command_prints_the_commands() -> None:
    proc = run()
    out = proc.stdout.decode()
    for command in ("decode", "fix", "fold", "scan", "eval"):
        assert command in out
    assert "error" not in proc.stderr.decode()


def test_one_record_in_the_singular(tmp_path: Path) -> None:
    src = tmp_path / "a.txt"
    src.write_text(MOJIBAKE + "\n", encoding="utf-8")
    assert "mojifix fix: 1 record read, 1 changed" in run("fix", src).stderr.decode()


def test_messages_go_above_the_progress_bar(tmp_path: Path) -> None:
    """With a progress bar on a terminal, a malformed record's message is written with the
    bar's own ``write``: on a line of its own, not after the bar's text."""
    src = tmp_path / "big.jsonl"
    good = (json.dumps({"text": MOJIBAKE + " " + "Grüße " * 30}) + "\n").encode()
    src.write_bytes(good * 40_000 + b'{"text": "caf\xe9"}\n' * 3 + good * 2_000)
    primary, secondary = pty.openpty()
    # a terminal of 24 x 100 characters (a new pty is 0 x 0: tqdm would draw nothing)
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "mojifix", "fix", str(src), "-o", str(tmp_path / "out.jsonl")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=secondary,
    )
    os.close(secondary)
    chunks = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([primary], [], [], 1)
        if ready:
            try:
                data = os.read(primary, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        elif proc.poll() is not None:
            break
    proc.wait(timeout=60)
    os.close(primary)
    screen = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0, screen
    assert "%|" in screen or "it/s" in screen or "B/s" in screen, "no progress bar was shown"
    messages = [i for i in range(len(screen)) if screen.startswith("mojifix fix: ", i)]
    assert len(messages) >= 3
    for i in messages:
        assert screen[i - 1] in "\r\n", repr(screen[max(0, i - 80) : i + 40])


def test_a_fix_that_raises_in_a_scan_example_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan shows ``fix``'s repair of each example; a bug there is said, not swallowed."""
    import mojifix.repair
    from mojifix._work import FieldScan, Outcome
    from mojifix.scan import ScanAccumulator

    def broken(text: str) -> str:
        raise KeyError("boom")

    monkeypatch.setattr(mojifix.repair, "fix", broken)
    acc = ScanAccumulator(threshold=0.5)
    acc.start_input("a.txt", "text")
    finding = ("utf-8-as-single-byte", 3, 5, "UTF-8", "windows-1252")
    acc.add(Outcome(1, 0, "unchanged", fields=[FieldScan("line", 12, 0.9, [finding], MOJIBAKE)]))
    result = acc.result(command=["mojifix", "scan"])
    example = result["examples"]["utf-8-as-single-byte"][0]
    assert example["fix_error"].startswith("mojifix.fix raised KeyError: 'boom'")
    assert "! mojifix.fix raised KeyError" in format_scan(result)
