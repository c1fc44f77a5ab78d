"""The decision's parameters agree with their generator, ``scripts/calibrate.py``: the file
it writes (``src/decision/parameters.rs``) is what the core decides with, the coordinates set
by hand hold their values there, and its header says why of each."""

from __future__ import annotations

import sys
from pathlib import Path

from pytest import MonkeyPatch

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # scripts/ is the repository's, not the package's
    sys.path.insert(0, str(ROOT))

from mojifix import _core  # noqa: E402
from scripts import calibrate  # noqa: E402


def test_the_shipped_parameters_are_the_cores() -> None:
    # Read back from the generated file, they decide as the core's built-in ones do.
    texts = ["CafÃ©", "Ð\u009fÑ\u0080Ð¸Ð²ÐµÑ\u0082", "Ïðèâåò", "\x93quoted\x94", "Zażółć"]
    shipped = calibrate.shipped()
    assert len(shipped.prior) == len(_core.reading_names())
    fixed = _core.fix_with_parameters(texts, shipped.as_dict())
    assert [text for text, _score in fixed] == [_core.fix(t) for t in texts]
    assert [score for _text, score in fixed] == [_core.score(t) for t in texts]


def test_the_coordinates_set_by_hand_hold_their_values() -> None:
    shipped = calibrate.shipped()
    for (name, index), (value, _why) in calibrate.HAND_SET.items():
        assert shipped.get(name, calibrate.coordinate_index(index)) == value, (name, index)


def test_the_descent_never_moves_a_coordinate_set_by_hand(monkeypatch: MonkeyPatch) -> None:
    # Every set of parameters the descent weighs holds the hand-set values: it tries no move
    # of them (each other coordinate it tries a step either way).
    examples = [
        calibrate.Example("CafÃ©", "Café", "utf-8-as-single-byte"),
        calibrate.Example("Ïðèâåò", "Привет", "legacy-as-legacy"),
        calibrate.Example("Zażółć gęślą jaźń", "Zażółć gęślą jaźń", "clean"),
    ]
    start = calibrate.shipped()
    hand_set = [c for c in start.names() if calibrate.hand_set(*c)]
    assert len(hand_set) == len(calibrate.HAND_SET)
    weighed: list[list[int]] = []
    evaluate = calibrate.evaluate

    def weigh(parameters: calibrate.Parameters, examples: list[calibrate.Example]) -> object:
        weighed.append([parameters.get(*c) for c in hand_set])
        return evaluate(parameters, examples)

    monkeypatch.setattr(calibrate, "evaluate", weigh)
    calibrate.descend(start, examples, rounds=1)
    assert len(weighed) > len(start.names())
    assert all(values == [start.get(*c) for c in hand_set] for values in weighed)


def test_the_header_says_why_of_each_coordinate_set_by_hand() -> None:
    header = [
        line.removeprefix("//! ")
        for line in calibrate.OUTPUT.read_text(encoding="utf-8").splitlines()
        if line.startswith("//!")
    ]
    lines = calibrate.hand_set_lines()
    assert any(header[i : i + len(lines)] == lines for i in range(len(header)))
