"""The pandas accessors: Series.mojifix and DataFrame.mojifix, and their registration."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")
pa = pytest.importorskip("pyarrow")

import mojifix  # noqa: E402
import mojifix.pandas  # noqa: E402  (registers the accessors)

SAMPLES = json.loads(
    (Path(__file__).parent / "data" / "integration_samples.json").read_text("utf-8")
)
DAMAGED: list[tuple[str, str]] = [tuple(pair) for pair in SAMPLES["damaged"]]
CLEAN: list[str] = SAMPLES["clean"]

STRING_DTYPES = [
    "str",
    object,
    "string[python]",
    "string[pyarrow]",
    pd.ArrowDtype(pa.string()),
    pd.ArrowDtype(pa.large_string()),
]


def values() -> list[str | None]:
    out: list[str | None] = []
    for (bad, _), good in zip(DAMAGED, CLEAN, strict=False):
        out += [bad, good, None, bad]
    return out


def is_missing(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def expected_fix(series: Any) -> list[object]:
    """mojifix.fix on each string of ``series``, everything else (missing values) as it was."""
    return [mojifix.fix(v) if isinstance(v, str) else v for v in series.tolist()]


def same(a: list[object], b: list[object]) -> bool:
    """Element-wise equality that treats NaN as equal to NaN (but not None to NaN)."""
    return len(a) == len(b) and all(
        (x is y) or (x == y) or (type(x) is type(y) and is_missing(x) and is_missing(y))
        for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize("dtype", STRING_DTYPES, ids=str)
def test_series_fix_matches_fix_per_value_and_keeps_dtype(dtype: Any) -> None:
    s = pd.Series(values(), dtype=dtype, index=[f"r{i}" for i in range(len(values()))], name="t")
    fixed = s.mojifix.fix()
    assert fixed.dtype == s.dtype
    assert fixed.index.equals(s.index)
    assert fixed.name == "t"
    assert same(fixed.tolist(), expected_fix(s))
    assert fixed.isna().equals(s.isna())


@pytest.mark.parametrize("dtype", STRING_DTYPES, ids=str)
def test_series_fix_repairs_the_samples(dtype: Any) -> None:
    s = pd.Series([bad for bad, _ in DAMAGED] + CLEAN, dtype=dtype)
    assert s.mojifix.fix().tolist() == [good for _, good in DAMAGED] + CLEAN


def test_object_column_keeps_none_nan_na_and_non_strings() -> None:
    bad = DAMAGED[0][0]
    s = pd.Series([bad, None, np.nan, pd.NA, 7, 1.0, True, b"bytes", bad], dtype=object)
    fixed = s.mojifix.fix()
    out = fixed.tolist()
    assert fixed.dtype == object
    assert out[0] == out[8] == mojifix.fix(bad)
    assert out[1] is None
    assert isinstance(out[2], float) and math.isnan(out[2])
    assert out[3] is pd.NA
    assert out[4:8] == [7, 1.0, True, b"bytes"]
    assert [type(v) for v in out[4:8]] == [int, float, bool, bytes]
    with pytest.raises(TypeError, match="found int 7 in row 4"):
        s.mojifix.fix(errors="raise")
    unhashable = pd.Series([bad, ["a", "list"], {"a": 1}, None], dtype=object)
    assert unhashable.mojifix.fix().tolist() == [mojifix.fix(bad), ["a", "list"], {"a": 1}, None]
    with pytest.raises(TypeError, match="found list"):
        unhashable.mojifix.fix(errors="raise")
    scores = unhashable.mojifix.score().tolist()
    assert scores[0] == mojifix.score(bad) and all(math.isnan(x) for x in scores[1:])
    assert list(unhashable.mojifix.detect().index.unique()) == [0]
    with pytest.raises(ValueError, match="errors must be"):
        s.mojifix.fix(errors="coerce")


def test_object_column_of_repeated_values_is_repaired_by_value() -> None:
    """A column that repeats its values takes the by-value path; rows with distinct values take
    the Arrow path: both give what fix gives each value, a lone surrogate included."""
    bad, good = DAMAGED[0][0], CLEAN[0]
    pool = [bad, good, "caf\udce9 Ã©", None, np.nan]
    repeated = pd.Series([pool[i % len(pool)] for i in range(200)], dtype=object)
    distinct = pd.Series([f"{bad} {i}" for i in range(50)], dtype=object)
    for s in (repeated, distinct):
        fixed = s.mojifix.fix()
        assert fixed.dtype == object
        assert same(fixed.tolist(), expected_fix(s))
    out = repeated.mojifix.fix().tolist()
    assert out[0] == mojifix.fix(bad) != bad and out[1] is repeated[1]


@pytest.mark.parametrize(
    "data",
    [[1, 2, 3], [1.5, np.nan], pd.date_range("2024-01-01", periods=2), [True, False]],
    ids=["int", "float", "datetime", "bool"],
)
def test_accessor_on_non_string_series_is_an_attribute_error(data: Any) -> None:
    s = pd.Series(data)
    with pytest.raises(AttributeError, match=r"Can only use \.mojifix accessor with string values"):
        s.mojifix  # noqa: B018
    assert not hasattr(s, "mojifix")


@pytest.mark.parametrize("dtype", STRING_DTYPES, ids=str)
def test_series_score_and_is_mojibake(dtype: Any) -> None:
    s = pd.Series(values(), dtype=dtype)
    scores = s.mojifix.score()
    assert scores.dtype == "float64"
    expected = [mojifix.score(v) if isinstance(v, str) else math.nan for v in s.tolist()]
    assert np.allclose(scores.to_numpy(), expected, equal_nan=True)
    flags = s.mojifix.is_mojibake()
    assert flags.dtype == bool
    assert flags.tolist() == [isinstance(v, str) and mojifix.is_mojibake(v) for v in s.tolist()]
    assert flags.tolist() == [v in {bad for bad, _ in DAMAGED} for v in s.tolist()]


def test_series_detect_is_one_row_per_finding_indexed_by_label() -> None:
    items = values()
    s = pd.Series(items, index=pd.RangeIndex(100, 100 + len(items), name="row"))
    found = s.mojifix.detect()
    assert list(found.columns) == ["kind", "start", "end", "text", "encoded_as", "decoded_as"]
    assert found.index.name == "row"
    expected = [
        (label, f.kind, f.start, f.end, f.text, f.encoded_as, f.decoded_as)
        for label, v in s.items()
        if isinstance(v, str)
        for f in mojifix.detect(v).findings
    ]
    rows = found.itertuples(index=False)
    got = [(label, *row) for label, row in zip(found.index, rows, strict=True)]
    assert got == expected
    damaged_labels = {label for label, v in s.items() if v in {bad for bad, _ in DAMAGED}}
    assert set(found.index) == damaged_labels
    assert set(found["kind"]) <= set(mojifix.KINDS)


def test_series_fold_calls_fold() -> None:
    s = pd.Series([*CLEAN, None], dtype="str")  # (pandas 2: object, None kept; pandas 3: NaN)
    folded = s.mojifix.fold(casefold=True)
    assert folded.dtype == s.dtype
    missing = s.iloc[-1]
    assert same(folded.tolist(), [mojifix.fold(v, casefold=True) for v in CLEAN] + [missing])


def test_apply_and_map_work_too() -> None:
    s = pd.Series([bad for bad, _ in DAMAGED] + [None])
    assert same(s.map(mojifix.fix, na_action="ignore").tolist(), s.mojifix.fix().tolist())
    assert s.dropna().apply(mojifix.fix).tolist() == [good for _, good in DAMAGED]


def test_dataframe_fix_all_string_columns_by_default() -> None:
    items = values()
    df = pd.DataFrame(
        {
            "id": range(len(items)),
            "text": pd.Series(items, dtype="str"),
            "title": pd.Series(items, dtype=object),
            "mixed": pd.Series([*items[:-1], 3], dtype=object),
        }
    )
    fixed = df.mojifix.fix()
    assert fixed.dtypes.equals(df.dtypes)
    assert fixed["id"].equals(df["id"])
    assert same(fixed["text"].tolist(), expected_fix(df["text"]))
    assert same(fixed["title"].tolist(), expected_fix(df["title"]))
    assert fixed["mixed"].tolist() == df["mixed"].tolist()  # mixed columns only on request
    assert same(df.mojifix.fix(["mixed"])["mixed"].tolist(), expected_fix(df["mixed"]))
    assert df["text"].tolist() == pd.Series(items, dtype="str").tolist()  # input untouched
    with pytest.raises(KeyError, match="no column 'body'"):
        df.mojifix.fix(["body"])
    with pytest.raises(TypeError, match="column 'id' has dtype int64"):
        df.mojifix.fix(["id"])


def test_dataframe_report() -> None:
    bad, good = DAMAGED[0]
    df = pd.DataFrame(
        {
            "text": [bad, bad, good, None, DAMAGED[1][0]],
            "clean": ["a", "b", "c", "d", "e"],
            "n": [1, 2, 3, 4, 5],
        }
    )
    report = df.mojifix.report(examples=1)
    assert list(report.index) == ["text", "clean"]
    assert report.loc["text", "rows"] == 4
    assert report.loc["text", "damaged"] == 3
    assert report.loc["text", "share"] == pytest.approx(0.75)
    assert report.loc["text", "examples"] == [bad]
    kinds = {
        kind for v in (bad, DAMAGED[1][0]) for kind in (f.kind for f in mojifix.detect(v).findings)
    }
    assert kinds
    for kind in mojifix.KINDS:
        assert report.loc["text", kind] == sum(
            kind in {f.kind for f in mojifix.detect(v).findings} for v in df["text"].dropna()
        )
    assert report.loc["clean", "damaged"] == 0
    assert report.loc["clean", "examples"] == []


CHECK = """
    s = pd.Series(["CafÃ©", None])
    assert s.mojifix.fix().isna().tolist() == [False, True]
    assert "mojifix" in pd.DataFrame._accessors and "mojifix" in pd.Series._accessors
    import importlib.machinery
    assert isinstance(pd.__loader__, importlib.machinery.SourceFileLoader), pd.__loader__
    assert pd.__spec__.loader is pd.__loader__
    print("ok")
