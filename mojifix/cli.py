"""The ``mojifix`` command line: ``decode``, ``fix``, ``fold``, ``scan``, ``eval``.

The speed benchmark is not part of the package: ``python benchmarks/harness.py`` in a source
checkout (``mojifix bench`` says so).

Exit status: 0 success; 1 ``scan --fail-above`` found more damage than allowed; 2 usage or
input/output error (the message says what was wrong and what to do); 130/143 interrupted by
SIGINT/SIGTERM (no output file is left under its final name).

>>> main(["--version"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import csv
import importlib
import io
import itertools
import json
import os
import shutil
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO, TextIO, TypeVar

from mojifix._io import (
    AtomicOutput,
    UsageError,
    guess_format,
    input_size,
    open_input,
    own_descriptor,
    refuse_same_file,
)
from mojifix._ranges import (
    RangeResult,
    file_identity,
    line_ranges,
    make_spill_folder,
    run_range,
    splittable,
)
from mojifix._version import __version__
from mojifix._work import CHANGED, MALFORMED, MAX_KEYS, Job, Outcome, Record, run_chunk, warm_up

_In = TypeVar("_In")
_Out = TypeVar("_Out")

#: Records per chunk handed to a worker process (``--jobs``).
CHUNK_RECORDS = 1000
#: ... or this many bytes of payload, whichever comes first: with 2 KB to 4 KB records a
#: 1,000-record chunk was 2-4 MB, and at the end of a file one worker finished the last big
#: chunk alone while the other idled (``--jobs`` scaling, issue #8).
CHUNK_BYTES = 1 << 20

#: Malformed records listed one by one on stderr before "... and N more".
MAX_LISTED_ERRORS = 20

#: Encoding pairs in the text scan report; the others are counted ("... and N more").
MAX_PAIRS_PRINTED = 10

ON_ERROR = ("keep", "skip", "fail")

UTF8_HINT = (
    "the file is not UTF-8: decode it first (HTML: `mojifix decode FILE -o OUT`; "
    "other text: `iconv -f ENCODING -t UTF-8`), or pass --on-error keep|skip to pass over "
    "such lines"
)


class Terminated(BaseException):
    """Raised in the main process by the SIGTERM handler, so that clean-up code runs."""


# --- parallel map ---------------------------------------------------------------------------


def _start_worker(job: Job | None) -> None:
    """Pool initializer: the parent handles Ctrl-C; build the *job*'s lazy tables now, if
    given (with ``spawn``: after ``fork`` the workers inherit the parent's)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if job is not None:
        warm_up(job)


def ordered_map(
    func: Callable[[_In], _Out],
    chunks: Iterable[_In],
    pool: Any | None,
    jobs: int,
) -> Iterator[_Out]:
    """``map(func, chunks)`` on a process pool, in order, with at most ``4 * jobs`` chunks in
    flight (``Pool.imap`` would read the whole input ahead of the workers: unbounded memory).

    >>> list(ordered_map(len, [[1, 2], [3]], None, 1))
    [2, 1]
    """
    if pool is None:
        yield from map(func, chunks)
        return
    pending: collections.deque[Any] = collections.deque()
    for chunk in chunks:
        pending.append(pool.apply_async(func, (chunk,)))
        if len(pending) >= 4 * jobs:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()


def _chunked(
    records: Iterable[Record], size: int = CHUNK_RECORDS, max_bytes: int = CHUNK_BYTES
) -> Iterator[list[Record]]:
    """Group *records* in chunks of at most *size* records and about *max_bytes* of payload.

    >>> [len(c) for c in _chunked([(n, 0, b"x" * 10) for n in range(5)], size=2)]
    [2, 2, 1]
    >>> [len(c) for c in _chunked([(n, 0, b"x" * 10) for n in range(5)], max_bytes=25)]
    [3, 2]
    """
    chunk: list[Record] = []
    weight = 0
    for record in records:
        chunk.append(record)
        payload = record[2]
        weight += len(payload) if isinstance(payload, bytes) else sum(map(len, map(str, payload)))
        if len(chunk) >= size or weight >= max_bytes:
            yield chunk
            chunk = []
            weight = 0
    if chunk:
        yield chunk


# --- progress -------------------------------------------------------------------------------


class Progress:
    """A tqdm bar on stderr, only when stderr is a terminal and ``--quiet`` is not given.

    It advances with the position in the input file (bytes) or, for stdin, with records.
    Messages printed while it is shown go through :func:`say` (tqdm's own ``write``), so
    that they do not land on the bar's line.
    """

    #: Bars shown now (in this process).
    shown = 0

    def __init__(
        self,
        name: str,
        raw: BinaryIO | None,
        enabled: bool,
        unit: str = "B",
        size: int | None = None,
    ) -> None:
        self.raw = raw
        self.last = 0
        self.bar: Any = None
        if not enabled:
            return
        try:
            from tqdm import tqdm
        except ImportError:  # the [cli] extra is not installed: no bar
            return
        if size is None and raw is not None:
            size = input_size(name)
        self.by_bytes = size is not None
        self.bar = tqdm(
            total=size,
            unit=unit if self.by_bytes else " records",
            unit_scale=True,
            desc=Path(name).name if name != "-" else "stdin",
            delay=0.5,
            leave=False,
            file=sys.stderr,
        )
        Progress.shown += 1

    def update(self, records: int, position: int | None = None) -> None:
        """Advance by *records*, or to the byte *position* (default: where ``raw`` is)."""
        if self.bar is None:
            return
        if self.by_bytes and position is None and self.raw is not None:
            try:
                position = self.raw.tell()
            except (OSError, ValueError):
                return
        if self.by_bytes and position is not None:
            self.bar.update(position - self.last)
            self.last = position
        else:
            self.bar.update(records)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
            Progress.shown -= 1


def say(message: str) -> None:
    """Print a message on stderr; above the progress bar, with tqdm's ``write``, when one is
    shown (a plain ``print`` would continue the bar's line).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     say("mojifix fix: a.txt: line 3: not valid UTF-8")
    >>> err.getvalue()
    'mojifix fix: a.txt: line 3: not valid UTF-8\\n'
    """
    if Progress.shown:
        from tqdm import tqdm

        tqdm.write(message, file=sys.stderr)
    else:
        print(message, file=sys.stderr)


def _progress_enabled(args: argparse.Namespace) -> bool:
    return not args.quiet and sys.stderr.isatty()


# --- reading records ------------------------------------------------------------------------


def _line_records(stream: BinaryIO) -> Iterator[Record]:
    offset = 0
    for number, line in enumerate(stream, start=1):
        yield number, offset, line
        offset += len(line)


#: How much of a CSV file :class:`csv.Sniffer` looks at to guess its dialect.
SNIFF_CHARS = 1024
#: The delimiters the sniffer may choose from (it would otherwise take any character that
#: appears as often on every line of the sample, a letter included).
SNIFF_DELIMITERS = ",;\t|"


class CsvInput:
    """A CSV/TSV file read as rows, remembering its dialect and its rows' text.

    The delimiter and the quote character are sniffed from the first KB with
    :class:`csv.Sniffer`, unless ``--delimiter`` is given (then the quote character is ``"``);
    when the sniffer cannot tell, the format's default (``,`` or tab) is used.
    :attr:`dialect_note` says which was used.  Each row's text is kept as it was read
    (:attr:`raw_rows`, in order), so that the rows nothing changed are written back byte for
    byte; changed rows are written in the same dialect, with their own line terminator, quoting
    every field when every header field was quoted (``QUOTE_ALL``), else only where needed.
    """

    def __init__(
        self, stream: BinaryIO, fmt: str, delimiter: str | None, name: str, keep_raw: bool = False
    ) -> None:
        self.name = name
        self.text = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape", newline="")
        head = self.text.read(SNIFF_CHARS)
        head += self.text.readline()  # whole lines only
        self.bom = head.startswith("\ufeff")  # kept in the output, not part of the header
        head = head.removeprefix("\ufeff")
        self.delimiter, self.quotechar, how = _dialect(head, fmt, delimiter)
        self.dialect_note = (
            f"{name}: CSV delimiter {self.delimiter!r}, quote character {self.quotechar!r} ({how})"
        )
        first = next(iter(io.StringIO(head, newline="")), "")
        self.lineterminator = "\r\n" if first.endswith("\r\n") else "\n"
        stripped = first.rstrip("\r\n")
        cells = stripped.split(self.delimiter) if stripped else []
        q = self.quotechar
        all_quoted = bool(cells) and all(len(c) >= 2 and c[0] == c[-1] == q for c in cells)
        self.quoting = csv.QUOTE_ALL if all_quoted else csv.QUOTE_MINIMAL
        self.keep_raw = keep_raw
        self.raw_rows: collections.deque[str] = collections.deque()
        self._consumed: list[str] = []
        lines = self._lines(itertools.chain(io.StringIO(head, newline=""), self.text))
        self.reader = csv.reader(lines, delimiter=self.delimiter, quotechar=self.quotechar)
        try:
            self.header: list[str] = next(self.reader)
        except StopIteration:
            self.header = []
        except csv.Error as exc:
            raise UsageError(f"{name}: line 1: not readable as CSV: {exc}") from None
        self.header_raw = self._take_raw()

    def _lines(self, lines: Iterable[str]) -> Iterator[str]:
        """The file's lines, each remembered until the row it belongs to is complete (the
        csv reader asks for one more line only while a quoted field is open)."""
        for line in lines:
            self._consumed.append(line)
            yield line

    def _take_raw(self) -> str:
        raw = "".join(self._consumed)
        self._consumed.clear()
        return raw

    def records(self) -> Iterator[Record]:
        reader = self.reader
        start = reader.line_num + 1
        try:
            for row in reader:
                raw = self._take_raw()
                if self.keep_raw:
                    self.raw_rows.append(raw)
                yield start, -1, row
                start = reader.line_num + 1
        except csv.Error as exc:  # e.g. a NUL byte, or an unterminated quote at the end
            raise UsageError(
                f"{self.name}: line {start}: not readable as CSV: {exc}; check --delimiter "
                "and the quoting"
            ) from None

    def header_text(self) -> str:
        """The header line as it was read (with the byte order mark, if the file had one)."""
        return ("\ufeff" if self.bom else "") + self.header_raw

    def row_text(self, row: list[str] | None, raw: str, changed: bool) -> str:
        """What to write for a row: its text as read, or, when it changed, the new row in the
        file's dialect, ended like the row it replaces."""
        if not changed or row is None:
            return raw
        ending = raw[len(raw.rstrip("\r\n")) :] or ""
        out = io.StringIO()
        csv.writer(
            out,
            delimiter=self.delimiter,
            quotechar=self.quotechar,
            quoting=self.quoting,  # type: ignore[arg-type]
            lineterminator=ending,
        ).writerow(row)
        return out.getvalue()

    def detach(self) -> None:
        with contextlib.suppress(ValueError):  # already detached
            self.text.detach()


def _dialect(head: str, fmt: str, delimiter: str | None) -> tuple[str, str, str]:
    r"""``(delimiter, quote character, how they were chosen)`` for a CSV file that starts with
    *head*.

    >>> _dialect('id;name\r\n1;"JosÃ©"\r\n2;MÃ¼ller\r\n', "csv", None)
    (';', '"', 'sniffed from the first KB; --delimiter to choose')
    >>> _dialect("a,b\n1,2\n", "csv", "\t")
    ('\t', '"', 'from --delimiter')
    >>> _dialect("one column\nonly\n", "tsv", None)[0]
    '\t'
    """
    if delimiter:
        return delimiter, '"', "from --delimiter"
    default = "\t" if fmt == "tsv" else ","
    try:
        sniffed = csv.Sniffer().sniff(head, delimiters=SNIFF_DELIMITERS)
    except csv.Error:
        return default, '"', f"the {fmt.upper()} default: the sniffer could not tell"
    return (
        sniffed.delimiter,
        sniffed.quotechar or '"',
        "sniffed from the first KB; --delimiter to choose",
    )


# --- planning inputs and outputs ------------------------------------------------------------


def _format_of(name: str, forced: str | None) -> str:
    if forced:
        return forced
    if name == "-":
        return "text"
    fmt = guess_format(name)
    if fmt is None:
        raise UsageError(
            f"cannot tell the format of {name} from its name; pass --format "
            "text|jsonl|csv|tsv|parquet"
        )
    return fmt


def plan_outputs(inputs: list[str], output: str | None, command: str) -> list[tuple[str, str]]:
    """Pair every input with its output name (``-`` is stdout).

    One input: ``-o`` is the output file (or, if it is an existing directory, a file named
    like the input inside it).  Several inputs: ``-o`` must be an existing directory.
    Without ``-o`` everything goes to stdout.  An output that is also an input is refused.
    """
    if output is None or output == "-":
        return [(name, "-") for name in inputs]
    plan: list[tuple[str, str]] = []
    is_dir = os.path.isdir(output)
    if output.endswith(("/", os.sep)) and not is_dir:
        raise UsageError(f"the output directory {output} does not exist: create it first")
    if len(inputs) > 1 and not is_dir:
        raise UsageError(
            f"with several inputs, -o must be an existing directory (got {output}); "
            f"create it first (mkdir -p {output}) or run `mojifix {command}` once per file"
        )
    for name in inputs:
        if is_dir:
            if name == "-":
                raise UsageError("stdin (-) has no file name: give -o a file name, not a directory")
            plan.append((name, os.path.join(output, Path(name).name)))
        else:
            plan.append((name, output))
    seen: dict[str, str] = {}
    for name, out in plan:
        key = str(Path(out).resolve())
        if key in seen:
            raise UsageError(f"{seen[key]} and {name} would both be written to {out}")
        seen[key] = name
        refuse_same_file(out, inputs)
    return plan


def _fields_for(fmt: str, fields: list[str] | None) -> list[str] | None:
    if fmt == "text":
        if fields:
            raise UsageError("--field/--column apply to JSONL, CSV and Parquet input, not text")
        return None
    if fmt == "jsonl":
        return fields or ["text"]
    return fields  # None: every (string) column


def _csv_columns(
    header: list[str], fields: list[str] | None, name: str
) -> tuple[list[str], list[int]]:
    if not header:
        return [], []
    if not fields:
        return list(header), list(range(len(header)))
    index = {col: i for i, col in enumerate(header)}
    missing = [f for f in fields if f not in index]
    if missing:
        raise UsageError(
            f"{name}: no column {', '.join(map(repr, missing))} in the header; "
            f"columns are: {', '.join(header)}"
        )
    return list(fields), [index[f] for f in fields]


# --- counters and messages ------------------------------------------------------------------


class Tally:
    """What happened to the records of a run; printed as the summary on stderr."""

    def __init__(self, command: str, on_error: str) -> None:
        self.command = command
        self.on_error = on_error
        self.read = 0
        self.changed = 0
        self.kept = 0
        self.skipped = 0
        self.listed = 0

    def malformed(self, input_name: str, outcome: Outcome) -> None:
        """Count (and list on stderr) one malformed record, or stop under ``fail``."""
        where = f"{input_name}: line {outcome.number}"
        if self.on_error == "fail":
            hint = (
                UTF8_HINT
                if "UTF-8" in (outcome.error or "")
                else ("fix the record, or pass --on-error keep|skip to pass over malformed records")
            )
            raise UsageError(f"{where}: {outcome.error}; {hint}")
        if self.on_error == "skip":
            self.skipped += 1
            action = "skipped"
        else:
            self.kept += 1
            action = "kept as-is"
        if self.listed < MAX_LISTED_ERRORS:
            say(f"mojifix {self.command}: {where}: {outcome.error} ({action})")
        self.listed += 1

    def summary(self) -> str:
        text = (
            f"mojifix {self.command}: {plural(self.read, 'record')} read, {self.changed} "
            f"changed, {self.kept} malformed kept as-is, {self.skipped} malformed skipped"
        )
        if self.listed > MAX_LISTED_ERRORS:
            unlisted = plural(self.listed - MAX_LISTED_ERRORS, "malformed record")
            text += f" ({unlisted} not listed above)"
        return text


class FieldPresence:
    """The JSONL fields that no record of an input has had so far.

    A record without a field (or with ``null``) is passed over for that field; a ``--field``
    that *no* record has is a typo, and an error (exit 2) naming the keys the records have.

    >>> presence = FieldPresence("a.jsonl", "jsonl", ["titel"])
    >>> presence.add(Outcome(1, 0, "unchanged", absent=("titel",), keys=("title", "text")))
    >>> presence.check()
    Traceback (most recent call last):
    ...
    mojifix._io.UsageError: a.jsonl: no record has the field 'titel' (1 record read); \
the records' keys are: title, text; choose fields with --field
    """

    def __init__(self, name: str, fmt: str, fields: Iterable[str] | None) -> None:
        self.name = name
        self.missing = dict.fromkeys(fields or ()) if fmt == "jsonl" else {}
        self.keys: dict[str, None] = {}
        self.records = 0

    def _saw(self, present: Iterable[str], keys: Iterable[str], records: int) -> None:
        self.records += records
        for field in present:
            self.missing.pop(field, None)
        if len(self.keys) < MAX_KEYS:
            self.keys.update(dict.fromkeys(keys))

    def add(self, outcome: Outcome) -> None:
        """Note the fields of one record (malformed records do not count)."""
        if self.missing and outcome.status != MALFORMED:
            present = [f for f in self.missing if f not in outcome.absent]
            self._saw(present, outcome.keys, 1)

    def add_range(self, result: RangeResult) -> None:
        """Note the fields of the records of one byte range (``--jobs``)."""
        if self.missing:
            self._saw(result.present, result.keys, result.records - len(result.malformed))

    def check(self) -> None:
        """Raise :class:`UsageError` if a field was in no well-formed record of the input."""
        if not (self.missing and self.records):
            return
        fields = ", ".join(map(repr, self.missing))
        keys = ", ".join(list(self.keys)[:MAX_KEYS]) or "none"
        raise UsageError(
            f"{self.name}: no record has the {plural(len(self.missing), 'field', number=False)} "
            f"{fields} ({plural(self.records, 'record')} read); the records' keys are: {keys}; "
            "choose fields with --field"
        )


def plural(count: int, noun: str, *, number: bool = True) -> str:
    """``"1 record"``, ``"2 records"``; with ``number=False`` only the noun.

    >>> plural(1, "record"), plural(1234, "field"), plural(2, "field", number=False)
    ('1 record', '1234 fields', 'fields')
    """
    word = noun if count == 1 else noun + "s"
    return f"{count} {word}" if number else word


# --- arrow ----------------------------------------------------------------------------------


def _arrow_transform(array: Any, job: Job) -> Any:
    """Apply ``fix``/``fold`` to an Arrow string array (nulls stay null).

    ``fix`` goes through the Arrow kernel ``mojifix.arrow.fix_array``; ``fold`` through a
    plain loop.
    """
    import pyarrow as pa

    if job.action == "fix":
        from mojifix.arrow import fix_array

        return fix_array(array)
    from mojifix.fold import fold

    func = partial(fold, profile=job.profile, casefold=job.casefold)
    return pa.array([None if v is None else func(v) for v in array.to_pylist()], type=array.type)


def _parquet_columns(schema: Any, fields: list[str] | None, name: str) -> list[str]:
    import pyarrow as pa

    def is_text(t: Any) -> bool:
        if pa.types.is_dictionary(t):
            t = t.value_type
        view = getattr(pa.types, "is_string_view", lambda _: False)
        return bool(pa.types.is_string(t) or pa.types.is_large_string(t) or view(t))

    if not fields:
        return [f.name for f in schema if is_text(f.type)]
    for field in fields:
        if field not in schema.names:
            raise UsageError(f"{name}: no column {field!r}; columns are: {', '.join(schema.names)}")
        if not is_text(schema.field(field).type):
            raise UsageError(
                f"{name}: column {field!r} has type {schema.field(field).type}, not string; "
                "choose string columns with --column"
            )
    return list(fields)


def _open_parquet(name: str) -> Any:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError("Parquet needs pyarrow: pip install 'mojifix[arrow]'") from None
    if name == "-":
        raise UsageError("Parquet cannot be read from stdin: give a file name")
    try:
        return pq.ParquetFile(name)
    except FileNotFoundError:
        raise UsageError(f"cannot read {name}: no such file") from None
    except Exception as exc:  # pyarrow raises ArrowInvalid & co.
        raise UsageError(f"cannot read {name} as Parquet: {exc}") from None


def _transform_parquet(
    name: str, out: str, job: Job, fields: list[str] | None, tally: Tally, args: argparse.Namespace
) -> None:
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    if out == "-":
        raise UsageError("Parquet output cannot go to stdout: give -o FILE.parquet")
    pf = _open_parquet(name)
    schema = pf.schema_arrow
    columns = _parquet_columns(schema, fields, name)
    compression = "snappy"
    if pf.metadata.num_row_groups and pf.metadata.num_columns:
        compression = str(pf.metadata.row_group(0).column(0).compression).lower()
        if compression == "uncompressed":
            compression = "none"
    progress = Progress(name, None, _progress_enabled(args))
    if progress.bar is not None:
        progress.bar.total = pf.metadata.num_rows
    with AtomicOutput(out) as stream:
        writer = pq.ParquetWriter(stream, schema, compression=compression)
        try:
            for batch in pf.iter_batches():
                arrays = list(batch.columns)
                changed = pa.array([False] * batch.num_rows)
                for col in columns:
                    i = schema.get_field_index(col)
                    new = _arrow_transform(arrays[i], job)
                    differs = pc.fill_null(pc.not_equal(arrays[i], new), False)
                    changed = pc.or_(changed, differs)
                    arrays[i] = new
                writer.write_batch(pa.RecordBatch.from_arrays(arrays, schema=schema))
                tally.read += batch.num_rows
                tally.changed += int(pc.sum(changed).as_py() or 0)
                progress.update(batch.num_rows)
        finally:
            writer.close()
            progress.close()


def _parquet_records(name: str, fields: list[str] | None) -> Iterator[Record]:
    """Rows of ``(column, value, score)``; the scores come from ``mojifix.arrow.score_array``
    (vectorised: ASCII and repeated values are scored once), so that ``detect`` only runs on
    the values that score as damaged."""
    pf = _open_parquet(name)  # (says how to install pyarrow if it is missing)
    from mojifix.arrow import score_array

    columns = _parquet_columns(pf.schema_arrow, fields, name)
    number = 0
    for batch in pf.iter_batches(columns=columns):
        values = [batch.column(c).to_pylist() for c in columns]
        scores = [score_array(batch.column(c)).to_pylist() for c in columns]
        for i in range(batch.num_rows):
            number += 1
            row = [(c, values[j][i], scores[j][i]) for j, c in enumerate(columns)]
            yield number, -1, row


# --- fix / fold -----------------------------------------------------------------------------


def _transform_stream(
    name: str,
    out: str,
    fmt: str,
    base: Job,
    fields: list[str] | None,
    tally: Tally,
    pool: Any,
    spill: str | None,
    args: argparse.Namespace,
) -> None:
    if pool is not None and splittable(name, fmt):
        job = replace(base, fields=tuple(fields or ()))
        _transform_ranges(name, out, job, tally, pool, spill, args)
        return
    stream, raw = open_input(name)
    progress = Progress(name, raw, _progress_enabled(args))
    csv_in: CsvInput | None = None
    try:
        with AtomicOutput(out) as sink:
            if fmt in ("csv", "tsv"):
                csv_in = CsvInput(stream, fmt, args.delimiter, name, keep_raw=True)
                if not args.quiet:
                    say(f"mojifix {base.action}: {csv_in.dialect_note}")
                names, indexes = _csv_columns(csv_in.header, fields, name)
                job = replace(
                    base, fields=tuple(names), columns=tuple(indexes), width=len(csv_in.header)
                )
                sink.write(csv_in.header_text().encode("utf-8", "surrogateescape"))
                records: Iterable[Record] = csv_in.records()
            else:
                job = replace(base, fields=tuple(fields or ()))
                records = _line_records(stream)
            presence = FieldPresence(name, fmt, job.fields)
            func = partial(run_chunk, job)
            for outcomes in ordered_map(func, _chunked(records), pool, args.jobs):
                for outcome in outcomes:
                    presence.add(outcome)
                    tally.read += 1
                    row_raw = csv_in.raw_rows.popleft() if csv_in is not None else ""
                    if outcome.status == MALFORMED:
                        tally.malformed(name, outcome)
                        if args.on_error == "skip":
                            continue
                    elif outcome.status == CHANGED:
                        tally.changed += 1
                    if csv_in is not None:
                        row = outcome.output if isinstance(outcome.output, list) else None
                        text = csv_in.row_text(row, row_raw, outcome.status == CHANGED)  # type: ignore[arg-type]
                        sink.write(text.encode("utf-8", "surrogateescape"))
                    else:
                        assert isinstance(outcome.output, bytes)
                        sink.write(outcome.output)
                progress.update(len(outcomes))
            presence.check()  # before the output is committed
    finally:
        progress.close()
        if csv_in is not None:
            csv_in.detach()
        if raw is not sys.stdin.buffer:
            raw.close()


def _transform_ranges(
    name: str,
    out: str,
    job: Job,
    tally: Tally,
    pool: Any,
    spill: str | None,
    args: argparse.Namespace,
) -> None:
    """``fix``/``fold`` of a plain text or JSONL file with ``--jobs``: the workers read byte
    ranges of the file (:mod:`mojifix._ranges`); this process counts lines, reports the
    malformed records and writes the results in order, as :func:`_transform_stream` would."""
    progress = Progress(name, None, _progress_enabled(args), size=input_size(name))
    func = partial(run_range, job, name, file_identity(name), spill)
    before = tally.read  # records of the previous inputs
    number = 0  # lines of this input before the current range
    presence = FieldPresence(name, job.fmt, job.fields)
    try:
        with AtomicOutput(out) as sink:
            spans = line_ranges(name, CHUNK_BYTES)
            for result in ordered_map(func, spans, pool, args.jobs):
                presence.add_range(result)
                view = memoryview(result.take_output())
                done = 0  # bytes of this range written (or skipped) so far
                for index, offset, error, start, end in result.malformed:
                    outcome = Outcome(number + index + 1, offset, MALFORMED, None, error)
                    if args.on_error != "keep":  # write what came before the record
                        sink.write(view[done:start])
                        done = end
                    tally.read = before + number + index + 1  # as _transform_stream counts
                    tally.malformed(name, outcome)  # raises under --on-error fail
                sink.write(view[done:])
                number += result.records
                tally.read = before + number
                tally.changed += result.changed
                progress.update(result.records, position=result.end)
            presence.check()  # before the output is committed
    finally:
        progress.close()


#: Inputs from this size on (or of unknown size: stdin) get their workers warmed up
#: (:func:`_make_pool`); a smaller run may never need the lazily built tables (plain ASCII).
WARM_UP_BYTES = 4 * CHUNK_BYTES


def _make_pool(jobs: int, job: Job, inputs: list[str], processes: bool = False) -> Any:
    """A pool of *jobs* threads (``None`` for one job) for *job* on *inputs*, or of processes.

    Threads share the core's models and tables, and the core works without the GIL, so a
    chunk's texts are repaired while another thread reads the next chunk's records. With
    *processes*, for inputs of :data:`WARM_UP_BYTES` or more, the tables that ``fix``/``detect``
    build on first use are built before the work starts: with ``fork``, here, once, and
    inherited (each worker building its own cost 0.6-1 s of CPU per worker, taken from the
    work on a busy machine); with ``spawn``, in each worker as it starts.
    """
    if jobs <= 1:
        return None
    if not processes:
        from multiprocessing.pool import ThreadPool

        return ThreadPool(jobs)
    import multiprocessing

    sizes = [input_size(name) for name in inputs]
    warm = any(size is None or size >= WARM_UP_BYTES for size in sizes) or (
        sum(size or 0 for size in sizes) >= WARM_UP_BYTES
    )
    context = multiprocessing.get_context("spawn" if sys.platform == "darwin" else None)
    inherited = warm and context.get_start_method() == "fork"
    if inherited:
        warm_up(job)
    worker_warm_up = job if warm and not inherited else None  # (not again after fork)
    # Forked workers start with the default action for SIGTERM, not this process's handler:
    # a Python handler runs only between bytecodes, so a worker that `Pool.terminate()` stops
    # before its initializer ran, or one stuck on a lock it inherited, would not stop, and
    # `join()` would wait for it forever.
    previous = signal.getsignal(signal.SIGTERM)
    with contextlib.suppress(ValueError):  # not in the main thread: nothing to change
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        return context.Pool(jobs, initializer=_start_worker, initargs=(worker_warm_up,))
    finally:
        if previous is not None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGTERM, previous)


