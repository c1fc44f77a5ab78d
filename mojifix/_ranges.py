"""``--jobs N`` on a plain text or JSONL file: workers read byte ranges of the file themselves.

The generic ``--jobs`` path (:func:`mojifix.cli.ordered_map` over chunks of records) has the
main process read every line, pickle it to a worker, unpickle one :class:`~mojifix._work.Outcome`
per record and write it: about 1.7 s of CPU per 200 MB in the main process, taken from the
workers on a 2-core machine.  When the input is an uncompressed regular file, the main
process only cuts it into :func:`line_ranges` (byte ranges ending just after a newline,
found with a few small reads) and writes what comes back; each worker reads its range with
one ``read``, processes its lines with :func:`mojifix._work.transform_record` (the function
the other paths use, so the bytes written are the same) and returns one ``bytes`` object
for the whole range plus the few malformed records (:class:`RangeResult`).

Line numbers are counted by the main process (a worker does not know how many lines came
before its range): malformed records carry their index in the range, byte offsets are
absolute.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "in.txt")
>>> with open(path, "wb") as f:
...     _ = f.write(b"one\\ntwo\\r\\ncaf\\xe9\\nlast")
>>> spans = list(line_ranges(path, 6))
>>> spans
[(0, 9), (9, 18)]
>>> from mojifix._work import Job
>>> result = run_range(Job(action="fix", fmt="text"), path, file_identity(path), None, spans[1])
>>> result.output, result.records, result.malformed
(b'caf\\xe9\\nlast', 2, [(0, 9, 'not valid UTF-8 at byte offset 12 (byte 0xE9)', 0, 5)])
"""

from __future__ import annotations

import io
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass

from mojifix._io import UsageError, compression_of
from mojifix._work import CHANGED, MALFORMED, MAX_KEYS, Job, Record, run_chunk

#: Bytes read at a time while looking for the newline that ends a range.
_PROBE = 1 << 16


@dataclass
class RangeResult:
    """What a worker sends back for one byte range.

    ``output`` is every record's output in order (malformed records as they were, so that
    ``--on-error skip`` and ``fail`` can cut around them); ``malformed`` lists
    ``(index of the record in the range, byte offset in the file, error, start, end)``
    where ``output[start:end]`` is that record.
    """

    output: bytes
    records: int
    changed: int
    malformed: list[tuple[int, int, str, int, int]]
    end: int  # byte offset in the file after the range (for the progress bar)
    spill: str | None = None  # the file holding ``output`` when it was not sent back
    present: frozenset[str] = frozenset()  # JSONL: the job's fields some record here has
    keys: tuple[str, ...] = ()  # JSONL: top-level keys of records that lack a field

    def take_output(self) -> bytes:
        """The range's output, read from (and removing) the spill file if there is one."""
        if self.spill is None:
            return self.output
        with open(self.spill, "rb") as f:
            data = f.read()
        os.unlink(self.spill)
        self.spill = None
        return data


class InputChanged(UsageError):
    """The input file was replaced while the workers were reading it (the CLI exits with 2)."""


