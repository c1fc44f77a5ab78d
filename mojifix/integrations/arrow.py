"""Apache Arrow kernels: repair and score whole string arrays, tables and Parquet row groups.

These are the kernels every other integration builds on (pandas' Arrow-backed strings, Hugging
Face ``datasets``, Dask partitions, the CLI's Parquet path). Each one

1. skips ``null`` and pure-ASCII values with vectorised Arrow compute (``string_is_ascii``):
   mojibake always contains a non-ASCII character;
2. works on the *unique* remaining values (``pyarrow.compute.unique``), so a value repeated a
   million times is repaired once;
3. writes the repaired values back with ``index_in`` + ``take`` + ``coalesce``, which keeps
   nulls, the array's type and a ChunkedArray's chunking. When nothing changed the input array
   itself is returned (no copy).

>>> import pyarrow as pa
>>> fix_array(pa.array(["plain", None])).to_pylist()
['plain', None]
>>> score_array(pa.array(["plain", None])).to_pylist()
[0.0, None]

Supported value types: ``string``, ``large_string``, ``string_view`` and dictionary arrays of
those (the dictionary is repaired, the indices are kept). Anything else raises TypeError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from mojifix.integrations._common import ascii_unchanged, fix_unique, require, score_unique

if TYPE_CHECKING:
    import pyarrow as pa

pa_: Any = require("pyarrow", "arrow")
pc: Any = require("pyarrow.compute", "arrow")

__all__ = ["fix_array", "fix_table", "is_mojibake_array", "score_array", "string_columns"]

ArrayT = TypeVar("ArrayT", "pa.Array", "pa.ChunkedArray")


def _is_string_view(type_: pa.DataType) -> bool:
    # pyarrow < 16 has no string_view type at all.
    return bool(getattr(pa_.types, "is_string_view", lambda _: False)(type_))


def _is_string_type(type_: pa.DataType) -> bool:
    return bool(
        pa_.types.is_string(type_) or pa_.types.is_large_string(type_) or _is_string_view(type_)
    )


def _is_text_type(type_: pa.DataType) -> bool:
    """``string``-like, or a dictionary whose values are ``string``-like."""
    if pa_.types.is_dictionary(type_):
        return _is_string_type(type_.value_type)
    return _is_string_type(type_)


def _check(array: object, name: str) -> None:
    if not isinstance(array, (pa_.Array, pa_.ChunkedArray)):
        raise TypeError(
            f"{name}() takes a pyarrow Array or ChunkedArray, not {type(array).__name__}; "
            "wrap Python lists with pyarrow.array(...)"
        )
    if not _is_text_type(array.type):
        raise TypeError(
            f"{name}() works on string, large_string or string_view arrays, not {array.type}; "
            "cast the column first (pyarrow.compute.cast(array, pyarrow.string()))"
        )


def _rebuild_chunked(
    array: pa.ChunkedArray, per_chunk: Callable[[pa.Array], pa.Array], type_: pa.DataType
) -> pa.ChunkedArray:
    return pa_.chunked_array([per_chunk(chunk) for chunk in array.chunks], type=type_)


def _same_chunking(result: ArrayT, like: ArrayT) -> ArrayT:
    """``result`` cut into chunks of the same lengths as ``like``'s (compute drops empty ones)."""
    if not isinstance(like, pa_.ChunkedArray):
        return result
    lengths = [len(chunk) for chunk in like.chunks]
    if [len(chunk) for chunk in result.chunks] == lengths:
        return result
    flat = result.combine_chunks() if result.num_chunks else pa_.array([], type=result.type)
    pieces, offset = [], 0
    for length in lengths:
        pieces.append(flat.slice(offset, length))
        offset += length
    rechunked: ArrayT = pa_.chunked_array(pieces, type=result.type)
    return rechunked


def _candidate_uniques(array: pa.Array | pa.ChunkedArray, *, skip_ascii: bool = True) -> list[str]:
    """The distinct non-null (and, by default, non-ASCII) values of a plain string array."""
    if _is_string_view(array.type):
        array = array.cast(pa_.large_string())
    if skip_ascii:
        candidates = array.filter(pc.invert(pc.string_is_ascii(array)))  # nulls are dropped
    else:
        candidates = array.drop_null()
    if len(candidates) == 0:
        return []
    values: list[str] = pc.unique(candidates).to_pylist()
    return values


def _replace(array: ArrayT, mapping: dict[str, Any], value_type: pa.DataType) -> ArrayT:
    """``array`` with every value found in ``mapping``'s keys replaced by its value.

    Values not in ``mapping`` become ``null`` (callers coalesce or fill afterwards).
    """
    keys = pa_.array(list(mapping), type=array.type)
    replacements = pa_.array(list(mapping.values()), type=value_type)
    positions = pc.index_in(array, value_set=keys)
    result: ArrayT = pc.take(replacements, positions)
    return result


