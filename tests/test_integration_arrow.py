"""The Arrow kernels: fix_array, score_array, is_mojibake_array, fix_table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pa = pytest.importorskip("pyarrow")
pc = pytest.importorskip("pyarrow.compute")
pq = pytest.importorskip("pyarrow.parquet")

import mojifix  # noqa: E402
from mojifix.integrations.arrow import (  # noqa: E402
    fix_array,
    fix_table,
    is_mojibake_array,
    score_array,
    string_columns,
)

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]
STRING_TYPES = [pa.string(), pa.large_string(), pa.string_view()]


def values() -> list[str | None]:
    """Damaged, clean and missing values, with repeats."""
    out: list[str | None] = []
    for (bad, _), good in zip(DAMAGED, CLEAN, strict=False):
        out += [bad, good, None, bad]
    return out


def expected_fix(items: list[str | None]) -> list[str | None]:
    return [None if v is None else mojifix.fix(v) for v in items]


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
def test_fix_array_matches_fix_per_value_and_keeps_type_and_nulls(type_: Any) -> None:
    items = values()
    array = pa.array(items, type=type_)
    fixed = fix_array(array)
    assert fixed.type == type_
    assert isinstance(fixed, pa.Array)
    assert fixed.to_pylist() == expected_fix(items)
    assert fixed.null_count == items.count(None)


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
def test_fix_array_repairs_the_samples(type_: Any) -> None:
    array = pa.array([bad for bad, _ in DAMAGED], type=type_)
    assert fix_array(array).to_pylist() == [good for _, good in DAMAGED]


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
def test_fix_chunked_array_keeps_chunking(type_: Any) -> None:
    items = values()
    chunks = [items[:3], [], items[3:10], items[10:]]
    array = pa.chunked_array(chunks, type=type_)
    fixed = fix_array(array)
    assert isinstance(fixed, pa.ChunkedArray)
    assert fixed.type == type_
    assert [len(c) for c in fixed.chunks] == [len(c) for c in chunks]
    assert fixed.to_pylist() == expected_fix(items)


def test_clean_array_is_returned_as_is() -> None:
    array = pa.array([*CLEAN, None])
    assert fix_array(array) is array


def test_dictionary_array_repairs_the_dictionary() -> None:
    items = values()
    array = pa.array(items).dictionary_encode()
    fixed = fix_array(array)
    assert pa.types.is_dictionary(fixed.type)
    assert fixed.to_pylist() == expected_fix(items)
    assert fixed.indices.equals(array.indices)
    chunked = pa.chunked_array([array, array])
    assert fix_array(chunked).to_pylist() == expected_fix(items) * 2


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
def test_score_array_matches_score_per_value(type_: Any) -> None:
    items = values()
    scores = score_array(pa.chunked_array([items[:5], items[5:]], type=type_))
    assert scores.type == pa.float64()
    assert scores.num_chunks == 2
    assert scores.to_pylist() == [None if v is None else mojifix.score(v) for v in items]


def test_score_array_ranks_damaged_above_clean() -> None:
    damaged = score_array(pa.array([bad for bad, _ in DAMAGED])).to_pylist()
    clean = score_array(pa.array(CLEAN)).to_pylist()
    assert min(damaged) > max(clean)


def test_is_mojibake_array() -> None:
    items = [DAMAGED[0][0], CLEAN[0], None]
    assert is_mojibake_array(pa.array(items)).to_pylist() == [True, False, None]
    assert is_mojibake_array(pa.array(items), threshold=1.01).to_pylist() == [False, False, None]


@pytest.mark.parametrize("bad", [pa.array([1, 2]), pa.array([b"x"]), ["CafÃ©"], "CafÃ©"])
def test_non_string_input_is_a_type_error(bad: Any) -> None:
    with pytest.raises(TypeError, match="fix_array"):
        fix_array(bad)
    with pytest.raises(TypeError, match="score_array"):
        score_array(bad)


def test_fix_table_repairs_string_columns_only(tmp_path: Path) -> None:
    items = values()
    table = pa.table(
        {
            "id": pa.array(range(len(items))),
            "text": pa.array(items, type=pa.large_string()),
            "title": pa.array(items, type=pa.string()),
        }
    ).replace_schema_metadata({b"origin": b"test"})
    assert string_columns(table) == ["text", "title"]
    fixed = fix_table(table)
    assert fixed.schema == table.schema
    assert fixed.schema.metadata == {b"origin": b"test"}
    assert fixed.column("id").equals(table.column("id"))
    assert fixed.column("text").to_pylist() == expected_fix(items)
    only_title = fix_table(table, ["title"])
    assert only_title.column("text").equals(table.column("text"))
    assert only_title.column("title").to_pylist() == expected_fix(items)
    with pytest.raises(KeyError, match="no column 'body'"):
        fix_table(table, ["body"])
    with pytest.raises(TypeError, match="int64"):
        fix_table(table, ["id"])


def test_fix_table_row_group_by_row_group(tmp_path: Path) -> None:
    items = values()
    path = tmp_path / "in.parquet"
    pq.write_table(pa.table({"text": items}), path, row_group_size=5)
    source = pq.ParquetFile(path)
    assert source.num_row_groups > 1
    out_path = tmp_path / "out.parquet"
    with pq.ParquetWriter(out_path, source.schema_arrow) as writer:
        for group in range(source.num_row_groups):
            writer.write_table(fix_table(source.read_row_group(group)))
    assert pq.read_table(out_path).column("text").to_pylist() == expected_fix(items)
