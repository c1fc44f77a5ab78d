"""Per-record work for the command line: the part that runs in worker processes.

The CLI reads records in the main process (lines of a text or JSONL file, rows of a CSV
file), groups them in chunks and hands each chunk to :func:`run_chunk`, either in the same
process or in a ``multiprocessing`` pool (``--jobs N``).  Everything here is a pure function
of its arguments, so the results do not depend on the number of processes.

A record is ``(number, offset, payload)``: the 1-based line (or CSV row) number, the byte
offset of the line in the file (``-1`` when unknown) and the payload, ``bytes`` of one line
for ``text``/``jsonl`` or a ``list[str]`` row for ``csv``/``tsv``.

>>> job = Job(action="fix", fmt="text")
>>> run_chunk(job, [(1, 0, b"plain\\n"), (2, 6, b"caf\\xe9\\n")])[1].status
'malformed'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Union

#: a line (text, JSONL), a row (CSV), or Parquet ``(column, value, score or None)`` triples
Payload = Union[bytes, list[str], list[tuple[str, str | None, float | None]]]  # noqa: UP007
Record = tuple[int, int, Payload]

UNCHANGED = "unchanged"
CHANGED = "changed"
MALFORMED = "malformed"

UTF8_BOM = b"\xef\xbb\xbf"

#: Key added to each JSON record by ``mojifix fix --explain``.
EXPLAIN_KEY = "_mojifix"


@dataclass(frozen=True)
class Job:
    """What to do with each record; picklable, sent once per chunk to the workers."""

    action: str  # "fix" | "fold" | "scan"
    fmt: str  # "text" | "jsonl" | "csv" | "tsv" | "pairs" (Parquet rows: (column, value, score))
    fields: tuple[str, ...] = ()  # JSONL dotted paths, or CSV column names
    columns: tuple[int, ...] = ()  # CSV: indexes of ``fields`` in the header
    width: int = 0  # CSV: number of columns in the header
    explain: bool = False
    profile: str = "match"
    casefold: bool = False
    threshold: float = 0.5
    duplicates: bool = False


@dataclass
class Outcome:
    """The result for one record.

    ``output`` is what to write (the original payload when malformed); ``fields`` is filled
    by ``scan``: one :class:`FieldScan` per scanned field.
    """

    number: int
    offset: int
    status: str
    output: Payload | None = None
    error: str | None = None
    fields: list[FieldScan] | None = None
    raw_key: int | None = None
    fold_key: int | None = None
    joined: str | None = None


@dataclass
class FieldScan:
    """Detection summary of one field of one record (small: it crosses process boundaries).

    ``text`` is only sent back for damaged fields (the main process keeps a few examples).
    """

    field: str
    chars: int
    score: float
    findings: list[tuple[str, int, int, str | None, str | None]]
    text: str | None = None


class Malformed(ValueError):
    """A record that cannot be processed (bad JSON, invalid UTF-8, missing field...)."""


# --- reading the payload ------------------------------------------------------------------


def split_terminator(line: bytes) -> tuple[bytes, bytes]:
    r"""Split a line into its content and its line terminator (kept byte for byte).

    >>> split_terminator(b"abc\r\n")
    (b'abc', b'\r\n')
    >>> split_terminator(b"last")
    (b'last', b'')
    """
    if line.endswith(b"\r\n"):
        return line[:-2], b"\r\n"
    if line.endswith(b"\n"):
        return line[:-1], b"\n"
    return line, b""


def decode_utf8(content: bytes, offset: int) -> str:
    """Decode one line as UTF-8, or raise :class:`Malformed` naming the byte offset.

    >>> decode_utf8(b"caf\\xc3\\xa9", 0)
    'café'
    >>> decode_utf8(b"caf\\xe9", 100)
    Traceback (most recent call last):
    ...
    mojifix._work.Malformed: not valid UTF-8 at byte offset 103 (byte 0xE9)
    """
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = f"byte offset {offset + exc.start}" if offset >= 0 else f"column {exc.start + 1}"
        raise Malformed(f"not valid UTF-8 at {where} (byte 0x{content[exc.start]:02X})") from None


def get_path(obj: Any, path: str) -> Any:
    """The value at a dotted ``path`` in nested JSON objects; :class:`Malformed` if missing.

    >>> get_path({"meta": {"title": "x"}}, "meta.title")
    'x'
    """
    value = obj
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise Malformed(f"missing field {path!r}")
        value = value[part]
    return value


def set_path(obj: Any, path: str, new: Any) -> None:
    """Set the value at a dotted ``path`` (which must exist).

    >>> d = {"a": {"b": "x"}}
    >>> set_path(d, "a.b", "y"); d
    {'a': {'b': 'y'}}
    """
    *parents, last = path.split(".")
    for part in parents:
        obj = obj[part]
    obj[last] = new


def _string_at(obj: Any, path: str) -> str:
    value = get_path(obj, path)
    if not isinstance(value, str):
        kind = "null" if value is None else type(value).__name__
        raise Malformed(f"field {path!r} is {kind}, not a string")
    return value


def load_json_line(content: bytes, offset: int) -> Any:
    """Parse one JSONL line into a JSON object, or raise :class:`Malformed`.

    A UTF-8 byte order mark (at the start of a file) is ignored.

    >>> load_json_line(UTF8_BOM + b'{"a": 1}', 0)
    {'a': 1}
    """
    text = decode_utf8(content.removeprefix(UTF8_BOM), offset)
    if not text.strip():
        raise Malformed("empty line, not a JSON object")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Malformed(f"bad JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(obj, dict):
        raise Malformed(f"a JSON {type(obj).__name__}, not an object")
    return obj


def dump_json_line(obj: Any, terminator: bytes) -> bytes:
    """Serialise a record as one line of UTF-8 JSON (``\\u`` escapes only for lone surrogates)."""
    try:
        return json.dumps(obj, ensure_ascii=False).encode("utf-8") + (terminator or b"\n")
    except UnicodeEncodeError:
        return json.dumps(obj, ensure_ascii=True).encode("ascii") + (terminator or b"\n")


def extract_fields(job: Job, payload: Payload, offset: int) -> list[tuple[str, str]]:
    """The ``(field name, text)`` pairs of a record that the job works on."""
    if job.fmt == "text":
        assert isinstance(payload, bytes)
        content, _ = split_terminator(payload)
        return [("line", decode_utf8(content, offset))]
    if job.fmt == "jsonl":
        assert isinstance(payload, bytes)
        content, _ = split_terminator(payload)
        obj = load_json_line(content, offset)
        return [(path, _string_at(obj, path)) for path in job.fields]
    if job.fmt == "pairs":
        triples: list[tuple[str, str | None, float | None]] = payload  # type: ignore[assignment]
        return [(name, value) for name, value, _ in triples if isinstance(value, str)]
    assert isinstance(payload, list)
    row: list[str] = payload  # type: ignore[assignment]
    return [
        (name, _csv_cell(job, row, name, i))
        for name, i in zip(job.fields, job.columns, strict=True)
    ]


def _check_row(job: Job, row: list[str]) -> None:
    if len(row) != job.width:
        raise Malformed(f"{len(row)} fields where the header has {job.width}")


def _csv_cell(job: Job, row: list[str], name: str, index: int) -> str:
    _check_row(job, row)
    cell = row[index]
    try:
        cell.encode("utf-8")
    except UnicodeEncodeError as exc:
        raw = cell[exc.start].encode("utf-8", "surrogateescape")
        raise Malformed(
            f"column {name!r} is not valid UTF-8 at character {exc.start + 1} (byte 0x{raw[0]:02X})"
        ) from None
    return cell


# --- transforming -------------------------------------------------------------------------


def _transform(job: Job, text: str) -> tuple[str, list[dict[str, Any]] | None]:
    if job.action == "fold":
        from mojifix.fold import fold

        return fold(text, profile=job.profile, casefold=job.casefold), None
    if job.explain:
        from mojifix.repair import fix_and_explain

        repair = fix_and_explain(text)
        return repair.text, [asdict(step) for step in repair.steps]
    from mojifix.repair import fix

    return fix(text), None


def transform_record(job: Job, number: int, offset: int, payload: Payload) -> Outcome:
    """Apply ``fix``/``fold`` to the job's fields of one record."""
    try:
        if job.fmt == "text":
            assert isinstance(payload, bytes)
            content, term = split_terminator(payload)
            new, _ = _transform(job, decode_utf8(content, offset))
            out = new.encode("utf-8", "surrogatepass") + term
            status = CHANGED if out != payload else UNCHANGED
            return Outcome(number, offset, status, out)
        if job.fmt == "jsonl":
            assert isinstance(payload, bytes)
            content, term = split_terminator(payload)
            obj = load_json_line(content, offset)
            texts = [(path, _string_at(obj, path)) for path in job.fields]
            changed = False
            explained = []
            for path, text in texts:
                new, steps = _transform(job, text)
                if new != text:
                    changed = True
                    set_path(obj, path, new)
                if steps:
                    explained.append({"field": path, "steps": steps})
            if job.explain:
                obj[EXPLAIN_KEY] = explained
            elif not changed:
                return Outcome(number, offset, UNCHANGED, payload)
            bom = UTF8_BOM if content.startswith(UTF8_BOM) else b""
            return Outcome(
                number, offset, CHANGED if changed else UNCHANGED, bom + dump_json_line(obj, term)
            )
        assert isinstance(payload, list)
        row: list[str] = list(payload)  # type: ignore[arg-type]
        changed = False
        for name, index in zip(job.fields, job.columns, strict=True):
            text = _csv_cell(job, row, name, index)
            new, _ = _transform(job, text)
            if new != text:
                row[index] = new
                changed = True
        return Outcome(number, offset, CHANGED if changed else UNCHANGED, row)
    except Malformed as exc:
        return Outcome(number, offset, MALFORMED, payload, str(exc))
    except Exception as exc:  # a bug in the core on this record: never lose the record
        return Outcome(number, offset, MALFORMED, payload, internal_error(job.action, exc))