def fix_array(array: ArrayT, **options: Any) -> ArrayT:
    """Repair every value of a string array; same type, same nulls, same chunking.

    ``options`` are passed to :func:`mojifix.fix` (``jis="browser"``, ``html=True``, ...).

    >>> import pyarrow as pa
    >>> arr = pa.chunked_array([["fine", None], ["fine"]], type=pa.large_string())
    >>> out = fix_array(arr)
    >>> out.type, out.num_chunks, out.null_count
    (DataType(large_string), 2, 1)
    >>> fix_array(pa.array([1, 2]))
    Traceback (most recent call last):
    ...
    TypeError: fix_array() works on string, large_string or string_view arrays, not int64; \
cast the column first (pyarrow.compute.cast(array, pyarrow.string()))
    """
    _check(array, "fix_array")
    type_ = array.type
    if pa_.types.is_dictionary(type_):
        return _fix_dictionary(array, **options)
    uniques = _candidate_uniques(array, skip_ascii=ascii_unchanged(options))
    changed = fix_unique(uniques, **options)
    if not changed:
        return array
    if _is_string_view(type_):
        # The compute kernels used below have no string_view variant: go through large_string.
        wide = array.cast(pa_.large_string())
        fixed_wide = pc.coalesce(_replace(wide, changed, wide.type), wide)
        result: ArrayT = fixed_wide.cast(type_)
        return _same_chunking(result, array)
    fixed: ArrayT = pc.coalesce(_replace(array, changed, type_), array)
    return _same_chunking(fixed, array)


def _fix_dictionary(array: ArrayT, **options: Any) -> ArrayT:
    def per_chunk(chunk: pa.DictionaryArray) -> pa.DictionaryArray:
        dictionary = fix_array(chunk.dictionary, **options)
        if dictionary is chunk.dictionary:
            return chunk
        return pa_.DictionaryArray.from_arrays(chunk.indices, dictionary)

    if isinstance(array, pa_.ChunkedArray):
        result: ArrayT = _rebuild_chunked(array, per_chunk, array.type)
        return result
    return per_chunk(array)


def score_array(array: pa.Array | pa.ChunkedArray) -> pa.Array | pa.ChunkedArray:
    """The :func:`mojifix.score` of every value, as ``float64``; nulls stay null.

    A ChunkedArray gives a ChunkedArray with the same chunking.

    >>> import pyarrow as pa
    >>> score_array(pa.array(["ascii", None], type=pa.string_view())).type
    DataType(double)
    """
    _check(array, "score_array")
    if pa_.types.is_dictionary(array.type):
        if isinstance(array, pa_.ChunkedArray):
            return _rebuild_chunked(array, score_array, pa_.float64())
        return pc.take(score_array(array.dictionary), array.indices)
    original = array
    if _is_string_view(array.type):
        array = array.cast(pa_.large_string())
    scores = score_unique(_candidate_uniques(array))
    result = pc.if_else(pc.is_null(array), pa_.scalar(None, pa_.float64()), 0.0)
    if scores:
        result = pc.coalesce(_replace(array, scores, pa_.float64()), result)
    return _same_chunking(result, original)


def is_mojibake_array(
    array: pa.Array | pa.ChunkedArray, threshold: float = 0.5
) -> pa.Array | pa.ChunkedArray:
    """``score >= threshold`` for every value, as ``bool``; nulls stay null.

    >>> import pyarrow as pa
    >>> is_mojibake_array(pa.array(["ascii", None])).to_pylist()
    [False, None]
    """
    return pc.greater_equal(score_array(array), threshold)


def string_columns(table: pa.Table | pa.RecordBatch) -> list[str]:
    """Names of the columns whose type :func:`fix_array` accepts.

    >>> import pyarrow as pa
    >>> string_columns(pa.table({"a": [1], "b": ["x"]}))
    ['b']
    """
    return [field.name for field in table.schema if _is_text_type(field.type)]


TableT = TypeVar("TableT", "pa.Table", "pa.RecordBatch")


def fix_table(table: TableT, columns: Iterable[str] | None = None, **options: Any) -> TableT:
    """Repair the given columns (default: every string column) of a Table or RecordBatch.

    ``options`` are passed to :func:`mojifix.fix`.

    The schema, metadata and chunking are kept. Use it on Parquet row groups::

        pf = pyarrow.parquet.ParquetFile(path)
        for i in range(pf.num_row_groups):
            writer.write_table(fix_table(pf.read_row_group(i)))

    >>> import pyarrow as pa
    >>> fix_table(pa.table({"n": [1], "t": ["ok"]})).column_names
    ['n', 't']
    >>> fix_table(pa.table({"t": ["ok"]}), ["missing"])
    Traceback (most recent call last):
    ...
    KeyError: "no column 'missing' in the table; its columns are ['t']"
    """
    if not isinstance(table, (pa_.Table, pa_.RecordBatch)):
        raise TypeError(
            f"fix_table() takes a pyarrow Table or RecordBatch, not {type(table).__name__}"
        )
    names = string_columns(table) if columns is None else list(columns)
    for name in names:
        if name not in table.column_names:
            raise KeyError(f"no column {name!r} in the table; its columns are {table.column_names}")
        index = table.column_names.index(name)
        column = table.column(index)
        fixed = fix_array(column, **options)
        if fixed is not column:
            table = table.set_column(index, table.schema.field(index), fixed)
    return table
