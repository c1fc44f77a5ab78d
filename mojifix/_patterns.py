"""Compiled regular expressions, kept on disk between processes.

The detector builds its large patterns from the encoding tables the first time they are
needed (the gate of :func:`mojifix.detect._gates` alone is a pattern of about 200,000
characters: 5,692 anchor characters and their branches), and Python's :mod:`re` parses and
compiles patterns in pure Python: about 1.1 s in every new process.  That is most of the
start-up of the command line (0.4 s of imports, 1.3 s of first use), of each ``--jobs``
worker that is not forked from a warmed-up parent, and of each Dask or datatrove worker.

:func:`compile` keeps what ``re`` compiles a pattern *to* (the code of CPython's ``_sre``
engine: a list of integers, and the group names) in one file per Python version and engine,
and rebuilds the pattern object from it with ``_sre.compile``, as ``re`` itself does
last, in milliseconds.  It is a cache in the sense of ``__pycache__``: keyed by the
pattern's text and flags (a SHA-256), by mojifix's version, by the interpreter
(``sys.implementation.cache_tag``) and by the engine's ``_sre.MAGIC``; anything unexpected
(another Python implementation, an engine whose internals moved, a damaged or unreadable
file, a code list the engine's own validator rejects) falls back to :func:`re.compile`, so
the cache can only cost time, never change a result.  ``tests/test_patterns.py`` checks that
a pattern rebuilt from the cache matches like the one ``re`` compiles.

Where it lives: ``platformdirs.user_cache_dir("mojifix")`` (``~/.cache/mojifix`` on Linux),
or the folder in the environment variable ``MOJIFIX_CACHE_DIR``; ``MOJIFIX_CACHE_DIR=""``
turns the cache off (nothing is read or written).  New entries are written at the end of
:func:`mojifix._work.warm_up` and at interpreter exit, atomically
(:class:`mojifix._io.AtomicOutput`: a temporary file and ``os.replace``; two processes writing
at once lose at most the other's new entries, which are compiled again next time).

>>> import re
>>> compile("[a-c]+(?P<tail>x)?").fullmatch("abcx").group("tail")
'x'
>>> compile(b"[\\x80-\\xff]").search(b"ab\\xe9").start()
2
"""

from __future__ import annotations

import array
import atexit
import functools
import hashlib
import importlib
import marshal
import os
import re
import sys
from pathlib import Path
from typing import Any, AnyStr

from mojifix._version import __version__

try:  # CPython's engine and compiler; the module names moved in 3.11
    import _sre

    try:
        _sre_compiler = importlib.import_module("re._compiler")
        _sre_parser = importlib.import_module("re._parser")
    except ImportError:  # Python 3.10
        _sre_compiler = importlib.import_module("sre_compile")
        _sre_parser = importlib.import_module("sre_parse")
    _ENGINE: str | None = (
        f"{sys.implementation.cache_tag}-sre{_sre.MAGIC}-{_sre.CODESIZE}"
        if sys.implementation.name == "cpython" and _sre.CODESIZE == 4
        else None
    )
except ImportError:  # another Python: re.compile every time
    _ENGINE = None

#: The environment variable that moves the cache (or, set to "", turns it off).
CACHE_ENV = "MOJIFIX_CACHE_DIR"

#: What a pattern compiles to: ``(flags, code as 32-bit integers, groups, groupindex,
#: indexgroup)``, the arguments of ``_sre.compile`` after the pattern itself.
_Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]

#: A file that holds more entries than this (patterns of code that has changed since: an
#: editable install keeps its version number) is rewritten with only the entries this process
#: used.  The detector has about 450 patterns.
MAX_ENTRIES = 2000

_loaded: dict[bytes, _Entry] | None = None  # the file's entries (read on first use)
_new: dict[bytes, _Entry] = {}  # entries compiled in this process, not yet written
_used: set[bytes] = set()  # keys looked up in this process (for MAX_ENTRIES)
_exit_hook = False


