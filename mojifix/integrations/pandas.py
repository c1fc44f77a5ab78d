"""The ``.mojifix`` accessor for pandas Series and DataFrames.

Importing this module (or its short name ``mojifix.pandas``) registers the accessors, as pandas
extensions do; ``import mojifix`` alone never imports pandas and registers nothing.

>>> import mojifix.pandas
>>> import pandas as pd
>>> s = pd.Series(["plain", None, "naïve"], dtype=object)
>>> s.mojifix.fix().tolist()
['plain', None, 'naïve']
>>> s.mojifix.score().round(2).tolist()
[0.0, nan, 0.0]
>>> pd.Series([1, 2]).mojifix
Traceback (most recent call last):
...
AttributeError: Can only use .mojifix accessor with string values, not int64; \
convert with .astype(str) first if the values really are text

Speed: every method works on the column's *unique* values and skips pure-ASCII ones without
calling the detector. Arrow-backed strings (pandas 3's default ``str`` dtype, ``string[pyarrow]``,
``ArrowDtype(pa.string())``) go through the Arrow kernels in :mod:`mojifix.integrations.arrow`;
``object`` and ``string[python]`` columns through a ``set`` of their values (``fix``, ``fold``:
only the rows whose value changes are written back) or :func:`pandas.factorize` (``score``,
``detect``); categoricals through their categories.

Missing values stay missing (``None`` stays ``None``, ``NaN`` stays ``NaN``), the dtype is kept,
the index and name are kept. Non-string values in an ``object`` column are passed through
unchanged, or raise :class:`TypeError` with ``errors="raise"``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import mojifix
from mojifix.integrations._common import (
    Errors,
    check_errors,
    fix_values,
    non_string_error,
    require,
)

pd: Any = require("pandas", "pandas")
np: Any = require("numpy", "pandas")

__all__ = ["MojifixDataFrameAccessor", "MojifixSeriesAccessor", "register"]

DETECT_COLUMNS = ("kind", "start", "end", "text", "encoded_as", "decoded_as")
"""The columns of :meth:`MojifixSeriesAccessor.detect`'s DataFrame, one row per finding."""

def _detections(texts: list[str]) -> list[tuple[float, set[str]]]:
    """``(score, kinds of finding)`` of each text, in one call of the core."""
    from mojifix import _core

    try:
        found = _core.detect_texts(texts)
    except UnicodeEncodeError:  # a lone surrogate: text by text
        return [(d.score, {f.kind for f in d.findings}) for d in map(mojifix.detect, texts)]
    return [(score, {f[0] for f in findings}) for score, findings in found]


def _findings_frame(columns: dict[str, list[Any]], index: Any) -> Any:
    """The frame of :meth:`MojifixSeriesAccessor.detect`: one row per finding, labelled."""
    frame = pd.DataFrame(
        {
            "kind": pd.Series(columns["kind"], dtype=object),
            "start": pd.Series(columns["start"], dtype="int64"),
            "end": pd.Series(columns["end"], dtype="int64"),
            "text": pd.Series(columns["text"], dtype=object),
            "encoded_as": pd.Series(columns["encoded_as"], dtype=object),
            "decoded_as": pd.Series(columns["decoded_as"], dtype=object),
        }
    )
    frame.index = index if len(index) else pd.Index([], name=index.name, dtype=object)
    return frame


# pandas' own ``.str`` accepts object columns of these inferred types (plus "bytes", which is not
# text to us): strings, all-missing, and strings mixed with other objects.
_OBJECT_TEXT_TYPES = frozenset({"string", "empty", "mixed", "mixed-integer"})


def _is_missing(value: object) -> bool:
    """None, NaN, pd.NA, NaT... (``pd.isna`` on a scalar; False for lists and other containers)."""
    return bool(pd.api.types.is_scalar(value) and pd.isna(value))


def _string_kind(series: Any) -> str | None:
    """``"arrow"``, ``"python"`` (object / string[python]), ``"category"`` or None (not text)."""
    dtype = series.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        categories = dtype.categories
        text = _string_kind(pd.Series(categories, dtype=categories.dtype)) is not None
        return "category" if text and len(categories) else None
    if isinstance(dtype, pd.StringDtype):
        return "arrow" if dtype.storage == "pyarrow" else "python"
    if isinstance(dtype, pd.ArrowDtype):
        from mojifix.integrations.arrow import is_string_type

        return "arrow" if is_string_type(dtype.pyarrow_dtype) else None
    if dtype == np.dtype(object):
        inferred = pd.api.types.infer_dtype(series, skipna=True)
        return "python" if inferred in _OBJECT_TEXT_TYPES else None
    return None


