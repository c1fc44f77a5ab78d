"""README.md is assembled from docs/readme/ and starts with the two commands a newcomer needs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


# --- the first demo (issue #27): every repair it shows is right ----------------------------

#: Repairs of the first demo that are wrong today, by where they are shown (core accuracy, not
#: the demo's): strict expected failures, which say so when the core gets them right.
KNOWN_WRONG: dict[str, str] = {}


def _first_demo_commands() -> list[list[str]]:
    """The ``mojifix`` commands of the README's first line, as argument lists."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    first = lines[lines.index("```bash") + 1]
    commands = [c.split() for c in first.split(" && ")]
    assert commands[0][:2] == ["pip", "install"] and len(commands) >= 2, first
    assert all(c[0] == "mojifix" for c in commands[1:]), first
    return commands[1:]


def _first_demo_repairs() -> list[tuple[str, str, str, str]]:
    """(where, text, its repair as shown, the right repair) of every change the first line shows
    (the README's first line: ``mojifix scan`` of real-world cases, ``mojifix fix`` of a file)."""
    import ast
    import json

    repairs = []
    for command in _first_demo_commands():
        proc = subprocess.run(
            [sys.executable, "-m", "mojifix", *command[1:]],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
        if command[1] == "fix":  # the repaired file on stdout, line for line
            name = command[2]
            damaged = (ROOT / name).read_text(encoding="utf-8").splitlines()
            right = (ROOT / name).with_name("original.txt").read_text(encoding="utf-8")
            shown = proc.stdout.splitlines()
            assert len(shown) == len(damaged)
            lines = zip(damaged, shown, right.splitlines(), strict=True)
            for n, (before, after, good) in enumerate(lines, 1):
                if after != before:
                    repairs.append((f"{name}:{n}", before, after, good))
        elif command[1] == "scan":  # the report's examples: "- 'text'" then "+ 'repair'"
            name = command[2]
            rows = [json.loads(line) for line in (ROOT / name).read_text("utf-8").splitlines()]
            out = proc.stdout.splitlines()
            for i, line in enumerate(out):
                if line.startswith(f"  {name}:") and out[i + 2].startswith("    + "):
                    n = int(line.split()[0].rsplit(":", 1)[1])
                    before = ast.literal_eval(out[i + 1].removeprefix("    - "))
                    after = ast.literal_eval(out[i + 2].removeprefix("    + "))
                    assert before == rows[n - 1]["text"]
                    if after != before:  # (lost data is reported and kept as it is)
                        # the best repair there is: lost bytes are U+FFFD where they were
                        repairs.append((f"{name}:{n}", before, after, rows[n - 1]["original"]))
    return repairs


_REPAIRS = _first_demo_repairs()


def test_the_first_demo_shows_repairs() -> None:
    names = {where.rsplit(":", 1)[0] for where, *_ in _REPAIRS}
    assert names == {"corpus/examples/damaged.txt", "corpus/real-world.jsonl"}
    assert len(_REPAIRS) >= 40


@pytest.mark.parametrize(
    "where, before, shown, right",
    [
        pytest.param(
            *repair,
            id=repair[0],
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_WRONG[repair[0]])]
            if repair[0] in KNOWN_WRONG
            else [],
        )
        for repair in _REPAIRS
    ],
)
def test_every_repair_the_first_demo_shows_is_right(
    where: str, before: str, shown: str, right: str
) -> None:
    assert shown == right, f"{where}: {before!r} shown repaired as {shown!r}"
