"""``scripts/scan_clean_files.py``: changes by ``fix`` to clean files, counted per source.

The README quotes it on the machine's own files (Accuracy); here it runs on files written to a
temporary folder, so the counts it prints are known in advance.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "scan_clean_files.py"


def _scan(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_counts_the_distinct_non_ascii_lines_fix_changes(tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_text(
        "The character 晻 means dark\n"  # clean, left alone (decision note 0079)
        "CafÃ© crÃ¨me\n"  # mojibake: changed
        "CafÃ© crÃ¨me\n"  # the same line again: counted once
        "plain ASCII\n",  # no non-ASCII character: not scanned
        encoding="utf-8",
    )
    (tmp_path / "latin1.txt").write_bytes("caf\xe9\n".encode("latin-1"))  # no UTF-8: left out
    result = _scan("--source", f"demo={tmp_path}/*.txt", "--show", "3")
    assert result.returncode == 0, result.stderr
    assert "demo: 1 of 2 lines changed (50.000%), 2 files" in result.stdout
    assert "'Café crème'" in result.stdout


def test_a_source_without_a_name_is_a_clear_error(tmp_path: Path) -> None:
    result = _scan("--source", str(tmp_path))
    assert result.returncode == 2
    assert "--source takes NAME=GLOB" in result.stderr
