"""datatrove pipeline steps: :class:`MojibakeFixer` (a formatter) and :class:`MojibakeFilter`.

::

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter
    from mojifix.integrations.datatrove import MojibakeFilter, MojibakeFixer

    LocalPipelineExecutor(
        pipeline=[
            JsonlReader("in/"),
            MojibakeFixer(),                     # repair what can be repaired
            MojibakeFilter(score_threshold=0.5), # drop what is still damaged
            JsonlWriter("out/"),
        ],
        logging_dir="logs/",
    ).run()

Both steps send documents to the core in batches (``batch_size`` documents, 256 by default): one
call of the core per batch, on every core, and a new Python string only for a text that changes.

Stats are recorded the datatrove way (``logs/stats.json``): the fixer counts ``mojibake_fixed``
documents; the filter counts ``total``/``forwarded``/``dropped``, ``dropped_mojibake`` (score at
or above the threshold) and ``dropped_mojibake_affected`` (share of affected characters at or
above ``affected_threshold``), and one ``mojibake_<kind>`` counter per kind of finding seen.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import mojifix
from mojifix.integrations._common import fix_values, require, strings_array

require("datatrove", "datatrove")

from datatrove.data import Document, DocumentsPipeline  # noqa: E402
from datatrove.pipeline.filters.base_filter import BaseFilter  # noqa: E402
from datatrove.pipeline.formatters.base import BaseFormatter  # noqa: E402
from datatrove.utils.typeshelper import StatHints  # noqa: E402

__all__ = ["BATCH_SIZE", "MojibakeFilter", "MojibakeFixer"]

BATCH_SIZE = 256
"""Documents per call of the core: enough to share out over threads, few enough to stream."""


def _batches(data: DocumentsPipeline, size: int) -> Iterator[list[Document]]:
    iterator = iter(data)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


class MojibakeFixer(BaseFormatter):  # type: ignore[misc]
    """Repair each document's text with :func:`mojifix.fix`.

    ``options`` are passed to :func:`mojifix.fix` (``jis="browser"``, ``html=True``, ...).
    Counts the documents it changed under the stat ``mojibake_fixed``. With ``keep_original``
    set to a metadata key, a changed document keeps its original text there.

    >>> from datatrove.data import Document
    >>> docs = [Document(text="plain", id="0"), Document(text="CafÃ©", id="1")]
    >>> [doc.text for doc in MojibakeFixer()(docs)]
    ['plain', 'Café']
    """

    name = "🩹 mojifix fixer"

    def __init__(
        self, *, keep_original: str | None = None, batch_size: int = BATCH_SIZE, **options: Any
    ) -> None:
        super().__init__()
        mojifix.fix("", **options)  # a bad option fails here, not in the pipeline's workers
        self.options = options
        self.keep_original = keep_original
        self.batch_size = max(1, batch_size)

    def format(self, text: str) -> str:
        """The repaired text."""
        return mojifix.fix(text, **self.options)

    def run(
        self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1
    ) -> DocumentsPipeline:
        """Repair every document, a batch at a time; count the changed ones."""
        for batch in _batches(data, self.batch_size):
            texts = [doc.text for doc in batch]
            with self.track_time("batch"):
                fixed = fix_values(texts, **self.options)
            for doc, text, new in zip(batch, texts, fixed, strict=True):
                self.stat_update(StatHints.total)
                if new is not text and new != text:
                    self.stat_update("mojibake_fixed")
                    if self.keep_original:
                        doc.metadata[self.keep_original] = text
                    doc.text = new
                yield doc


class MojibakeFilter(BaseFilter):  # type: ignore[misc]
    """Drop documents with mojibake (or, with ``invert=True``, keep only those).

    A document is *damaged* when its :func:`mojifix.score` is at least ``score_threshold``, or
    when its ``affected`` share (damaged characters / all characters) is at least
    ``affected_threshold`` (``None``: not checked). Damaged documents are dropped with the reason
    ``"mojibake"`` (score) or ``"mojibake_affected"`` (affected share), which datatrove records
    as ``dropped_mojibake`` / ``dropped_mojibake_affected`` and writes to the exclusion writer's
    ``metadata["filter_reason"]``. With ``annotate=True`` (default) every document gets
    ``metadata["mojibake_score"]`` and ``metadata["mojibake_affected"]``.

    >>> from datatrove.data import Document
    >>> MojibakeFilter().filter(Document(text="plain", id="0"))
    True
    >>> MojibakeFilter(score_threshold=2)
    Traceback (most recent call last):
    ...
    ValueError: score_threshold must be between 0 and 1 (a mojifix score), not 2
    """

    name = "🩹 mojifix filter"

    def __init__(
        self,
        score_threshold: float | None = 0.5,
        affected_threshold: float | None = None,
        *,
        invert: bool = False,
        annotate: bool = True,
        exclusion_writer: Any = None,
        batch_size: int = BATCH_SIZE,
    ) -> None:
        super().__init__(exclusion_writer, batch_size=max(1, batch_size))
        for label, value in (
            ("score_threshold", score_threshold),
            ("affected_threshold", affected_threshold),
        ):
            if value is not None and not 0 <= value <= 1:
                raise ValueError(f"{label} must be between 0 and 1 (a mojifix score), not {value}")
        if score_threshold is None and affected_threshold is None:
            raise ValueError("give score_threshold, affected_threshold or both")
        self.score_threshold = score_threshold
        self.affected_threshold = affected_threshold
        self.invert = invert
        self.annotate = annotate

    def filter(self, doc: Document) -> bool | tuple[bool, str]:
        """True to keep the document, ``(False, reason)`` to drop it."""
        return self.filter_batch([doc])[0]

    def filter_batch(self, batch: list[Document]) -> list[bool | tuple[bool, str]]:
        """:meth:`filter` for each document of ``batch``, in one call of the core."""
        return [
            self._judge(doc, score, affected, kinds)
            for doc, (score, affected, kinds) in zip(batch, _detections(batch), strict=True)
        ]

    def _judge(
        self, doc: Document, score: float, affected: float, kinds: set[str]
    ) -> bool | tuple[bool, str]:
        if self.annotate:
            doc.metadata["mojibake_score"] = score
            doc.metadata["mojibake_affected"] = affected
        for kind in sorted(kinds):
            self.stat_update(f"mojibake_{kind}")
        reason = None
        if self.score_threshold is not None and score >= self.score_threshold:
            reason = "mojibake"
        elif self.affected_threshold is not None and affected >= self.affected_threshold:
            reason = "mojibake_affected"
        if self.invert:
            return True if reason else (False, "clean")
        return (False, reason) if reason else True


def _detections(batch: list[Document]) -> list[tuple[float, float, set[str]]]:
    """``(score, affected, kinds of finding)`` of each document: one call of the core's
    ``detect_array``, with Python objects only for the findings."""
    texts = [doc.text for doc in batch]
    array = strings_array(texts)
    if array is None:  # a text the batch path cannot take (a lone surrogate)
        found = [mojifix.detect(text) for text in texts]
        return [(d.score, d.affected, {f.kind for f in d.findings}) for d in found]
    import pyarrow.compute as pc

    from mojifix.integrations.arrow import detect_array

    detections = detect_array(array)
    kinds: list[set[str]] = [set() for _ in texts]
    findings = detections.field("findings")
    rows = pc.list_parent_indices(findings).to_pylist()
    for row, kind in zip(rows, pc.list_flatten(findings).field("kind").to_pylist(), strict=True):
        kinds[row].add(kind)
    scores = detections.field("score").to_pylist()
    affected = detections.field("affected").to_pylist()
    return list(zip(scores, affected, kinds, strict=True))