def internal_error(action: str, exc: Exception) -> str:
    """The message for a record on which a core function raised (a bug, not bad input).

    >>> internal_error("fix", KeyError("x"))
    "mojifix.fix raised KeyError: 'x' (a bug in mojifix: please report it with this record)"
    """
    name = {"scan": "detect"}.get(action, action)
    return (
        f"mojifix.{name} raised {type(exc).__name__}: {exc} "
        "(a bug in mojifix: please report it with this record)"
    )


def _digest(text: str) -> int:
    """A 64-bit BLAKE2b hash (as an int: smaller in a set than ``bytes``)."""
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def scan_record(job: Job, number: int, offset: int, payload: Payload) -> Outcome:
    """Run ``detect`` on the job's fields of one record (and the fold keys for duplicates)."""
    from mojifix.detect import detect

    try:
        pairs = extract_fields(job, payload, offset)
    except Malformed as exc:
        return Outcome(number, offset, MALFORMED, None, str(exc))
    known: dict[str, float] = {}
    if job.fmt == "pairs":  # Parquet: scores already computed by mojifix.arrow.score_array
        triples: list[tuple[str, str | None, float | None]] = payload  # type: ignore[assignment]
        known = {name: score for name, value, score in triples if score is not None}
    scans = []
    for name, text in pairs:
        if known.get(name, job.threshold) < job.threshold:  # not damaged: no need for findings
            scans.append(FieldScan(name, len(text), float(known[name]), []))
            continue
        try:
            detection = detect(text)
        except Exception as exc:  # a bug in detect on this record: count it, go on
            return Outcome(number, offset, MALFORMED, None, internal_error("scan", exc))
        findings = [
            (f.kind, f.start, f.end, f.encoded_as, f.decoded_as) for f in detection.findings
        ]
        damaged = detection.score >= job.threshold
        scans.append(
            FieldScan(name, len(text), float(detection.score), findings, text if damaged else None)
        )
    outcome = Outcome(number, offset, UNCHANGED, None, None, scans)
    if job.duplicates:
        from mojifix.fold import fold

        joined = "\x1f".join(text for _, text in pairs)
        outcome.raw_key = _digest(joined)
        outcome.fold_key = _digest(
            "\x1f".join(fold(text, profile=job.profile, casefold=job.casefold) for _, text in pairs)
        )
        outcome.joined = joined
    return outcome