def cmd_transform(args: argparse.Namespace) -> int:
    """``mojifix fix`` and ``mojifix fold``."""
    action = args.command
    inputs = args.inputs or ["-"]
    plan = plan_outputs(inputs, args.output, action)
    base = Job(
        action=action,
        fmt="text",
        explain=getattr(args, "explain", False),
        profile=getattr(args, "profile", "match"),
        casefold=getattr(args, "casefold", False),
    )
    formats = {}
    for name, out in plan:
        formats[name] = fmt = _format_of(name, args.format)
        _fields_for(fmt, args.fields)
        if fmt == "parquet" and out == "-":
            raise UsageError(f"Parquet output cannot go to stdout: give -o FILE.parquet ({name})")
        if base.explain and fmt != "jsonl":
            raise UsageError(
                f"--explain adds a {'_mojifix'!r} key to JSON records: it needs JSONL input "
                f"({name} is {fmt})"
            )
    tally = Tally(action, args.on_error)
    pool = _make_pool(args.jobs, base, [name for name, _ in plan], args.processes)
    # where worker processes leave the output of their byte ranges (see mojifix._ranges);
    # removed after the pool is gone, so that no worker can still be writing in it
    spill = None
    if (
        pool is not None
        and args.processes
        and any(splittable(name, formats[name]) for name, _ in plan)
    ):
        spill = make_spill_folder()
    try:
        for name, out in plan:
            fmt = formats[name]
            fields = _fields_for(fmt, args.fields)
            job = replace(base, fmt="csv" if fmt == "tsv" else fmt)
            if fmt == "parquet":
                _transform_parquet(name, out, job, fields, tally, args)
            else:
                _transform_stream(name, out, fmt, job, fields, tally, pool, spill, args)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
        if spill is not None:
            shutil.rmtree(spill, ignore_errors=True)
    if not args.quiet or tally.kept or tally.skipped:
        print(tally.summary(), file=sys.stderr)
    return 0


