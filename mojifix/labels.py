"""Get an encoding: the WHATWG Encoding Standard's label table.  (STUB: owned by the codecs helper)"""

from __future__ import annotations


def lookup(label: str) -> str | None:
    """Return the canonical WHATWG encoding name for *label*, or None."""
    raise NotImplementedError
