"""WHATWG decoders and encoders, registered as Python codecs.  (STUB: owned by the codecs helper)"""

from __future__ import annotations


def decode(data: bytes, encoding: str, errors: str = "replace") -> str:
    """Decode *data* with the WHATWG decoder of *encoding* (a name or label)."""
    raise NotImplementedError


def encode(text: str, encoding: str, errors: str = "strict") -> bytes:
    """Encode *text* with the inverse of the WHATWG decoder of *encoding*."""
    raise NotImplementedError
