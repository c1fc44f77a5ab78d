"""Get an encoding: the WHATWG Encoding Standard's label table.

The Encoding Standard (https://encoding.spec.whatwg.org/#names-and-labels) gives every encoding a
canonical *name* and a list of *labels*. Browsers resolve whatever a page declares (an HTTP
``charset=``, a ``<meta charset>``, a BOM) through this table, which is why ``"ISO-8859-1"``,
``"latin1"`` and ``"ascii"`` all mean windows-1252 on the web, ``"gb2312"`` means GBK, and
``"x-sjis"`` means Shift_JIS.

The table itself is generated from ``third_party/whatwg/encodings.json`` into
``mojifix/_tables/labels.py`` by ``scripts/generate_tables.py``.

>>> lookup("  Latin1\\n")
'windows-1252'
>>> lookup("x-sjis")
'Shift_JIS'
>>> lookup("utf8") == ENCODINGS[0]
True
>>> lookup("no-such-charset") is None
True
"""

from __future__ import annotations

from mojifix._tables.labels import ENCODINGS, LABELS

__all__ = ["ENCODINGS", "LABELS", "lookup"]

#: The standard's ASCII whitespace: TAB, LF, FF, CR and SPACE (not VT, not NBSP, not U+3000).
ASCII_WHITESPACE = "\t\n\f\r "


def lookup(label: str) -> str | None:
    """Return the canonical encoding name for *label*, or None if it is not a label.

    This is the standard's "get an encoding": strip leading and trailing ASCII whitespace,
    then match the label ASCII case-insensitively against the 228 labels. Only ASCII letters
    fold: a label containing any non-ASCII character (for example U+212A KELVIN SIGN, which
    ``str.lower()`` would turn into ``k``) is never a label.

    >>> lookup("UTF-8")
    'UTF-8'
    >>> lookup("\\tiso-8859-1 ")
    'windows-1252'
    >>> lookup("EUC-KR"), lookup("ks_c_5601-1987"), lookup("GB2312"), lookup("big5-hkscs")
    ('EUC-KR', 'EUC-KR', 'GBK', 'Big5')
    >>> lookup("\\N{KELVIN SIGN}oi8-r") is None   # looks like "koi8-r", but is not ASCII
    True
    >>> lookup("utf-8\\v") is None                 # VT is not ASCII whitespace
    True
    """
    if not isinstance(label, str):
        raise TypeError(
            f"lookup() wants the label as str, got {type(label).__name__}; "
            "decode header bytes as latin-1 first"
        )
    if not label.isascii():
        return None
    return LABELS.get(label.strip(ASCII_WHITESPACE).lower())