def cache_file() -> Path | None:
    """The cache file for this interpreter and engine, or ``None`` when the cache is off.

    >>> import os
    >>> old = os.environ.get(CACHE_ENV)
    >>> os.environ[CACHE_ENV] = ""
    >>> cache_file() is None
    True
    >>> os.environ[CACHE_ENV] = "/tmp/x"
    >>> cache_file().parent.as_posix() if _ENGINE else "/tmp/x"
    '/tmp/x'
    >>> _ = os.environ.pop(CACHE_ENV) if old is None else os.environ.update({CACHE_ENV: old})
    """
    if _ENGINE is None:
        return None
    return _cache_file_in(os.environ.get(CACHE_ENV))


@functools.lru_cache(maxsize=8)
def _cache_file_in(folder: str | None) -> Path | None:
    """:func:`cache_file` for the value of :data:`CACHE_ENV` (memoised: :func:`compile` asks
    for every pattern, and ``platformdirs`` took ~30 µs a call, 14 ms of each start-up)."""
    if folder is None:
        import platformdirs

        folder = platformdirs.user_cache_dir("mojifix", appauthor=False)
    elif not folder:
        return None
    return Path(folder) / f"patterns-{__version__}-{_ENGINE}.marshal"


def _key(pattern: str | bytes, flags: int) -> bytes:
    data = pattern.encode("utf-8", "surrogatepass") if isinstance(pattern, str) else pattern
    kind = b"s" if isinstance(pattern, str) else b"b"
    return hashlib.sha256(kind + flags.to_bytes(4, "little") + data).digest()


def _entries() -> dict[bytes, _Entry]:
    global _loaded
    if _loaded is None:
        _loaded = {}
        path = cache_file()
        if path is not None:
            try:
                data = marshal.loads(path.read_bytes())
                if isinstance(data, dict):
                    _loaded = data
            except (OSError, EOFError, ValueError, TypeError):
                pass  # no cache yet, or a damaged one: compiled again and rewritten
    return _loaded


def compile(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, from the disk cache when it holds the pattern."""
    if _ENGINE is None or cache_file() is None:
        return re.compile(pattern, flags)
    key = _key(pattern, flags)
    _used.add(key)
    entry = _entries().get(key) or _new.get(key)
    if entry is not None:
        try:
            return _rebuild(pattern, entry)
        except Exception:  # any trouble: compile it as re would
            pass
    try:
        compiled, entry = _compile_with_code(pattern, flags)
    except Exception:  # an engine whose internals moved
        return re.compile(pattern, flags)
    _new[key] = entry
    _at_exit()
    return compiled


def _rebuild(pattern: AnyStr, entry: _Entry) -> re.Pattern[AnyStr]:
    flags, code, groups, groupindex, indexgroup = entry
    words = array.array("I")
    words.frombytes(code)
    rebuilt: re.Pattern[AnyStr] = _sre.compile(
        pattern, flags, words.tolist(), groups, groupindex, indexgroup
    )
    return rebuilt


def _compile_with_code(pattern: AnyStr, flags: int) -> tuple[re.Pattern[AnyStr], _Entry]:
    """What ``re._compiler.compile`` does, keeping the code it hands to ``_sre.compile``."""
    if isinstance(flags, re.RegexFlag):
        flags = flags.value
    parsed: Any = _sre_parser.parse(pattern, flags)
    code = _sre_compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    entry: _Entry = (
        flags | parsed.state.flags,
        array.array("I", code).tobytes(),
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )
    return _rebuild(pattern, entry), entry


def save() -> Path | None:
    """Write the entries compiled in this process to the cache file (merged with what it
    holds); the file's path, or ``None`` when there was nothing to write or it could not be
    written (a read-only home, a full disk: the next process compiles again)."""
    global _loaded
    path = cache_file()
    if path is None or not _new:
        return None
    from mojifix._io import AtomicOutput, UsageError  # (the CLI's atomic write; only here)

    merged = dict(_entries())
    merged.update(_new)
    if len(merged) > MAX_ENTRIES:  # stale patterns: keep what this process used
        merged = {key: entry for key, entry in merged.items() if key in _used}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with AtomicOutput(str(path)) as fh:
            fh.write(marshal.dumps(merged))
    except (OSError, UsageError):
        return None
    _loaded = merged
    _new.clear()
    return path


def _at_exit() -> None:
    global _exit_hook
    if not _exit_hook:
        _exit_hook = True
        atexit.register(save)
