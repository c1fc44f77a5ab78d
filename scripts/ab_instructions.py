"""Count the instructions ``mojifix.fix`` (or ``score``) spends per pass over the benchmark's
documents (``benchmarks/harness.py``), for the working tree and for a git revision: a cost
comparison that does not move with the machine's load.

Wall-clock comparisons on a shared virtual machine swing by 10 % between minutes, even when
alternated in one process, which hides the few-percent changes a rule costs.
``valgrind --tool=callgrind`` counts executed instructions instead: the same count for the same
code and inputs whatever else the machine does.  This runs a small driver under callgrind four
times: each tree with a warm-up pass only and with the warm-up plus *passes* passes, so that
start-up (imports, the tables built at first use, the warm-up) cancels out, and prints the
instructions per pass and their ratio.  The revision is checked out with ``git worktree`` into a
temporary folder (removed afterwards) and its compiled core built there (cargo's output is kept
in ``target/ab-instructions``, so a second comparison builds little); the working tree is
measured with the core it has (``pip install -e .`` builds it).

    python scripts/ab_instructions.py HEAD~1 --call fix      # fix, 200 clean documents
    python scripts/ab_instructions.py HEAD~1 --damaged --passes 2

Needs valgrind (Debian's ``valgrind``) and cargo; about a minute per tree (callgrind runs the
code some 50x slower), and a few minutes for a first build.  Instructions are not time (a cache
miss costs more than an add), but they move together closely enough to rank changes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DRIVER = """
import os, sys
import mojifix
sys.path.insert(0, os.path.abspath("benchmarks"))  # the tree's harness (the tree is the cwd)
try:
    from harness import damage, default_corpus, make_docs
except ImportError:  # a revision from before the harness left the package
    from mojifix.benchmark import damage, default_corpus, make_docs
texts = [d.text for d in make_docs(int(sys.argv[3]), seed=8, corpus=default_corpus())]
if sys.argv[2] == "damaged":
    texts = [damage(t) for t in texts]
call = getattr(mojifix, sys.argv[4])
for t in texts:  # warm-up: caches, tables built at first use
    call(t)
for _ in range(int(sys.argv[1])):
    for t in texts:
        call(t)
"""


def build_core(tree: Path) -> None:
    """Build the compiled core of the checkout *tree* into its package, as ``pip install``
    would (nothing to build for a revision from before the core)."""
    if not (tree / "Cargo.toml").exists():
        return
    target = ROOT / "target" / "ab-instructions"
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--features", "pyo3/extension-module"],
        cwd=tree, env={**os.environ, "CARGO_TARGET_DIR": str(target)}, check=True,
    )
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    shutil.copyfile(target / "release" / "lib_core.so", tree / "mojifix" / f"_core{suffix}")


def instructions(tree: Path, passes: int, kind: str, documents: int, call: str) -> int:
    """Instructions callgrind counts for the driver in *tree* (``PYTHONPATH``) with *passes*."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        driver = Path(tmp) / "driver.py"
        driver.write_text(DRIVER, encoding="utf-8")
        # The interpreter itself, not a wrapper script (pyenv's shim is bash: callgrind
        # would count the shell).
        python = os.path.realpath(sys.executable)
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python,
             str(driver), str(passes), kind, str(documents), call],
            # (A fixed hash seed: set and dict orders, and so the counts, repeat.)
            cwd=tree, env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"},
            check=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError(f"no totals line in callgrind's output for {tree}")


def per_pass(tree: Path, passes: int, kind: str, documents: int, call: str) -> float:
    return (instructions(tree, passes, kind, documents, call)
            - instructions(tree, 0, kind, documents, call)) / passes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the git revision to compare the working tree with")
    parser.add_argument("--damaged", action="store_true", help="the damaged documents")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--documents", type=int, default=200)
    parser.add_argument("--call", choices=["score", "fix"], default="score",
                        help="the function measured (default: score)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    kind = "damaged" if args.damaged else "clean"
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "rev"
        subprocess.run(["git", "worktree", "add", "--detach", "-q", str(other), args.rev],
                       cwd=ROOT, check=True)
        try:
            build_core(other)
            new = per_pass(ROOT, args.passes, kind, args.documents, args.call)
            old = per_pass(other, args.passes, kind, args.documents, args.call)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT,
                           check=False)
    print(f"{args.call} on {args.documents} {kind} documents, instructions per pass "
          f"({args.passes} passes, start-up subtracted):")
    print(f"  working tree  {new / 1e6:10.1f} M")
    print(f"  {args.rev:12}  {old / 1e6:10.1f} M")
    print(f"  working tree / {args.rev}: {new / old:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
