"""Batch functions for Hugging Face ``datasets``: ``ds.map(fix_batch, batched=True)``.

``batched=True`` is the fast way (each distinct value of a batch is repaired once); without it
``Dataset.map`` passes one example at a time, whose values are single strings, and both functions
work on that example instead.

Both functions are plain module-level functions, so ``datasets`` can pickle them for
``num_proc=N`` and fingerprint them deterministically (the cache is reused on a second run).
Choose the column the native way, with ``fn_kwargs``, or bind it first::

    ds = ds.map(mojifix.hf.fix_batch, batched=True, fn_kwargs={"column": "body"})
    ds = ds.map(mojifix.hf.fix_batch(column="body"), batched=True)   # same thing

Called without a batch, each function returns a :func:`functools.partial` with the options bound
(picklable and fingerprint-stable too).

Batches may be ``dict`` of lists (the default format), ``pyarrow.Table``
(``ds.with_format("arrow")``) or ``pandas.DataFrame`` (``ds.with_format("pandas")``). Only the
columns the function writes are returned, which is what ``datasets`` merges back into the
dataset.

>>> fix_batch({"text": ["plain", None], "id": [1, 2]})
{'text': ['plain', None]}
>>> score_batch({"text": ["plain", None]})
{'mojibake_score': [0.0, None]}
>>> fix_batch({"text": "CafÃ©", "id": 1})    # one example (Dataset.map without batched=True)
{'text': 'Café'}
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, overload

import mojifix
from mojifix.integrations._common import (
    Errors,
    check_errors,
    fix_unique,
    fix_values,
    non_string_error,
    score_values,
)

__all__ = ["fix_batch", "score_batch"]

Batch = Mapping[str, Sequence[Any]]


def _columns(column: str | Sequence[str]) -> list[str]:
    if isinstance(column, str):
        return [column]
    names = list(column)
    if not names or not all(isinstance(name, str) for name in names):
        raise TypeError(f"column must be a column name or a list of names, not {column!r}")
    return names


def _get(batch: Any, name: str) -> Any:
    if hasattr(batch, "column_names"):  # pyarrow
        names = batch.column_names
    elif _is_pandas_frame(batch):
        names = list(batch.columns)
    else:
        names = list(batch)
    if name not in names:
        raise KeyError(
            f"no column {name!r} in the batch; its columns are {names}. "
            "Pass column=... (or fn_kwargs={'column': ...} to Dataset.map)"
        )
    if isinstance(batch, Mapping) or _is_pandas_frame(batch):
        return batch[name]
    return batch.column(name)


def _is_example_value(value: object) -> bool:
    """Whether a column's value is one example's (``Dataset.map`` without ``batched=True``)
    rather than a batch's list of values: a string, ``None`` or another scalar.

    >>> _is_example_value("CafÃ©"), _is_example_value(None), _is_example_value(["CafÃ©"])
    (True, True, False)
    """
    if isinstance(value, (str, bytes)) or value is None:
        return True
    return not (isinstance(value, Sequence) or hasattr(value, "tolist"))


def _is_arrow_table(batch: object) -> bool:
    return type(batch).__module__.startswith("pyarrow") and hasattr(batch, "schema")


def _is_pandas_frame(batch: object) -> bool:
    return type(batch).__module__.startswith("pandas") and hasattr(batch, "columns")


@overload
def fix_batch(
    batch: None = None,
    *,
    column: str | Sequence[str] = "text",
    errors: Errors = "ignore",
    **options: Any,
) -> Callable[[Any], Any]: ...


@overload
def fix_batch(
    batch: Any,
    *,
    column: str | Sequence[str] = "text",
    errors: Errors = "ignore",
    **options: Any,
) -> Any: ...


def fix_batch(
    batch: Any = None,
    *,
    column: str | Sequence[str] = "text",
    errors: Errors = "ignore",
    **options: Any,
) -> Any:
    """Repair ``column`` (a name or a list of names) of a batch; returns ``{column: values}``.

    ``options`` are passed to :func:`mojifix.fix` (``jis="browser"``, ``html=True``, ...).

    ``None`` values stay ``None``; non-strings are passed through (``errors="ignore"``) or raise
    TypeError (``errors="raise"``). With a ``pyarrow.Table`` batch the result is a Table with the
    repaired columns (via :func:`mojifix.integrations.arrow.fix_array`).

    >>> fix_batch({"body": ["ok"]}, column="body")
    {'body': ['ok']}
    >>> fix_batch(column="body").keywords["column"]
    'body'
    >>> fix_batch({"text": ["ok"]}, column="body")
    Traceback (most recent call last):
    ...
    KeyError: "no column 'body' in the batch; its columns are ['text']. \
Pass column=... (or fn_kwargs={'column': ...} to Dataset.map)"
    """
    check_errors(errors)
    names = _columns(column)
    if batch is None:
        return functools.partial(fix_batch, column=column, errors=errors, **options)
    if _is_arrow_table(batch):
        from mojifix.integrations.arrow import fix_table

        for name in names:
            _get(batch, name)
        return fix_table(batch.select(names), names, **options)
    if _is_pandas_frame(batch):
        from mojifix.integrations.pandas import MojifixDataFrameAccessor

        for name in names:
            _get(batch, name)
        return MojifixDataFrameAccessor(batch[names]).fix(names, errors=errors, **options)
    out: dict[str, Any] = {}
    for name in names:
        column = _get(batch, name)
        if _is_example_value(column):
            out[name] = _fix_value(column, name, errors, options)
            continue
        values = list(column)
        if errors == "raise":
            for value in values:
                if value is not None and not isinstance(value, str):
                    raise non_string_error(value, f"column {name!r}")
        out[name] = fix_values(values, **options)
    return out


def _fix_value(value: Any, name: str, errors: Errors, options: dict[str, Any]) -> Any:
    """One example's value, repaired (non-strings as :func:`fix_batch` treats them)."""
    if isinstance(value, str):
        return fix_unique([value], **options).get(value, value)
    if value is not None and errors == "raise":
        raise non_string_error(value, f"column {name!r}")
    return value


@overload
def score_batch(
    batch: None = None,
    *,
    column: str = "text",
    output_column: str = "mojibake_score",
) -> Callable[[Any], Any]: ...


@overload
def score_batch(
    batch: Any,
    *,
    column: str = "text",
    output_column: str = "mojibake_score",
) -> Any: ...


def score_batch(
    batch: Any = None,
    *,
    column: str = "text",
    output_column: str = "mojibake_score",
) -> Any:
    """Score ``column`` of a batch into a new float column ``output_column`` (None stays None).

    >>> score_batch({"body": ["ok"]}, column="body", output_column="s")
    {'s': [0.0]}
    """
    if not isinstance(column, str):
        raise TypeError(f"score_batch() scores one column; column must be a name, not {column!r}")
    if batch is None:
        return functools.partial(score_batch, column=column, output_column=output_column)
    if _is_arrow_table(batch):
        import pyarrow as pa

        from mojifix.integrations.arrow import score_array

        return pa.table({output_column: score_array(_get(batch, column))})
    if _is_pandas_frame(batch):
        from mojifix.integrations.pandas import MojifixSeriesAccessor

        series_scores = MojifixSeriesAccessor(_get(batch, column)).score().tolist()
        return {output_column: [None if s != s else s for s in series_scores]}
    column_values = _get(batch, column)
    if _is_example_value(column_values):
        single = column_values
        return {output_column: mojifix.score(single) if isinstance(single, str) else None}
    return {output_column: score_values(list(column_values))}
