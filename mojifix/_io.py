"""File formats, compression and safe (atomic) output for the command line.

Everything here is about *bytes on disk*, not about mojibake:

- :func:`guess_format` maps a file name to one of :data:`FORMATS` (``text``, ``jsonl``,
  ``csv``, ``tsv``, ``parquet``), looking through a ``.gz``/``.zst`` suffix.
- :func:`open_input` opens a path (or ``-`` for stdin) for binary reading, decompressing
  ``.gz`` (standard library) and ``.zst`` (needs the ``zstandard`` package).
- :class:`AtomicOutput` writes to a temporary file in the destination folder and
  ``os.replace``-s it onto the final name only when the run completed: an interrupted run
  never leaves a half-written file under the final name.
- :func:`refuse_same_file` stops a run whose output would overwrite one of its inputs.

>>> guess_format("corpus.jsonl.gz")
'jsonl'
>>> guess_format("table.TSV")
'tsv'
>>> compression_of("corpus.jsonl.gz")
'gz'
"""

from __future__ import annotations

import contextlib
import gzip
import io
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, BinaryIO

FORMATS = ("text", "jsonl", "csv", "tsv", "parquet")

#: File name suffix -> format.  ``.ndjson`` and ``.jsonl`` are the same thing (one JSON value
#: per line); anything unknown is treated as plain text by the caller only if asked to.
SUFFIX_FORMATS = {
    ".txt": "text",
    ".text": "text",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".parquet": "parquet",
    ".pq": "parquet",
}

COMPRESSIONS = {".gz": "gz", ".zst": "zst", ".zstd": "zst"}

#: Prefix and suffix of the temporary files next to an output; a SIGKILL-ed run may leave one.
TMP_PREFIX = ".mojifix-"
TMP_SUFFIX = ".tmp"


class UsageError(Exception):
    """Bad arguments or unusable input/output: the CLI prints the message and exits with 2."""


def compression_of(name: str) -> str | None:
    """The compression implied by a file name: ``"gz"``, ``"zst"`` or ``None``.

    >>> compression_of("a.txt") is None
    True
    >>> compression_of("a.txt.zst")
    'zst'
    """
    return COMPRESSIONS.get(Path(name).suffix.lower())


def guess_format(name: str) -> str | None:
    """The format implied by a file name, looking through a compression suffix.

    Returns ``None`` when the suffix is unknown (the caller decides: error or ``--format``).

    >>> guess_format("notes.txt")
    'text'
    >>> guess_format("dump.ndjson")
    'jsonl'
    >>> guess_format("data.bin") is None
    True
    """
    path = Path(name)
    if compression_of(name):
        path = path.with_suffix("")
    return SUFFIX_FORMATS.get(path.suffix.lower())


def _zstandard() -> object:
    try:
        import zstandard
    except ImportError:
        raise UsageError(
            "reading or writing .zst files needs the 'zstandard' package: "
            "pip install 'mojifix[zstd]' (or pip install zstandard)"
        ) from None
    return zstandard


def open_input(name: str) -> tuple[BinaryIO, BinaryIO]:
    """Open ``name`` (``-`` is stdin) for reading bytes, decompressing ``.gz``/``.zst``.

    Returns ``(stream, raw)``: read the data from ``stream``; ``raw.tell()`` is the position
    in the file on disk (for the progress bar).  Close ``raw`` when done.  A missing or
    unreadable file raises :class:`UsageError` with the reason.
    """
    if name == "-":
        return sys.stdin.buffer, sys.stdin.buffer
    if os.path.isdir(name):
        raise UsageError(f"cannot read {name}: it is a directory")
    try:
        raw: BinaryIO = open(name, "rb")  # noqa: SIM115  (closed by the caller)
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from None
    comp = compression_of(name)
    if comp == "gz":
        return gzip.GzipFile(fileobj=raw, mode="rb"), raw  # type: ignore[return-value]
    if comp == "zst":
        zstd = _zstandard()
        reader = zstd.ZstdDecompressor().stream_reader(raw, closefd=False)  # type: ignore[attr-defined]
        return io.BufferedReader(reader), raw
    return raw, raw


def input_size(name: str) -> int | None:
    """Size in bytes of a regular input file (for the progress bar), else ``None``."""
    if name == "-":
        return None
    try:
        st = os.stat(name)
    except OSError:
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def refuse_same_file(output: str, inputs: list[str]) -> None:
    """Raise :class:`UsageError` when ``output`` is one of ``inputs`` (mojifix never
    overwrites its input)."""
    if output == "-":
        return
    for name in inputs:
        if name != "-" and _same_file(output, name):
            raise UsageError(
                f"refusing to overwrite the input {name} with the output {output}: "
                "write to another file, then move it over the original if you are sure"
            )


def _link_chain(name: str) -> Iterator[str]:
    """*name*, then each path its symbolic links lead to (folders' links resolved), at most 40
    (the kernel's own limit on links followed)."""
    path = os.path.abspath(name)
    for _ in range(40):
        folder, base = os.path.split(path)
        path = os.path.join(os.path.realpath(folder), base)
        yield path
        if not os.path.islink(path):
            return
        path = os.path.join(os.path.dirname(path), os.readlink(path))