# --- scan -----------------------------------------------------------------------------------


def cmd_scan(args: argparse.Namespace) -> int:
    """``mojifix scan``: detect only, print a report, exit 1 above ``--fail-above``."""
    from mojifix.scan import ScanAccumulator

    inputs = args.inputs or ["-"]
    if args.report:
        refuse_same_file(args.report, inputs)
    formats = {name: _format_of(name, args.format) for name in inputs}
    for fmt in formats.values():
        _fields_for(fmt, args.fields)
    acc = ScanAccumulator(
        threshold=args.threshold,
        examples=args.examples,
        duplicates=args.duplicates,
        profile=args.profile,
        casefold=args.casefold,
    )
    # opened first, so that an unwritable report path fails before a long scan
    report_out = AtomicOutput(args.report) if args.report else None
    pool = _make_pool(args.jobs, Job(action="scan", fmt="text"), inputs, args.processes)
    try:
        for name in inputs:
            _scan_one(name, formats[name], acc, pool, args)
    except BaseException:
        if report_out is not None:
            report_out.abort()
        raise
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    command = ["mojifix", *(args.argv or [])]
    result = acc.result(command=command)
    if report_out is not None:
        from mojifix.report import render_report

        with report_out as f:
            f.write(render_report(result).encode("utf-8"))
    if args.json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
    elif not args.quiet:
        sys.stdout.write(format_scan(result))
    sys.stdout.flush()
    share = result["totals"]["damaged_share"]
    if args.fail_above is not None and share > args.fail_above:
        print(
            f"mojifix scan: {share:.2%} of records are damaged, above --fail-above "
            f"{args.fail_above:.2%}",
            file=sys.stderr,
        )
        return 1
    return 0


