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
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, Literal

import mojifix

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