def _through_proc(name: str) -> bool:
    """Whether the path *name*, or a symbolic link on the way to its target, is in ``/proc``
    (``/dev/stdout`` -> ``/proc/self/fd/1``): a name for an open file, not a place on disk.

    >>> _through_proc("/dev/stdout"), _through_proc("/tmp/out.txt")
    (True, False)
    """
    return any(path == "/proc" or path.startswith("/proc/") for path in _link_chain(name))


def own_descriptor(name: str) -> int | None:
    """The file descriptor of this process that *name* stands for (``/dev/stdout``,
    ``/dev/fd/3``, ``/proc/self/fd/1``, or a link to one of them), or ``None``.

    >>> own_descriptor("/dev/stdout"), own_descriptor("/dev/fd/2"), own_descriptor("out.txt")
    (1, 2, None)
    """
    prefixes = ("/proc/self/fd/", f"/proc/{os.getpid()}/fd/")
    for path in _link_chain(name):
        for prefix in prefixes:
            if path.startswith(prefix) and path[len(prefix) :].isdigit():
                return int(path[len(prefix) :])
    return None


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


class AtomicOutput:
    """A binary output file that appears under its final name only when complete.

    Data goes to ``.mojifix-XXXX.tmp`` in the destination folder; :meth:`commit` (called
    by ``__exit__`` when no exception is pending) ``os.replace``-s it onto the final name;
    any exception (including ``KeyboardInterrupt`` and the ``SystemExit`` raised by the
    CLI's SIGTERM handler) removes the temporary file instead.  ``-`` is stdout, and an
    existing non-regular file (``/dev/null``, a FIFO) is written in place.

    A symbolic link is written through, never replaced: the temporary file goes beside the
    link's target and replaces the target.  A link that leads through ``/proc`` (``/dev/stdout``
    is one: ``/proc/self/fd/1``) names an open file, not a place on disk: a descriptor of this
    process is written to as it is (``-o /dev/stdout >> log`` appends), another is opened in
    place.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> with AtomicOutput(os.path.join(d, "out.txt")) as f:
    ...     _ = f.write(b"done")
    >>> open(os.path.join(d, "out.txt"), "rb").read()
    b'done'
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._tmp: str | None = None
        self._final = name  # where the temporary file goes: the name, or a link's target
        self._raw: IO[bytes] | None = None
        self.stream: IO[bytes]
        if name == "-":
            self.stream = sys.stdout.buffer
            return
        descriptor = own_descriptor(name)
        if descriptor is not None:
            try:
                self._raw = open(os.dup(descriptor), "wb", closefd=True)  # noqa: SIM115
            except OSError as exc:
                raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None
            self.stream = self._layers(self._raw)
            return
        path = Path(name)
        if path.is_symlink() and not _through_proc(name):
            path = Path(os.path.realpath(name))  # the link stays; its target is replaced
        try:
            st = path.stat()
        except FileNotFoundError:
            st = None
        except OSError as exc:  # e.g. NotADirectoryError: a parent is a file
            raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise UsageError(f"cannot write {name}: it is a directory")
        if (st is not None and not stat.S_ISREG(st.st_mode)) or _through_proc(name):
            try:
                self._raw = open(name, "wb")  # noqa: SIM115
            except OSError as exc:
                raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None
        else:
            folder = path.parent if str(path.parent) else Path(".")
            try:
                handle = tempfile.NamedTemporaryFile(  # noqa: SIM115
                    dir=folder, prefix=TMP_PREFIX, suffix=TMP_SUFFIX, delete=False
                )
            except OSError as exc:
                raise UsageError(f"cannot write {name}: {exc.strerror or exc}") from None
            self._tmp = handle.name
            self._final = str(path)
            self._raw = handle
        assert self._raw is not None
        self.stream = self._layers(self._raw)

    def _layers(self, raw: IO[bytes]) -> IO[bytes]:
        """The compression layer the output's name asks for (``.gz``, ``.zst``), if any."""
        comp = compression_of(self.name)
        if comp == "gz":
            return gzip.GzipFile(fileobj=raw, mode="wb", mtime=0)  # type: ignore[return-value]
        if comp == "zst":
            zstd = _zstandard()
            return zstd.ZstdCompressor().stream_writer(raw, closefd=False)  # type: ignore[attr-defined,no-any-return]
        return raw

    def __enter__(self) -> IO[bytes]:
        return self.stream

    def commit(self) -> None:
        """Flush, close and move the temporary file onto the final name."""
        if self.name == "-":
            self.stream.flush()
            return
        assert self._raw is not None
        if self.stream is not self._raw:
            self.stream.close()
        self._raw.flush()
        if self._tmp is not None:
            os.fsync(self._raw.fileno())
        self._raw.close()
        if self._tmp is not None:
            os.chmod(self._tmp, 0o666 & ~_current_umask())
            os.replace(self._tmp, self._final)
            self._tmp = None

    def abort(self) -> None:
        """Close and delete the temporary file (the final name is left untouched)."""
        if self._raw is not None:
            with contextlib.suppress(OSError):
                self._raw.close()
        if self._tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._tmp)
            self._tmp = None

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            try:
                self.commit()
            except BaseException:
                self.abort()
                raise
        else:
            self.abort()
