"""Helpers shared by the integrations: lazy imports and the per-unique-value kernels.

Every integration works on *unique* values: a column of a million rows usually holds far fewer
distinct strings, and text that is pure ASCII cannot hold mojibake (every kind in
:data:`mojifix.KINDS` needs at least one non-ASCII character), so those values are skipped
without calling the detector. ``str.isascii()`` is O(1) in CPython (the interpreter keeps the
flag), so the check costs nothing once the unique values are known.

>>> fix_unique(["plain", "CafÃ©", None, 3]) == fix_unique(["plain", "CafÃ©", None, 3])
True
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any, Literal

import mojifix
from mojifix import _core

Errors = Literal["ignore", "raise"]
"""What to do with a non-string value: pass it through unchanged, or raise :class:`TypeError`."""

_ERRORS = ("ignore", "raise")


def require(module: str, extra: str) -> ModuleType:
    """Import an optional dependency, or raise an ImportError that says which extra to install.

    >>> require("json", "stdlib").__name__
    'json'
    >>> require("no_such_module_xyz", "pandas")
    Traceback (most recent call last):
    ...
    ImportError: this mojifix integration needs no_such_module_xyz: pip install 'mojifix[pandas]'
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(
            f"this mojifix integration needs {module}: pip install 'mojifix[{extra}]'"
        ) from exc


def check_errors(errors: str) -> None:
    """Reject an unknown ``errors=`` value with a message that lists the valid ones.

    >>> check_errors("raise")
    >>> check_errors("coerce")
    Traceback (most recent call last):
    ...
    ValueError: errors must be 'ignore' or 'raise', not 'coerce'
    """
    if errors not in _ERRORS:
        raise ValueError(f"errors must be 'ignore' or 'raise', not {errors!r}")


def non_string_error(value: object, where: str = "") -> TypeError:
    """The TypeError raised for a non-string value when ``errors="raise"``."""
    place = f" in {where}" if where else ""
    return TypeError(
        f"mojifix can only repair str values, found {type(value).__name__} {value!r}{place}; "
        "convert the column with .astype(str) first or pass errors='ignore' to leave such "
        "values unchanged"
    )


def ascii_unchanged(options: Mapping[str, object]) -> bool:
    """Whether ``mojifix.fix(text, **options)`` leaves every pure-ASCII text as it is.

    Mojibake repair never touches ASCII text, and neither do the ``jis`` variants; the optional
    ftfy clean-ups can (``html=True`` unescapes ``&amp;``, ``control=True`` drops control
    characters), so with any other option switched on no value is skipped.

    >>> ascii_unchanged({"jis": "browser"})
    True
    >>> ascii_unchanged({"html": True})
    False
    """
    return not any(value for key, value in options.items() if key != "jis")


def fix_unique(
    values: Iterable[object], *, errors: Errors = "ignore", where: str = "", **options: Any
) -> dict[str, str]:
    """Repair distinct values; return only those that changed, as ``{original: repaired}``.

    ``options`` are passed to :func:`mojifix.fix`. Missing values (``None``) are skipped; other
    non-strings are skipped too, or raise :class:`TypeError` with ``errors="raise"`` (the
    message says they were found ``where``).

    >>> fix_unique(["ascii only", None])
    {}
    >>> fix_unique(["CafÃ©"])
    {'CafÃ©': 'Café'}
    """
    check_errors(errors)
    changed: dict[str, str] = {}
    fix = mojifix.fix
    skip_ascii = ascii_unchanged(options)
    for value in values:
        if isinstance(value, str):
            if skip_ascii and value.isascii():
                continue
            repaired = fix(value, **options)
            if repaired != value:
                changed[value] = repaired
        elif value is not None and errors == "raise":
            raise non_string_error(value, where)
    return changed


def score_unique(values: Iterable[str]) -> dict[str, float]:
    """Score distinct non-ASCII strings; ASCII strings score 0.0 and are left out.

    >>> score_unique(["ascii only"])
    {}
    """
    score = mojifix.score
    return {value: score(value) for value in values if not value.isascii()}


def strings_array(values: Sequence[object]) -> Any:
    """``values`` as an Arrow ``large_string`` array for the core's batch path, or None when
    that path cannot take them: a value neither ``str`` nor ``None``, a lone surrogate (UTF-8
    cannot hold one), or no pyarrow.

    >>> strings_array(["a", None]).to_pylist()
    ['a', None]
    >>> strings_array(["a", 1]) is None
    True
    """
    try:
        import pyarrow as pa
    except ImportError:  # pragma: no cover - every extra that reaches here installs pyarrow
        return None
    if not all(value is None or type(value) is str for value in values):
        return None
    try:
        return pa.array(values, type=pa.large_string())
    except (UnicodeError, pa.ArrowException):
        return None


def fix_values(values: list[Any], *, threads: int | None = None, **options: Any) -> list[Any]:
    """``values`` repaired as :func:`mojifix.fix` repairs each, in one call of the core (on
    ``threads`` threads, default one a core); non-strings are passed through. Only the changed
    values are new objects; ``values`` itself comes back if none changes.

    >>> fix_values(["CafÃ©", None, "ok", 3])
    ['Café', None, 'ok', 3]
    """
    from mojifix.integrations.arrow import core_options

    core = core_options(options)
    rows = [i for i, value in enumerate(values) if isinstance(value, str)]
    if core is not None:
        try:
            changes = _core.fix_texts([values[i] for i in rows], threads=threads, **core)
        except UnicodeEncodeError:  # a lone surrogate: value by value below
            pass
        else:
            if not changes:
                return values
            fixed = list(values)
            for index, text in changes:
                fixed[rows[index]] = text
            return fixed
    changed = fix_unique(dict.fromkeys(values[i] for i in rows), **options)
    return [changed.get(v, v) if isinstance(v, str) else v for v in values]


def score_values(values: list[Any], *, threads: int | None = None) -> list[float | None]:
    """:func:`mojifix.score` of each value (``None`` for non-strings), in one call of the core.

    >>> score_values(["ok", None, 1])
    [0.0, None, None]
    """
    rows = [i for i, value in enumerate(values) if isinstance(value, str)]
    scores: list[float | None] = [None] * len(values)
    try:
        found = _core.score_texts([values[i] for i in rows], threads=threads)
    except UnicodeEncodeError:  # a lone surrogate
        found = [mojifix.score(values[i]) for i in rows]
    for index, score in zip(rows, found, strict=True):
        scores[index] = score
    return scores
