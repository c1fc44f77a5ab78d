"""Dask: fix/score a Parquet dataset with map_partitions on a real LocalCluster (2 processes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import mojifix  # noqa: E402
from mojifix.integrations.dask import (  # noqa: E402
    fix_dataframe,
    fix_partition,
    score_dataframe,
)

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        yield client


def write_dataset(folder: Path) -> Any:
    texts: list[str | None] = []
    for (bad, _), good in zip(DAMAGED, CLEAN, strict=False):
        texts += [bad, good, None, bad]
    frame = pd.DataFrame({"id": range(len(texts)), "text": texts, "lang": ["xx"] * len(texts)})
    folder.mkdir()
    # Four files -> at least four partitions, spread over both workers.
    step = len(frame) // 4 + 1
    for part, start in enumerate(range(0, len(frame), step)):
        pq.write_table(
            pa.Table.from_pandas(frame.iloc[start : start + step], preserve_index=False),
            folder / f"part-{part}.parquet",
        )
    return frame


def test_fix_dataframe_on_local_cluster(client: Any, tmp_path: Path) -> None:
    frame = write_dataset(tmp_path / "in")
    ddf = dd.read_parquet(str(tmp_path / "in"))
    assert ddf.npartitions >= 2
    fixed = fix_dataframe(ddf, columns=["text"])
    with distributed.get_task_stream(client) as stream:
        fixed.to_parquet(str(tmp_path / "out"))
    out = pd.read_parquet(tmp_path / "out").sort_values("id").reset_index(drop=True)
    assert out["id"].tolist() == frame["id"].tolist()
    assert out["lang"].tolist() == frame["lang"].tolist()
    expected = [None if pd.isna(v) else mojifix.fix(v) for v in frame["text"]]
    assert [None if pd.isna(v) else v for v in out["text"]] == expected
    repaired = dict(zip(frame["text"], out["text"], strict=True))
    for bad, good in DAMAGED:
        assert repaired[bad] == good
    # Ran on the cluster's worker processes, not here. (Not scheduler_info(): the client's
    # periodic refresh can overwrite it with a copy that lists no workers.)
    ran_on = {task["worker"] for task in stream.data}
    assert ran_on and ran_on <= set(client.nthreads())
    assert len(client.nthreads()) == 2


def test_map_partitions_spelled_out(client: Any, tmp_path: Path) -> None:
    frame = write_dataset(tmp_path / "in")
    ddf = dd.read_parquet(str(tmp_path / "in"))
    fixed = ddf.map_partitions(fix_partition, columns=["text"], meta=ddf._meta)
    result = fixed.compute().sort_values("id")
    assert result["text"].dtype == ddf["text"].dtype
    assert [None if pd.isna(v) else v for v in result["text"]] == [
        None if pd.isna(v) else mojifix.fix(v) for v in frame["text"]
    ]


def test_score_dataframe_on_local_cluster(client: Any, tmp_path: Path) -> None:
    frame = write_dataset(tmp_path / "in")
    scored = score_dataframe(dd.read_parquet(str(tmp_path / "in"))).compute().sort_values("id")
    assert scored["mojibake_score"].dtype == "float64"
    for value, got in zip(frame["text"], scored["mojibake_score"], strict=True):
        if pd.isna(value):
            assert pd.isna(got)
        else:
            assert got == mojifix.score(value)


def test_unknown_column_is_a_key_error(tmp_path: Path) -> None:
    write_dataset(tmp_path / "in")
    with pytest.raises(KeyError, match="no column 'body'"):
        fix_dataframe(dd.read_parquet(str(tmp_path / "in")), columns=["body"])
