"""Every Python block of the README that is a script runs as a script, as a reader would run it.

The blocks with ``>>>`` are doctests (pytest collects ``docs/readme/*.md``); the others are
saved to a file in ``tmp_path`` and run with this interpreter, after the files they read are
made there (a Parquet file, a folder of JSONL files, ...).  A block that does not start with an
import continues the block before it in the same section.  Then what each wrote is checked.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MOJIBAKE = "CafÃ© au lait, dÃ©jÃ\u00a0 vu"
REPAIRED = "Café au lait, déjà vu"

#: Blocks that cannot run here, by their first line, and why.
NOT_RUN = {
    "# Ray Data": "Ray is not installed (the README says so)",
}


def script_blocks() -> dict[str, str]:
    """The README's Python script blocks, named by their section and number."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    scripts: dict[str, str] = {}
    section = ""
    last = ""
    for match in re.finditer(r"^(#{2,3} [^\n]*)$|^```python\n(.*?)^```", text, re.M | re.S):
        if match.group(1):
            section = match.group(1).lstrip("# ").strip()
            last = ""
            continue
        body = match.group(2)
        if ">>>" in body or body.split("\n", 1)[0] in NOT_RUN:
            continue
        if last and not re.match(r"(import|from) ", body):
            scripts[last] += "\n" + body  # continues the block before it
            continue
        last = f"{section} #{sum(name.startswith(section) for name in scripts) + 1}"
        scripts[last] = body
    return scripts


SCRIPTS = script_blocks()


def _pages_parquet(folder: Path, name: str) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({"id": [1, 2, 3], "text": [MOJIBAKE, "plain", None]})
    pq.write_table(table, folder / name, row_group_size=2)


def _setup_parquet(folder: Path) -> None:
    _pages_parquet(folder, "pages.parquet")


def _check_parquet(folder: Path, stdout: str) -> None:
    import pyarrow.parquet as pq

    assert pq.read_table(folder / "pages-fixed.parquet")["text"].to_pylist() == [
        REPAIRED,
        "plain",
        None,
    ]


def _setup_crawl(folder: Path) -> None:
    (folder / "crawl").mkdir()
    for i, text in enumerate([MOJIBAKE, "plain text", "Ã� Ã� lost: ��� ���"]):
        record = {"id": str(i), "text": text}
        (folder / "crawl" / f"part-{i}.jsonl").write_text(json.dumps(record) + "\n", "utf-8")


def _check_crawl(folder: Path, stdout: str) -> None:
    import gzip

    written = []
    for path in sorted((folder / "crawl-clean").rglob("*.jsonl*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:
            written += [json.loads(line) for line in f]
    texts = sorted(record["text"] for record in written)
    assert texts == sorted([REPAIRED, "plain text"])
    originals = [r["metadata"].get("text_before_mojifix") for r in written if "metadata" in r]
    assert MOJIBAKE in originals


def _setup_pages(folder: Path) -> None:
    (folder / "pages").mkdir()
    _pages_parquet(folder / "pages", "part-0.parquet")


def _check_pages(folder: Path, stdout: str) -> None:
    import pyarrow.parquet as pq

    texts = pq.read_table(folder / "pages-fixed")["text"].to_pylist()
    assert sorted(t for t in texts if t) == sorted([REPAIRED, "plain"])
    assert stdout.strip().splitlines()[-1] == "1"  # one damaged row


def _setup_corpus(folder: Path) -> None:
    (folder / "corpus").symlink_to(ROOT / "corpus")


def _check_report(folder: Path, stdout: str) -> None:
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "records damaged" in stdout


#: What a script needs before it runs and what it must leave, by a string in its text.
FIXTURES: dict[str, tuple[Callable[[Path], None], Callable[[Path, str], None]]] = {
    'pq.ParquetFile("pages.parquet")': (_setup_parquet, _check_parquet),
    'JsonlReader("crawl/")': (_setup_crawl, _check_crawl),
    'dd.read_parquet("pages/")': (_setup_pages, _check_pages),
    'spark.read.parquet("pages/")': (_setup_pages, _check_pages),
    "corpus/real-world.jsonl": (_setup_corpus, _check_report),
}


def test_the_readme_has_the_script_blocks_it_should() -> None:
    names = " ".join(SCRIPTS)
    assert len(SCRIPTS) >= 9, names
    for needle in FIXTURES:
        assert any(needle in body for body in SCRIPTS.values()), needle
    # a block that starts worker processes (which import the script again) has the guard
    starts_workers = re.compile(r"LocalCluster\(|LocalPipelineExecutor\(")
    pools = [name for name, body in SCRIPTS.items() if starts_workers.search(body)]
    assert len(pools) >= 2, names  # Dask's and datatrove's
    for name in pools:
        assert '\nif __name__ == "__main__":' in SCRIPTS[name], name


@pytest.mark.parametrize("name", list(SCRIPTS))
def test_readme_script_runs(name: str, tmp_path: Path) -> None:
    body = SCRIPTS[name]
    setup, check = next(
        (fixture for needle, fixture in FIXTURES.items() if needle in body),
        (lambda folder: None, lambda folder, stdout: None),
    )
    setup(tmp_path)
    script = tmp_path / "snippet.py"
    script.write_text(body, encoding="utf-8")
    env = {
        **os.environ,
        # the `mojifix` command of this interpreter's environment first
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_OFFLINE": "1",
    }
    proc = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    check(tmp_path, proc.stdout)
