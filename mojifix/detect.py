"""Find mojibake in already-decoded text.

Mojibake is text whose bytes were decoded with the wrong character set. The compiled core
(``mojifix._core``) considers every misreading it knows, "bytes in encoding E, read as D":
UTF-8 read as a single-byte encoding ("CafÃ©") or a multi-byte one ("鐢ㄦ埛"), legacy text
read as another legacy encoding ("Ïðèâåò"), layers of these ("CafÃƒÂ©"). A candidate must
re-encode exactly and decode validly; a model of real text and a model of each kind of
mojibake then judge it in its context, and one reading is chosen for the text as a whole.

* ``utf-8-as-single-byte``, ``utf-8-as-multi-byte``, ``legacy-as-legacy``: one misreading.
* ``multi-layer``: a span repaired over several rounds (mojibake of mojibake).
* ``jis-variant``: 〜 ‖ − ¢ £ ¬ in Japanese text, where a strict JIS decoder may have produced
  them instead of what browsers show (～ ∥ － ￠ ￡ ￢). Reported, never scored.
* ``lost``: bytes already lost: runs of U+FFFD, and 锟斤拷 (U+FFFD's own UTF-8 read as GBK).

>>> detect("CafÃ© au lait").findings[0].replacement
'é'
>>> score("Café au lait")
0.0
>>> is_mojibake("鐢ㄦ埛")
True
>>> [(f.kind, f.encoded_as, f.decoded_as) for f in detect("Ïðèâåò, ìèð").findings][:1]
[('legacy-as-legacy', 'windows-1251', 'windows-1252')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from mojifix import _core

__all__ = [
    "CHUNK_CHARS", "KINDS", "Detection", "Finding", "chunks", "detect", "is_mojibake", "score",
]

#: Texts longer than this many characters are analysed a chunk at a time (cut at a line break
#: where there is one, never inside a sequence of mojibake), so time and memory stay linear.
CHUNK_CHARS: int = _core.CHUNK_CHARS

KINDS = (
    "utf-8-as-single-byte",
    "utf-8-as-multi-byte",
    "legacy-as-legacy",
    "multi-layer",
    "jis-variant",
    "lost",
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One damaged span: ``text[start:end] == text``, character offsets.

    ``encoded_as`` is the encoding the author's bytes were really in, ``decoded_as`` the one
    that misread them (WHATWG names, and ``IBM437``, ``IBM850``, ``latin-1``). ``replacement``
    is what :func:`mojifix.fix` puts there (``None`` when nothing is repaired, as for lost
    data), ``score`` the strength of the evidence in [0, 1].
    """

    kind: str
    start: int
    end: int
    text: str
    encoded_as: str | None
    decoded_as: str | None
    replacement: str | None = None
    score: float = 0.0


@dataclass(frozen=True)
class Detection:
    """The result of :func:`detect`: overall ``score``, the ``findings`` in text order, and the
    fraction of characters inside findings (``affected``)."""

    score: float
    findings: list[Finding] = field(default_factory=list)
    affected: float = 0.0


def _check(text: object, caller: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{caller}() takes a str, not {type(text).__name__}")


_SURROGATES = re.compile("[\ud800-\udfff]+")

_T = TypeVar("_T")


def segments(text: str) -> Iterator[tuple[int, str, str]]:
    """The text cut at lone surrogates (which no encoding produces and the core cannot hold):
    ``(offset, segment, surrogates after it)``.

    >>> list(segments("a" + chr(0xD800) + "b"))
    [(0, 'a', '\\ud800'), (2, 'b', '')]
    """
    at = 0
    for match in _SURROGATES.finditer(text):
        yield at, text[at : match.start()], match.group()
        at = match.end()
    yield at, text[at:], ""


def by_segments(text: str, core: Callable[[str], _T]) -> list[tuple[int, str, str, _T]]:
    """``core`` on each segment of :func:`segments`, with the offset and surrogates."""
    return [(at, part, tail, core(part)) for at, part, tail in segments(text)]


def detect(text: str) -> Detection:
    """Find every span of mojibake in *text*.

    >>> d = detect("Ã…lesund is in Norway")
    >>> d.findings[0].kind, d.findings[0].replacement, d.score > 0.5
    ('utf-8-as-single-byte', 'Å', True)
    >>> detect("鐢ㄦ埛").findings[0].replacement
    '用户'
    >>> detect("Hello").score
    0.0
    """
    _check(text, "detect")
    try:
        total, findings = _core.detect(text, Finding)
    except UnicodeEncodeError:  # lone surrogates: each segment, its findings in the text's offsets
        total, findings = 0.0, []
        for at, part, _ in segments(text):
            part_score, found = _core.detect(part, Finding, at)
            total = max(total, part_score)
            findings += found
    affected = sum(f.end - f.start for f in findings if f.kind != "jis-variant")
    return Detection(total, findings, affected / len(text) if text else 0.0)


def chunks(text: str) -> list[tuple[int, int]]:
    """Where the core cuts a long text into chunks: ``(start, end)`` character offsets.

    >>> chunks("short")
    [(0, 5)]
    >>> len(chunks("x" * (CHUNK_CHARS + 1)))
    2
    """
    _check(text, "chunks")
    return _core.chunks(text)


def score(text: str) -> float:
    """How sure the core is that *text* contains mojibake, in [0, 1]: 0.0 for clean text.

    >>> score("Ð¿Ñ€Ð¸Ð²ÐµÑ‚") > 0.9
    True
    >>> score("São Paulo, 25°C, ±3, €100")
    0.0
    """
    _check(text, "score")
    try:
        return _core.score(text)
    except UnicodeEncodeError:  # lone surrogates
        return max(part[3] for part in by_segments(text, _core.score))


def is_mojibake(text: str, threshold: float = 0.5) -> bool:
    """``score(text) >= threshold``.

    >>> is_mojibake("CafÃ©"), is_mojibake("Café")
    (True, False)
    """
    return score(text) >= threshold
