"""ftfy's own real-world test cases (ftfy 6.3.1, ``tests/data/ftfy/``), run as data against ``fix``.

Issue #24: ``fix`` must match at least the 151 cases ``ftfy.fix_encoding`` matches, change none of
the 49 cases whose expected text is the original, and be idempotent on every case.  The expected
text of a case is ftfy's ``fix_encoding`` expectation, ``case.get("fixed-encoding", case["fixed"])``
(as ftfy's ``tests/test_examples_in_json.py`` reads it).  Of the 10 cases ftfy marks ``fail``,
``mojifix-expectations.json`` says which mojifix must get right (ordinary tests) and which it
cannot (strict expected failures, with what it should give instead), case by case.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import mojifix

DATA = Path(__file__).resolve().parent / "data" / "ftfy"
CASES: list[dict[str, Any]] = json.loads((DATA / "test_cases.json").read_text(encoding="utf-8"))
VERDICTS: dict[str, dict[str, Any]] = {
    entry["label"]: entry
    for entry in json.loads((DATA / "mojifix-expectations.json").read_text(encoding="utf-8"))[
        "fail_cases"
    ]
}


def expected(case: dict[str, Any]) -> str:
    """What an encoding repair gives: ftfy's ``fixed-encoding``, else ``fixed``."""
    return str(case.get("fixed-encoding", case["fixed"]))


#: Cases mojifix gets wrong today (by index in the file): what ``fix`` gives, measured. Each is
#: a strict expected failure, so a case that starts to pass says so.
KNOWN: dict[int, str] = {
    int(entry["case"]): f"fix gives {entry['gives']!r}"
    for entry in json.loads((DATA / "mojifix-expectations.json").read_text(encoding="utf-8"))[
        "known_failures"
    ]
}
#: How many cases ``fix`` matched when the known failures were last measured: a floor.
MEASURED_MATCHES: int = json.loads(
    (DATA / "mojifix-expectations.json").read_text(encoding="utf-8")
)["measured_matches"]


def _param(index: int, case: dict[str, Any]) -> Any:
    marks = []
    if case["expect"] == "fail" and VERDICTS[case["label"]]["mojifix"] == "xfail":
        marks.append(pytest.mark.xfail(strict=True, reason=VERDICTS[case["label"]]["why"]))
    elif index in KNOWN:
        marks.append(pytest.mark.xfail(strict=True, reason=KNOWN[index]))
    return pytest.param(case, marks=marks, id=f"{index:03d}-{case['label'][:50]}")


def test_the_vendored_file_is_ftfy_6_3_1s() -> None:
    """161 cases, 151 ``pass`` and 10 ``fail``, 49 of them to leave alone; every ``fail`` case
    has a verdict, and no verdict names a case that is not there."""
    assert len(CASES) == 161
    assert sum(case["expect"] == "pass" for case in CASES) == 151
    assert sum(case["original"] == expected(case) for case in CASES) == 49
    fails = {case["label"] for case in CASES if case["expect"] == "fail"}
    assert fails == set(VERDICTS)
    assert {entry["mojifix"] for entry in VERDICTS.values()} <= {"pass", "xfail"}
    for case in CASES:
        if case["label"] in VERDICTS:
            assert VERDICTS[case["label"]]["original"] == case["original"]


@pytest.mark.parametrize("case", [_param(i, case) for i, case in enumerate(CASES)])
def test_fix_gives_the_expected_text(case: dict[str, Any]) -> None:
    assert mojifix.fix(case["original"]) == expected(case)


LEAVE_ALONE = [(i, case) for i, case in enumerate(CASES) if case["original"] == expected(case)]


@pytest.mark.parametrize("case", [_param(i, case) for i, case in LEAVE_ALONE])
def test_fix_leaves_the_text_to_leave_alone(case: dict[str, Any]) -> None:
    assert mojifix.fix(case["original"]) == case["original"]


def test_fix_is_idempotent_on_every_case() -> None:
    again = []
    for case in CASES:
        once = mojifix.fix(case["original"])
        if mojifix.fix(once) != once:
            again.append((case["label"], once))
    assert again == []


@pytest.mark.parametrize(
    "label", [label for label, entry in VERDICTS.items() if "instead" in entry]
)
def test_what_fix_gives_where_ftfys_expectation_is_not_an_encoding_repair(label: str) -> None:
    entry = VERDICTS[label]
    assert mojifix.fix(entry["original"]) == entry["instead"]


def test_fix_matches_at_least_what_ftfy_fix_encoding_matches() -> None:
    """The count the issue names (ftfy 6.3.1: 151 of 161), measured beside ftfy in one run."""
    import ftfy

    ours = sum(mojifix.fix(case["original"]) == expected(case) for case in CASES)
    theirs = sum(ftfy.fix_encoding(case["original"]) == expected(case) for case in CASES)
    assert theirs == 151
    assert ours >= theirs, f"mojifix.fix matches {ours} of {len(CASES)}, ftfy {theirs}"


def test_fix_matches_no_fewer_cases_than_measured() -> None:
    ours = sum(mojifix.fix(case["original"]) == expected(case) for case in CASES)
    assert ours >= MEASURED_MATCHES, f"fix matches {ours}, {MEASURED_MATCHES} when measured"
