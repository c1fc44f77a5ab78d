"""Fuzz ``mojifix.detect`` / ``score`` with atheris.

    python fuzz/fuzz_detect.py -max_total_time=300 -max_len=4096

Checks that the score is in [0, 1] and the findings lie inside the text, sorted.
"""

from __future__ import annotations

import sys

import atheris
from _common import save

import mojifix


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeBool():
        text = fdp.ConsumeUnicode(fdp.remaining_bytes())
    else:  # UTF-8 read as windows-1252: the classic
        from mojifix import codecs

        raw = fdp.ConsumeUnicodeNoSurrogates(fdp.remaining_bytes())
        text = codecs.decode(raw.encode("utf-8"), "windows-1252")
    try:
        detection = mojifix.detect(text)
        if not 0.0 <= detection.score <= 1.0:
            raise AssertionError(f"score {detection.score} outside [0, 1]")
        if mojifix.score(text) != detection.score:
            raise AssertionError("score() and detect().score disagree")
        starts = [f.start for f in detection.findings]
        if starts != sorted(starts):
            raise AssertionError("findings not sorted")
        for f in detection.findings:
            if not 0 <= f.start <= f.end <= len(text):
                raise AssertionError(f"finding outside the text: {f}")
            if f.kind not in mojifix.KINDS:
                raise AssertionError(f"unknown kind {f.kind!r}")
    except Exception as exc:
        print(f"saved {save('detect', text, exc)}", file=sys.stderr)
        raise


if __name__ == "__main__":
    atheris.instrument_all()  # coverage of mojifix (imported above) and its dependencies
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