def _scan_one(name: str, fmt: str, acc: Any, pool: Any, args: argparse.Namespace) -> None:
    fields = _fields_for(fmt, args.fields)
    job = Job(
        action="scan",
        fmt="csv" if fmt == "tsv" else fmt,
        threshold=args.threshold,
        duplicates=args.duplicates,
        profile=args.profile,
        casefold=args.casefold,
    )
    acc.start_input(name, fmt)
    raw: BinaryIO | None = None
    csv_in: CsvInput | None = None
    try:
        if fmt == "parquet":
            job = replace(job, fmt="pairs")
            records: Iterable[Record] = _parquet_records(name, fields)
        else:
            stream, raw = open_input(name)
            if fmt in ("csv", "tsv"):
                csv_in = CsvInput(stream, fmt, args.delimiter, name)
                if not args.quiet:
                    say(f"mojifix scan: {csv_in.dialect_note}")
                names, indexes = _csv_columns(csv_in.header, fields, name)
                job = replace(
                    job, fields=tuple(names), columns=tuple(indexes), width=len(csv_in.header)
                )
                records = csv_in.records()
            else:
                job = replace(job, fields=tuple(fields or ()))
                records = _line_records(stream)
        progress = Progress(name, raw, _progress_enabled(args))
        presence = FieldPresence(name, job.fmt, job.fields)
        try:
            for outcomes in ordered_map(
                partial(run_chunk, job), _chunked(records), pool, args.jobs
            ):
                for outcome in outcomes:
                    presence.add(outcome)
                    if outcome.status == MALFORMED and args.on_error == "fail":
                        hint = (
                            UTF8_HINT
                            if "UTF-8" in (outcome.error or "")
                            else (
                                "fix the record, or pass --on-error keep|skip to count and pass over it"  # noqa: E501
                            )
                        )
                        raise UsageError(f"{name}: line {outcome.number}: {outcome.error}; {hint}")
                    acc.add(outcome)
                progress.update(len(outcomes))
            presence.check()
        finally:
            progress.close()
    finally:
        if csv_in is not None:
            csv_in.detach()
        if raw is not None and raw is not sys.stdin.buffer:
            raw.close()


