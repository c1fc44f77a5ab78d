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


# --- the core's batch path --------------------------------------------------------------------


@pytest.mark.parametrize("type_", STRING_TYPES, ids=str)
def test_detect_array_is_detect_per_value(type_: Any) -> None:
    from mojifix.integrations.arrow import DETECTION_TYPE, detect_array

    items = values()
    found = detect_array(pa.chunked_array([items[:3], items[3:]], type=type_))
    assert found.type == DETECTION_TYPE and found.num_chunks == 2
    for value, row in zip(items, found.to_pylist(), strict=True):
        if value is None:
            assert row is None
            continue
        want = mojifix.detect(value)
        assert row["score"] == pytest.approx(want.score)
        assert row["affected"] == pytest.approx(want.affected)
        fields = ("kind", "start", "end", "text", "replacement")
        got = [tuple(f[name] for name in fields) for f in row["findings"]]
        assert got == [tuple(getattr(f, name) for name in fields) for f in want.findings]


def test_fix_changes_lists_only_the_changed_rows() -> None:
    from mojifix.integrations.arrow import fix_changes

    items = values()
    array = pa.chunked_array([items[:5], items[5:]])
    changes = fix_changes(array)
    repaired = [None if v is None else mojifix.fix(v) for v in items]
    pairs = enumerate(zip(items, repaired, strict=True))
    assert changes == [(row, new) for row, (v, new) in pairs if new != v]
    assert changes  # the samples hold mojibake


def test_a_string_view_array_keeps_its_buffers() -> None:
    long_clean = "Grüße aus Köln, und zwar ausführlich " * 3
    array = pa.array([long_clean, DAMAGED[0][0] * 3, None], type=pa.string_view())
    fixed = fix_array(array)
    assert fixed.to_pylist() == [long_clean, mojifix.fix(DAMAGED[0][0] * 3), None]
    before = {b.address for b in array.buffers()[2:] if b is not None}
    after = {b.address for b in fixed.buffers()[2:] if b is not None}
    assert before and before <= after  # the input's data buffers are shared, not copied


def test_threads_give_the_same_result() -> None:
    column = pa.array([v for v in values() if v] * 200)
    assert fix_array(column, threads=1).equals(fix_array(column, threads=2))
    assert score_array(column, threads=1).equals(score_array(column, threads=2))


def test_large_columns_release_the_gil() -> None:
    # Another thread runs Python code all through a long call: impossible if the core held the
    # GIL for the whole call.
    import itertools
    import threading
    import time

    column = pa.array([CLEAN[i % len(CLEAN)] + f" {i}" for i in range(20_000)])
    spans: list[tuple[float, float]] = []
    ticks: list[float] = []
    done = threading.Event()

    def work() -> None:
        start = time.perf_counter()
        score_array(column, threads=1)
        spans.append((start, time.perf_counter()))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
    worker.join()
    ((start, end),) = spans
    inside = [start, *(tick for tick in ticks if start < tick < end), end]
    assert max(b - a for a, b in itertools.pairwise(inside)) < (end - start) / 2


def test_invalid_utf8_is_a_clear_error() -> None:
    raw = pa.array([b"ok", b"caf\xe9"], type=pa.binary())
    bad = pa.Array.from_buffers(pa.string(), 2, raw.buffers())  # not validated
    with pytest.raises(ValueError, match="row 1 of array 0 is not valid UTF-8"):
        score_array(bad)


def test_lists_of_values_go_through_the_core_too() -> None:
    from mojifix.integrations._common import fix_values, score_values

    items: list[object] = [*values(), 3, "a\ud800b"]  # a non-string, a lone surrogate
    fixed = fix_values(items)
    assert fixed == [mojifix.fix(v) if isinstance(v, str) else v for v in items]
    assert score_values(items) == [
        pytest.approx(mojifix.score(v)) if isinstance(v, str) else None for v in items
    ]