def _is_text_column(series: Any) -> bool:
    """Text columns that ``df.mojifix.fix()`` repairs by default (not mixed object columns)."""
    kind = _string_kind(series)
    if kind is None:
        return False
    if series.dtype == object:
        return bool(pd.api.types.infer_dtype(series, skipna=True) in ("string", "empty"))
    return True


class MojifixSeriesAccessor:
    """``Series.mojifix``: repair, score and explain mojibake in a column of text.

    >>> import pandas as pd
    >>> pd.Series(["a", "b"], dtype="string").mojifix.is_mojibake().tolist()
    [False, False]
    """

    def __init__(self, series: Any) -> None:
        kind = _string_kind(series)
        if kind is None:
            raise AttributeError(
                f"Can only use .mojifix accessor with string values, not {series.dtype}; "
                "convert with .astype(str) first if the values really are text"
            )
        self._series = series
        self._kind = kind

    # -- the unique-value machinery ------------------------------------------------------------

    def _factorize(self) -> tuple[Any, list[object]]:
        """``(codes, uniques)``: -1 marks a missing value.

        Unhashable objects (lists, dicts) in an ``object`` column make ``pd.factorize`` fail; then
        a Python loop gives each of them its own code.
        """
        try:
            codes, uniques = pd.factorize(self._series, use_na_sentinel=True)
            return codes, list(uniques)
        except TypeError:
            pass
        values = self._series.to_numpy(dtype=object)
        codes = np.full(len(values), -1, dtype=np.intp)
        seen: dict[str, int] = {}
        distinct: list[object] = []
        for row, value in enumerate(values):
            if isinstance(value, str):
                code = seen.setdefault(value, len(distinct))
                if code == len(distinct):
                    distinct.append(value)
            elif _is_missing(value):
                continue
            else:
                code = len(distinct)
                distinct.append(value)
            codes[row] = code
        return codes, distinct

    def _map_unique(self, func: Any, *, errors: Errors, fill: object) -> Any:
        """``func`` on each distinct string, spread back to the rows as a NumPy object array.

        Missing values and (with ``errors="ignore"``) non-strings get ``fill``.
        """
        codes, uniques = self._factorize()
        results: list[object] = []
        for value in uniques:
            if isinstance(value, str):
                results.append(func(value))
            elif errors == "raise":
                raise non_string_error(value, f"Series {self._series.name!r}")
            else:
                results.append(fill)
        table = np.empty(len(results) + 1, dtype=object)
        table[: len(results)] = results
        table[-1] = fill  # code -1 (missing) picks the last slot
        return table[codes]

    def _distinct_strings(self, errors: Errors) -> list[str]:
        """The distinct strings; with ``errors="raise"``, TypeError on the first non-string.

        A ``set`` of the values is about ten times faster than ``pd.factorize`` on an ``object``
        column, and is all that :meth:`fix` and :meth:`fold` need (they write back by value).
        """
        values = self._series.to_numpy(dtype=object)
        distinct: Iterable[object]
        try:
            distinct = set(values)
        except TypeError:  # unhashable objects (lists, dicts) in an object column
            distinct = values
        strings: set[str] = set()
        others = False
        for value in distinct:
            if isinstance(value, str):
                strings.add(value)
            elif not _is_missing(value):
                others = True
        if others and errors == "raise":
            # Report the first one in row order, with its label.
            for label, value in zip(self._series.index, values, strict=True):
                if not isinstance(value, str) and not _is_missing(value):
                    where = f"row {label!r} of Series {self._series.name!r}"
                    raise non_string_error(value, where)
        return list(strings)

    def _write_back(self, mapping: dict[str, str]) -> Any:
        """A copy of the Series with each value found in ``mapping`` replaced (dtype kept).

        Only the rows whose value changes are written: ``None``, ``NaN``, ``pd.NA`` and
        non-strings stay exactly as they were.
        """
        series = self._series
        if not mapping:
            return series.copy(deep=False)
        values = series.to_numpy(dtype=object)
        try:
            mask = np.asarray(series.isin(list(mapping)), dtype=bool)
        except TypeError:  # unhashable objects: compare one by one
            mask = np.fromiter(
                (isinstance(v, str) and v in mapping for v in values), dtype=bool, count=len(values)
            )
        rows = np.flatnonzero(mask)
        new = np.empty(len(rows), dtype=object)
        new[:] = [mapping[value] for value in values[rows]]
        return self._with_rows(rows, new)

    def _with_rows(self, rows: Any, new: Any) -> Any:
        """A copy of the Series with ``new`` at the positions ``rows`` (dtype kept)."""
        series = self._series
        if series.dtype == np.dtype(object):
            out = series.to_numpy(dtype=object).copy()
            out[rows] = new
            return pd.Series(out, index=series.index, name=series.name, dtype=object)
        array = series.array.copy()
        array[rows] = new
        return pd.Series(array, index=series.index, name=series.name, copy=False)

    def _arrow(self) -> Any:
        """The column as an Arrow array for the core, without a copy for Arrow-backed strings;
        None when it holds anything but strings and missing values, or a lone surrogate (which
        UTF-8, and so Arrow, cannot hold)."""
        series = self._series
        if self._kind == "arrow":
            return series.array.__arrow_array__()
        if self._kind != "python":
            return None
        if series.dtype == object and pd.api.types.infer_dtype(series, skipna=True) not in (
            "string",
            "empty",
        ):
            return None
        pa = require("pyarrow", "pandas")
        try:
            return pa.array(series.to_numpy(dtype=object), type=pa.large_string(), from_pandas=True)
        except (UnicodeError, pa.ArrowException):
            return None

    def _on_categories(self, transform: Any) -> Any:
        """A categorical Series with ``transform`` applied to its categories.

        When two categories become equal (``"CafÃ©"`` and ``"Café"`` both repair to ``"Café"``)
        they are merged; the order of the remaining categories and ``ordered`` are kept.
        """
        series = self._series
        categories = pd.Series(series.cat.categories)
        new = transform(MojifixSeriesAccessor(categories))
        if new.equals(categories):
            return series.copy(deep=False)
        if new.is_unique:
            return series.cat.rename_categories(list(new))
        remap, merged = pd.factorize(new)
        codes = series.cat.codes.to_numpy()
        new_codes = np.where(codes >= 0, remap[codes], -1)
        values = pd.Categorical.from_codes(
            new_codes, categories=merged, ordered=series.cat.ordered
        )
        return pd.Series(values, index=series.index, name=series.name)

    # -- public methods ------------------------------------------------------------------------

    def fix(self, *, errors: Errors = "ignore", **options: Any) -> Any:
        """Repair every value; same index, name and dtype, missing values kept.

        ``options`` are passed to :func:`mojifix.fix` (``jis="browser"``, ``html=True``, ...).

        >>> import pandas as pd
        >>> s = pd.Series(["ok", None, 1.5], dtype=object)
        >>> s.mojifix.fix().tolist()
        ['ok', None, 1.5]
        >>> s.mojifix.fix(errors="raise")
        Traceback (most recent call last):
        ...
        TypeError: mojifix can only repair str values, found float 1.5 in row 2 of Series None; \
convert the column with .astype(str) first or pass errors='ignore' to leave such values unchanged
        """
        check_errors(errors)
        series = self._series
        if self._kind == "category":
            return self._on_categories(lambda acc: acc.fix(errors=errors, **options))
        from mojifix.integrations.arrow import core_options, fix_array, fix_changes

        if self._kind == "arrow":
            column = self._arrow()
            fixed = fix_array(column, **options)
            if fixed is column:
                return series.copy(deep=False)
            return pd.Series(
                series.dtype.__from_arrow__(fixed), index=series.index, name=series.name,
                copy=False,
            )
        distinct = self._distinct_strings(errors)
        # A column that repeats its values (names, cities, labels) is repaired value by value
        # and written back by value: less work than every row through Arrow (half the time on
        # the benchmark's realistic column, as fast on unique documents). So is a column Arrow
        # cannot hold, or one that needs ftfy's clean-ups (Python code).
        column = None
        if 2 * len(distinct) > len(series) and core_options(options) is not None:
            column = self._arrow()
        if column is None:
            fixed = fix_values(distinct, **options)
            return self._write_back(
                {v: f for v, f in zip(distinct, fixed, strict=True) if f is not v}
            )
        changes = fix_changes(column, **options)
        if not changes:
            return series.copy(deep=False)
        rows = np.fromiter((row for row, _ in changes), dtype=np.intp, count=len(changes))
        new = np.empty(len(changes), dtype=object)
        new[:] = [text for _, text in changes]
        return self._with_rows(rows, new)

    def score(self, *, errors: Errors = "ignore") -> Any:
        """:func:`mojifix.score` of every value as ``float64``; NaN for missing values.

        Non-strings also score NaN (or raise TypeError with ``errors="raise"``).

        >>> import pandas as pd
        >>> pd.Series(["ok", None]).mojifix.score().tolist()
        [0.0, nan]
        """
        check_errors(errors)
        series = self._series
        column = self._arrow()
        if column is not None:
            from mojifix.integrations.arrow import score_array

            values = score_array(column).to_numpy(zero_copy_only=False)
            return pd.Series(values, index=series.index, name=series.name, dtype="float64")
        score = mojifix.score

        def one(value: str) -> float:
            return 0.0 if value.isascii() else score(value)

        values = self._map_unique(one, errors=errors, fill=np.nan)
        return pd.Series(values, index=series.index, name=series.name, dtype="float64")

    def is_mojibake(self, threshold: float = 0.5, *, errors: Errors = "ignore") -> Any:
        """``score >= threshold`` as plain ``bool``: missing and non-string values are False.

        Plain ``bool`` (not nullable ``boolean``) so the result can filter a frame directly:
        ``df[df.text.mojifix.is_mojibake()]``.

        >>> import pandas as pd
        >>> pd.Series(["ok", None]).mojifix.is_mojibake().tolist()
        [False, False]
        """
        scores = self.score(errors=errors)
        return (scores >= threshold).astype(bool)

    def detect(self) -> Any:
        """Every finding of :func:`mojifix.detect`, one row each, indexed by the row's label.

        Columns: ``kind``, ``start``, ``end``, ``text``, ``encoded_as``, ``decoded_as``. A row with
        several findings appears several times; clean, missing and non-string rows do not appear.

        >>> import pandas as pd
        >>> found = pd.Series(["ok"], index=["r1"]).mojifix.detect()
        >>> list(found.columns), len(found)
        (['kind', 'start', 'end', 'text', 'encoded_as', 'decoded_as'], 0)
        """
        series = self._series
        index = series.index
        column = self._arrow()
        if column is not None:
            return self._detect_arrow(column)
        codes, uniques = self._factorize()
        detect = mojifix.detect
        findings: list[Sequence[Any]] = [
            detect(v).findings if isinstance(v, str) and not v.isascii() else ()
            for v in uniques
        ]
        counts = np.array([len(f) for f in findings] + [0], dtype=np.intp)
        rows = np.flatnonzero(counts[codes] > 0)
        positions: list[int] = []
        columns: dict[str, list[Any]] = {name: [] for name in DETECT_COLUMNS}
        for row in rows:
            for finding in findings[codes[row]]:
                positions.append(row)
                for name in DETECT_COLUMNS:
                    columns[name].append(getattr(finding, name))
        return _findings_frame(columns, index[positions] if positions else index[:0])

    def _detect_arrow(self, column: Any) -> Any:
        """:meth:`detect` through the core's :func:`~mojifix.integrations.arrow.detect_array`."""
        from mojifix.integrations.arrow import detect_array

        pc = require("pyarrow.compute", "pandas")
        found = detect_array(column)
        if hasattr(found, "combine_chunks"):
            found = found.combine_chunks()
        lists = found.field("findings")
        items = pc.list_flatten(lists)
        positions = pc.list_parent_indices(lists).to_numpy(zero_copy_only=False)
        columns = {name: items.field(name).to_pylist() for name in DETECT_COLUMNS}
        return _findings_frame(columns, self._series.index[positions])

    def fold(
        self, *, profile: str = "match", casefold: bool = False, errors: Errors = "ignore"
    ) -> Any:
        """:func:`mojifix.fold` of every value (a comparison key); same dtype, missing kept.

        >>> import pandas as pd
        >>> pd.Series(["Key", None]).mojifix.fold().tolist()[0] == __import__("mojifix").fold("Key")
        True
        """
        check_errors(errors)
        if self._kind == "category":
            return self._on_categories(
                lambda acc: acc.fold(profile=profile, casefold=casefold, errors=errors)
            )
        fold = mojifix.fold
        changed: dict[str, str] = {}
        for value in self._distinct_strings(errors):
            key = fold(value, profile=profile, casefold=casefold)
            if key != value:
                changed[value] = key
        return self._write_back(changed)


