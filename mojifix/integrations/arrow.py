"""Apache Arrow: repair, score and detect whole string columns in one call of the core.

The arrays go to the compiled core through the Arrow C Data Interface (``__arrow_c_array__``):
no value is copied on the way in and no Python object is made per row. The core reads the rows
without the GIL, on every core for a large array (``threads=`` chooses how many), and gives back
Arrow arrays. Every other integration builds on these functions (pandas' Arrow-backed strings,
Hugging Face ``datasets``, Dask partitions, Spark's ``mapInArrow``, the CLI's Parquet path).

>>> import pyarrow as pa
>>> fix_array(pa.array(["CafÃ©", None, "plain"])).to_pylist()
['Café', None, 'plain']
>>> score_array(pa.array(["plain", None])).to_pylist()
[0.0, None]

Supported value types: ``string``, ``large_string``, ``string_view`` and dictionary arrays of
those (the dictionary is repaired, the indices are kept), as ``Array`` or ``ChunkedArray``
(the chunking is kept). Anything else raises TypeError. The result has the input's type and
nulls; :func:`fix_array` returns the input itself when no row changes.

The ftfy clean-ups of :func:`mojifix.fix` (``html``, ``control``, ``quotes``, ``width``) are
Python code: with any of them on, :func:`fix_array` runs :func:`mojifix.fix` on each distinct
value instead (correct, much slower).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

import mojifix
from mojifix import _core
from mojifix.integrations._common import ascii_unchanged, fix_unique, require

if TYPE_CHECKING:
    import pyarrow as pa

pa_: Any = require("pyarrow", "arrow")
pc: Any = require("pyarrow.compute", "arrow")

__all__ = [
    "DETECTION_TYPE",
    "core_options",
    "detect_array",
    "fix_array",
    "fix_changes",
    "fix_table",
    "is_mojibake_array",
    "is_string_type",
    "is_text_type",
    "score_array",
    "string_columns",
]

ArrayT = TypeVar("ArrayT", "pa.Array", "pa.ChunkedArray")

DETECTION_TYPE: pa.DataType = pa_.array(_core.detection_type()).type
"""The type of :func:`detect_array`'s values: what :func:`mojifix.detect` gives, as a struct.

``score`` and ``affected`` (doubles, as in :class:`mojifix.Detection`) and ``findings``, a list
of structs with the fields of :class:`mojifix.Finding`: ``kind``, ``start``, ``end`` (character
offsets), ``text``, ``encoded_as``, ``decoded_as``, ``replacement`` and ``score``.

>>> [field.name for field in DETECTION_TYPE]
['score', 'affected', 'findings']
"""


def _is_string_view(type_: pa.DataType) -> bool:
    # pyarrow < 16 has no string_view type at all.
    return bool(getattr(pa_.types, "is_string_view", lambda _: False)(type_))


def is_string_type(type_: pa.DataType) -> bool:
    """``string``, ``large_string`` or ``string_view``.

    >>> import pyarrow as pa
    >>> is_string_type(pa.large_string()), is_string_type(pa.binary())
    (True, False)
    """
    return bool(
        pa_.types.is_string(type_) or pa_.types.is_large_string(type_) or _is_string_view(type_)
    )


def is_text_type(type_: pa.DataType) -> bool:
    """Whether the functions of this module take arrays of ``type_``: a string type, or a
    dictionary of one.

    >>> import pyarrow as pa
    >>> is_text_type(pa.dictionary(pa.int8(), pa.string())), is_text_type(pa.int8())
    (True, False)
    """
    if pa_.types.is_dictionary(type_):
        return is_string_type(type_.value_type)
    return is_string_type(type_)


def _check(array: object, name: str) -> None:
    if not isinstance(array, (pa_.Array, pa_.ChunkedArray)):
        raise TypeError(
            f"{name}() takes a pyarrow Array or ChunkedArray, not {type(array).__name__}; "
            "wrap Python lists with pyarrow.array(...)"
        )
    if not is_text_type(array.type):
        raise TypeError(
            f"{name}() works on string, large_string or string_view arrays, not {array.type}; "
            "cast the column first (pyarrow.compute.cast(array, pyarrow.string()))"
        )


def _chunks(array: pa.Array | pa.ChunkedArray) -> list[pa.Array]:
    return list(array.chunks) if isinstance(array, pa_.ChunkedArray) else [array]


def _like(array: pa.Array | pa.ChunkedArray, chunks: list[Any], type_: pa.DataType) -> Any:
    """The core's arrays as pyarrow: a ChunkedArray with the same chunking, or an Array."""
    arrays = [chunk if isinstance(chunk, pa_.Array) else pa_.array(chunk) for chunk in chunks]
    if isinstance(array, pa_.ChunkedArray):
        return pa_.chunked_array(arrays, type=type_)
    return arrays[0]