"""

# Each script runs in a fresh interpreter; CHECK is appended to each.
IMPORT_ORDERS = {
    "mojifix.pandas-then-pandas": """
        import mojifix.pandas
        import pandas as pd
    """,
    "pandas-then-mojifix.pandas": """
        import pandas as pd
        import mojifix.pandas
    """,
    "mojifix.integrations.pandas": """
        import pandas as pd
        import mojifix.integrations.pandas
    """,
}


def test_import_mojifix_has_no_side_effects() -> None:
    """``import mojifix`` leaves the import system, exit hooks and pandas alone."""
    code = textwrap.dedent(
        """
        import atexit, sys
        finders = list(sys.meta_path)
        exit_hooks = atexit._ncallbacks()
        import mojifix
        assert sys.meta_path == finders, sys.meta_path
        assert atexit._ncallbacks() == exit_hooks, "import mojifix registered an atexit hook"
        assert "pandas" not in sys.modules, "import mojifix imported pandas"
        import pandas as pd
        assert "mojifix" not in pd.Series._accessors, "registered without import mojifix.pandas"
        import mojifix.pandas
        assert "mojifix" in pd.Series._accessors and "mojifix" in pd.DataFrame._accessors
        print("ok")
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


@pytest.fixture(scope="module")
def import_runs() -> dict[str, subprocess.Popen[str]]:
    """Start every import-order script at once (each imports pandas: about a second of CPU)."""
    return {
        name: subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(code) + textwrap.dedent(CHECK)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, code in IMPORT_ORDERS.items()
    }


