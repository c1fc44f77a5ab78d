"""``scripts/scan_translations.py``: the false-alarm scan and the ``--damage`` recall measure.

The README quotes both (Accuracy), measured on the machine's installed catalogues; here they run
on real gettext catalogues written to a temporary folder (the GNU ``.mo`` format, read back by
the standard library's ``gettext``), so the figures the script prints are known in advance.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "scan_translations.py"
KNOWN = SCRIPT.parent / "data" / "translations-mojibake.jsonl"


def _write_mo(path: Path, messages: dict[str, str]) -> None:
    """A GNU gettext catalogue (format revision 0, UTF-8) of *messages* (id -> translation)."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    ids = sorted(entries)
    keys = [i.encode("utf-8") for i in ids]
    values = [entries[i].encode("utf-8") for i in ids]
    header = 7 * 4
    table = header + 16 * len(ids)  # the two tables of (length, offset) pairs
    offset = table
    key_pairs, value_pairs, blobs = [], [], b""
    for data, pairs in ((keys, key_pairs), (values, value_pairs)):
        for item in data:
            pairs.append((len(item), offset + len(blobs)))
            blobs += item + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(ids), header, header + 8 * len(ids), 0, 0)
    out += b"".join(struct.pack("<2I", *p) for p in key_pairs + value_pairs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out + blobs)


def _run(*args: str, returncode: int = 0) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == returncode, result.stderr
    return result


@pytest.fixture
def catalogues(tmp_path: Path) -> Path:
    _write_mo(tmp_path / "pl" / "LC_MESSAGES" / "demo.mo", {
        "Error reading the reply": "Błąd odczytu odpowiedzi",
        "Default width": "Domyślna szerokość",
        "Input": "Wejście",
        "Yes": "Tak",  # ASCII: not scanned, not misread
    })
    _write_mo(tmp_path / "gd" / "LC_MESSAGES" / "demo.mo", {"Action": "Gnìomh"})
    _write_mo(tmp_path / "nn" / "LC_MESSAGES" / "demo.mo", {"when": "nÃ¥r"})  # real mojibake
    return tmp_path


def test_the_scan_counts_flagged_strings_per_language(catalogues: Path) -> None:
    out = _run("--root", str(catalogues), "--show", "nn").stdout
    assert out.startswith("5 strings")  # the non-ASCII translations of the three catalogues
    assert "1 score >= 0.5" in out
    assert "nn                1 of       1" in out
    assert "'nÃ¥r'" in out  # listed, with --show
    assert "gd " not in out  # the Gaelic word is no Czech "Gněomh"


def test_listed_mojibake_found_is_no_false_alarm(catalogues: Path, tmp_path: Path) -> None:
    unlisted = _run("--root", str(catalogues)).stdout
    assert "known mojibake found: 0 of 0; false alarms: 1 (20.0000%)" in unlisted
    known = tmp_path / "known.jsonl"
    known.write_text('{"lang": "nn", "text": "nÃ¥r", "why": "UTF-8 read as windows-1252"}\n',
                     encoding="utf-8")
    listed = _run("--root", str(catalogues), "--known", str(known), "--show", "nn").stdout
    assert "known mojibake found: 1 of 1; false alarms: 0 (0.0000%)" in listed
    assert "'nÃ¥r'  known mojibake" in listed


def test_the_listed_mojibake_is_mojibake() -> None:
    """The translations the scan counts as damage found are mojibake to ftfy as well (all but
    one, a misread "ó" of which only "³" is left, which ftfy cannot undo): the list cannot hide
    false alarms of mojifix's own."""
    import ftfy

    rows = [json.loads(line) for line in KNOWN.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 62 and all(row["lang"] and row["why"] for row in rows)
    not_ftfys = [row["text"] for row in rows if ftfy.fix_encoding(row["text"]) == row["text"]]
    assert not_ftfys == ["los comentarios nun aceptan denguna direició³n"]


def test_damage_measures_found_and_repaired(catalogues: Path) -> None:
    # UTF-8 read as windows-1252: a damage the core repairs every time, so the figures are known.
    out = _run("--root", str(catalogues), "--damage", "UTF-8:windows-1252",
               "--languages", "pl").stdout
    assert out.splitlines()[0] == "UTF-8 read as windows-1252, translations of pl:"
    assert "all                3 strings  found 100.00%  repaired exactly 100.00%" in out
    assert "one word           1 strings" in out  # "Wejście"


def test_damage_needs_two_encoding_names(catalogues: Path) -> None:
    result = _run("--root", str(catalogues), "--damage", "windows-1250", returncode=2)
    assert "--damage takes ENCODED:DECODED" in result.stderr
