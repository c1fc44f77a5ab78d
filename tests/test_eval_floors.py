"""Accuracy floors from the issues, measured on the corpus's ``test`` split.

The same figures as ``mojifix eval --split test`` (computed by ``mojifix.evaluate.evaluate``),
asserted as floors so that a drop fails CI.  The floors are the issues' own numbers; do not
lower them to make a run pass.
"""

from __future__ import annotations

from typing import Any

import pytest

from mojifix.evaluate import evaluate, load_corpus


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    rows = load_corpus(split="test")
    return evaluate(rows, with_ftfy=False, failures=3)


def _misses(figures: dict[str, Any], kind: str) -> str:
    shown = figures["failures"].get(kind, [])
    return "; ".join(f"{m['id']}: {m['text'][:40]!r} -> {m['got'][:40]!r}" for m in shown)


def test_no_call_raises(figures: dict[str, Any]) -> None:
    assert figures["errors"] == []


@pytest.mark.parametrize("kind", ["clean", "negative"])
def test_no_false_alarms(figures: dict[str, Any], kind: str) -> None:
    alarms = figures["detection"]["mojifix"]["false_alarms"][kind]
    assert alarms["n"] > 0
    assert alarms["count"] == 0


@pytest.mark.parametrize("kind", ["clean", "negative"])
def test_fix_leaves_text_that_needs_no_fix_alone(figures: dict[str, Any], kind: str) -> None:
    changes = figures["changes"]["mojifix"][kind]
    assert changes["n"] > 0
    assert changes["count"] == 0


def test_detection_precision(figures: dict[str, Any]) -> None:
    assert figures["detection"]["mojifix"]["precision"] >= 0.999


def test_detection_recall(figures: dict[str, Any]) -> None:
    assert figures["detection"]["mojifix"]["recall"] >= 0.98


def test_detection_roc_auc(figures: dict[str, Any]) -> None:
    assert figures["detection"]["mojifix"]["auc"] >= 0.999


@pytest.mark.parametrize(
    ("group", "floor"),
    [
        ("utf-8-as-single-byte/lossless", 0.99),
        ("utf-8-as-multi-byte", 0.97),
        ("legacy-as-legacy", 0.95),
    ],
)
def test_repair_exact_match(figures: dict[str, Any], group: str, floor: float) -> None:
    entry = figures["repair"][group]
    assert entry["n"] >= 20
    assert entry["mojifix"] >= floor, _misses(figures, group.split("/")[0])
