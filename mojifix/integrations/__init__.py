"""Integrations with dataset libraries; each is an optional extra, imported lazily."""

from __future__ import annotations


def _autoregister() -> None:
    """Register the pandas accessors if pandas is importable.  (STUB: owned by the integrations helper)"""