def _bar(count: int, biggest: int, width: int = 30) -> str:
    import math

    if count <= 0 or biggest <= 0:
        return ""
    return "#" * max(1, round(width * math.log1p(count) / math.log1p(biggest)))


def format_scan(result: dict[str, Any]) -> str:
    """The human-readable scan report (what ``mojifix scan`` prints without ``--json``)."""
    t = result["totals"]
    lines = [
        f"records: {t['records']:,} ({t['malformed']:,} malformed, not scanned)",
        f"damaged: {t['damaged']:,} ({t['damaged_share']:.2%} of scanned records, "
        f"score >= {result['threshold']})",
        f"characters affected: {t['characters_affected']:,} of {t['characters']:,} "
        f"({t['affected_share']:.3%})",
    ]
    if result["by_kind"]:
        lines.append("\nby kind (damaged records, findings):")
        for kind, n in result["by_kind"].items():
            lines.append(f"  {kind:<22} {n['records']:>9,} {n['findings']:>9,}")
    if result["by_pair"]:
        lines.append("\nby encoding (encoded as -> decoded as: findings):")
        for pair in result["by_pair"][:MAX_PAIRS_PRINTED]:
            lines.append(f"  {pair['encoded_as']} -> {pair['decoded_as']}: {pair['findings']:,}")
        rest = result["by_pair"][MAX_PAIRS_PRINTED:]
        if rest:
            findings = sum(pair["findings"] for pair in rest)
            lines.append(
                f"  ... and {plural(len(rest), 'more encoding pair')} "
                f"({plural(findings, 'finding')}; --json lists all)"
            )
    counts = result["histogram"]["counts"]
    edges = result["histogram"]["edges"]
    if any(counts):
        lines.append(
            "\nscore histogram (highest score per record, empty bins left out; "
            "bar length is log-scaled):"
        )
        top = max(counts)
        for i in (i for i, c in enumerate(counts) if c):
            lines.append(
                f"  {edges[i]:.2f}-{edges[i + 1]:.2f} {counts[i]:>9,} {_bar(counts[i], top)}"
            )
    if len(result["per_field"]) > 1:
        lines.append("\nby field (records, damaged):")
        for field, stats in result["per_field"].items():
            lines.append(f"  {field:<22} {stats['records']:>9,} {stats['damaged']:>9,}")
    for kind, examples in result["examples"].items():
        lines.append(f"\nexamples of {kind}:")
        for ex in examples:
            lines.append(f"  {ex['input']}:{ex['record']} [{ex['field']}] score {ex['score']}")
            lines.append(f"    - {ex['text']!r}")
            lines.append(f"    + {ex['fixed']!r}")
            if ex.get("fix_error"):
                lines.append(f"    ! {ex['fix_error']}")
    dup = result.get("duplicates")
    if dup:
        lines.append(
            f"\nduplicates after folding (profile {dup['profile']}): {dup['after_folding']:,}; "
            f"exact duplicates: {dup['exact']:,}"
        )
        for ex in dup["examples"]:
            first = ex["duplicate_of"]
            lines.append(
                f"  {ex['input']}:{ex['record']} = {first['input']}:{first['record']} "
                f"after folding: {ex['text']!r} -> {ex['folded']!r}"
            )
    malformed = result["malformed"]
    if malformed["count"]:
        lines.append(f"\nmalformed records: {malformed['count']:,}")
        for ex in malformed["examples"]:
            lines.append(f"  {ex['input']}: line {ex['record']}: {ex['error']}")
    return "\n".join(lines) + "\n"


