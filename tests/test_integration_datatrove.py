"""datatrove: MojibakeFixer and MojibakeFilter in a real LocalPipelineExecutor pipeline."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("datatrove")

from datatrove.data import Document
from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.filters.base_filter import BaseFilter
from datatrove.pipeline.formatters.base import BaseFormatter
from datatrove.pipeline.readers import JsonlReader
from datatrove.pipeline.writers import JsonlWriter

import mojifix
from mojifix.integrations.datatrove import MojibakeFilter, MojibakeFixer

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]
# Text that stays damaged after repair: mojibake of text whose bytes were lost (U+FFFD runs).
LOST = "Ã� Ã� Ã� lost bytes: ��� ��� ���"


def write_jsonl(folder: Path) -> list[dict[str, Any]]:
    docs = [{"id": f"d{i}", "text": bad} for i, (bad, _) in enumerate(DAMAGED)]
    docs += [{"id": f"c{i}", "text": good} for i, good in enumerate(CLEAN)]
    docs.append({"id": "lost", "text": LOST})
    folder.mkdir()
    half = len(docs) // 2
    for name, part in (("a.jsonl", docs[:half]), ("b.jsonl", docs[half:])):
        with open(folder / name, "w", encoding="utf-8") as f:
            for doc in part:
                f.write(json.dumps(doc, ensure_ascii=False) + "\n")
    return docs


def read_jsonl(folder: Path) -> list[dict[str, Any]]:
    out = []
    for path in sorted(folder.glob("*.jsonl*")):
        opener: Any = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:
            out += [json.loads(line) for line in f]
    return out


def step_stats(logs: Path, step: Any) -> dict[str, int]:
    """The counters datatrove saved in ``logs/stats.json`` for ``step`` (by its str())."""
    stats = json.loads((logs / "stats.json").read_text())
    by_name = {entry["name"]: entry["stats"] for entry in stats}
    return {
        key: value["total"] if isinstance(value, dict) else value
        for key, value in by_name[str(step)].items()
    }


def test_steps_are_datatrove_steps() -> None:
    assert isinstance(MojibakeFixer(), BaseFormatter)
    assert isinstance(MojibakeFilter(), BaseFilter)
    bad, good = DAMAGED[0]
    assert MojibakeFixer().format(bad) == good
    assert MojibakeFilter().filter(Document(text=bad, id="x")) == (False, "mojibake")
    assert MojibakeFilter(invert=True).filter(Document(text=bad, id="x")) is True
    with pytest.raises(ValueError, match="between 0 and 1"):
        MojibakeFilter(affected_threshold=-0.1)
    with pytest.raises(ValueError, match="give score_threshold"):
        MojibakeFilter(score_threshold=None)


def test_pipeline_fixer_then_filter(tmp_path: Path) -> None:
    docs = write_jsonl(tmp_path / "in")
    executor = LocalPipelineExecutor(
        pipeline=[
            JsonlReader(str(tmp_path / "in")),
            MojibakeFixer(keep_original="original_text"),
            MojibakeFilter(score_threshold=0.5),
            JsonlWriter(str(tmp_path / "out"), compression=None),
        ],
        logging_dir=str(tmp_path / "logs"),
        tasks=1,
    )
    executor.run()

    out = {doc["id"]: doc for doc in read_jsonl(tmp_path / "out")}
    kept_expected = {}
    for doc in docs:
        fixed = mojifix.fix(doc["text"])
        if mojifix.score(fixed) < 0.5:
            kept_expected[doc["id"]] = fixed
    assert {i: d["text"] for i, d in out.items()} == kept_expected
    for i, (bad, good) in enumerate(DAMAGED):
        doc = out[f"d{i}"]
        assert doc["text"] == good
        assert doc["metadata"]["original_text"] == bad
        assert doc["metadata"]["mojibake_score"] == mojifix.score(good)
    for i, good in enumerate(CLEAN):
        assert out[f"c{i}"]["text"] == good
        assert "original_text" not in out[f"c{i}"]["metadata"]
    assert ("lost" in out) == (mojifix.score(mojifix.fix(LOST)) < 0.5)

    fixer = step_stats(tmp_path / "logs", MojibakeFixer())
    filt = step_stats(tmp_path / "logs", MojibakeFilter())
    changed = sum(mojifix.fix(d["text"]) != d["text"] for d in docs)
    assert fixer["total"] == len(docs)
    assert fixer["mojibake_fixed"] == changed
    assert filt["total"] == len(docs)
    assert filt["forwarded"] == len(kept_expected)
    dropped = len(docs) - len(kept_expected)
    assert filt.get("dropped", 0) == dropped
    assert filt.get("dropped_mojibake", 0) == dropped


def test_pipeline_filter_alone_with_exclusion_writer(tmp_path: Path) -> None:
    docs = write_jsonl(tmp_path / "in")
    LocalPipelineExecutor(
        pipeline=[
            JsonlReader(str(tmp_path / "in")),
            MojibakeFilter(
                score_threshold=0.5,
                exclusion_writer=JsonlWriter(str(tmp_path / "excluded"), compression=None),
            ),
            JsonlWriter(str(tmp_path / "out"), compression=None),
        ],
        logging_dir=str(tmp_path / "logs"),
        tasks=1,
    ).run()
    kept = {d["id"]: d for d in read_jsonl(tmp_path / "out")}
    excluded = {d["id"]: d for d in read_jsonl(tmp_path / "excluded")}
    assert set(kept) | set(excluded) == {d["id"] for d in docs}
    for doc in docs:
        damaged = mojifix.score(doc["text"]) >= 0.5
        target = excluded if damaged else kept
        assert target[doc["id"]]["text"] == doc["text"]
        if damaged:
            assert target[doc["id"]]["metadata"]["filter_reason"] == "mojibake"
    assert {f"d{i}" for i in range(len(DAMAGED))} <= set(excluded)
    assert {f"c{i}" for i in range(len(CLEAN))} <= set(kept)
    filt = step_stats(tmp_path / "logs", MojibakeFilter())
    assert filt["dropped_mojibake"] == len(excluded)
    kinds = [k for k in filt if k.startswith("mojibake_")]
    assert kinds and all(k.removeprefix("mojibake_") in mojifix.KINDS for k in kinds)
