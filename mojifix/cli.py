"""The mojifix command line.  (STUB: owned by the CLI helper)"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print("mojifix: not implemented yet", file=sys.stderr)
    return 2
