"""Running the command line in a subprocess, for the CLI tests (``python -m mojifix``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run(
    *args: str | os.PathLike[str],
    input: bytes | None = None,
    cwd: Path | None = None,
    check: int | None = 0,
    timeout: float = 120,
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m mojifix ARGS`` and (by default) check its exit status."""
    proc = subprocess.run(
        [sys.executable, "-m", "mojifix", *map(str, args)],
        input=input,
        capture_output=True,
        cwd=cwd,
        timeout=timeout,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    if check is not None:
        assert proc.returncode == check, (proc.returncode, proc.stderr.decode(errors="replace"))
    return proc
