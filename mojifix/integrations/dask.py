"""Dask: repair or score a partitioned DataFrame (e.g. a Parquet dataset) on a cluster.

Each partition is a pandas DataFrame; its Arrow-backed string columns (Dask's default) go through
the Arrow kernels of :mod:`mojifix.integrations.arrow`, one partition per task::

    import dask.dataframe as dd
    from dask.distributed import Client
    from mojifix.integrations.dask import fix_dataframe, fix_partition

    client = Client()                                   # or LocalCluster(...), or a real cluster
    ddf = dd.read_parquet("pages/")
    fixed = fix_dataframe(ddf, columns=["text"])        # lazy
    fixed.to_parquet("pages-fixed/")
    # the same, spelled out:
    fixed = ddf.map_partitions(fix_partition, columns=["text"], meta=ddf)

>>> import pandas as pd
>>> fix_partition(pd.DataFrame({"text": ["plain", None]}, dtype=object))["text"].tolist()
['plain', None]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from mojifix.integrations._common import require

__all__ = ["fix_dataframe", "fix_partition", "score_dataframe", "score_partition"]


def fix_partition(df: Any, columns: Sequence[Hashable] | None = None, **options: Any) -> Any:
    """Repair ``columns`` (default: every text column) of one pandas partition.

    ``options`` are passed to :func:`mojifix.fix`.

    Dtypes, index and missing values are kept, so the input's ``meta`` is the output's.
    """
    from mojifix.integrations.pandas import MojifixDataFrameAccessor

    return MojifixDataFrameAccessor(df).fix(columns, **options)


def score_partition(
    df: Any, column: Hashable = "text", *, output_column: Hashable = "mojibake_score"
) -> Any:
    """``df`` with a new ``float64`` column ``output_column``: the score of ``column``.

    >>> import pandas as pd
    >>> score_partition(pd.DataFrame({"text": ["ok"]}))["mojibake_score"].tolist()
    [0.0]
    """
    from mojifix.integrations.pandas import MojifixSeriesAccessor

    if column not in df.columns:
        raise KeyError(f"no column {column!r} in the partition; its columns are {list(df.columns)}")
    out = df.copy(deep=False)
    out[output_column] = MojifixSeriesAccessor(df[column]).score()
    return out


def fix_dataframe(ddf: Any, columns: Sequence[Hashable] | None = None, **options: Any) -> Any:
    """A lazy Dask DataFrame with ``columns`` (default: every text column) repaired.

    ``options`` are passed to :func:`mojifix.fix`.
    """
    require("dask.dataframe", "dask")
    if columns is not None:
        missing = [c for c in columns if c not in ddf.columns]
        if missing:
            raise KeyError(
                f"no column {missing[0]!r} in the Dask DataFrame; "
                f"its columns are {list(ddf.columns)}"
            )
    return ddf.map_partitions(fix_partition, columns=columns, meta=ddf._meta, **options)


def score_dataframe(
    ddf: Any, column: Hashable = "text", *, output_column: Hashable = "mojibake_score"
) -> Any:
    """A lazy Dask DataFrame with a ``float64`` score column added."""
    require("dask.dataframe", "dask")
    pd = require("pandas", "dask")
    meta = ddf._meta.copy()
    meta[output_column] = pd.Series([], dtype="float64")
    return ddf.map_partitions(
        score_partition, column=column, output_column=output_column, meta=meta
    )
