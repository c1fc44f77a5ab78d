"""Package hygiene (issue #27): what the wheel holds, the oldest Python's syntax, module names."""

from __future__ import annotations

import glob
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mojifix

PACKAGE = Path(mojifix.__file__).resolve().parent


def test_the_package_holds_no_benchmark_or_test_code() -> None:
    """Maturin packs the ``mojifix/`` folder: the benchmark harness lives in ``benchmarks/``
    and the tests' data in ``tests/support/``, beside it."""
    names = {p.name for p in PACKAGE.rglob("*.py")}
    assert not {n for n in names if "bench" in n or n.startswith(("test_", "conftest"))}, names
    sources = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    test_only = ("import faker", "from faker", "hypothesis", "import pytest", "mojifix.benchmark")
    for needle in test_only:
        assert needle not in sources, needle


def test_plain_imports_of_the_modules_named_like_functions() -> None:
    """``mojifix.detect`` and ``mojifix.fold`` are the functions, whatever is imported first;
    the modules of the same name are imported with ``from ... import`` (or importlib)."""
    code = textwrap.dedent(
        """
        import importlib, sys, types
        import mojifix.detect
        import mojifix.fold
        from mojifix.detect import Finding, detect
        from mojifix.fold import PROFILES, fold
        assert mojifix.detect is detect and mojifix.fold is fold
        assert mojifix.detect("CafÃ©").findings[0].replacement == "é"
        assert isinstance(mojifix.detect("CafÃ©").findings[0], Finding)
        assert mojifix.fold("Café") == "Café" and PROFILES == ("match", "search")
        for name in ("mojifix.detect", "mojifix.fold"):
            module = importlib.import_module(name)
            assert isinstance(module, types.ModuleType) and sys.modules[name] is module
        print("ok")
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stdout == "ok\n", proc.stderr


_PY310 = sorted(glob.glob("/root/.pyenv/versions/3.10.*/bin/python3.10"))


@pytest.mark.skipif(not _PY310, reason="no Python 3.10 on this machine (CI's .ci/run says so)")
def test_every_module_compiles_under_python_3_10(tmp_path: Path) -> None:
    """requires-python is >= 3.10: no 3.11-only syntax (``except*``, ...) in the package."""
    files = [str(p) for p in PACKAGE.rglob("*.py")]
    code = (
        "import py_compile, sys\n"
        "for f in sys.argv[1:]:\n"
        "    py_compile.compile(f, cfile=sys.argv[0] + '.pyc', doraise=True)\n"
    )
    script = tmp_path / "compile.py"
    script.write_text(code, encoding="utf-8")
    proc = subprocess.run([_PY310[-1], str(script), *files], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
