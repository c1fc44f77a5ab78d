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
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Union

from mojifix import _json_edit

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
    absent: tuple[str, ...] = ()  # JSONL: the job's fields this record does not have
    keys: tuple[str, ...] = ()  # JSONL: the record's top-level keys, when a field is absent


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
    """A record that cannot be processed (bad JSON, invalid UTF-8, a field that is not text...)."""


class MissingField(Malformed):
    """A JSON record without the field asked for (skipped, like a null: not malformed)."""


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
    """The value at a dotted ``path`` in nested JSON objects; :class:`MissingField` if missing.

    >>> get_path({"meta": {"title": "x"}}, "meta.title")
    'x'
    """
    value = obj
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise MissingField(f"missing field {path!r}")
        value = value[part]
    return value


def json_fields(obj: Any, paths: Sequence[str]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The ``(path, text)`` pairs of a JSON record's string fields, and the paths it lacks.

    A missing or null field is skipped (as CSV, Parquet, pandas and ``datasets`` skip missing
    values); a field that holds a number, a list or an object raises :class:`Malformed`.

    >>> json_fields({"title": None, "text": "x"}, ["title", "text", "meta.id"])
    ([('text', 'x')], ('meta.id',))
    """
    texts = []
    absent = []
    for path in paths:
        try:
            value = get_path(obj, path)
        except MissingField:
            absent.append(path)
            continue
        if value is None:
            continue
        if not isinstance(value, str):
            raise Malformed(f"field {path!r} is {type(value).__name__}, not a string")
        texts.append((path, value))
    return texts, tuple(absent)


def load_json_line(content: bytes, offset: int) -> Any:
    """Parse one JSONL line into a JSON object, or raise :class:`Malformed`.

    A UTF-8 byte order mark (at the start of a file) is ignored.

    >>> load_json_line(UTF8_BOM + b'{"a": 1}', 0)
    {'a': 1}
    """
    return parse_json_text(decode_utf8(content.removeprefix(UTF8_BOM), offset))


def parse_json_text(text: str) -> Any:
    """Parse the text of one JSONL line into a JSON object, or raise :class:`Malformed`."""
    if not text.strip():
        raise Malformed("empty line, not a JSON object")
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Malformed(f"bad JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(obj, dict):
        raise Malformed(f"a JSON {type(obj).__name__}, not an object")
    return obj


def extract_fields(
    job: Job, payload: Payload, offset: int
) -> tuple[list[tuple[str, str]], tuple[str, ...], tuple[str, ...]]:
    """The ``(field name, text)`` pairs of a record that the job works on, the JSONL fields
    the record lacks, and (only when it lacks some) its top-level keys."""
    if job.fmt == "text":
        assert isinstance(payload, bytes)
        content, _ = split_terminator(payload)
        return [("line", decode_utf8(content, offset))], (), ()
    if job.fmt == "jsonl":
        assert isinstance(payload, bytes)
        content, _ = split_terminator(payload)
        obj = load_json_line(content, offset)
        texts, absent = json_fields(obj, job.fields)
        return texts, absent, _keys_if(absent, obj)
    if job.fmt == "pairs":
        triples: list[tuple[str, str | None, float | None]] = payload  # type: ignore[assignment]
        return [(name, value) for name, value, _ in triples if isinstance(value, str)], (), ()
    assert isinstance(payload, list)
    row: list[str] = payload  # type: ignore[assignment]
    cells = [
        (name, _csv_cell(job, row, name, i))
        for name, i in zip(job.fields, job.columns, strict=True)
    ]
    return cells, (), ()


#: Top-level keys of a record kept for the message about a field no record has.
MAX_KEYS = 50


def _keys_if(absent: tuple[str, ...], obj: dict[str, Any]) -> tuple[str, ...]:
    return tuple(obj)[:MAX_KEYS] if absent else ()


def _check_row(job: Job, row: list[str]) -> None:
    if len(row) != job.width:
        fields = "1 field" if len(row) == 1 else f"{len(row)} fields"
        raise Malformed(f"{fields} where the header has {job.width}")


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


def _transform(
    job: Job, text: str, repaired: Mapping[str, str] | None = None
) -> tuple[str, list[dict[str, Any]] | None]:
    if repaired is not None:  # fixed already, a chunk at a time (:func:`run_chunk`)
        return repaired.get(text, text), None
    if job.action == "fold":
        from mojifix.fold import fold

        return fold(text, profile=job.profile, casefold=job.casefold), None
    if job.explain:
        from mojifix.repair import fix_and_explain

        repair = fix_and_explain(text)
        return repair.text, [asdict(step) for step in repair.steps]
    from mojifix.repair import fix

    return fix(text), None


def transform_record(
    job: Job,
    number: int,
    offset: int,
    payload: Payload,
    repaired: Mapping[str, str] | None = None,
) -> Outcome:
    """Apply ``fix``/``fold`` to the job's fields of one record (``repaired``: the repairs of
    its texts, already made; a text not in it is left as it is)."""
    try:
        if job.fmt == "text":
            assert isinstance(payload, bytes)
            content, term = split_terminator(payload)
            new, _ = _transform(job, decode_utf8(content, offset), repaired)
            out = new.encode("utf-8", "surrogatepass") + term
            status = CHANGED if out != payload else UNCHANGED
            return Outcome(number, offset, status, out)
        if job.fmt == "jsonl":
            return _transform_json_line(job, number, offset, payload, repaired)
        assert isinstance(payload, list)
        row: list[str] = list(payload)  # type: ignore[arg-type]
        changed = False
        for name, index in zip(job.fields, job.columns, strict=True):
            text = _csv_cell(job, row, name, index)
            new, _ = _transform(job, text, repaired)
            if new != text:
                row[index] = new
                changed = True
        return Outcome(number, offset, CHANGED if changed else UNCHANGED, row)
    except Malformed as exc:
        return Outcome(number, offset, MALFORMED, payload, str(exc))
    except Exception as exc:  # a bug in the core on this record: never lose the record
        return Outcome(number, offset, MALFORMED, payload, internal_error(job.action, exc))


def _transform_json_line(
    job: Job,
    number: int,
    offset: int,
    payload: Payload,
    repaired: Mapping[str, str] | None = None,
) -> Outcome:
    """``fix``/``fold`` of one JSONL record: only the string values that change are rewritten
    (:mod:`mojifix._json_edit`); every other byte of the line stays as it was."""
    assert isinstance(payload, bytes)
    content, term = split_terminator(payload)
    bom = UTF8_BOM if content.startswith(UTF8_BOM) else b""
    text = decode_utf8(content.removeprefix(UTF8_BOM), offset + len(bom))
    obj = parse_json_text(text)
    texts, absent = json_fields(obj, job.fields)
    keys = _keys_if(absent, obj)
    edits = []
    explained = []
    for path, value in texts:
        new, steps = _transform(job, value, repaired)
        if new != value:
            span = _json_edit.value_span(text, path)
            assert span is not None  # json_fields found it
            edits.append((span, new))
        if steps:
            explained.append({"field": path, "steps": steps})
    if not edits and not job.explain:
        return Outcome(number, offset, UNCHANGED, payload, absent=absent, keys=keys)
    new_text = _json_edit.replace_values(text, edits)
    if job.explain:
        new_text = _json_edit.set_member(new_text, EXPLAIN_KEY, explained)
    output = bom + new_text.encode("utf-8") + term
    status = CHANGED if edits else UNCHANGED
    return Outcome(number, offset, status, output, absent=absent, keys=keys)


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


def scan_record(
    job: Job,
    number: int,
    offset: int,
    payload: Payload,
    detected: Mapping[str, tuple[float, list[Any]]] | None = None,
) -> Outcome:
    """Run ``detect`` on the job's fields of one record (and the fold keys for duplicates);
    ``detected``: the core's ``(score, findings)`` of texts detected already."""
    from mojifix.detect import detect

    try:
        pairs, absent, keys = extract_fields(job, payload, offset)
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
        if detected and text in detected:
            score, raw = detected[text]
            findings = [tuple(f[:5]) for f in raw]
        else:
            try:
                detection = detect(text)
            except Exception as exc:  # a bug in detect on this record: count it, go on
                return Outcome(number, offset, MALFORMED, None, internal_error("scan", exc))
            score = detection.score
            findings = [
                (f.kind, f.start, f.end, f.encoded_as, f.decoded_as) for f in detection.findings
            ]
        damaged = score >= job.threshold
        scans.append(FieldScan(name, len(text), float(score), findings, text if damaged else None))
    outcome = Outcome(number, offset, UNCHANGED, None, None, scans, absent=absent, keys=keys)
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
    """Process a chunk of records; the unit of work of ``--jobs``.

    ``fix`` and ``scan`` read the chunk's records first, then hand all their texts to the core
    in one call (which runs without the GIL: ``--jobs`` threads work at once), then write:
    a record whose texts do not change comes out as it came in.
    """
    if job.action == "scan":
        return _scan_chunk(job, chunk)
    if job.action == "fix" and not job.explain:
        return _fix_chunk(job, chunk)
    return [transform_record(job, number, offset, payload) for number, offset, payload in chunk]


