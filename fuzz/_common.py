"""Shared helpers of the atheris harnesses: invariants, and saving what a crash was."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

OUT = Path(os.environ.get("MOJIFIX_FUZZ_OUT", Path(__file__).resolve().parent / "findings"))


def save(function: str, data: Any, error: BaseException, content_type: str | None = None) -> Path:
    """Write the failing input as a ``tests/regressions`` data file and return its path."""
    import base64
    import traceback

    OUT.mkdir(parents=True, exist_ok=True)
    case: dict[str, Any] = {"function": function}
    if isinstance(data, bytes):
        case["input_base64"] = base64.b64encode(data).decode("ascii")
        case["content_type"] = content_type
    else:
        case["input"] = data
    case["found_by"] = f"atheris fuzz/{Path(sys.argv[0]).name}, {time.strftime('%Y-%m-%d')}"
    case["traceback"] = "".join(traceback.format_exception(error))[-4000:]
    path = OUT / f"{function}-{abs(hash((repr(data), content_type))) % 10**10}.json"
    path.write_text(json.dumps(case, indent=1) + "\n", encoding="utf-8")
    return path


def check_text(text: str) -> None:
    """The invariants of fix/score/detect/fix_and_explain on any str (raise on violation)."""
    import mojifix

    fixed = mojifix.fix(text)
    if mojifix.fix(fixed) != fixed:
        raise AssertionError("fix is not idempotent")
    detection = mojifix.detect(text)
    if not 0.0 <= detection.score <= 1.0:
        raise AssertionError(f"score {detection.score} outside [0, 1]")
    last = -1
    for f in detection.findings:
        if not 0 <= f.start <= f.end <= len(text):
            raise AssertionError(f"finding outside the text: {f}")
        if f.start < last:
            raise AssertionError("findings not sorted")
        last = f.start
    repair = mojifix.fix_and_explain(text)
    if repair.text != fixed or mojifix.apply_steps(text, repair.steps) != fixed:
        raise AssertionError("fix_and_explain / apply_steps disagree with fix")