# --- decode ---------------------------------------------------------------------------------


def cmd_decode(args: argparse.Namespace) -> int:
    """``mojifix decode``: HTML bytes -> UTF-8 text, as a browser decodes them."""
    from mojifix.sniff import decode_html

    inputs = args.inputs or ["-"]
    plan = plan_outputs(inputs, args.output, "decode")
    to_stdout = args.output in (None, "-") or own_descriptor(args.output) == 1
    record_stream: TextIO = sys.stderr if to_stdout else sys.stdout
    for name, out in plan:
        stream, raw = open_input(name)
        try:
            data = stream.read()
        finally:
            if raw is not sys.stdin.buffer:
                raw.close()
        decoded = decode_html(data, args.content_type)
        refuse_binary(name, data, decoded.encoding)
        with AtomicOutput(out) as sink:
            sink.write(decoded.text.encode("utf-8", "surrogatepass"))
        record = {
            "input": name,
            "output": out,
            "encoding": decoded.encoding,
            "source": decoded.source,
            "confidence": decoded.confidence,
            "replacements": decoded.replacements,
            "bytes": len(data),
            "characters": len(decoded.text),
            "declared": [list(pair) for pair in decoded.declared],
            "notes": list(decoded.notes),
        }
        if args.json:
            print(json.dumps(record, ensure_ascii=False), file=record_stream, flush=True)
        elif not args.quiet:
            note = (
                f", {decoded.replacements} replacement characters" if decoded.replacements else ""
            )
            print(
                f"{name}: {decoded.encoding} (source: {decoded.source}, "
                f"confidence: {decoded.confidence}{note})",
                file=record_stream,
                flush=True,
            )
            for remark in decoded.notes:
                print(f"{name}: note: {remark}", file=record_stream, flush=True)
    return 0


