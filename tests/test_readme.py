"""README.md is assembled from docs/readme/ and starts with the two commands a newcomer needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_is_assembled_from_the_fragments() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_readme.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_readme_starts_with_the_install_and_test_commands() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    commands = lines[lines.index("```bash") + 1 : lines.index("```bash") + 3]
    assert commands[0].startswith('pip install -e ".[all]" && mojifix ')
    assert "corpus/" in commands[0]
    assert commands[1] == 'pip install -e ".[dev]" && pytest'
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install --quiet -e ".[dev]"' in ci
    assert "\npytest\n" in ci