def core_options(options: dict[str, Any]) -> dict[str, bool] | None:
    """The core's options for those of :func:`mojifix.fix`, or None when they ask for an ftfy
    clean-up (Python code, which the core cannot run).

    The options are checked as :func:`mojifix.fix` checks them (same errors).

    >>> core_options({"jis": "browser"})
    {'jis_browser': True, 'replace_lost': False}
    >>> core_options({"html": True}) is None
    True
    >>> core_options({"lost": "drop"})
    Traceback (most recent call last):
    ...
    ValueError: fix(lost='drop'): use lost='keep' (report lost data, leave it) or \
lost='replace' (turn 锟斤拷 and its kin into the U+FFFD they encode)
    """
    mojifix.fix("", **options)  # raises the errors fix() raises for a bad option
    if not ascii_unchanged({k: v for k, v in options.items() if k != "lost"}):
        return None
    return {
        "jis_browser": options.get("jis", "keep") == "browser",
        "replace_lost": options.get("lost", "keep") == "replace",
    }


def fix_array(array: ArrayT, *, threads: int | None = None, **options: Any) -> ArrayT:
    """Repair every value of a string array; same type, same nulls, same chunking.

    ``options`` are those of :func:`mojifix.fix` (``jis="browser"``, ``lost="replace"``,
    ``html=True``, ...). ``threads``: how many threads the core uses (default: one a core).
    The input itself is returned when no value changes.

    >>> import pyarrow as pa
    >>> arr = pa.chunked_array([["fine", None], ["fine"]], type=pa.large_string())
    >>> fix_array(arr) is arr
    True
    >>> fix_array(pa.array(["価格〜100円"]), jis="browser").to_pylist()
    ['価格～100円']
    >>> fix_array(pa.array([1, 2]))
    Traceback (most recent call last):
    ...
    TypeError: fix_array() works on string, large_string or string_view arrays, not int64; \
cast the column first (pyarrow.compute.cast(array, pyarrow.string()))
    """
    _check(array, "fix_array")
    core = core_options(options)
    if core is None:
        return _fix_in_python(array, **options)
    fixed = _core.fix_arrays(_chunks(array), threads=threads, **core)
    if all(chunk is None for chunk in fixed):
        return array
    chunks = [old if new is None else new for old, new in zip(_chunks(array), fixed, strict=True)]
    result: ArrayT = _like(array, chunks, array.type)
    return result


def fix_changes(
    array: pa.Array | pa.ChunkedArray, *, threads: int | None = None, **options: Any
) -> list[tuple[int, str]]:
    """The rows a repair changes, as ``(row, repaired value)`` in row order.

    For callers that keep their values elsewhere (a pandas ``object`` column, a list of
    documents): only the changed rows become Python strings. Takes plain string arrays (not
    dictionaries) and the core's options (``jis``, ``lost``).

    >>> import pyarrow as pa
    >>> fix_changes(pa.chunked_array([["ok", "CafÃ©"], [None, "naÃ¯ve"]]))
    [(1, 'Café'), (3, 'naïve')]
    """
    _check(array, "fix_changes")
    if pa_.types.is_dictionary(array.type):
        raise TypeError("fix_changes() takes plain string arrays; use fix_array() on dictionaries")
    core = core_options(options)
    if core is None:
        raise ValueError("fix_changes() does only what the core does: jis= and lost= options")
    chunks = _chunks(array)
    changes: list[tuple[int, str]] = []
    start = 0
    for chunk, changed in zip(
        chunks, _core.fix_changes(chunks, threads=threads, **core), strict=True
    ):
        changes += [(start + row, text) for row, text in changed] if start else changed
        start += len(chunk)
    return changes