Fields = tuple[list[tuple[str, str]], tuple[str, ...], tuple[str, ...]]


def _texts_of(job: Job, chunk: Sequence[Record]) -> list[Fields | None]:
    """What :func:`extract_fields` gives for each record; None for a record that cannot be
    read (the per-record functions say why)."""
    fields: list[Fields | None] = []
    for _, offset, payload in chunk:
        try:
            fields.append(extract_fields(job, payload, offset))
        except Exception:
            fields.append(None)
    return fields


def _fix_chunk(job: Job, chunk: Sequence[Record]) -> list[Outcome]:
    from mojifix import _core
    from mojifix.repair import fix

    records = _texts_of(job, chunk)
    texts = [text for fields in records if fields for _, text in fields[0]]
    try:
        changes = dict(_core.fix_texts(texts, threads=1))
        repaired = {texts[i]: new for i, new in changes.items()}
    except UnicodeEncodeError:  # a lone surrogate (a JSON escape): text by text
        repaired = {text: new for text in set(texts) if (new := fix(text)) != text}
    outcomes = []
    for (number, offset, payload), fields in zip(chunk, records, strict=True):
        if fields is None or any(text in repaired for _, text in fields[0]):
            outcomes.append(transform_record(job, number, offset, payload, repaired))
        else:
            _, absent, keys = fields
            outcomes.append(Outcome(number, offset, UNCHANGED, payload, absent=absent, keys=keys))
    return outcomes


def _scan_chunk(job: Job, chunk: Sequence[Record]) -> list[Outcome]:
    from mojifix import _core

    if job.fmt == "pairs":  # Parquet: scored a column at a time already
        return [scan_record(job, number, offset, payload) for number, offset, payload in chunk]
    records = _texts_of(job, chunk)
    texts = [text for fields in records if fields for _, text in fields[0]]
    try:
        detections = dict(zip(texts, _core.detect_texts(texts, threads=1), strict=True))
    except UnicodeEncodeError:  # a lone surrogate: record by record
        detections = {}
    return [
        scan_record(job, number, offset, payload, detections)
        for number, offset, payload in chunk
    ]
