"""Time mojifix.decode_html against w3lib and charset-normalizer on synthetic pages.

    python scripts/bench_sniff.py              # the table (best of many alternating runs)
    python scripts/bench_sniff.py --quick      # fewer runs
    python scripts/bench_sniff.py --baseline OLD_SNIFF.py   # also time another sniff.py
    python scripts/bench_sniff.py --detection  # detection on undeclared pages, no timing

For a before/after comparison in one process, save the old module first, e.g.
``git show HEAD:mojifix/sniff.py > /tmp/sniff_before.py`` and pass ``--baseline``.

Declared UTF-8 pages: ~2 KB and ~50 KB articles (many tags and attributes, a script) in two
texts: ``multi`` (Latin, Cyrillic, CJK, emoji: the str is UCS-4) and ``fr`` (Latin-1 range),
declared by ``<meta charset>``, by ``<meta http-equiv>``, by a ``<meta name=viewport>``
followed by ``<meta charset>``, or by the header only. Every callable is timed in turn, round
after round, and the best round counts (the shared machine is noisy; the minimum is the least
disturbed). ``body.decode()`` is the floor: any library that returns the text must pay it, so
``w3lib / decode`` bounds the ratio any decoder can reach against w3lib.

The performance targets of issue #8: declared UTF-8 at least 2x
``w3lib.encoding.html_to_unicode``; undeclared legacy no slower than
``charset_normalizer.from_bytes(...).best()`` alone.
"""

from __future__ import annotations

import importlib.util
import sys
import timeit
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_html_corpus import TEXTS

from mojifix.sniff import decode_html


def page(language: str, head: str, rows: int = 120) -> str:
    title, prose = TEXTS[language]
    items = "".join(
        f'<div class="item item-{i}" data-id="{i}"><a href="/a/{i}?q=x&amp;p={i}" '
        f'title="{title}">{title} {i}</a><p>{prose}</p></div>\n'
        for i in range(rows)
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n{head}<title>{title}</title>\n'
        '<link rel="stylesheet" href="/s.css"><script>var config = {"a": 1, "b": [1, 2, 3]};'
        "</script>\n</head>\n<body>\n" + items + "</body>\n</html>\n"
    )


#: How each declared page says it is UTF-8: (name, <head> markup, Content-Type).
DECLARATIONS = [
    ("meta charset", '<meta charset="utf-8">\n', "text/html"),
    ("http-equiv", '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n', None),
    ("viewport+charset", '<meta name="viewport" content="width=device-width">'
     '<meta charset="utf-8">\n', "text/html"),
    ("header", "", "text/html; charset=utf-8"),
]  # fmt: skip
#: Rows of items for the two sizes: multi 5 -> 2.0 KB, 140 -> 50 KB; fr 4 -> 2.1 KB, 105 -> 50 KB.
SIZES = {"multi": (5, 140), "fr": (4, 105)}


#: Undeclared prose for the detection check: (language of TEXTS, Python codec, WHATWG name).
DETECTION_MATRIX = [
    ("fr", "cp1252", "windows-1252"),
    ("de", "cp1252", "windows-1252"),
    ("ru", "cp1251", "windows-1251"),
    ("ru", "koi8_r", "KOI8-R"),
    ("ru", "cp866", "IBM866"),
    ("ru", "iso8859_5", "ISO-8859-5"),
    ("pl", "iso8859_2", "ISO-8859-2"),
    ("pl", "cp1250", "windows-1250"),
    ("cs", "iso8859_2", "ISO-8859-2"),
    ("cs", "cp1250", "windows-1250"),
    ("ja", "cp932", "Shift_JIS"),
    ("ja", "euc_jp", "EUC-JP"),
    ("ja", "iso2022_jp", "ISO-2022-JP"),
    ("zh-cn", "gbk", "GBK"),
    ("zh-cn", "gb18030", "GBK"),
    ("zh-tw", "big5", "Big5"),
    ("ko", "euc_kr", "EUC-KR"),
]


