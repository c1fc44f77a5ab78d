"""Find mojibake in already-decoded text.  (STUB: owned by the detect/repair helper)"""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = (
    "utf-8-as-single-byte",
    "utf-8-as-multi-byte",
    "legacy-as-legacy",
    "multi-layer",
    "jis-variant",
    "lost",
)


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int
    text: str
    encoded_as: str | None
    decoded_as: str | None


@dataclass(frozen=True)
class Detection:
    score: float
    findings: list[Finding] = field(default_factory=list)
    affected: float = 0.0


def detect(text: str) -> Detection:
    if not isinstance(text, str):
        raise TypeError(f"detect() takes a str, not {type(text).__name__}")
    return Detection(0.0, [], 0.0)


def score(text: str) -> float:
    return detect(text).score


def is_mojibake(text: str, threshold: float = 0.5) -> bool:
    return score(text) >= threshold
