"""mojifix: detect and repair mojibake, and decode HTML bytes exactly as browsers do.

The public API, re-exported from one module per concern:

- :func:`lookup` (``mojifix.labels``): the Encoding Standard's "get an encoding".
- :func:`decode_html`, :func:`decode_response` (``mojifix.sniff``): the HTML Standard's
  encoding sniffing, for raw bytes.
- :func:`score`, :func:`is_mojibake`, :func:`detect` (``mojifix.detect``): find mojibake
  in already-decoded text.
- :func:`fix`, :func:`fix_and_explain`, :func:`apply_steps` (``mojifix.repair``): undo it.
- :func:`fold` (``mojifix.fold``): a comparison key that folds look-alike characters.
"""

from mojifix import codecs as _whatwg_codecs  # noqa: F401  (registers the whatwg-* Python codecs)
from mojifix._version import __version__
from mojifix.detect import KINDS, Detection, Finding, detect, is_mojibake, score
from mojifix.fold import fold
from mojifix.labels import ENCODINGS, LABELS, lookup
from mojifix.repair import Repair, Step, apply_steps, fix, fix_and_explain
from mojifix.sniff import Decoded, decode_html, decode_response

__all__ = [
    "ENCODINGS",
    "KINDS",
    "LABELS",
    "Decoded",
    "Detection",
    "Finding",
    "Repair",
    "Step",
    "__version__",
    "apply_steps",
    "decode_html",
    "decode_response",
    "detect",
    "fix",
    "fix_and_explain",
    "fold",
    "is_mojibake",
    "lookup",
    "score",
]