def _fix_in_python(array: ArrayT, **options: Any) -> ArrayT:
    """``mojifix.fix`` on each distinct value (for the ftfy clean-ups, which are Python)."""
    if pa_.types.is_dictionary(array.type):

        def per_chunk(chunk: pa.DictionaryArray) -> pa.DictionaryArray:
            dictionary = _fix_in_python(chunk.dictionary, **options)
            if dictionary is chunk.dictionary:
                return chunk
            return pa_.DictionaryArray.from_arrays(chunk.indices, dictionary)

        chunks = [per_chunk(chunk) for chunk in _chunks(array)]
        rebuilt: ArrayT = _like(array, chunks, array.type)
        return rebuilt
    wide = array.cast(pa_.large_string()) if _is_string_view(array.type) else array
    values = wide.drop_null()
    if ascii_unchanged(options):
        values = values.filter(pc.invert(pc.string_is_ascii(values)))
    changed = fix_unique(pc.unique(values).to_pylist(), **options) if len(values) else {}
    if not changed:
        return array
    keys = pa_.array(list(changed), type=wide.type)
    positions = pc.index_in(wide, value_set=keys)
    fixed = pc.coalesce(pc.take(pa_.array(list(changed.values()), type=wide.type), positions), wide)
    if isinstance(array, pa_.ChunkedArray):
        lengths = [len(chunk) for chunk in array.chunks]
        flat = fixed.combine_chunks() if fixed.num_chunks else pa_.array([], type=wide.type)
        pieces, offset = [], 0
        for length in lengths:
            pieces.append(flat.slice(offset, length))
            offset += length
        fixed = pa_.chunked_array(pieces, type=wide.type)
    result: ArrayT = fixed.cast(array.type)
    return result


def score_array(
    array: pa.Array | pa.ChunkedArray, *, threads: int | None = None
) -> pa.Array | pa.ChunkedArray:
    """The :func:`mojifix.score` of every value, as ``float64``; nulls stay null.

    A ChunkedArray gives a ChunkedArray with the same chunking.

    >>> import pyarrow as pa
    >>> score_array(pa.array(["ascii", None], type=pa.string_view())).type
    DataType(double)
    """
    _check(array, "score_array")
    return _like(array, _core.score_arrays(_chunks(array), threads=threads), pa_.float64())


def detect_array(
    array: pa.Array | pa.ChunkedArray, *, threads: int | None = None
) -> pa.Array | pa.ChunkedArray:
    """What :func:`mojifix.detect` finds in every value, one struct each (:data:`DETECTION_TYPE`).

    Null values give null. ``pyarrow.compute.list_flatten(result.field("findings"))`` gives
    every finding of the column; ``pyarrow.compute.list_parent_indices`` their rows.

    >>> import pyarrow as pa
    >>> found = detect_array(pa.array(["CafÃ©", "plain", None]))
    >>> [row and len(row["findings"]) for row in found.to_pylist()]
    [1, 0, None]
    >>> found[0]["findings"][0]["replacement"].as_py()
    'é'
    """
    _check(array, "detect_array")
    return _like(array, _core.detect_arrays(_chunks(array), threads=threads), DETECTION_TYPE)


def is_mojibake_array(
    array: pa.Array | pa.ChunkedArray, threshold: float = 0.5, *, threads: int | None = None
) -> pa.Array | pa.ChunkedArray:
    """``score >= threshold`` for every value, as ``bool``; nulls stay null.

    >>> import pyarrow as pa
    >>> is_mojibake_array(pa.array(["ascii", None])).to_pylist()
    [False, None]
    """
    return pc.greater_equal(score_array(array, threads=threads), threshold)


def string_columns(table: pa.Table | pa.RecordBatch) -> list[str]:
    """Names of the columns whose type :func:`fix_array` accepts.

    >>> import pyarrow as pa
    >>> string_columns(pa.table({"a": [1], "b": ["x"]}))
    ['b']
    """
    return [field.name for field in table.schema if is_text_type(field.type)]


TableT = TypeVar("TableT", "pa.Table", "pa.RecordBatch")


def fix_table(
    table: TableT,
    columns: Iterable[str] | None = None,
    *,
    threads: int | None = None,
    **options: Any,
) -> TableT:
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
        fixed = fix_array(column, threads=threads, **options)
        if fixed is not column:
            table = table.set_column(index, table.schema.field(index), fixed)
    return table

