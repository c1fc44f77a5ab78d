#!/usr/bin/env python
"""Undeclared pages: exact text after detection, per encoding family, mojifix beside the
detectors people use (issue #26).

    python scripts/bench_undeclared.py                 # the test split, every detector
    python scripts/bench_undeclared.py --split train   # the train split
    python scripts/bench_undeclared.py --fit           # choose mojifix.detection's weights
                                                       # on the train split

The pages are ``scripts/corpus/undeclared.py``'s, made from ``corpus/undeclared/texts.jsonl``:
none declares its encoding. A detector is right on a page when the text it leads to is the
page's text exactly. Each detector's answer is decoded with the WHATWG decoder of that name
(or with Python's codec of that name when the Encoding Standard has none); UnicodeDammit's own
text is compared. Without a hint every detector sees the bytes only; "with a hint" gives
mojifix the page's locale and chardetng the country domain that locale stands for.
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import warnings  # noqa: E402

from scripts.corpus.undeclared import FAMILIES, Page, pages  # noqa: E402

import mojifix  # noqa: E402
from mojifix import detection, sniff  # noqa: E402
from mojifix._core import detection as core_detection  # noqa: E402
from mojifix.codecs import decode  # noqa: E402
from mojifix.labels import lookup  # noqa: E402

#: The page's locale, from its language (what a caller who knows the site's language passes).
LOCALES = {"zh": "zh-CN", "zh-Hant": "zh-TW"}


def locale_of(page: Page) -> str:
    return LOCALES.get(page.lang, page.lang)


def text_of(data: bytes, name: str | None) -> str | None:
    """The text a detector's answer leads to: the WHATWG decoder of that name, else Python's."""
    if name is None:
        return None
    whatwg = lookup(name) or lookup(name.replace("_", "-"))
    if whatwg is None:
        whatwg = detection._PYTHON_NAMES.get(name.lower())  # noqa: SLF001 - its own table
    if whatwg is not None:
        return data.decode("utf-8", "replace") if whatwg == "UTF-8" else decode(data, whatwg)
    try:
        return data.decode(name, "replace")
    except LookupError:
        return None


def run_mojifix(page: Page) -> str:
    return mojifix.decode_html(page.data).text


def run_mojifix_hint(page: Page) -> str:
    return mojifix.decode_html(page.data, locale=locale_of(page)).text


def run_chardetng(page: Page) -> str | None:
    guess, _ = core_detection.chardetng_guesses(page.data, None, True)
    return text_of(page.data, guess)


def run_chardetng_hint(page: Page) -> str | None:
    tld = sniff._domain_hint(locale_of(page), None)  # noqa: SLF001 - the same hint mojifix uses
    guess, _ = core_detection.chardetng_guesses(page.data, tld, True)
    return text_of(page.data, guess)


def run_charset_normalizer(page: Page) -> str | None:
    import charset_normalizer

    best = charset_normalizer.from_bytes(page.data).best()
    return text_of(page.data, best.encoding if best else None)


def run_chardet(page: Page) -> str | None:
    import chardet

    return text_of(page.data, chardet.detect(page.data)["encoding"])


def run_bs4(page: Page) -> str | None:
    from bs4 import UnicodeDammit

    return UnicodeDammit(page.data, is_html=page.form == "html").unicode_markup


DETECTORS: dict[str, Callable[[Page], str | None]] = {
    "mojifix": run_mojifix,
    "chardetng": run_chardetng,
    "charset-normalizer": run_charset_normalizer,
    "chardet": run_chardet,
    "bs4 UnicodeDammit": run_bs4,
    "mojifix, locale hint": run_mojifix_hint,
    "chardetng, TLD hint": run_chardetng_hint,
}

VERSIONS = {
    "chardetng": "1.0.0 (Rust crate, through mojifix._core)",
    "charset-normalizer": version("charset-normalizer"),
    "chardet": version("chardet"),
    "bs4 UnicodeDammit": f"beautifulsoup4 {version('beautifulsoup4')}",
}


def measure(split: str, names: Iterable[str]) -> dict[str, object]:
    """Every detector on every page of *split*: right counts by family, seconds spent."""
    every = list(pages(split))
    right: dict[str, Counter[str]] = defaultdict(Counter)
    seconds: Counter[str] = Counter()
    wrong: dict[str, list[str]] = defaultdict(list)
    totals = Counter(page.family for page in every)
    for page in every:
        for name in names:
            start = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                text = DETECTORS[name](page)
            seconds[name] += time.perf_counter() - start
            if text == page.text:
                right[name][page.family] += 1
            elif name.startswith("mojifix"):
                wrong[name].append(page.id)
    return {
        "split": split,
        "pages": len(every),
        "bytes": sum(len(p.data) for p in every),
        "languages": len({p.lang for p in every}),
        "totals": dict(totals),
        "right": {name: dict(counts) for name, counts in right.items()},
        "seconds": dict(seconds),
        "wrong": {name: ids for name, ids in wrong.items()},
    }


def table(results: dict[str, object], names: list[str]) -> str:
    """The per-family table in Markdown: percent of pages whose text is exact."""
    totals: dict[str, int] = results["totals"]  # type: ignore[assignment]
    right: dict[str, dict[str, int]] = results["right"]  # type: ignore[assignment]
    seconds: dict[str, float] = results["seconds"]  # type: ignore[assignment]
    head = "| family | pages | " + " | ".join(names) + " |"
    rule = "| --- | ---: | " + " | ".join("---:" for _ in names) + " |"
    lines = [head, rule]
    for family in FAMILIES:
        if family not in totals:
            continue
        n = totals[family]
        cells = [f"{100 * right.get(name, {}).get(family, 0) / n:.1f}" for name in names]
        lines.append(f"| {family} | {n} | " + " | ".join(cells) + " |")
    n = sum(totals.values())
    cells = [f"**{100 * sum(right.get(name, {}).values()) / n:.2f}**" for name in names]
    lines.append(f"| **all** | {n} | " + " | ".join(cells) + " |")
    legacy = n - totals.get("UTF-8", 0)
    cells = [
        f"{100 * (sum(right.get(name, {}).values()) - right.get(name, {}).get('UTF-8', 0)) / legacy:.2f}"
        for name in names
    ]
    lines.append(f"| all but UTF-8 | {legacy} | " + " | ".join(cells) + " |")
    cells = [f"{1000 * seconds.get(name, 0.0) / n:.2f}" for name in names]
    lines.append("| ms a page | | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Fitting mojifix.detection's weights on the train split
# --------------------------------------------------------------------------------------------


def fit() -> None:
    """Grid search of :class:`mojifix.detection.Weights` on the train split: the weights with
    the most exact pages (without and with the locale hint, counted together), then the
    margins that earn each confidence."""
    gathered = []
    for page in pages("train"):
        if page.encoding == "UTF-8":
            continue
        for hinted in (False, True):
            locale = locale_of(page) if hinted else None
            evidence = detection.gather(
                page.data,
                tld=sniff._domain_hint(locale, None),  # noqa: SLF001
                preferred=sniff.default_encoding(locale) if locale else None,
            )
            good = {
                name
                for name, *_ in evidence.candidates
                if text_of(page.data, name) == page.text
            }
            gathered.append((page, hinted, evidence, good))
    print(f"{len(gathered)} cases; right answer among the candidates in "
          f"{sum(bool(g) for *_, g in gathered)}")
    grid = {
        "chardetng": (0.0, 2.0, 4.0, 6.0, 10.0, 15.0),
        "regional": (0.0, 1.0, 2.0, 4.0),
        "normalizer": (0.0, 1.0, 2.0, 4.0, 8.0),
        "preferred": (0.0, 2.0, 4.0, 8.0),
        "malformed": (10.0, 30.0),
        "language": (0.0, 0.25, 0.5, 1.0),
    }
    best: tuple[int, detection.Weights] | None = None
    for values in itertools.product(*grid.values()):
        weights = detection.Weights(**dict(zip(grid, values, strict=True)))
        score = sum(detection.choose(e, weights).encoding in g for _, _, e, g in gathered)
        if best is None or score > best[0]:
            best = (score, weights)
    assert best is not None
    print(f"best: {best[0]} of {len(gathered)} right with {best[1]}")
    weights = best[1]
    margins = []
    for page, _, evidence, good in gathered:
        found = detection.choose(evidence, replace(weights))
        note = found.notes[-1]
        margin = float(note.split(", ")[-1].split(" nats")[0]) if "nats" in note else 1e9
        margins.append((margin, found.encoding in good, page.id))
    for threshold in (1, 2, 4, 6, 8, 12, 16, 24):
        above = [ok for m, ok, _ in margins if m >= threshold]
        print(f"margin >= {threshold:>2} nats: {len(above)} cases, "
              f"{100 * sum(above) / max(1, len(above)):.2f} % right")
    for margin, ok, page_id in sorted(margins)[:0]:
        print(margin, ok, page_id)
    misses = [(m, i) for m, ok, i in margins if not ok]
    print("wrong:", misses[:40])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", default="test", choices=("train", "test"))
    parser.add_argument("--fit", action="store_true", help="fit the weights on train")
    parser.add_argument("--only", nargs="*", help="detectors to run (default: all)")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()
    if args.fit:
        fit()
        return 0
    names = args.only or list(DETECTORS)
    started = time.time()
    results = measure(args.split, names)
    results["machine"] = f"{platform.machine()}, {platform.python_implementation()} " + (
        platform.python_version()
    )
    results["versions"] = {"mojifix": mojifix.__version__, **VERSIONS}
    print(
        f"{results['pages']} pages of the {args.split} split, {results['languages']} languages, "
        f"{results['bytes'] / 1e6:.1f} MB; {time.time() - started:.0f} s"
    )
    print(table(results, names))
    for name, ids in results["wrong"].items():  # type: ignore[union-attr]
        print(f"{name} wrong on {len(ids)}: {' '.join(ids[:60])}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
