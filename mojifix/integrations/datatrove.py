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

Stats are recorded the datatrove way (``logs/stats.json``): the fixer counts ``mojibake_fixed``
documents; the filter counts ``total``/``forwarded``/``dropped``, ``dropped_mojibake`` (score at
or above the threshold) and ``dropped_mojibake_affected`` (share of affected characters at or
above ``affected_threshold``), and one ``mojibake_<kind>`` counter per kind of finding seen.
"""

from __future__ import annotations

from typing import Any

import mojifix
from mojifix.integrations._common import require

require("datatrove", "datatrove")

from datatrove.data import Document, DocumentsPipeline  # noqa: E402
from datatrove.pipeline.filters.base_filter import BaseFilter  # noqa: E402
from datatrove.pipeline.formatters.base import BaseFormatter  # noqa: E402
from datatrove.utils.typeshelper import StatHints  # noqa: E402

__all__ = ["MojibakeFilter", "MojibakeFixer"]


class MojibakeFixer(BaseFormatter):  # type: ignore[misc]
    """Repair each document's text with :func:`mojifix.fix`.

    ``options`` are passed to :func:`mojifix.fix` (``jis="browser"``, ``html=True``, ...).
    Counts the documents it changed under the stat ``mojibake_fixed``. With ``keep_original``
    set to a metadata key, a changed document keeps its original text there.

    >>> from datatrove.data import Document
    >>> [doc.text for doc in MojibakeFixer()([Document(text="plain", id="0")])]
    ['plain']
    """

    name = "🩹 mojifix fixer"

    def __init__(self, *, keep_original: str | None = None, **options: Any) -> None:
        super().__init__()
        self.options = options
        self.keep_original = keep_original

    def format(self, text: str) -> str:
        """The repaired text."""
        return mojifix.fix(text, **self.options)

    def run(
        self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1
    ) -> DocumentsPipeline:
        """Repair every document; count the changed ones."""
        for doc in data:
            self.stat_update(StatHints.total)
            with self.track_time():
                fixed = self.format(doc.text)
            if fixed != doc.text:
                self.stat_update("mojibake_fixed")
                if self.keep_original:
                    doc.metadata[self.keep_original] = doc.text
                doc.text = fixed
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
    ) -> None:
        super().__init__(exclusion_writer)
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
        detection = mojifix.detect(doc.text)
        if self.annotate:
            doc.metadata["mojibake_score"] = detection.score
            doc.metadata["mojibake_affected"] = detection.affected
        for kind in sorted({finding.kind for finding in detection.findings}):
            self.stat_update(f"mojibake_{kind}")
        reason = None
        if self.score_threshold is not None and detection.score >= self.score_threshold:
            reason = "mojibake"
        elif (
            self.affected_threshold is not None
            and detection.affected >= self.affected_threshold
        ):
            reason = "mojibake_affected"
        if self.invert:
            return True if reason else (False, "clean")
        return (False, reason) if reason else True