#: Texts that make ``fix`` (and ``detect``) load the core's models and build its tables (every
#: kind of misreading, and clean text), once, before the work starts.
WARM_UP_TEXTS = (
    "CafÃ© au lait, dÃ©jÃ\xa0 vu",  # UTF-8 read as windows-1252
    "ÐŸÑ€Ð¸Ð²ÐµÑ‚, Ð¼Ð¸Ñ€",  # Cyrillic UTF-8 read as windows-1252
    "鐢ㄦ埛",  # UTF-8 read as GBK
    "縺薙ｓ縺ｫ縺｡縺ｯ",  # UTF-8 read as Shift_JIS
    "Ïðèâåò",  # windows-1251 read as windows-1252
    "Grüße aus Zürich, ça va? Ελληνικά, עברית, العربية, ไทย, 한국어, 中文, 日本語",  # clean
    "plain ascii line",
)


def warm_up(job: Job) -> None:
    """Run the job's function on :data:`WARM_UP_TEXTS`, so that the core's models and tables
    are loaded before the work starts (in the main process before ``fork``, the workers
    inherit them instead of each loading its own).

    >>> warm_up(Job(action="fix", fmt="text"))
    """
    for text in WARM_UP_TEXTS:
        if job.action == "scan":
            from mojifix.detect import detect

            detect(text)
        else:
            _transform(job, text)


def run_chunk(job: Job, chunk: Sequence[Record]) -> list[Outcome]:
    """Process a chunk of records; the unit of work of ``--jobs``."""
    step = scan_record if job.action == "scan" else transform_record
    return [step(job, number, offset, payload) for number, offset, payload in chunk]
