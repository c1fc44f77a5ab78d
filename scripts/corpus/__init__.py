"""Helpers of ``scripts/make_corpus.py``: codecs stand-in, hand-written rows, text sources."""