#: Encodings whose text has NUL bytes: in any other, a NUL byte means the input is not text.
NUL_ENCODINGS = ("UTF-16LE", "UTF-16BE")


def refuse_binary(name: str, data: bytes, encoding: str) -> None:
    """Raise :class:`UsageError` when *data* is binary: it has a NUL byte and the encoding it
    was decoded with is not UTF-16 (which a BOM or the Content-Type would have chosen).

    >>> refuse_binary("a.html", b"<p>ok</p>", "windows-1252")
    >>> refuse_binary("picture.png", b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR", "utf-8")
    Traceback (most recent call last):
    ...
    mojifix._io.UsageError: picture.png is binary, not HTML text: a NUL byte at offset 8, and \
no text encoding but UTF-16 has NUL bytes (UTF-16 needs a byte order mark or \
--content-type "text/html; charset=utf-16le"); nothing written
    """
    if encoding in NUL_ENCODINGS:
        return
    nul = data.find(b"\x00")
    if nul >= 0:
        raise UsageError(
            f"{name} is binary, not HTML text: a NUL byte at offset {nul}, and no text "
            "encoding but UTF-16 has NUL bytes (UTF-16 needs a byte order mark or "
            '--content-type "text/html; charset=utf-16le"); nothing written'
        )


# --- eval / bench ---------------------------------------------------------------------------

#: What ``mojifix bench`` says: the benchmark harness ships in the source checkout, not the wheel.
BENCH_MOVED = (
    "mojifix bench: the speed benchmark is not part of the installed package; in a source "
    "checkout of mojifix, run: python benchmarks/harness.py --quick (--help for its options)"
)


def delegate(command: str, module: str, rest: list[str]) -> int:
    """Run ``mojifix.<module>.main(rest)`` (``eval``), imported only when used."""
    try:
        mod = importlib.import_module(f"mojifix.{module}")
    except ModuleNotFoundError as exc:
        if exc.name != f"mojifix.{module}":
            raise
        print(
            f"mojifix {command}: not available: the module mojifix.{module} is missing from this "
            "installation",
            file=sys.stderr,
        )
        return 2
    main_func = getattr(mod, "main", None)
    if main_func is None:
        print(f"mojifix {command}: mojifix.{module} has no main(argv)", file=sys.stderr)
        return 2
    return int(main_func(rest) or 0)


# --- argument parsing -----------------------------------------------------------------------

MAIN_EPILOG = """\
examples:
  mojifix decode page.html                      # browser-exact decoding to stdout
  mojifix fix notes.txt -o notes.fixed.txt       # repair mojibake line by line
  mojifix fix corpus.jsonl.gz --field text --field meta.title -o fixed.jsonl.gz
  mojifix scan corpus.jsonl --report report.html --fail-above 0.01
  mojifix fold names.csv --column name -o names.folded.csv
  cat dump.txt | mojifix fix > dump.fixed.txt

exit status: 0 ok, 1 scan --fail-above exceeded, 2 usage or input/output error,
130/143 interrupted (no partial output is left under the output name)

speed benchmark: not in the package; in a source checkout, python benchmarks/harness.py --quick
"""

FIX_EPILOG = """\
formats (from the file name, through .gz/.zst; or --format):
  .txt        line by line (line endings kept)
  .jsonl      one JSON object per line; --field NAME (repeatable, a.b for nested; default: text);
              a missing or null field is passed over; only the changed strings are rewritten
  .csv/.tsv   --column NAME (repeatable; default: every column); delimiter and quote character
              sniffed from the first KB unless --delimiter is given; unchanged rows kept as read
  .parquet    --column NAME (default: every string column); row group by row group

malformed records (bad JSON, invalid UTF-8, a field that is not a string or null, wrong number of
CSV fields) are listed on stderr with their line number and counted in the summary;
--on-error keep (default) copies them unchanged, skip drops them, fail stops with exit 2.

examples:
  mojifix fix in.txt -o out.txt
  mojifix fix in.jsonl --field text --explain > out.jsonl
  mojifix fix big.jsonl.gz -o fixed.jsonl.gz --jobs 2
  mojifix fix table.csv --column title --column body -o table.fixed.csv
  mojifix fix data.parquet --column text -o fixed.parquet
"""

SCAN_EPILOG = """\
prints how many records are damaged, by kind and by encoding pair, a score histogram and a
few examples; --json prints the same data as JSON, --report writes it as one HTML file.

examples:
  mojifix scan corpus.jsonl
  mojifix scan corpus.jsonl --json > scan.json
  mojifix scan corpus.jsonl --report report.html
  mojifix scan corpus.jsonl --fail-above 0.001 || echo "too much mojibake"
  mojifix scan names.csv --column name --duplicates
"""

DECODE_EPILOG = """\
prints, per file, the encoding and the rule that chose it (the `source`: BOM, the
Content-Type charset, the <meta> prescan, ...) on stderr, or on stdout when -o is given
(then stdout is free); --json prints that record as one JSON object per file instead.

examples:
  mojifix decode page.html > page.txt
  mojifix decode page.html --content-type "text/html; charset=windows-1251" -o page.txt
  mojifix decode a.html b.html -o decoded/ --json
  curl -s https://example.com/ | mojifix decode - > page.txt
"""

