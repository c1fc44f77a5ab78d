"""Spark: fix/score a Parquet dataset with mapInArrow on a real local SparkSession (2 cores)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pyspark_sql = pytest.importorskip("pyspark.sql")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import mojifix  # noqa: E402
from mojifix.integrations.spark import fix_dataframe, score_dataframe  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
]

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as env:
        # The executors' Python workers must import this checkout's mojifix, as the driver does.
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        env.setenv("PYTHONPATH", path)
        env.setenv("PYSPARK_PYTHON", sys.executable)
        session = (
            pyspark_sql.SparkSession.builder.master("local[2]")
            .appName("mojifix-test")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.driver.memory", "1g")
            .getOrCreate()
        )
        session.sparkContext.setLogLevel("ERROR")
        yield session
        session.stop()


def texts() -> list[str | None]:
    out: list[str | None] = []
    for (bad, _), good in zip(DAMAGED, CLEAN, strict=False):
        out += [bad, good, None, bad]
    return out


def write_dataset(folder: Path) -> list[str | None]:
    values = texts()
    table = pa.table({"id": list(range(len(values))), "text": values, "n": [1] * len(values)})
    folder.mkdir()
    pq.write_table(table, folder / "part-0.parquet", row_group_size=7)
    return values


def test_fix_dataframe_on_a_local_session(spark: Any, tmp_path: Path) -> None:
    values = write_dataset(tmp_path / "in")
    df = spark.read.parquet(str(tmp_path / "in")).repartition(3, "id")
    fixed = fix_dataframe(df)
    assert fixed.schema == df.schema
    fixed.write.parquet(str(tmp_path / "out"))
    rows = pq.read_table(tmp_path / "out").to_pydict()
    got = dict(zip(rows["id"], rows["text"], strict=True))
    assert [got[i] for i in range(len(values))] == [
        None if v is None else mojifix.fix(v) for v in values
    ]
    assert set(rows["n"]) == {1}
    assert sum(v is not None and mojifix.fix(v) != v for v in values) > 0


def test_score_dataframe_adds_a_double_column(spark: Any) -> None:
    values = texts()
    df = spark.createDataFrame(list(enumerate(values)), "id long, text string")
    scored = score_dataframe(df, "text")
    assert scored.schema["mojibake_score"].dataType.simpleString() == "double"
    rows = {row["id"]: row["mojibake_score"] for row in scored.collect()}
    assert [rows[i] for i in range(len(values))] == [
        None if v is None else pytest.approx(mojifix.score(v)) for v in values
    ]


def test_bad_columns_are_named(spark: Any) -> None:
    df = spark.createDataFrame([(1, "x")], "id long, text string")
    with pytest.raises(KeyError, match=r"no column 'body'.*'id', 'text'"):
        fix_dataframe(df, ["body"])
    with pytest.raises(TypeError, match="'id' is bigint, not string"):
        fix_dataframe(df, ["id"])
    with pytest.raises(ValueError, match="lost="):
        fix_dataframe(df, lost="drop")
