"""Apache Spark: repair or score the string columns of a DataFrame through the core's batch path.

Spark hands each partition to Python as Arrow record batches (``DataFrame.mapInArrow``); each
batch goes to the core as it is, columns are repaired with
:func:`mojifix.integrations.arrow.fix_table`, and the batches go back to Spark as Arrow: no
Python object is made for a row that does not change::

    from pyspark.sql import SparkSession
    from mojifix.integrations.spark import fix_dataframe, score_dataframe

    spark = SparkSession.builder.getOrCreate()
    pages = spark.read.parquet("pages/")
    fix_dataframe(pages, columns=["text"]).write.parquet("pages-fixed/")   # lazy until written
    scored = score_dataframe(pages, "text")                                # adds mojibake_score

Spark runs one task per core, each in its own Python worker, so the core uses one thread per
task by default (``threads=1``); give ``threads=None`` (every core) when a worker has the
machine to itself. ``mojifix`` must be installed where the executors run.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from mojifix.integrations._common import require

__all__ = ["fix_batches", "fix_dataframe", "score_batches", "score_dataframe"]


def fix_batches(
    batches: Iterable[Any],
    columns: Sequence[str],
    threads: int | None = 1,
    options: dict[str, Any] | None = None,
) -> Iterator[Any]:
    """Repair ``columns`` of each Arrow record batch: the function ``mapInArrow`` runs.

    >>> import pyarrow as pa
    >>> batch = pa.record_batch({"text": ["CafÃ©", None]})
    >>> [b.column(0).to_pylist() for b in fix_batches([batch], ["text"])]
    [['Café', None]]
    """
    from mojifix.integrations.arrow import fix_table

    for batch in batches:
        yield fix_table(batch, columns, threads=threads, **(options or {}))


def score_batches(
    batches: Iterable[Any], column: str, output_column: str, threads: int | None = 1
) -> Iterator[Any]:
    """Each Arrow record batch with a ``float64`` column ``output_column``: the scores of
    ``column``.

    >>> import pyarrow as pa
    >>> batch = pa.record_batch({"text": ["ok", None]})
    >>> next(score_batches([batch], "text", "score")).column("score").to_pylist()
    [0.0, None]
    """
    from mojifix.integrations.arrow import score_array

    for batch in batches:
        scores = score_array(batch.column(column), threads=threads)
        yield batch.append_column(output_column, scores)


def _string_columns(df: Any, columns: Sequence[str] | None, caller: str) -> list[str]:
    types = require("pyspark.sql.types", "spark")
    fields = {field.name: field.dataType for field in df.schema.fields}
    if columns is None:
        return [name for name, type_ in fields.items() if isinstance(type_, types.StringType)]
    names = [columns] if isinstance(columns, str) else list(columns)
    for name in names:
        if name not in fields:
            raise KeyError(
                f"no column {name!r} in the Spark DataFrame; its columns are {list(fields)}"
            )
        if not isinstance(fields[name], types.StringType):
            raise TypeError(
                f"{caller}(): column {name!r} is {fields[name].simpleString()}, not string; "
                "cast it first (df.withColumn(name, df[name].cast('string')))"
            )
    return names


def fix_dataframe(
    df: Any, columns: Sequence[str] | None = None, *, threads: int | None = 1, **options: Any
) -> Any:
    """A lazy DataFrame with ``columns`` (default: every string column) repaired; same schema.

    ``options`` are those of :func:`mojifix.fix`.
    """
    import mojifix

    mojifix.fix("", **options)  # a bad option fails here, not in an executor
    names = _string_columns(df, columns, "fix_dataframe")
    if not names:
        return df
    work = functools.partial(fix_batches, columns=names, threads=threads, options=options)
    return df.mapInArrow(work, df.schema)


def score_dataframe(
    df: Any,
    column: str = "text",
    *,
    output_column: str = "mojibake_score",
    threads: int | None = 1,
) -> Any:
    """A lazy DataFrame with a ``double`` column ``output_column``: the score of ``column``."""
    types = require("pyspark.sql.types", "spark")
    (name,) = _string_columns(df, [column], "score_dataframe")
    if output_column in df.columns:
        raise ValueError(f"the DataFrame already has a column {output_column!r}")
    score_field = types.StructField(output_column, types.DoubleType())
    schema = types.StructType([*df.schema.fields, score_field])
    work = functools.partial(
        score_batches, column=name, output_column=output_column, threads=threads
    )
    return df.mapInArrow(work, schema)
