"""Hugging Face datasets: fix_batch / score_batch with Dataset.map, including num_proc=2."""

from __future__ import annotations

import functools
import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest

os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_HUB_OFFLINE"] = "1"

datasets = pytest.importorskip("datasets")
pa = pytest.importorskip("pyarrow")

import mojifix  # noqa: E402
from mojifix.hf import fix_batch, score_batch  # noqa: E402

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]


@pytest.fixture(autouse=True)
def _offline_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))


def rows() -> dict[str, list[Any]]:
    text: list[str | None] = []
    for (bad, _), good in zip(DAMAGED, CLEAN, strict=False):
        text += [bad, good, None]
    return {
        "id": list(range(len(text))),
        "text": text,
        "title": [t if t is None else t.upper() for t in text],
    }


def make_dataset(tmp_path: Path) -> Any:
    # Saved to and loaded from disk so that map() results are cached (and fingerprinted) there.
    ds = datasets.Dataset.from_dict(rows())
    ds.save_to_disk(str(tmp_path / "ds"))
    return datasets.load_from_disk(str(tmp_path / "ds"))


def expected(values: list[str | None]) -> list[str | None]:
    return [None if v is None else mojifix.fix(v) for v in values]


def test_fix_batch_with_dataset_map(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path)
    fixed = ds.map(fix_batch, batched=True, batch_size=4)
    assert fixed.column_names == ds.column_names
    assert fixed["text"] == expected(ds["text"])
    assert fixed["title"] == ds["title"]
    assert fixed["id"] == ds["id"]
    assert [fixed["text"][i] for i in range(0, 3 * len(DAMAGED), 3)] == [g for _, g in DAMAGED]


def test_fix_batch_num_proc_2(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path)
    fixed = ds.map(fix_batch(column=["text", "title"]), batched=True, batch_size=3, num_proc=2)
    assert fixed["text"] == expected(ds["text"])
    assert fixed["title"] == expected(ds["title"])


def test_column_by_fn_kwargs_or_binding_is_the_same(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path)
    a = ds.map(fix_batch, batched=True, fn_kwargs={"column": "title"})
    b = ds.map(fix_batch(column="title"), batched=True)
    c = ds.map(functools.partial(fix_batch, column="title"), batched=True)
    assert a["title"] == b["title"] == c["title"] == expected(ds["title"])


def test_fingerprint_is_stable_and_depends_on_options(tmp_path: Path) -> None:
    from datasets.fingerprint import Hasher

    assert Hasher.hash(fix_batch(column="text")) == Hasher.hash(fix_batch(column="text"))
    assert Hasher.hash(fix_batch(column="text")) != Hasher.hash(fix_batch(column="title"))
    ds = make_dataset(tmp_path)
    first = ds.map(fix_batch(column="text"), batched=True)
    second = ds.map(fix_batch(column="text"), batched=True)
    assert first._fingerprint == second._fingerprint
    assert first.cache_files == second.cache_files  # the second call reused the cache
    other = ds.map(fix_batch(column="title"), batched=True)
    assert other._fingerprint != first._fingerprint
    assert pickle.loads(pickle.dumps(fix_batch(column="text"))).keywords["column"] == "text"


def test_score_batch(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path)
    scored = ds.map(score_batch, batched=True, num_proc=2)
    assert scored["mojibake_score"] == [None if v is None else mojifix.score(v) for v in ds["text"]]
    flagged = scored.filter(lambda row: (row["mojibake_score"] or 0) >= 0.5)
    assert sorted(flagged["text"]) == sorted(bad for bad, _ in DAMAGED)
    named = ds.map(score_batch(column="title", output_column="title_score"), batched=True)
    assert "title_score" in named.column_names


def test_arrow_formatted_batches(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path).with_format("arrow")
    fixed = ds.map(fix_batch, batched=True).with_format(None)
    assert fixed["text"] == expected(rows()["text"])
    scored = ds.map(score_batch, batched=True).with_format(None)
    assert scored["mojibake_score"] == [
        None if v is None else mojifix.score(v) for v in rows()["text"]
    ]


def test_pandas_formatted_batches(tmp_path: Path) -> None:
    ds = make_dataset(tmp_path).with_format("pandas")
    fixed = ds.map(fix_batch, batched=True).with_format(None)
    assert fixed["text"] == expected(rows()["text"])
    scored = ds.map(score_batch, batched=True).with_format(None)
    scores = [None if v is None else mojifix.score(v) for v in rows()["text"]]
    assert scored["mojibake_score"] == scores


def test_bad_batches_give_clear_errors() -> None:
    with pytest.raises(KeyError, match="no column 'body'"):
        fix_batch({"text": ["x"]}, column="body")
    with pytest.raises(TypeError, match="found int 3"):
        fix_batch({"text": ["x", 3]}, errors="raise")
    assert fix_batch({"text": ["x", 3]}) == {"text": ["x", 3]}
    with pytest.raises(ValueError, match="errors must be"):
        fix_batch(errors="coerce")  # type: ignore[call-overload]


def test_map_without_batched_works_per_example() -> None:
    """``ds.map(fix_batch(...))`` without ``batched=True`` gets one example at a time: the
    values are strings, repaired (and scored) whole, never character by character."""
    bad, good = DAMAGED[0]
    ds = datasets.Dataset.from_dict({"body": [bad, "fine", None], "id": [1, 2, 3]})
    fixed = ds.map(fix_batch(column="body"))
    assert fixed["body"] == [good, "fine", None]
    assert fixed["id"] == [1, 2, 3]
    native = ds.map(fix_batch, fn_kwargs={"column": "body"})
    assert native["body"] == [good, "fine", None]
    scored = ds.map(score_batch(column="body"))
    assert scored["mojibake_score"] == [mojifix.score(bad), mojifix.score("fine"), None]
    assert scored["mojibake_score"][0] >= 0.5
    # and the batched form gives the same columns
    assert ds.map(fix_batch(column="body"), batched=True)["body"] == fixed["body"]
    batched_scores = ds.map(score_batch(column="body"), batched=True)["mojibake_score"]
    assert batched_scores == scored["mojibake_score"]


def test_map_without_batched_several_columns_and_errors() -> None:
    bad, good = DAMAGED[0]
    ds = datasets.Dataset.from_dict({"a": [bad], "b": [bad.upper()], "n": [7]})
    out = ds.map(fix_batch(column=["a", "b"]))
    assert out["a"] == [good] and out["b"] == [mojifix.fix(bad.upper())]
    assert ds.map(fix_batch(column="n"))["n"] == [7]  # a non-string passes through
    with pytest.raises(TypeError, match="'n'"):
        ds.map(fix_batch(column="n", errors="raise"))
