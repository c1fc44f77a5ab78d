"""Assemble README.md from the fragments in docs/readme/ (in file-name order).

Each feature's section lives next to the others in ``docs/readme/NN-topic.md`` so that it can be
edited (and its examples tested) on its own.  Run ``python scripts/build_readme.py`` after
editing a fragment; ``--check`` exits 1 when README.md is out of date (the test suite runs it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAGMENTS = ROOT / "docs" / "readme"
README = ROOT / "README.md"


def build() -> str:
    """The README text: every fragment, in order, separated by one blank line."""
    parts = [p.read_text(encoding="utf-8").strip() + "\n" for p in sorted(FRAGMENTS.glob("*.md"))]
    footer = (
        "\n<!-- README.md is assembled from docs/readme/*.md by scripts/build_readme.py;"
        " edit the fragments, not this file. -->\n"
    )
    return "\n".join(parts) + footer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if README.md is stale")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        current = README.read_text(encoding="utf-8") if README.exists() else ""
        if current != text:
            print("README.md is out of date: run python scripts/build_readme.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
