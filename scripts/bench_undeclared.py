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
import pickle
import platform
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from importlib.metadata import version
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import warnings  # noqa: E402

import mojifix  # noqa: E402
from mojifix import detection, sniff  # noqa: E402
from mojifix._core import detection as core_detection  # noqa: E402
from mojifix.codecs import decode  # noqa: E402
from mojifix.labels import lookup  # noqa: E402
from scripts.corpus.undeclared import FAMILIES, Page, pages  # noqa: E402

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
        whatwg = detection._PYTHON_NAMES.get(name.lower())
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
    tld = sniff._domain_hint(locale_of(page), None)
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
        f"{100 * (sum(right.get(n, {}).values()) - right.get(n, {}).get('UTF-8', 0)) / legacy:.2f}"
        for n in names
    ]
    lines.append(f"| all but UTF-8 | {legacy} | " + " | ".join(cells) + " |")
    cells = [f"{1000 * seconds.get(name, 0.0) / n:.2f}" for name in names]
    lines.append("| ms a page | | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Fitting mojifix.detection's weights on the train split
# --------------------------------------------------------------------------------------------


def fit(cache: Path | None) -> None:
    """Grid search of :class:`mojifix.detection.Weights` on the train split: the weights with
    the most exact pages (without and with the locale hint, counted together), then the
    margins that earn each confidence. *cache* keeps the witnesses' answers between runs."""
    gathered: Gathered
    if cache is not None and cache.exists():
        gathered = pickle.loads(cache.read_bytes())
    else:
        gathered = _gather_train()
        if cache is not None:
            cache.write_bytes(pickle.dumps(gathered))
    _fit(gathered)


def _gather_train() -> list[tuple[Page, bool, detection.Evidence, detection.Evidence, set[str]]]:
    """Each legacy train page, without and with the locale hint: the evidence without and
    with charset-normalizer, and the encodings that decode the page right."""
    gathered = []
    for page in pages("train"):
        if page.encoding in ("UTF-8", "ISO-2022-JP"):  # decided before detection
            continue
        for hinted in (False, True):
            locale = locale_of(page) if hinted else None
            alone = detection.gather(
                page.data,
                tld=sniff._domain_hint(locale, None),
                preferred=sniff.default_encoding(locale) if locale else None,
                weights=None,  # every candidate costed: the fit tries other weights
            )
            consulted = detection.consult(alone, page.data)
            good = {
                name for name, *_ in consulted.candidates if text_of(page.data, name) == page.text
            }
            gathered.append((page, hinted, alone, consulted, good))
    return gathered


Gathered = list[tuple[Page, bool, detection.Evidence, detection.Evidence, set[str]]]


def _table(evidence: detection.Evidence, good: set[str]) -> list[list[float]]:
    """A case's readings as rows: cost, language, malformed, the four witnesses' votes,
    right (as :func:`mojifix.detection.choose` groups and names them)."""
    rows: dict[tuple[int, int], list[float]] = {}
    for name, cost, language, malformed, digest in evidence.candidates:
        row = rows.get((digest, malformed))
        if row is None:
            row = [cost, language, malformed, 0, 0, 0, 0, name in good]
            rows[digest, malformed] = row
        row[3] += name == evidence.chardetng
        row[4] += name in evidence.regional
        row[5] += name in (evidence.normalizer or ())[:1]
        row[6] += name == evidence.preferred
        if name == evidence.preferred:
            row[7] = name in good
    return list(rows.values())


def _fit(gathered: Gathered) -> None:
    import numpy  # (pandas brings it; only the fit needs it)

    print(
        f"{len(gathered)} cases; right answer among the candidates in "
        f"{sum(bool(g) for *_, g in gathered)}"
    )
    grid = {
        "chardetng": (0.0, 0.5, 1.0, 1.5, 2.0, 4.0),
        "regional": (0.0, 0.5, 1.0),
        "normalizer": (0.0, 0.5, 1.0, 2.0, 4.0),
        "preferred": (0.0, 1.0, 2.0, 3.0, 4.0),
        "malformed": (10.0, 30.0),
        "language": (1.0, 1.5, 2.0, 2.5, 3.0),
        "consult_below": (0.0, 4.0, 8.0, 16.0, float("inf")),
    }

    def stack(tables: list[list[list[float]]]) -> Any:
        width = max(len(t) for t in tables)
        stacked = numpy.zeros((len(tables), max(width, 2), 8))
        stacked[:, :, 0] = 1e12  # padding: never chosen
        for i, t in enumerate(tables):
            stacked[i, : len(t)] = t
        return stacked

    alone = stack([_table(a, g) for _, _, a, _, g in gathered])
    consulted = stack([_table(c, g) for _, _, _, c, g in gathered])
    rows = numpy.arange(len(gathered))

    def decide(stacked: Any, w: detection.Weights) -> tuple[Any, Any]:
        total = (
            stacked[:, :, 0]
            + w.language * stacked[:, :, 1]
            + w.malformed * stacked[:, :, 2]
            - w.chardetng * stacked[:, :, 3]
            - w.regional * stacked[:, :, 4]
            - w.normalizer * stacked[:, :, 5]
            - w.preferred * stacked[:, :, 6]
        )
        order = numpy.argsort(total, axis=1)
        margin = total[rows, order[:, 1]] - total[rows, order[:, 0]]
        return stacked[rows, order[:, 0], 7], margin

    scores: list[tuple[int, detection.Weights]] = []
    for values in itertools.product(*grid.values()):
        weights = detection.Weights(**dict(zip(grid, values, strict=True)))
        right_alone, margin = decide(alone, weights)
        right_consulted, _ = decide(consulted, weights)
        right = numpy.where(margin >= weights.consult_below, right_alone, right_consulted)
        scores.append((int(right.sum()), weights))
    top = max(score for score, _ in scores)
    tied = [weights for score, weights in scores if score == top]
    # Of the weights that tie, the median of each (the middle of the plateau, away from
    # its edges), then the tied vector nearest to it.
    middle = {key: float(numpy.median([getattr(w, key) for w in tied])) for key in grid}
    weights = min(
        tied,
        key=lambda w: sum(abs(getattr(w, k) - middle[k]) / (max(grid[k]) or 1.0) for k in grid),
    )
    print(
        f"best: {top} of {len(gathered)} right with {len(tied)} weight vectors; "
        f"the middle one: {weights}"
    )
    for near in (1, 2, 5):
        count = sum(score >= top - near for score, _ in scores)
        print(f"  {count} vectors within {near} case(s) of the best")
    for score, w in sorted(scores, key=lambda sw: -sw[0])[:12]:
        print("   ", score, w)
    margins = []
    consulted_count = 0
    for page, _, alone_evidence, consulted_evidence, good in gathered:
        found = detection.choose(alone_evidence, weights)
        if found.margin < weights.consult_below:
            found = detection.choose(consulted_evidence, weights)
            consulted_count += 1
        margins.append((found.margin, found.encoding in good, page.id))
    print(f"charset-normalizer asked in {consulted_count} of {len(gathered)} cases")
    edges = (0.0, 1.0, 2.0, 4.0, 8.0, float("inf"))
    for low, high in itertools.pairwise(edges):
        inside = [ok for m, ok, _ in margins if low <= m < high]
        print(
            f"margin {low:>3} to {high:>3} nats: {len(inside)} cases, "
            f"{100 * sum(inside) / max(1, len(inside)):.2f} % right"
        )
    alike = [ok for m, ok, _ in margins if m == float("inf")]
    print(f"every candidate alike: {len(alike)} cases, {sum(alike)} right")
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
    parser.add_argument("--cache", type=Path, help="--fit: keep the train evidence here")
    args = parser.parse_args()
    if args.fit:
        fit(args.cache)
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