class MojifixDataFrameAccessor:
    """``DataFrame.mojifix``: repair or survey every text column at once.

    >>> import pandas as pd
    >>> df = pd.DataFrame({"n": [1, 2], "t": ["ok", None]})
    >>> df.mojifix.fix().equals(df)
    True
    """

    def __init__(self, frame: Any) -> None:
        self._frame = frame

    def _columns(self, columns: Iterable[Hashable] | None) -> list[Hashable]:
        frame = self._frame
        if columns is None:
            return [name for name in frame.columns if _is_text_column(frame[name])]
        if isinstance(columns, str):
            columns = [columns]
        names = list(columns)
        missing = [name for name in names if name not in frame.columns]
        if missing:
            raise KeyError(
                f"no column {missing[0]!r} in the DataFrame; its columns are {list(frame.columns)}"
            )
        for name in names:
            if _string_kind(frame[name]) is None:
                raise TypeError(
                    f"column {name!r} has dtype {frame[name].dtype}, not text; "
                    "leave it out of columns= or convert it with .astype(str)"
                )
        return names

    def fix(
        self,
        columns: Iterable[Hashable] | None = None,
        *,
        errors: Errors = "ignore",
        **options: Any,
    ) -> Any:
        """A copy with the given columns repaired (default: every column of strings).

        ``options`` are passed to :func:`mojifix.fix`.

        By default ``object`` columns are included only when every value is a string or missing;
        name a mixed column in ``columns=`` to repair its strings too.
        """
        frame = self._frame.copy(deep=False)
        for name in self._columns(columns):
            frame[name] = MojifixSeriesAccessor(frame[name]).fix(errors=errors, **options)
        return frame

    def report(
        self,
        columns: Iterable[Hashable] | None = None,
        *,
        threshold: float = 0.5,
        examples: int = 3,
    ) -> Any:
        """One row per text column: how many rows are damaged, of which kinds, and examples.

        Columns of the result: ``rows`` (non-missing strings), ``damaged`` (rows whose score is
        at least ``threshold``), ``share`` (``damaged / rows``), one column per kind in
        :data:`mojifix.KINDS` (rows with at least one finding of that kind, damaged or not: a
        ``jis-variant`` finding never makes a row damaged on its own), and ``examples`` (up to
        ``examples`` distinct damaged values, most frequent first).

        >>> import pandas as pd
        >>> rep = pd.DataFrame({"t": ["ok", "fine"]}).mojifix.report()
        >>> [int(n) for n in rep.loc["t", ["rows", "damaged"]]]
        [2, 0]
        """
        frame = self._frame
        records = []
        names = self._columns(columns)
        for name in names:
            series = frame[name]
            codes, uniques = pd.factorize(series, use_na_sentinel=True)
            counts = np.bincount(codes[codes >= 0], minlength=len(uniques))
            record: dict[str, Any] = {"rows": 0, "damaged": 0}
            record.update(dict.fromkeys(mojifix.KINDS, 0))
            damaged: list[tuple[int, str]] = []
            pairs = zip(uniques, counts, strict=True)
            texts = [(v, int(n)) for v, n in pairs if isinstance(v, str)]
            record["rows"] = sum(n for _, n in texts)
            texts = [(v, n) for v, n in texts if not v.isascii()]
            for (value, count), (score, kinds) in zip(
                texts, _detections([v for v, _ in texts]), strict=True
            ):
                for kind in kinds:
                    record[kind] = record.get(kind, 0) + count
                if score >= threshold:
                    record["damaged"] += count
                    damaged.append((count, value))
            damaged.sort(key=lambda item: -item[0])
            record["share"] = record["damaged"] / record["rows"] if record["rows"] else 0.0
            record["examples"] = [value for _, value in damaged[:examples]]
            records.append(record)
        order = ["rows", "damaged", "share", *mojifix.KINDS, "examples"]
        report = pd.DataFrame.from_records(records, index=pd.Index(names, name="column"))
        if not records:
            report = pd.DataFrame(columns=order, index=pd.Index([], name="column"))
        extra = [c for c in report.columns if c not in order]
        return report[order + extra]


_registered = False


def register() -> None:
    """Register ``Series.mojifix`` and ``DataFrame.mojifix`` (idempotent).

    >>> register()
    >>> import pandas as pd
    >>> hasattr(pd.Series(["x"]), "mojifix")
    True
    """
    global _registered
    if _registered:
        return
    import warnings

    with warnings.catch_warnings():
        # Re-registering after importlib.reload() warns about overriding our own accessor.
        warnings.simplefilter("ignore", UserWarning)
        pd.api.extensions.register_series_accessor("mojifix")(MojifixSeriesAccessor)
        pd.api.extensions.register_dataframe_accessor("mojifix")(MojifixDataFrameAccessor)
    _registered = True


register()