def file_identity(path: str) -> tuple[int, int]:
    """``(device, inode)`` of *path*: workers check that they read the file the main
    process split (a file replaced under the same name would silently mix two inputs)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino


def splittable(name: str, fmt: str) -> bool:
    """Whether ``name`` can be read in byte ranges: an uncompressed regular file of lines.

    Stdin, pipes, FIFOs, ``.gz``/``.zst`` files and CSV (whose quoted fields may span lines)
    go through the record-by-record path.

    >>> splittable("-", "jsonl"), splittable(__file__, "csv"), splittable(__file__, "text")
    (False, False, True)
    """
    if name == "-" or fmt not in ("text", "jsonl") or compression_of(name):
        return False
    try:
        return stat.S_ISREG(os.stat(name).st_mode)
    except OSError:
        return False


def line_ranges(path: str, size: int) -> Iterator[tuple[int, int]]:
    r"""Cut *path* into ``(start, end)`` byte ranges of about *size* bytes, each ending just
    after a ``\n`` (or at the end of the file), so that no line is split.

    The file's length is taken once, at the start.  A line longer than *size* makes a
    longer range; it is looked for in ``_PROBE``-byte reads, never read whole here.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.txt")
    >>> with open(path, "wb") as f:
    ...     _ = f.write(b"a\n" * 5 + b"long line\n" + b"end")
    >>> list(line_ranges(path, 4))
    [(0, 4), (4, 8), (8, 20), (20, 23)]
    """
    with open(path, "rb") as f:
        total = os.fstat(f.fileno()).st_size
        start = 0
        while start < total:
            end = start + size
            if end >= total:
                yield start, total
                return
            # the range ends after the first newline at or after byte end - 1
            pos = end - 1
            f.seek(pos)
            while True:
                block = f.read(_PROBE)
                if not block:
                    end = total
                    break
                newline = block.find(b"\n")
                if newline >= 0:
                    end = min(pos + newline + 1, total)
                    break
                pos += len(block)
            yield start, end
            start = end


def run_range(
    job: Job,
    path: str,
    identity: tuple[int, int],
    spill_dir: str | None,
    span: tuple[int, int],
) -> RangeResult:
    """Process the lines of ``path[start:end]`` (a worker's unit of work).

    With a *spill_dir*, the output is written to a file there instead of being pickled back
    through the pool's pipe: the main process then reads it with one ``read`` (sending
    200 MB through the pipe cost the main process ~0.6 s more CPU than that, measured with
    a no-op transform).
    """
    start, end = span
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if (st.st_dev, st.st_ino) != identity:
            raise InputChanged(f"{path} was replaced while it was being read: run again")
        f.seek(start)
        data = f.read(end - start)
    pieces: list[bytes] = []
    malformed: list[tuple[int, int, str, int, int]] = []
    changed = 0
    offset = start
    written = 0
    index = -1
    present: set[str] = set()
    keys: dict[str, None] = {}
    lines: list[Record] = []
    for index, line in enumerate(io.BytesIO(data)):  # splits after b"\n" only, like a file
        lines.append((index, offset, line))
        offset += len(line)
    for index, outcome in enumerate(run_chunk(job, lines)):
        out = outcome.output
        assert isinstance(out, bytes)
        if outcome.status == MALFORMED:
            malformed.append(
                (index, outcome.offset, outcome.error or "", written, written + len(out))
            )
        else:
            if outcome.status == CHANGED:
                changed += 1
            if len(present) < len(job.fields):
                present.update(f for f in job.fields if f not in outcome.absent)
            if outcome.keys and len(keys) < MAX_KEYS:
                keys.update(dict.fromkeys(outcome.keys))
        pieces.append(out)
        written += len(out)
    output = b"".join(pieces)
    seen = frozenset(present), tuple(keys)[:MAX_KEYS]
    if spill_dir is None:
        return RangeResult(output, index + 1, changed, malformed, end, None, *seen)
    fd, spill = tempfile.mkstemp(dir=spill_dir, suffix=f"-{start}")
    with open(fd, "wb") as spill_file:
        spill_file.write(output)
    return RangeResult(b"", index + 1, changed, malformed, end, spill, *seen)


#: The prefix of the folders where workers leave the output of their ranges
#: (``$TMPDIR/mojifix-XXXX``), and the file in each that names the process that made it.
SPILL_PREFIX = "mojifix-"
SPILL_OWNER = "owner.pid"


def make_spill_folder() -> str:
    """A new spill folder in the temporary directory, with this process's id in its
    :data:`SPILL_OWNER` file, after removing the folders of runs that were killed
    (:func:`remove_abandoned_spill_folders`).

    >>> folder = make_spill_folder()
    >>> open(os.path.join(folder, SPILL_OWNER)).read() == f"{os.getpid()}\\n"
    True
    >>> import shutil; shutil.rmtree(folder)
    """
    remove_abandoned_spill_folders(tempfile.gettempdir())
    folder = tempfile.mkdtemp(prefix=SPILL_PREFIX)
    with open(os.path.join(folder, SPILL_OWNER), "w", encoding="ascii") as fh:
        fh.write(f"{os.getpid()}\n")
    return folder


def remove_abandoned_spill_folders(tmpdir: str) -> list[str]:
    """Remove the spill folders in *tmpdir* whose owner process is gone, and return them.

    A run removes its own folder when it ends, even on an error or Ctrl-C; only a run killed
    outright (SIGKILL, the out-of-memory killer) leaves one behind, with partial output of
    up to the whole input in it.  A folder is removed only when it is this user's, names its
    owner in :data:`SPILL_OWNER` and no process with that id exists (on POSIX systems; a
    reused process id keeps the folder until that process ends too).

    >>> import shutil
    >>> tmp = tempfile.mkdtemp()
    >>> dead = os.path.join(tmp, SPILL_PREFIX + "dead")
    >>> os.mkdir(dead)
    >>> with open(os.path.join(dead, SPILL_OWNER), "w") as fh:
    ...     _ = fh.write("999999999\\n")
    >>> remove_abandoned_spill_folders(tmp) == [dead]
    True
    >>> shutil.rmtree(tmp)
    """
    if os.name != "posix":
        return []  # (os.kill(pid, 0) is not an existence test on Windows)
    removed = []
    try:
        entries = list(os.scandir(tmpdir))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.startswith(SPILL_PREFIX):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or entry.stat().st_uid != os.getuid():
                continue
            with open(os.path.join(entry.path, SPILL_OWNER), encoding="ascii") as fh:
                owner = int(fh.read().strip())
        except (OSError, ValueError):
            continue  # not a spill folder of this version, or not readable: leave it
        if owner <= 0 or _process_exists(owner):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(entry.path)
    return removed


def _process_exists(pid: int) -> bool:
    """Is there a process with id *pid* (POSIX)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or an id we cannot test): keep its folder
    return True
