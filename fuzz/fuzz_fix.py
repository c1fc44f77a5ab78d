"""Fuzz ``mojifix.fix`` (and fix_and_explain/apply_steps) with atheris.

    python fuzz/fuzz_fix.py -max_total_time=300 -max_len=4096

Any exception or broken invariant (not idempotent, steps that do not replay) is saved
as a regression data file in ``fuzz/findings/`` and re-raised so atheris stops.
"""

from __future__ import annotations

import sys

import atheris
from _common import check_text, save

import mojifix  # noqa: F401  (imported before instrument_all, so that it is instrumented)

# Bias the input towards mojibake: half of the time the bytes are read as windows-1252
# or GBK (which is what mojibake is), the other half they are arbitrary code points.
DECODINGS = ("windows-1252", "GBK", "Shift_JIS", "windows-1251")


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    mode = fdp.ConsumeIntInRange(0, 4)
    if mode < len(DECODINGS):
        from mojifix import codecs

        text = codecs.decode(fdp.ConsumeBytes(fdp.remaining_bytes()), DECODINGS[mode])
    else:
        text = fdp.ConsumeUnicode(fdp.remaining_bytes())
    try:
        check_text(text)
    except Exception as exc:
        print(f"saved {save('fix', text, exc)}", file=sys.stderr)
        raise


if __name__ == "__main__":
    atheris.instrument_all()  # coverage of mojifix (imported above) and its dependencies
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
