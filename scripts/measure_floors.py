"""Measure mojifix on the corpus's ``test`` split; write the figures into ``corpus/targets.json``.

``tests/test_eval_floors.py`` reads three things from the file beside the issue's targets:

- ``measured``: every group's repair rate and the detection figures, a ratchet: a later run
  may not fall below it. This script raises a floor and never lowers one, unless told to with
  ``--allow-lower`` (say why in the commit: a floor lowered is a regression accepted);
- ``not_reached``: each target this run misses, with the figure measured: the tests expect
  those to fail (strictly: a target reached makes its test fail until it is taken out here);
- ``by_the_python_detector``: the figures of the pure-Python detector the core replaced, kept
  as they were; a group where the core is below it is listed in ``below_the_python_detector``.

    python scripts/measure_floors.py            # after a change that makes mojifix better
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mojifix.evaluate import evaluate, load_corpus, load_targets, row_groups, target_of  # noqa: E402

TARGETS_FILE = ROOT / "corpus" / "targets.json"


def figures_of(result: dict[str, Any]) -> dict[str, float]:
    """Every group's repair rate and the detection figures, rounded down to 4 decimals."""
    out: dict[str, float] = {}
    for group, entry in result["groups"].items():
        value = entry.get("repair", {}).get("mojifix")
        if value is not None:
            out[group] = value
    for metric, value in result["detection"]["mojifix"].items():
        if metric in ("auc", "precision", "recall") and value is not None:
            out[f"detection:{metric}"] = value
    return {k: int(v * 10_000) / 10_000 for k, v in out.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--allow-lower", action="store_true",
                        help="write floors below the recorded ones (a regression accepted)")
    args = parser.parse_args(argv)
    targets = load_targets()
    rows = load_corpus(split="test")
    groups = {g for row in rows for g in row_groups(row)}
    result = evaluate(rows, with_ftfy=False, failures=0, targets=targets["targets"])
    now = figures_of(result)
    old = targets["measured"]
    lowered = {k: (old[k], v) for k, v in now.items() if k in old and v < old[k]}
    if lowered and not args.allow_lower:
        for k, (was, is_) in sorted(lowered.items()):
            print(f"  {k}: {was} -> {is_}", file=sys.stderr)
        print("figures fell below their floors: fix that, or pass --allow-lower", file=sys.stderr)
        return 1
    measured = {k: v for k, v in sorted(now.items()) if not k.startswith("detection:")}
    measured.update({k: v for k, v in sorted(now.items()) if k.startswith("detection:")})
    not_reached = {
        g: now.get(g, 0.0) for g in sorted(groups)
        if (t := target_of(g, targets["targets"])) is not None and now.get(g, 0.0) < t
    }
    not_reached.update({
        f"detection:{m}": now[f"detection:{m}"] for m, t in sorted(targets["detection"].items())
        if now[f"detection:{m}"] < float(t)
    })
    python = targets.setdefault("by_the_python_detector", dict(old))
    targets["measured"] = measured
    targets["not_reached"] = not_reached
    targets["below_the_python_detector"] = {
        k: now.get(k, 0.0) for k in sorted(python) if now.get(k, 0.0) < python[k]
    }
    TARGETS_FILE.write_text(json.dumps(targets, ensure_ascii=False, indent=2) + "\n",
                            encoding="utf-8")
    print(f"{len(measured)} figures; {len(not_reached)} targets not reached; "
          f"{len(targets['below_the_python_detector'])} below the Python detector",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