def detection() -> int:
    """Undeclared pages (one paragraph each): is the decoded text exactly the original?"""
    from make_html_corpus import document

    right = 0
    for language, python, name in DETECTION_MATRIX:
        text = document(language, "")
        decoded = decode_html(text.encode(python))
        ok = decoded.text == text
        right += ok
        print(f"{'ok ' if ok else 'BAD'} {language:6} {python:10} -> {decoded.encoding} ({name})")
    print(f"{right}/{len(DETECTION_MATRIX)} undeclared pages decoded exactly")
    return 0


def _best_match(body: bytes) -> object:
    from charset_normalizer import from_bytes

    return from_bytes(body).best()


def load_baseline(path: str) -> ModuleType:
    """Import another version of mojifix/sniff.py under the name ``sniff_baseline``."""
    spec = importlib.util.spec_from_file_location("sniff_baseline", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"--baseline: cannot import {path!r} (give the path of a sniff.py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules["sniff_baseline"] = module
    spec.loader.exec_module(module)
    return module


def race(functions: dict[str, Callable[[], object]], number: int, rounds: int) -> dict[str, float]:
    """Best time per call of each function, timing them in turn for *rounds* rounds."""
    times: dict[str, float] = dict.fromkeys(functions, float("inf"))
    for _ in range(rounds):
        for name, function in functions.items():
            elapsed = min(timeit.repeat(function, number=number, repeat=2)) / number
            times[name] = min(times[name], elapsed)
    return times


def main() -> int:
    if "--detection" in sys.argv:
        return detection()
    from w3lib.encoding import html_to_unicode

    quick = "--quick" in sys.argv
    baseline = None
    if "--baseline" in sys.argv:
        baseline = load_baseline(sys.argv[sys.argv.index("--baseline") + 1])
    rounds = 10 if quick else 60
    print(
        f"{'declared UTF-8 page':30} {'bytes':>6} {'mojifix':>8} "
        + (f"{'baseline':>9} " if baseline else "")
        + f"{'w3lib':>8} {'decode':>7}  {'w3lib/mojifix':>13} {'w3lib/decode':>12}   (µs)"
    )
    for language, sizes in SIZES.items():
        for rows in sizes:
            for name, head, header in DECLARATIONS:
                body = page(language, head, rows).encode("utf-8")
                assert decode_html(body, header).text == body.decode("utf-8")
                functions: dict[str, Callable[[], object]] = {
                    "mojifix": partial(decode_html, body, header),
                    "w3lib": partial(html_to_unicode, header, body),
                    "decode": partial(body.decode, "utf-8"),
                }
                if baseline is not None:
                    functions["baseline"] = partial(baseline.decode_html, body, header)
                t = race(functions, 200 if len(body) < 10_000 else 20, rounds)
                print(
                    f"{language + ' ' + name:30} {len(body):6d} {t['mojifix'] * 1e6:8.1f} "
                    + (f"{t['baseline'] * 1e6:9.1f} " if baseline else "")
                    + f"{t['w3lib'] * 1e6:8.1f} {t['decode'] * 1e6:7.1f}  "
                    f"{t['w3lib'] / t['mojifix']:12.2f}x {t['w3lib'] / t['decode']:11.2f}x"
                )
    print()
    print(
        f"{'undeclared page':30} {'bytes':>6} {'mojifix':>8} {'cn best()':>10} {'ratio':>6}   (ms)"
    )
    for language, python in (("ru", "cp1251"), ("ja", "cp932"), ("fr", "cp1252")):
        body = page(language, "").encode(python)
        t = race(
            {"mojifix": partial(decode_html, body), "cn": partial(_best_match, body)},
            1,
            3 if quick else 7,
        )
        print(
            f"{'undeclared ' + python:30} {len(body):6d} {t['mojifix'] * 1e3:8.2f} "
            f"{t['cn'] * 1e3:10.2f} {t['cn'] / t['mojifix']:5.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
