"""Encoding sniffing for HTML bytes.  (STUB: owned by the sniff helper)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    source: str
    confidence: str
    replacements: int


def decode_html(body: bytes, content_type: str | None = None, **kwargs: Any) -> Decoded:
    raise NotImplementedError


def decode_response(response: Any, **kwargs: Any) -> Decoded:
    raise NotImplementedError
