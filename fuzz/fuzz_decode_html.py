"""Fuzz ``mojifix.decode_html`` with atheris: any bytes, any Content-Type.

    python fuzz/fuzz_decode_html.py -max_total_time=300 -max_len=8192 -dict=fuzz/html.dict

Checks that it never raises, returns text, and names a WHATWG encoding.
"""

from __future__ import annotations

import sys

import atheris
from _common import save

import mojifix
from mojifix import labels


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    choice = fdp.ConsumeIntInRange(0, 2)
    if choice == 0:
        content_type = None
    elif choice == 1:
        content_type = "text/html; charset=" + fdp.ConsumeUnicodeNoSurrogates(16)
    else:
        content_type = fdp.ConsumeUnicode(40)
    body = fdp.ConsumeBytes(fdp.remaining_bytes())
    try:
        decoded = mojifix.decode_html(body, content_type)
        if not isinstance(decoded.text, str):
            raise AssertionError(f"text is {type(decoded.text).__name__}")
        if labels.lookup(decoded.encoding) != decoded.encoding:
            raise AssertionError(f"{decoded.encoding!r} is not a WHATWG encoding name")
    except Exception as exc:
        print(f"saved {save('decode_html', body, exc, content_type)}", file=sys.stderr)
        raise


if __name__ == "__main__":
    atheris.instrument_all()  # coverage of mojifix (imported above) and its dependencies
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