FOLD_EPILOG = """\
replaces each field by its comparison key (see mojifix.fold); same formats and options as fix.

examples:
  mojifix fold names.txt --casefold > keys.txt
  mojifix fold people.jsonl --field name --profile search -o keys.jsonl
"""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _one_char(text: str) -> str:
    if text == "\\t":
        return "\t"
    if len(text) != 1:
        raise argparse.ArgumentTypeError(f"a delimiter is one character, not {text!r}")
    return text


def _share(text: str) -> float:
    """A number from 0 to 1 (``--threshold``, a score; ``--fail-above``, a share of records).

    >>> _share("0.5"), _share("1")
    (0.5, 1.0)
    >>> _share("2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be between 0 and 1, not 2
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 1:  # (NaN fails this too)
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


def _add_record_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("inputs", nargs="*", metavar="INPUT", help="input files (- or none: stdin)")
    p.add_argument(
        "--format",
        choices=("text", "jsonl", "csv", "tsv", "parquet"),
        help="input format (default: from the file name; stdin: text)",
    )
    p.add_argument(
        "--field",
        "--column",
        dest="fields",
        action="append",
        metavar="NAME",
        help="JSON field (a.b for nested) or CSV/Parquet column to work on; repeatable",
    )
    p.add_argument(
        "--delimiter",
        type=_one_char,
        help="CSV delimiter (default: sniffed from the first KB, else ',' for .csv, tab for .tsv)",
    )
    p.add_argument(
        "--on-error",
        choices=ON_ERROR,
        default="keep",
        help="malformed records: keep unchanged (default), skip, or fail (exit 2)",
    )
    p.add_argument(
        "-j",
        "--jobs",
        type=_positive_int,
        default=1,
        metavar="N",
        help="threads working at once (order is preserved; default 1)",
    )
    p.add_argument(
        "--processes",
        action="store_true",
        help="run the --jobs workers as processes, not threads: worth it when reading the "
        "records (JSON parsing) costs more than repairing them",
    )
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress bar, summary or text report (--json output and errors still print)",
    )


def _add_fold_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--profile",
        choices=("match", "search"),
        default="match",
        help="folding profile (see mojifix.fold)",
    )
    p.add_argument("--casefold", action="store_true", help="also fold case")


def build_parser() -> argparse.ArgumentParser:
    """The ``argparse`` parser of the whole command line."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="mojifix",
        description="Detect and repair mojibake; decode HTML bytes exactly as browsers do.",
        epilog=MAIN_EPILOG,
        formatter_class=raw,
    )
    parser.add_argument("--version", action="version", version=f"mojifix {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = sub.add_parser(
        "decode",
        help="HTML bytes to UTF-8 text, as a browser decodes them",
        description="Decode HTML bytes to UTF-8 text exactly as a browser does (WHATWG "
        "Encoding Standard and the HTML Standard's encoding sniffing).",
        epilog=DECODE_EPILOG,
        formatter_class=raw,
    )
    p.add_argument("inputs", nargs="*", metavar="FILE", help="HTML files (- or none: stdin)")
    p.add_argument("--content-type", help='the HTTP header, e.g. "text/html; charset=utf-8"')
    p.add_argument("-o", "--output", help="output file, or directory with several inputs")
    p.add_argument("--json", action="store_true", help="print one JSON record per file")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    p.set_defaults(func=cmd_decode)

    p = sub.add_parser(
        "fix",
        help="repair mojibake in text, JSONL, CSV/TSV or Parquet",
        description="Repair mojibake in text, JSONL, CSV/TSV or Parquet files.",
        epilog=FIX_EPILOG,
        formatter_class=raw,
    )
    _add_record_options(p)
    p.add_argument("-o", "--output", help="output file (default: stdout), or directory")
    p.add_argument(
        "--explain",
        action="store_true",
        help="JSONL: add the repair steps to each record under '_mojifix'",
    )
    p.set_defaults(func=cmd_transform)

    p = sub.add_parser(
        "fold",
        help="replace text by its comparison key (mojifix.fold)",
        description="Replace each field by mojifix.fold(field).",
        epilog=FOLD_EPILOG,
        formatter_class=raw,
    )
    _add_record_options(p)
    p.add_argument("-o", "--output", help="output file (default: stdout), or directory")
    _add_fold_options(p)
    p.set_defaults(func=cmd_transform)

    p = sub.add_parser(
        "scan",
        help="detect only: report damage, optionally fail a pipeline",
        description="Detect mojibake without changing anything, and report it.",
        epilog=SCAN_EPILOG,
        formatter_class=raw,
    )
    _add_record_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--report", metavar="HTML", help="also write a self-contained HTML report")
    p.add_argument(
        "--threshold",
        type=_share,
        default=0.5,
        help="score (0 to 1) from which a record counts as damaged (default 0.5)",
    )
    p.add_argument(
        "--fail-above",
        type=_share,
        metavar="FRACTION",
        help="exit 1 when the share of damaged records is above FRACTION (0 to 1)",
    )
    p.add_argument(
        "--examples",
        type=_positive_int,
        default=5,
        metavar="N",
        help="examples kept per kind (default 5)",
    )
    p.add_argument(
        "--duplicates",
        action="store_true",
        help="report records that become duplicates only after folding",
    )
    _add_fold_options(p)
    p.set_defaults(func=cmd_scan)

    sub.add_parser(
        "eval", help="corpus measurements beside ftfy (mojifix eval --help)", add_help=False
    )
    return parser


# --- entry point ----------------------------------------------------------------------------


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module docstring)."""
    args_list = sys.argv[1:] if argv is None else list(argv)
    if not args_list:  # bare `mojifix`: what it can do, not an error
        build_parser().print_help()
        return 0
    if args_list and args_list[0] == "eval":
        return delegate("eval", "evaluate", args_list[1:])
    if args_list and args_list[0] == "bench":
        print(BENCH_MOVED, file=sys.stderr)
        return 2
    parser = build_parser()
    args = parser.parse_args(args_list)
    csv.field_size_limit(2**31 - 1)  # corpora have CSV fields far above the default 128 KiB
    args.argv = args_list
    previous = None
    with contextlib.suppress(ValueError):  # not in the main thread: no handler
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"mojifix {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"mojifix {args.command}: interrupted, no output written", file=sys.stderr)
        return 130
    except Terminated:
        print(f"mojifix {args.command}: terminated, no output written", file=sys.stderr)
        return 143
    except BrokenPipeError:
        # the reader went away (`mojifix fix big.txt | head`): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except OSError:
            pass
        return 0
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(
            f"mojifix {args.command}: error: input/output failed{where}: {exc.strerror or exc}; "
            "check the output path and the free space",
            file=sys.stderr,
        )
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