@pytest.mark.parametrize("order", list(IMPORT_ORDERS))
def test_accessor_registered_in_any_import_order(
    import_runs: dict[str, subprocess.Popen[str]], order: str
) -> None:
    stdout, stderr = import_runs[order].communicate(timeout=120)
    assert import_runs[order].returncode == 0, stderr
    assert stdout.strip() == "ok"


def test_categorical_fix_repairs_categories_and_merges_duplicates() -> None:
    bad, good = DAMAGED[0]
    s = pd.Series([bad, good, None, "x", bad], dtype="category", name="c")
    fixed = s.mojifix.fix()
    assert isinstance(fixed.dtype, pd.CategoricalDtype)
    assert same(fixed.tolist(), [good, good, math.nan, "x", good])
    assert sorted(fixed.cat.categories) == sorted({good, "x"})
    only_bad = pd.Series([bad, None], dtype=pd.CategoricalDtype([bad, "z"], ordered=True))
    renamed = only_bad.mojifix.fix()
    assert renamed.cat.categories.tolist() == [good, "z"] and renamed.cat.ordered
    assert s.mojifix.is_mojibake().tolist() == [True, False, False, False, True]
    with pytest.raises(AttributeError, match="Can only use"):
        pd.Series([1, 2], dtype="category").mojifix  # noqa: B018
