"""Undo mojibake.  (STUB: owned by the detect/repair helper)"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Step:
    kind: str
    start: int
    end: int
    original: str
    replacement: str
    encoded_as: str | None
    decoded_as: str | None


@dataclass(frozen=True)
class Repair:
    text: str
    steps: list[Step] = field(default_factory=list)


def fix(text: str, *, jis: str = "keep") -> str:
    if not isinstance(text, str):
        raise TypeError(f"fix() takes a str, not {type(text).__name__}")
    return text


def fix_and_explain(text: str, *, jis: str = "keep") -> Repair:
    return Repair(fix(text, jis=jis), [])


def apply_steps(text: str, steps: Sequence[Step]) -> str:
    for step in steps:
        text = text[: step.start] + step.replacement + text[step.end :]
    return text
