"""Streaming aggregation for ``mojifix scan``: the data behind ``--json`` and ``--report``.

:class:`ScanAccumulator` takes one record at a time (in memory it keeps only counters, a
fixed number of examples per kind and, with ``duplicates=True``, two 64-bit hashes per
distinct record: about 250 bytes) and :meth:`ScanAccumulator.result` returns a plain
``dict`` that is printed by ``scan --json`` and rendered by
:func:`mojifix.report.render_report`.

>>> acc = ScanAccumulator(threshold=0.5)
>>> acc.add_text("plain ASCII", record=1)
>>> acc.result()["totals"]["records"]
1

The shape of the result (``SCHEMA`` is bumped when it changes)::

    {"schema": 1, "mojifix_version": str, "command": [str], "inputs": [{name, format, records}],
     "threshold": float, "fields": [str],
     "totals": {records, damaged, damaged_share, malformed, characters, characters_affected,
                affected_share, findings},
     "by_kind": {kind: {"records": int, "findings": int}},      # damaged records only
     "by_pair": [{"encoded_as", "decoded_as", "findings"}],      # most frequent first
     "histogram": {"edges": [float], "counts": [int]},           # scores of every record
     "per_field": {field: {records, damaged, characters, characters_affected, by_kind}},
     "examples": {kind: [{input, record, field, score, text, spans: [[start, end, kind]],
                          fixed, changes: [[start, end]], truncated}]},
     "malformed": {"count": int, "examples": [{input, record, error}]},
     "duplicates": null | {"records", "exact", "after_folding", "examples": [...]}}
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from typing import Any

from mojifix._work import FieldScan, Outcome, internal_error

SCHEMA = 1

#: Score histogram: 20 equal bins over [0, 1]; a score above 1 counts in the last bin.
HISTOGRAM_BINS = 20

#: Longest excerpt of a record kept as an example (characters).
EXAMPLE_CHARS = 240

#: Characters of context kept before the first damaged span of an example.
EXAMPLE_CONTEXT = 60


def _merge_spans(spans: Iterable[tuple[int, int]]) -> int:
    """Number of characters covered by possibly overlapping ``(start, end)`` spans.

    >>> _merge_spans([(0, 4), (2, 6), (10, 12)])
    8
    """
    total = 0
    last_end = -1
    for start, end in sorted(spans):
        start = max(start, last_end)
        if end > start:
            total += end - start
            last_end = end
    return total


def excerpt(text: str, spans: list[tuple[int, int, str]]) -> tuple[str, list[list[Any]], bool]:
    """A window of at most :data:`EXAMPLE_CHARS` characters around the first span.

    Returns the excerpt, the spans shifted (and clipped) into it, and whether it was cut.

    >>> excerpt("abc", [(1, 2, "lost")])
    ('abc', [[1, 2, 'lost']], False)
    """
    if len(text) <= EXAMPLE_CHARS:
        return text, [[s, e, k] for s, e, k in spans], False
    first = min((s for s, _, _ in spans), default=0)
    start = max(0, first - EXAMPLE_CONTEXT)
    end = min(len(text), start + EXAMPLE_CHARS)
    # never cut through a damaged span
    for s, e, _ in spans:
        if s < start < e:
            start = s
        if s < end < e:
            end = e
    shifted = [
        [max(s, start) - start, min(e, end) - start, k]
        for s, e, k in spans
        if e > start and s < end
    ]
    return text[start:end], shifted, True


def changed_spans(before: str, after: str) -> list[list[int]]:
    """Spans of ``after`` that differ from ``before`` (to highlight what ``fix`` changed).

    >>> changed_spans("CafÃ© au lait", "Café au lait")
    [[3, 4]]
    """
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    return [
        [j1, j2]
        for op, _, _, j1, j2 in matcher.get_opcodes()
        if op in ("replace", "insert") and j2 > j1
    ]


class ScanAccumulator:
    """Counts damage record by record; see the module docstring for the result's shape."""

    def __init__(
        self,
        *,
        threshold: float = 0.5,
        examples: int = 5,
        duplicates: bool = False,
        profile: str = "match",
        casefold: bool = False,
    ) -> None:
        from mojifix._version import __version__

        self.threshold = threshold
        self.max_examples = examples
        self.duplicates = duplicates
        self.profile = profile
        self.casefold = casefold
        self.version = __version__
        self.records = 0
        self.damaged = 0
        self.characters = 0
        self.affected = 0
        self.findings = 0
        self.kind_records: Counter[str] = Counter()
        self.kind_findings: Counter[str] = Counter()
        self.pairs: Counter[tuple[str | None, str | None]] = Counter()
        self.histogram = [0] * HISTOGRAM_BINS
        self.per_field: dict[str, dict[str, Any]] = {}
        self.examples: dict[str, list[dict[str, Any]]] = {}
        self.malformed = 0
        self.malformed_examples: list[dict[str, Any]] = []
        self.inputs: list[dict[str, Any]] = []
        self._raw_seen: set[int] = set()
        self._fold_first: dict[int, int] = {}  # folded hash -> input index << 40 | record
        self.exact_duplicates = 0
        self.fold_duplicates = 0
        self.duplicate_examples: list[dict[str, Any]] = []
        self._input = "-"

    # -- feeding -------------------------------------------------------------------------

    def start_input(self, name: str, fmt: str) -> None:
        """Records added from now on come from the input ``name``."""
        self._input = name
        self.inputs.append({"name": name, "format": fmt, "records": 0})

    def add_text(self, text: str, *, record: int, field: str = "text") -> None:
        """Scan one string directly (for callers that are not the CLI)."""
        from mojifix._work import Job, scan_record

        job = Job(
            action="scan",
            fmt="text",
            threshold=self.threshold,
            duplicates=self.duplicates,
            profile=self.profile,
            casefold=self.casefold,
        )
        outcome = scan_record(job, record, -1, text.encode("utf-8", "surrogatepass"))
        if outcome.fields:
            outcome.fields[0].field = field
        self.add(outcome)

    def add(self, outcome: Outcome) -> None:
        """Count one record's :class:`~mojifix._work.Outcome` from ``scan_record``."""
        if not self.inputs:
            self.start_input(self._input, "text")
        self.inputs[-1]["records"] += 1
        self.records += 1
        if outcome.fields is None:
            self.malformed += 1
            if len(self.malformed_examples) < max(self.max_examples, 20):
                self.malformed_examples.append(
                    {"input": self._input, "record": outcome.number, "error": outcome.error}
                )
            return
        best = 0.0
        record_kinds: set[str] = set()
        for scan in outcome.fields:
            best = max(best, scan.score)
            self._add_field(outcome.number, scan, record_kinds)
        self.histogram[min(HISTOGRAM_BINS - 1, max(0, int(best * HISTOGRAM_BINS)))] += 1
        if record_kinds or best >= self.threshold:
            self.damaged += 1
            self.kind_records.update(record_kinds)
        if self.duplicates and outcome.raw_key is not None and outcome.fold_key is not None:
            self._add_duplicate(outcome)

    def _add_field(self, number: int, scan: FieldScan, record_kinds: set[str]) -> None:
        stats = self.per_field.setdefault(
            scan.field,
            {
                "records": 0,
                "damaged": 0,
                "characters": 0,
                "characters_affected": 0,
                "by_kind": Counter(),
            },
        )
        stats["records"] += 1
        stats["characters"] += scan.chars
        self.characters += scan.chars
        if scan.score < self.threshold:
            return
        stats["damaged"] += 1
        spans = [(s, e) for _, s, e, _, _ in scan.findings]
        covered = _merge_spans(spans)
        stats["characters_affected"] += covered
        self.affected += covered
        self.findings += len(scan.findings)
        kinds = {kind for kind, *_ in scan.findings}
        record_kinds.update(kinds)
        stats["by_kind"].update(kinds)
        for kind, _, _, encoded_as, decoded_as in scan.findings:
            self.kind_findings[kind] += 1
            if encoded_as or decoded_as:  # "lost" bytes have no encoding pair
                self.pairs[(encoded_as, decoded_as)] += 1
        if not kinds:
            kinds = {"unclassified"}
        for kind in sorted(kinds):
            bucket = self.examples.setdefault(kind, [])
            if len(bucket) < self.max_examples and scan.text is not None:
                bucket.append(self._example(number, scan))

    def _example(self, number: int, scan: FieldScan) -> dict[str, Any]:
        from mojifix.repair import fix

        assert scan.text is not None
        spans = [(s, e, k) for k, s, e, _, _ in scan.findings]
        text, shifted, truncated = excerpt(scan.text, spans)
        error = None
        try:
            fixed = fix(text)
        except Exception as exc:  # a bug in fix: said in the example, and the scan goes on
            fixed = text
            error = internal_error("fix", exc)
        example = {
            "input": self._input,
            "record": number,
            "field": scan.field,
            "score": round(scan.score, 4),
            "text": text,
            "spans": shifted,
            "fixed": fixed,
            "changes": changed_spans(text, fixed),
            "truncated": truncated,
        }
        if error is not None:
            example["fix_error"] = error
        return example

    def _add_duplicate(self, outcome: Outcome) -> None:
        assert outcome.raw_key is not None and outcome.fold_key is not None
        if outcome.raw_key in self._raw_seen:
            self.exact_duplicates += 1
            return
        self._raw_seen.add(outcome.raw_key)
        first = self._fold_first.get(outcome.fold_key)
        if first is None:
            self._fold_first[outcome.fold_key] = (len(self.inputs) - 1) << 40 | outcome.number
            return
        self.fold_duplicates += 1
        if len(self.duplicate_examples) < self.max_examples and outcome.joined is not None:
            from mojifix.fold import fold

            text = outcome.joined[:EXAMPLE_CHARS]
            self.duplicate_examples.append(
                {
                    "input": self._input,
                    "record": outcome.number,
                    "duplicate_of": {
                        "input": self.inputs[first >> 40]["name"],
                        "record": first & (1 << 40) - 1,
                    },
                    "text": text,
                    "folded": fold(text, profile=self.profile, casefold=self.casefold),
                }
            )

    # -- result --------------------------------------------------------------------------

    def result(self, *, command: list[str] | None = None) -> dict[str, Any]:
        """The scan as plain JSON-serialisable data."""
        from mojifix.detect import KINDS

        def share(part: int, whole: int) -> float:
            return round(part / whole, 6) if whole else 0.0

        scanned = self.records - self.malformed
        kinds_order = [k for k in KINDS if k in self.kind_records or k in self.kind_findings]
        kinds_order += sorted(set(self.kind_records) - set(kinds_order))
        return {
            "schema": SCHEMA,
            "mojifix_version": self.version,
            "command": list(command or []),
            "inputs": self.inputs,
            "threshold": self.threshold,
            "fields": list(self.per_field),
            "totals": {
                "records": self.records,
                "scanned": scanned,
                "damaged": self.damaged,
                "damaged_share": share(self.damaged, scanned),
                "malformed": self.malformed,
                "characters": self.characters,
                "characters_affected": self.affected,
                "affected_share": share(self.affected, self.characters),
                "findings": self.findings,
            },
            "by_kind": {
                k: {"records": self.kind_records[k], "findings": self.kind_findings[k]}
                for k in kinds_order
            },
            "by_pair": [
                {"encoded_as": enc, "decoded_as": dec, "findings": n}
                for (enc, dec), n in self.pairs.most_common()
            ],
            "histogram": {
                "edges": [round(i / HISTOGRAM_BINS, 4) for i in range(HISTOGRAM_BINS + 1)],
                "counts": list(self.histogram),
            },
            "per_field": {
                name: {**stats, "by_kind": dict(stats["by_kind"])}
                for name, stats in self.per_field.items()
            },
            "examples": self.examples,
            "malformed": {"count": self.malformed, "examples": self.malformed_examples},
            "duplicates": (
                {
                    "profile": self.profile,
                    "casefold": self.casefold,
                    "records": scanned,
                    "exact": self.exact_duplicates,
                    "after_folding": self.fold_duplicates,
                    "examples": self.duplicate_examples,
                }
                if self.duplicates
                else None
            ),
        }
