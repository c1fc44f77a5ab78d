"""The speed benchmark: throughput, scaling, memory and adversarial timings beside the baselines.

It lives in the source checkout, not in the installed package (the wheel ships the product
only): run it from the checkout's root with ``python benchmarks/harness.py``.

Every comparison runs *in one process, side by side*: the two functions under comparison
are timed alternately (mojifix first on even rounds, the baseline first on odd rounds) on
the very same inputs, and the best of several rounds is kept for each.  On a shared
machine the absolute MB/s move with the load; the ratios move much less, and the ratios
are what the targets are about.

The inputs are built deterministically (a fixed seed) from the corpus's clean rows when
``corpus/`` has them, and from Faker's multilingual lorem text otherwise:

- *clean multilingual*: documents of about 2 KB, one language each, in many scripts
  (Latin with diacritics, Cyrillic, Greek, Hebrew, Arabic, Armenian, Bengali, Thai,
  Japanese, Chinese, Korean), each made of distinct corpus rows, as a page repeats no line
  (the 37 languages whose rows fill a document);
- *ASCII-only*: the same, in English; *English with typographic punctuation*: those with curly
  quotes, apostrophes and en dashes (:func:`typographic`), as English is published;
- *damaged*: the clean multilingual documents encoded as UTF-8 and read as
  windows-1252 (the most common mojibake of all).

Example (``--json -`` prints the results as JSON):

>>> r = Result("throughput", "fix, ASCII-only", "fix", None, 1.0, 250.0, None, None,
...            250.0, "MB/s", ">= 200 MB/s", True)
>>> print(format_table([r]).splitlines()[2].split("|")[2].strip())
fix, ASCII-only

Run it with ``python benchmarks/harness.py --quick`` (the speed groups, :data:`QUICK_GROUPS`, at
small sizes: about 10 seconds); ``--adversarial`` adds the pathological inputs, ``--markdown FILE``
writes the table for ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import functools
import gc
import json
import math
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from mojifix.evaluate import clean_rows

# --------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------

MB = 1_000_000  # throughputs are in decimal megabytes of UTF-8 input per second

#: This harness's folder (``benchmarks/``); the checkout's root is its parent.
HERE = Path(__file__).resolve().parent


@dataclass
class Result:
    """One line of the benchmark table.

    ``metric`` is the number that is compared with the target (a ratio, MB/s, a growth
    factor, a memory multiple); ``unit`` says which.  ``met`` is None for rows that are
    measured for information only, or when the row could not run (then ``note`` says why).

    >>> Result("memory", "fix, 10 MB", "fix", None, 10.0, None, None, None, 2.5, "x input",
    ...        "< 5x input", True).met
    True
    """

    group: str
    name: str
    ours: str
    baseline: str | None
    size_mb: float
    ours_mbps: float | None
    baseline_mbps: float | None
    ratio: float | None
    metric: float | None
    unit: str
    target: str
    met: bool | None
    note: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


def _fmt(value: float | None, digits: int = 1) -> str:
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.{max(digits, 2)}f}"


def format_table(results: Sequence[Result]) -> str:
    """Render *results* as a Markdown table (also readable as plain text).

    >>> print(format_table([]).splitlines()[0])
    | group | benchmark | mojifix MB/s | baseline | baseline MB/s | measured | target | met |
    """
    lines = [
        "| group | benchmark | mojifix MB/s | baseline | baseline MB/s | measured | target | met |",
        "| --- | --- | ---: | --- | ---: | ---: | --- | :---: |",
    ]
    for r in results:
        met = {True: "yes", False: "**NO**", None: "-"}[r.met]
        measured = f"{_fmt(r.metric)} {r.unit}" if r.metric is not None else "-"
        if r.note and r.metric is None:
            measured = r.note
        lines.append(
            f"| {r.group} | {r.name} | {_fmt(r.ours_mbps)} | {r.baseline or '-'} | "
            f"{_fmt(r.baseline_mbps)} | {measured} | {r.target} | {met} |"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------


def _time_call(func: Callable[[], object]) -> float:
    # Its fresh inputs are made before the clock starts (`Pass.prepare`).
    prepare = getattr(func, "prepare", None)
    if prepare is not None:
        prepare()
    # Like timeit: no garbage collection inside the timed region.
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        func()
        return time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()


def time_pair(
    ours: Callable[[], object],
    baseline: Callable[[], object],
    repeat: int,
    budget_s: float = 120.0,
) -> tuple[float, float]:
    """Best-of-*repeat* seconds of *ours* and *baseline*, run alternately.

    The order flips every round so that neither side always runs on a warm (or cold)
    cache.  After two rounds, no new round starts once *budget_s* seconds are spent.

    >>> a, b = time_pair(lambda: sum(range(1000)), lambda: sum(range(10)), 3)
    >>> a > 0 and b > 0
    True
    """
    best_ours = best_base = math.inf
    gc.collect()
    start = time.perf_counter()
    for i in range(max(1, repeat)):
        if i >= 2 and time.perf_counter() - start > budget_s:
            break
        if i % 2 == 0:
            best_ours = min(best_ours, _time_call(ours))
            best_base = min(best_base, _time_call(baseline))
        else:
            best_base = min(best_base, _time_call(baseline))
            best_ours = min(best_ours, _time_call(ours))
    return best_ours, best_base


def time_best(
    func: Callable[[], object], repeat: int, *, collect: bool = True, budget_s: float = math.inf
) -> float:
    """Best-of-*repeat* seconds of *func* (after a full garbage collection if *collect*).

    After two runs, no new run starts once *budget_s* seconds are spent.

    >>> time_best(lambda: None, 2) >= 0
    True
    """
    if collect:
        gc.collect()
    best, start = math.inf, time.perf_counter()
    for i in range(max(1, repeat)):
        if i >= 2 and time.perf_counter() - start > budget_s:
            break
        best = min(best, _time_call(func))
    return best


def time_fast_best(
    func: Callable[[], object], *, slow_s: float, most: int = 20, window_s: float = 0.1
) -> float:
    """Seconds of *func*: one run if it takes *slow_s* or more, else the best of up to *most*
    (three at least) while they take under *window_s*. A best of two runs of a few
    milliseconds is at the mercy of a busy host's scheduler.

    >>> time_fast_best(lambda: None, slow_s=1.0) >= 0
    True
    """
    once = time_best(func, 1, collect=False)
    if once >= slow_s:
        return once
    return min(once, time_best(func, most - 1, collect=False, budget_s=window_s))


#: Seconds after which a comparison stops starting new rounds (it has done at least two).
ROW_BUDGET_S = 60.0


def fresh_copy(item: Any) -> Any:
    """A copy of a ``str`` of which CPython keeps no UTF-8 (any other item as it is).

    An extension that reads a ``str`` as UTF-8 (``PyUnicode_AsUTF8AndSize``, what PyO3's
    ``&str`` calls) leaves its UTF-8 in the ``str`` for good, and the next read of the same
    object encodes nothing: a benchmark that passed over the same objects again would time the
    encoding once, where a stream of documents (a shard, a column) reads each one once.

    >>> text = "Zażółć"
    >>> copy = fresh_copy(text)
    >>> copy == text and copy is not text, fresh_copy(b"x")
    (True, b'x')
    """
    if isinstance(item, str):
        return item.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass")
    return item


class Pass:
    """One pass of *func* over *items*, a call for each, as timed: on fresh copies of them
    (:func:`fresh_copy`), made by :meth:`prepare` before the clock starts (``_time_call``).
    Without a ``prepare``, the pass is over the last copies made (at first, *items*).
    """

    def __init__(self, func: Callable[[Any], object], items: Sequence[Any]) -> None:
        self.func, self.items = func, items
        self.copies: Sequence[Any] = items

    def prepare(self) -> None:
        self.copies = [fresh_copy(item) for item in self.items]

    def __call__(self) -> None:
        for item in self.copies:
            self.func(item)


def _over(func: Callable[[Any], object], items: Sequence[Any]) -> Pass:
    return Pass(func, items)


def alternating_passes(
    functions: dict[str, Callable[[Any], object]], items: Sequence[Any], passes: int
) -> dict[str, list[float]]:
    """Seconds of each pass of each of *functions* over *items* (one call per item), after
    one warm-up pass each: the functions take turns pass by pass, in an order that flips
    every pass, so that a slow minute of a shared machine falls on all of them.  (The timing
    of ``scripts/ab_detect.py`` and ``scripts/clean_path_ceiling.py``.)

    >>> times = alternating_passes({"len": len, "str": str}, ["a", "bc"], 3)
    >>> sorted(times), [len(runs) for runs in times.values()]
    (['len', 'str'], [3, 3])
    """
    runs = {name: _over(function, items) for name, function in functions.items()}
    for run in runs.values():  # (warm-up: patterns compiled, memos filled)
        run()
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs.items())
    for i in range(passes):
        for name, run in order if i % 2 == 0 else order[::-1]:
            run.prepare()
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return times


def _utf8_mb(texts: Iterable[str]) -> float:
    return sum(len(t.encode("utf-8", "surrogatepass")) for t in texts) / MB


# --------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------

#: Faker locales for the clean multilingual documents, one language per document.
#: Locales with a lorem provider give running text in their own script; ``ko_KR`` and
#: ``hi_IN`` have none, so their documents are made of names and addresses.
LOCALES = (
    "en_US", "fr_FR", "de_DE", "es_ES", "it_IT", "da_DK", "pl_PL", "cs_CZ", "vi_VN",
    "ru_RU", "uk_UA", "el_GR", "he_IL", "ar_AA", "fa_IR", "hy_AM", "bn_BD", "th_TH",
    "ja_JP", "zh_CN", "zh_TW", "ko_KR", "hi_IN",
)  # fmt: skip

#: Legacy (pre-Unicode) encoding of each language, as Python codec names, for the
#: undeclared legacy HTML pages.  Vietnamese is left out: windows-1258 needs decomposed
#: text, which is not what pages in it look like.
LEGACY_ENCODING = {
    "en": "cp1252", "fr": "cp1252", "de": "cp1252", "es": "cp1252", "it": "cp1252",
    "da": "cp1252", "pl": "cp1250", "cs": "cp1250", "ru": "cp1251", "uk": "cp1251",
    "el": "cp1253", "he": "cp1255", "ar": "cp1256", "fa": "cp1256", "th": "cp874",
    "ja": "shift_jis", "zh": "gb18030", "ko": "euc_kr",
}  # fmt: skip

DOC_BYTES = 2000

#: Declared legacy pages of the ``html`` group: label -> (language, Python codec that writes
#: them; cp932 is what the Encoding Standard's Shift_JIS decodes).
DECLARED_LEGACY = {
    "windows-1251": ("ru", "cp1251"),
    "Shift_JIS": ("ja", "cp932"),
    "GBK": ("zh", "gbk"),
}


@dataclass(frozen=True)
class Doc:
    """A benchmark document: its text and its language (ISO 639-1)."""

    text: str
    lang: str


@cache
def _faker_for(locale: str) -> Any:
    from faker import Faker

    return Faker(locale)


def _faker(locale: str, seed: int) -> Any:
    fake = _faker_for(locale)
    fake.seed_instance(seed)
    return fake


_NO_LOREM = {"ko_KR", "hi_IN"}


def _faker_doc(locale: str, seed: int, size: int) -> str:
    fake = _faker(locale, seed)
    parts: list[str] = []
    total = 0
    while total < size:
        if locale in _NO_LOREM:
            piece = f"{fake.name()}, {fake.address()}".replace("\n", " ") + "."
        else:
            piece = fake.paragraph(nb_sentences=3)
        parts.append(piece)
        total += len(piece.encode("utf-8")) + 1
    return "\n".join(parts)


def corpus_rows(corpus: Path | None, *, split: str | None = None) -> list[dict[str, Any]]:
    """The clean rows (``kind`` clean or negative) of the corpus's JSONL files.

    Only the rows of *split* (``"test"``, ``"dev"`` ...) when it is given; ``[]`` when
    there is no corpus.

    >>> corpus_rows(None)
    []
    """
    if corpus is None or not corpus.is_dir():
        return []
    return clean_rows(corpus, split or "all")


def default_corpus() -> Path | None:
    """The ``corpus/`` folder of a source checkout, if there is one."""
    here = HERE.parent / "corpus"
    return here if here.is_dir() else None


def make_docs(
    n: int, *, seed: int = 8, ascii_only: bool = False, corpus: Path | None = None
) -> list[Doc]:
    """*n* deterministic documents of about 2 KB, cycling through the languages.

    >>> docs = make_docs(3, ascii_only=True)
    >>> len(docs), all(d.text.isascii() for d in docs)
    (3, True)
    """
    rows = [] if ascii_only else corpus_rows(corpus)
    if len(rows) >= 200:
        by_lang: dict[str, list[str]] = {}
        for row in rows:  # by line: a row may be a document of several lines
            lines = [line for line in row["text"].split("\n") if line.strip()]
            by_lang.setdefault(str(row.get("lang") or "und"), []).extend(lines)
        # A document is distinct lines of one language, as a page is: its lines are drawn
        # without replacement, and a language whose distinct rows cannot fill a document
        # makes none (one row repeated 75 times is no page, and a detector that reads each
        # distinct line once would look several times faster on it).
        by_lang = {lang: list(dict.fromkeys(pool)) for lang, pool in by_lang.items()}
        langs = sorted(lang for lang, pool in by_lang.items()
                       if sum(len(p.encode("utf-8")) + 1 for p in pool) >= DOC_BYTES)
        rng = random.Random(seed)
        corpus_docs: list[Doc] = []
        for i in range(n):
            lang = langs[i % len(langs)]
            pool = by_lang[lang]
            parts: list[str] = []
            size = -1  # the "\n" counted after each part is one more than the joins
            while size < DOC_BYTES:
                for part in rng.sample(pool, len(pool)):
                    parts.append(part)
                    size += len(part.encode("utf-8")) + 1
                    if size >= DOC_BYTES:
                        break
            corpus_docs.append(Doc("\n".join(parts), lang))
        return corpus_docs
    locales = ("en_US",) if ascii_only else LOCALES
    docs = []
    for i in range(n):
        locale = locales[i % len(locales)]
        text = _faker_doc(locale, seed + i, DOC_BYTES)
        if ascii_only:
            text = text.encode("ascii", "ignore").decode("ascii")
        docs.append(Doc(text, locale.split("_")[0]))
    return docs


def _c1_passthrough(err: UnicodeError) -> tuple[str, int]:
    # Python's cp1252 leaves 0x81, 0x8D, 0x8F, 0x90, 0x9D undefined; the WHATWG
    # windows-1252 decoder maps them to the C1 controls of the same number.
    assert isinstance(err, UnicodeDecodeError)
    return chr(err.object[err.start]), err.start + 1


codecs.register_error("mojifix-bench-c1", _c1_passthrough)


def damage(text: str, encoding: str = "windows-1252") -> str:
    """*text* encoded as UTF-8 and decoded with *encoding*: the classic mojibake.

    Uses ``mojifix.codecs`` (the WHATWG decoders) when it is there.

    >>> damage("Café")
    'CafÃ©'
    """
    data = text.encode("utf-8", "surrogatepass")
    try:
        from mojifix import codecs as wcodecs

        return wcodecs.decode(data, encoding)
    except NotImplementedError:
        if encoding.lower() not in ("windows-1252", "cp1252"):
            raise
        return data.decode("cp1252", "mojifix-bench-c1")


def typographic(text: str) -> str:
    """English *text* as it is published: a quoted word, a possessive and a dash here and
    there, in curly quotes, a right single quote and an en dash.

    >>> typographic("Alone production share money today")
    'Alone “production” – share money’s today'
    """
    lines = []
    for i, line in enumerate(text.split("\n")):
        words = line.split(" ")
        if i % 2 == 0 and len(words) > 3:
            words[1] = f"“{words[1]}”"
        if i % 3 == 0 and len(words) > 4:
            words[3] += "’s"
        if i % 4 == 0 and len(words) > 2:
            words.insert(2, "–")
        lines.append(" ".join(words))
    return "\n".join(lines)


def html_page(docs: Sequence[Doc], *, meta: str | None) -> str:
    """A small HTML page around *docs*, with ``<meta charset=meta>`` if given, and the
    ``<meta>`` tags nearly every real page has (a viewport, a description), which a
    declaration's prescan reads past."""
    head = f'<meta charset="{meta}">' if meta else ""
    head += (
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta name="description" content="{docs[0].text[:30]}">'
    )
    body = "\n".join(f"<p>{d.text}</p>" for d in docs)
    return (
        "<!DOCTYPE html>\n<html><head>"
        f"{head}<title>{docs[0].text[:40]}</title>"
        '<link rel="stylesheet" href="/s.css"></head>\n'
        f"<body><h1>{docs[0].text[:60]}</h1>\n{body}\n</body></html>\n"
    )


# --------------------------------------------------------------------------------------
# Baselines (imported lazily: they are dev dependencies, not runtime ones)
# --------------------------------------------------------------------------------------


def _ftfy() -> Any:
    import ftfy

    return ftfy


def _plsfix_fix() -> Callable[[str], str]:
    import plsfix

    fix_text: Callable[[str], str] = plsfix.fix_text
    return fix_text


def _w3lib_decode(content_type: str | None, body: bytes) -> str:
    from w3lib.encoding import html_to_unicode

    return html_to_unicode(content_type, body)[1]


def _cn_decode(body: bytes) -> str:
    import charset_normalizer

    best = charset_normalizer.from_bytes(body).best()
    return str(best) if best is not None else body.decode("utf-8", "replace")


# --------------------------------------------------------------------------------------
# Throughput rows
# --------------------------------------------------------------------------------------


@dataclass
class Config:
    """Sizes and repeats for one run; ``quick`` shrinks everything (every group but the
    instruction counts in about 30 seconds on a loaded 2-core machine)."""

    quick: bool = False
    repeat: int = 5
    n_docs: int = 200
    n_pages: int = 40
    pandas_rows: int = 1_000_000
    pandas_sample: int = 50_000
    cli_mb: float = 200.0
    scaling_sizes: tuple[int, ...] = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)
    adversarial_sizes: tuple[int, ...] = (1 * MB, 10 * MB)
    memory_mb: float = 100.0
    #: Seconds one measurement may take: a larger input is scaled down to fit (and the
    #: row's note says so), so that a slow implementation still gets a report.
    budget_s: float = 150.0
    seed: int = 8
    corpus: Path | None = None
    cli_jobs: int = 2

    @classmethod
    def make(cls, quick: bool, **overrides: Any) -> Config:
        if quick:
            cfg = cls(
                quick=True,
                repeat=2,
                n_docs=20,
                n_pages=4,
                pandas_rows=5_000,
                pandas_sample=500,
                cli_mb=2.0,
                scaling_sizes=(1_000, 10_000, 100_000),
                adversarial_sizes=(25_000, 100_000),
                memory_mb=2.0,
                budget_s=5.0,
            )
        else:
            cfg = cls()
        for key, value in overrides.items():
            if value is not None:
                setattr(cfg, key, value)
        return cfg


def _ratio_row(
    group: str,
    name: str,
    ours_label: str,
    ours: Callable[[Any], object],
    base_label: str,
    base: Callable[[Any], object],
    items: Sequence[Any],
    size_mb: float,
    repeat: int,
    *,
    target: float | None,
    target_text: str | None = None,
) -> Result:
    t_ours, t_base = time_pair(_over(ours, items), _over(base, items), repeat, ROW_BUDGET_S)
    ours_mbps, base_mbps = size_mb / t_ours, size_mb / t_base
    ratio = ours_mbps / base_mbps
    return Result(
        group, name, ours_label, base_label, size_mb, ours_mbps, base_mbps, ratio,
        ratio, "x", target_text or (f">= {target:g}x" if target else "(info)"),
        (ratio >= target) if target is not None else None,
    )  # fmt: skip


def _abs_row(
    group: str,
    name: str,
    ours_label: str,
    ours: Callable[[Any], object],
    items: Sequence[Any],
    size_mb: float,
    repeat: int,
    *,
    target_mbps: float | None,
) -> Result:
    t = time_best(_over(ours, items), repeat, budget_s=ROW_BUDGET_S)
    mbps = size_mb / t
    return Result(
        group, name, ours_label, None, size_mb, mbps, None, None, mbps, "MB/s",
        f">= {target_mbps:g} MB/s" if target_mbps else "(info)",
        (mbps >= target_mbps) if target_mbps else None,
    )  # fmt: skip


def _guard(name: str, group: str, make: Callable[[], Result | list[Result]]) -> list[Result]:
    """Run one benchmark; a failure becomes a row that says what went wrong."""
    try:
        out = make()
    except Exception as exc:  # a benchmark must report, not crash, when a module is a stub
        note = f"error: {type(exc).__name__}: {exc}".replace("|", "/").replace("\n", " ")[:160]
        return [Result(group, name, "", None, 0.0, None, None, None, None, "", "-", None, note)]
    return out if isinstance(out, list) else [out]


def bench_throughput(cfg: Config) -> list[Result]:
    """``fix``, ``score``, ``detect``, ``fold`` ... on 2 KB documents, beside the baselines."""
    import mojifix

    ftfy = _ftfy()
    clean = [d.text for d in make_docs(cfg.n_docs, seed=cfg.seed, corpus=cfg.corpus)]
    ascii_docs = [d.text for d in make_docs(cfg.n_docs, seed=cfg.seed, ascii_only=True)]
    english = [typographic(t) for t in ascii_docs]
    # Damaged text is slower to repair (and 1.5-3x longer): half as many documents.
    damaged = [damage(t) for t in clean[: max(10, len(clean) // 2)]]
    clean_mb, ascii_mb = _utf8_mb(clean), _utf8_mb(ascii_docs)
    damaged_mb = _utf8_mb(damaged)
    r = cfg.repeat
    g = "throughput"
    rows: list[Result] = []

    def add(name: str, make: Callable[[], Result]) -> None:
        rows.extend(_guard(name, g, make))

    add(
        "fix, clean multilingual",
        lambda: _ratio_row(
            g,
            "fix, clean multilingual",
            "fix",
            mojifix.fix,
            "ftfy.fix_encoding",
            ftfy.fix_encoding,
            clean,
            clean_mb,
            r,
            target=40,
        ),
    )
    add(
        "fix, clean multilingual",
        lambda: _ratio_row(
            g,
            "fix, clean multilingual",
            "fix",
            mojifix.fix,
            "ftfy.fix_text",
            ftfy.fix_text,
            clean,
            clean_mb,
            r,
            target=None,
        ),
    )
    add(
        "fix, clean multilingual",
        lambda: _ratio_row(
            g,
            "fix, clean multilingual",
            "fix",
            mojifix.fix,
            "plsfix.fix_text",
            _plsfix_fix(),
            clean,
            clean_mb,
            r,
            target=3,
        ),
    )
    add(
        "fix, clean multilingual MB/s",
        lambda: _abs_row(
            g, "fix, clean multilingual", "fix", mojifix.fix, clean, clean_mb, r, target_mbps=300
        ),
    )
    add(
        "score, clean multilingual",
        lambda: _ratio_row(
            g,
            "score, clean multilingual",
            "score",
            mojifix.score,
            "ftfy.is_bad",
            ftfy.is_bad,
            clean,
            clean_mb,
            r,
            target=40,
        ),
    )
    add(
        "fix, ASCII-only",
        lambda: _abs_row(
            g, "fix, ASCII-only", "fix", mojifix.fix, ascii_docs, ascii_mb, r, target_mbps=200
        ),
    )
    add(
        "fix, English with typographic punctuation",
        lambda: _ratio_row(
            g,
            "fix, English with typographic punctuation",
            "fix",
            mojifix.fix,
            "ftfy.fix_encoding",
            ftfy.fix_encoding,
            english,
            _utf8_mb(english),
            r,
            target=None,
        ),
    )
    add(
        "score, ASCII-only",
        lambda: _abs_row(
            g, "score, ASCII-only", "score", mojifix.score, ascii_docs, ascii_mb, r, target_mbps=200
        ),
    )
    add(
        "fix, damaged (UTF-8 as windows-1252)",
        lambda: _ratio_row(
            g,
            "fix, damaged (UTF-8 as windows-1252)",
            "fix",
            mojifix.fix,
            "ftfy.fix_encoding",
            ftfy.fix_encoding,
            damaged,
            damaged_mb,
            r,
            target=5,
        ),
    )
    add(
        "fix, damaged (UTF-8 as windows-1252)",
        lambda: _ratio_row(
            g,
            "fix, damaged (UTF-8 as windows-1252)",
            "fix",
            mojifix.fix,
            "plsfix.fix_text",
            _plsfix_fix(),
            damaged,
            damaged_mb,
            r,
            target=1,
        ),
    )
    # Information rows: the rest of the public API on the same inputs.
    add(
        "detect, clean multilingual",
        lambda: _abs_row(
            g,
            "detect, clean multilingual",
            "detect",
            mojifix.detect,
            clean,
            clean_mb,
            r,
            target_mbps=None,
        ),
    )
    add(
        "detect, damaged",
        lambda: _abs_row(
            g, "detect, damaged", "detect", mojifix.detect, damaged, damaged_mb, r, target_mbps=None
        ),
    )
    add(
        "score, damaged",
        lambda: _abs_row(
            g, "score, damaged", "score", mojifix.score, damaged, damaged_mb, r, target_mbps=None
        ),
    )
    add(
        "fix_and_explain, damaged",
        lambda: _ratio_row(
            g,
            "fix_and_explain, damaged",
            "fix_and_explain",
            mojifix.fix_and_explain,
            "ftfy.fix_and_explain",
            ftfy.fix_and_explain,
            damaged,
            damaged_mb,
            r,
            target=None,
        ),
    )
    explained = [(t, mojifix.fix_and_explain(t).steps) for t in damaged]
    add(
        "apply_steps, damaged",
        lambda: _abs_row(
            g,
            "apply_steps, damaged",
            "apply_steps",
            lambda p: mojifix.apply_steps(*p),
            explained,
            damaged_mb,
            r,
            target_mbps=None,
        ),
    )
    add(
        "fold, clean multilingual",
        lambda: _ratio_row(
            g,
            "fold, clean multilingual",
            "fold",
            mojifix.fold,
            "NFKC+casefold",
            _nfkc_casefold,
            clean,
            clean_mb,
            r,
            target=None,
        ),
    )
    return rows


def _nfkc_casefold(text: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKC", text).casefold()


def bench_html(cfg: Config) -> list[Result]:
    """``decode_html`` on declared UTF-8 and undeclared legacy pages."""
    import mojifix

    docs = make_docs(cfg.n_docs, seed=cfg.seed + 1, corpus=cfg.corpus)
    rng = random.Random(cfg.seed)
    g = "html"
    # Declared UTF-8: about 20 KB pages, half declared by the HTTP header, half by <meta>.
    declared: list[tuple[str | None, bytes]] = []
    for i in range(cfg.n_pages):
        picked = rng.sample(docs, 10)
        if i % 2:
            declared.append(("text/html; charset=utf-8", html_page(picked, meta=None).encode()))
        else:
            declared.append(("text/html", html_page(picked, meta="utf-8").encode()))
    # Undeclared legacy: about 6 KB pages in the language's legacy encoding, no label at all.
    legacy: list[bytes] = []
    by_lang: dict[str, list[Doc]] = {}
    for d in docs:
        if d.lang in LEGACY_ENCODING:
            by_lang.setdefault(d.lang, []).append(d)
    langs = sorted(by_lang)
    for i in range(cfg.n_pages):
        lang = langs[i % len(langs)]
        pool = by_lang[lang]
        page = html_page([pool[(i + k) % len(pool)] for k in range(3)], meta=None)
        legacy.append(page.encode(LEGACY_ENCODING[lang], "xmlcharrefreplace"))
    r = cfg.repeat
    declared_mb = sum(len(b) for _, b in declared) / MB
    legacy_mb = sum(len(b) for b in legacy) / MB
    rows: list[Result] = []
    rows += _guard(
        "decode_html, declared UTF-8 pages",
        g,
        lambda: _ratio_row(
            g,
            "decode_html, declared UTF-8 pages",
            "decode_html",
            lambda p: mojifix.decode_html(p[1], p[0]),
            "w3lib html_to_unicode",
            lambda p: _w3lib_decode(p[0], p[1]),
            declared,
            declared_mb,
            r,
            target=1,
            target_text=">= 1x (w3lib's speed)",
        ),
    )
    # Declared legacy pages: the Encoding Standard's decoders (encoding_rs) against Python's
    # codecs behind w3lib, on about 20 KB pages of the language, half declared by the header.
    for label, (lang, python_codec) in DECLARED_LEGACY.items():
        pool = [d for d in docs if d.lang == lang] or docs
        pages: list[tuple[str | None, bytes]] = []
        for i in range(cfg.n_pages):
            page = html_page([pool[(i + k) % len(pool)] for k in range(10)], meta=None if i % 2
                             else label)
            body = page.encode(python_codec, "xmlcharrefreplace")
            pages.append((f"text/html; charset={label}" if i % 2 else "text/html", body))
        pages_mb = sum(len(b) for _, b in pages) / MB
        name = f"decode_html, declared {label} pages"
        rows += _guard(
            name,
            g,
            functools.partial(
                _ratio_row,
                g,
                name,
                "decode_html",
                lambda p: mojifix.decode_html(p[1], p[0]),
                "w3lib html_to_unicode",
                lambda p: _w3lib_decode(p[0], p[1]),
                pages,
                pages_mb,
                r,
                target=2,
            ),
        )
    rows += _guard(
        "decode_html, undeclared legacy pages",
        g,
        lambda: _ratio_row(
            g,
            "decode_html, undeclared legacy pages",
            "decode_html",
            mojifix.decode_html,
            "charset_normalizer best()",
            _cn_decode,
            legacy,
            legacy_mb,
            r,
            target=1.0,
            target_text=">= 1x (no slower)",
        ),
    )
    return rows


# --------------------------------------------------------------------------------------
# pandas
# --------------------------------------------------------------------------------------


def realistic_column(n: int, *, seed: int = 8) -> list[str | None]:
    """A *n*-row text column like a scraped dataset: mostly clean, many repeated values.

    A pool of 5,000 distinct values (names, cities, job titles, short sentences in many
    languages), 2% of them damaged (UTF-8 read as windows-1252), drawn with a Zipf-like
    skew so that popular values repeat a lot; 1% of the rows are missing (None).

    >>> col = realistic_column(1000)
    >>> len(col), len(set(col)) < 1000, None in col
    (1000, True, True)
    """
    rng = random.Random(seed)
    pool: list[str] = []
    for i in range(5000):
        fake = _faker(LOCALES[i % len(LOCALES)], seed + i)
        kind = i % 4
        if kind == 0:
            value = fake.name()
        elif kind == 1:
            value = fake.city()
        elif kind == 2:
            value = fake.job()
        else:
            value = (
                fake.sentence(nb_words=8)
                if LOCALES[i % len(LOCALES)] not in _NO_LOREM
                else fake.address().replace("\n", ", ")
            )
        if rng.random() < 0.02:
            value = damage(value)
        pool.append(value)
    weights = [1.0 / (k + 1) for k in range(len(pool))]
    column: list[str | None] = list(rng.choices(pool, weights=weights, k=n))
    for row in rng.sample(range(n), n // 100):
        column[row] = None
    return column


def bench_pandas(cfg: Config) -> list[Result]:
    """``s.mojifix.fix()`` on a large realistic column beside ``s.apply(ftfy.fix_text)`` and
    ``s.apply(mojifix.fix)`` (both timed on a sample and extrapolated per row)."""
    g = "pandas"
    name = f"s.mojifix.fix(), {cfg.pandas_rows:,} rows"

    def make() -> list[Result]:
        import pandas as pd

        import mojifix

        with contextlib.suppress(ImportError):
            import mojifix.pandas  # (registers the accessor)
        ftfy = _ftfy()
        values = realistic_column(cfg.pandas_rows, seed=cfg.seed)
        s = pd.Series(values, dtype=object)
        sample = s.iloc[: cfg.pandas_sample]
        size_mb = _utf8_mb(v for v in values if v is not None)
        if not hasattr(s, "mojifix"):
            raise RuntimeError("the pandas accessor s.mojifix is not registered")
        rows = []
        for label, per_value, target in (
            ("s.apply(ftfy.fix_text)", ftfy.fix_text, 100),
            ("s.apply(mojifix.fix)", mojifix.fix, 10),
        ):
            apply = functools.partial(sample.apply, lambda v, f=per_value: f(v) if v else v)
            t_ours, t_sample = time_pair(lambda: s.mojifix.fix(), apply, max(2, cfg.repeat // 2))
            t_base = t_sample * len(s) / len(sample)  # extrapolated per row
            ratio = t_base / t_ours
            rows.append(Result(
                g, name, "s.mojifix.fix()", label, size_mb, size_mb / t_ours,
                size_mb / t_base, ratio, ratio, "x", f">= {target}x", ratio >= target,
                f"{label} timed on the first {len(sample):,} rows and extrapolated per row",
                {"seconds_mojifix": t_ours, "seconds_sample": t_sample,
                 "seconds_extrapolated": t_base, "distinct_values": int(s.nunique())},
            ))  # fmt: skip
        return rows

    return _guard(name, g, make)


# --------------------------------------------------------------------------------------
# Arrow batches and threads
# --------------------------------------------------------------------------------------


def _thread_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process (Linux ``/proc``; empty elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    out: dict[str, float] = {}
    with contextlib.suppress(OSError):
        for tid in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                with open(f"/proc/self/task/{tid}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
                out[tid] = (int(fields[11]) + int(fields[12])) / ticks
    return out


def critical_path_speedup(work: Callable[[int], object], rounds: int = 3) -> float:
    """The speed-up of ``work(2)`` over ``work(1)`` (threads) on two idle cores, from CPU time:
    the CPU seconds of one thread, over the CPU seconds of the busier thread of two. Unlike
    wall clock, other processes on the machine do not move it; memory bandwidth shared by the
    threads does not show in it.
    """

    def busiest(n: int) -> tuple[float, float]:
        before = _thread_cpu()
        work(n)
        after = _thread_cpu()
        spent = sorted((after[t] - before.get(t, 0.0) for t in after), reverse=True)
        return (spent[0] if spent else 0.0), sum(spent)

    one = min(busiest(1)[1] for _ in range(rounds))
    two = min(busiest(2)[0] for _ in range(rounds))
    return one / two if two > 0 else math.nan


def bench_batch(cfg: Config) -> list[Result]:
    """The core's batch path: ``fix_array`` on a column of clean multilingual documents, and
    two threads against one over the same column."""
    g = "batch"
    rows: list[Result] = []

    def arrow_column() -> tuple[Any, float]:
        import pyarrow as pa

        docs = [d.text for d in make_docs(cfg.n_docs, seed=cfg.seed, corpus=cfg.corpus)]
        column = pa.array(docs * (2 if cfg.quick else 20), type=pa.large_string())
        return column, column.nbytes / MB

    def clean_rate() -> Result:
        from mojifix.arrow import fix_array

        column, size_mb = arrow_column()
        t = time_best(lambda: fix_array(column), cfg.repeat, budget_s=ROW_BUDGET_S)
        return Result(
            g, "fix_array, clean multilingual (Arrow)", "fix_array", None, size_mb,
            size_mb / t, None, None, size_mb / t, "MB/s", ">= 500 MB/s", size_mb / t >= 500,
        )  # fmt: skip

    def threads() -> Result:
        from mojifix.arrow import fix_array

        column, size_mb = arrow_column()
        t2, t1 = time_pair(
            lambda: fix_array(column, threads=2), lambda: fix_array(column, threads=1),
            cfg.repeat, ROW_BUDGET_S,
        )  # fmt: skip
        ratio = t1 / t2
        path = critical_path_speedup(lambda n: fix_array(column, threads=n))
        return Result(
            g, "fix_array, 2 threads vs 1", "threads=2", "threads=1", size_mb, size_mb / t2,
            size_mb / t1, ratio, ratio, "x", ">= 1.7x", ratio >= 1.7,
            f"wall clock, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
            f"by CPU time (one thread's CPU / the busier thread's of two) {path:.2f}x",
            {"cpu_critical_path_speedup": path},
        )  # fmt: skip

    rows += _guard("fix_array, clean multilingual (Arrow)", g, clean_rate)
    rows += _guard("fix_array, 2 threads vs 1", g, threads)
    return rows


# --------------------------------------------------------------------------------------
# CLI --jobs
# --------------------------------------------------------------------------------------


def write_jsonl(path: Path, size_mb: float, *, seed: int = 8, corpus: Path | None = None) -> int:
    """Write a JSONL file of about *size_mb* MB: ``{"id": n, "text": ...}`` rows, 10% damaged.

    Returns the number of rows.
    """
    docs = [d.text for d in make_docs(230, seed=seed, corpus=corpus)]
    lines = []
    for i, text in enumerate(docs):
        if i % 10 == 0:
            text = damage(text)
        lines.append(json.dumps({"text": text}, ensure_ascii=False))
    target = int(size_mb * MB)
    written = rows = 0
    with path.open("w", encoding="utf-8") as fh:
        while written < target:
            line = lines[rows % len(lines)]
            fh.write(f'{{"id": {rows}, {line[1:]}\n')
            written += len(line.encode("utf-8")) + 12
            rows += 1
    return rows


def cli_command(inp: Path, out: Path, jobs: int, processes: bool = False) -> list[str]:
    """The ``mojifix fix`` command line for a JSONL file."""
    return [
        sys.executable, "-m", "mojifix", "fix", str(inp), "--output", str(out),
        "--jobs", str(jobs), "--quiet", *(["--processes"] if processes else []),
    ]  # fmt: skip


def _tree_rss(pid: int) -> int:
    """Resident memory of *pid* and all its descendants, in bytes (Linux /proc)."""
    total = 0
    stack = [pid]
    seen: set[int] = set()
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            with open(f"/proc/{p}/statm") as fh:
                total += int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    stack.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return total


def run_measured(cmd: list[str]) -> dict[str, float]:
    """Run *cmd*; its wall time, peak RSS of its largest process, peak RSS of its tree."""
    peak_tree = 0
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak_tree
        while not stop.is_set():
            peak_tree = max(peak_tree, _tree_rss(proc.pid))
            stop.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = proc.communicate()
    elapsed = time.perf_counter() - start
    stop.set()
    sampler.join()
    if proc.returncode != 0:
        tail = err.decode(errors="replace")[-300:]
        raise RuntimeError(f"{' '.join(cmd[2:])} exited with {proc.returncode}: {tail}")
    # ru_maxrss of RUSAGE_CHILDREN: the largest single descendant so far (KiB on Linux).
    max_single = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    return {"seconds": elapsed, "max_process_rss": max_single, "peak_tree_rss": peak_tree}


def fix_seconds_per_mb(texts: Sequence[str]) -> float:
    """Seconds ``fix`` takes per MB of *texts* (one pass): to predict the big runs.

    The tables ``fix`` builds on first use are built first (``warm_up``, on other texts):
    in a fresh process they cost ~1 s, which made the prediction for 60 short documents
    8 s/MB and scaled the ``cli`` row down to 30-150 MB depending on the machine's load.
    """
    import mojifix
    from mojifix._work import Job, warm_up

    warm_up(Job(action="fix", fmt="jsonl"))
    size = _utf8_mb(texts)
    start = time.perf_counter()
    for t in texts:
        mojifix.fix(t)
    return (time.perf_counter() - start) / max(size, 1e-9)


def fit_size(requested_mb: float, seconds_per_mb: float, budget_s: float) -> tuple[float, str]:
    """*requested_mb*, or less if it would take over *budget_s*; and a note saying so.

    >>> fit_size(200, 0.01, 60)
    (200, '')
    >>> fit_size(200, 1.0, 60)[0]
    60.0
    """
    predicted = requested_mb * seconds_per_mb
    if predicted <= budget_s:
        return requested_mb, ""
    mb = max(0.5, round(budget_s / seconds_per_mb, 1))
    return mb, (
        f"scaled down from {requested_mb:g} MB, which would take ~{predicted:,.0f} s per run "
        f"at the measured {1 / seconds_per_mb:.2f} MB/s"
    )


def bench_cli(cfg: Config) -> list[Result]:
    """``mojifix fix --jobs N`` against ``--jobs 1`` on a large JSONL file."""
    g = "cli"
    texts = [d.text for d in make_docs(230, seed=cfg.seed, corpus=cfg.corpus)]
    sample = [damage(t) if i % 10 == 0 else t for i, t in enumerate(texts)]
    cli_mb, scaled = fit_size(cfg.cli_mb, fix_seconds_per_mb(sample[:60]), cfg.budget_s)
    name = f"mojifix fix --jobs {cfg.cli_jobs}, {cli_mb:g} MB JSONL"

    def make() -> list[Result]:
        with tempfile.TemporaryDirectory(prefix="mojifix-bench-") as tmp:
            inp = Path(tmp) / "in.jsonl"
            write_jsonl(inp, cli_mb, seed=cfg.seed, corpus=cfg.corpus)
            size_mb = inp.stat().st_size / MB
            n = cfg.cli_jobs
            ways = {"1": (1, False), "threads": (n, False), "processes": (n, True)}
            runs: dict[str, list[dict[str, float]]] = {way: [] for way in ways}
            rounds = 1 if cli_mb >= 50 or scaled else 2
            for i in range(rounds):
                for way in list(ways) if i % 2 == 0 else list(ways)[::-1]:
                    out = Path(tmp) / f"out-{way}.jsonl"
                    jobs, processes = ways[way]
                    runs[way].append(run_measured(cli_command(inp, out, jobs, processes)))
                    out.unlink(missing_ok=True)
            seconds = {way: min(x["seconds"] for x in runs[way]) for way in ways}
            peak = {way: max(x["peak_tree_rss"] for x in runs[way]) for way in ways}
            rows = []
            labels = (("threads", f"--jobs {n}"), ("processes", f"--jobs {n} --processes"))
            for way, label in labels:
                speedup = seconds["1"] / seconds[way]
                rows.append(Result(
                    g, f"mojifix fix {label}, {cli_mb:g} MB JSONL", label, "--jobs 1", size_mb,
                    size_mb / seconds[way], size_mb / seconds["1"], speedup, speedup, "x",
                    ">= 1.7x", speedup >= 1.7,
                    f"peak RSS (process tree): {peak[way] / 2**20:.0f} MiB, "
                    f"{peak['1'] / 2**20:.0f} MiB with --jobs 1; load average "
                    f"{os.getloadavg()[0]:.1f}" + (f"; {scaled}" if scaled else ""),
                    {"seconds": seconds, "peak_tree_rss": peak, "cpu_count": os.cpu_count()},
                ))  # fmt: skip
            return rows

    return _guard(name, g, make) + bench_startup(cfg)


def bench_startup(cfg: Config) -> list[Result]:
    """``mojifix fix`` on a two-line damaged file in a new process: the start-up every CLI
    run, spawned worker and Dask/datatrove worker pays once (imports, then the patterns the
    detector compiles on first use)."""
    g = "cli"
    name = "mojifix fix start-up (2-line file)"

    def make() -> Result:
        with tempfile.TemporaryDirectory(prefix="mojifix-bench-") as tmp:
            inp, out = Path(tmp) / "in.txt", Path(tmp) / "out.txt"
            inp.write_text("CafÃ© au lait\nÐŸÑ€Ð¸Ð²ÐµÑ‚\n", encoding="utf-8")
            cmd = [sys.executable, "-m", "mojifix", "fix", str(inp), "-o", str(out), "--quiet"]
            rounds = 2 if cfg.quick else 5
            best = math.inf
            for _ in range(rounds):
                start = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True)
                best = min(best, time.perf_counter() - start)
                out.unlink()
            return Result(
                g, name, "start-up", None, 0.0, None, None, None, best,
                "s", "(info)", None, f"{best:.2f} s (best of {rounds})",
                {"seconds": best},
            )  # fmt: skip

    return _guard(name, g, make)


# --------------------------------------------------------------------------------------
# Scaling, memory
# --------------------------------------------------------------------------------------


def mixed_text(size: int, *, seed: int = 8) -> str:
    """About *size* UTF-8 bytes of multilingual text, one paragraph in ten damaged."""
    docs = [d.text for d in make_docs(60, seed=seed)]
    parts = [damage(t) if i % 10 == 3 else t for i, t in enumerate(docs)]
    unit = "\n".join(parts) + "\n"
    unit_bytes = len(unit.encode("utf-8"))
    text = unit * (size // unit_bytes + 1)
    # Cut by characters at about the right byte size.
    ratio = len(unit) / unit_bytes
    return text[: max(1, int(size * ratio))]


def bench_scaling(cfg: Config) -> list[Result]:
    """``fix`` on documents from 1 KB to 10 MB: time per MB should not grow with size.

    Every size repairs the same text (the first megabyte of :func:`mixed_text`, or all of it
    for the sizes above 1 MB), cut into documents of that size: only the document size
    changes, not the languages or the share of damage (a 10 KB prefix repeated would measure
    its own few languages).  The per-word caches are warmed on the text first.
    """
    import mojifix

    g = "scaling"
    rows: list[Result] = []
    per_mb: dict[int, float] = {}
    base = mixed_text(max(cfg.scaling_sizes), seed=cfg.seed)
    chars_per_byte = len(base) / max(1, len(base.encode("utf-8")))
    mojifix.fix(base[:100_000])  # warm the caches: the prediction is for warm runs
    seconds_per_mb = fix_seconds_per_mb([base[:100_000]])
    for size in cfg.scaling_sizes:
        name = f"fix, {_size_label(size)} documents"
        text = base[: max(1, int(max(size, min(MB, max(cfg.scaling_sizes))) * chars_per_byte))]
        step = max(1, int(size * chars_per_byte))
        docs = [text[i : i + step] for i in range(0, len(text), step)]
        predicted = seconds_per_mb * _utf8_mb(docs)
        if predicted > cfg.budget_s:
            rows.append(Result(
                g, name, "fix", None, _utf8_mb(docs), None, None, None, None, "", "(linear)",
                None, f"not run: ~{predicted:,.0f} s predicted at {1 / seconds_per_mb:.2f} MB/s",
            ))  # fmt: skip
            continue
        repeat = max(1, min(cfg.repeat, int(cfg.budget_s / max(predicted, 1e-9))))

        def make(size: int = size, name: str = name, docs: list[str] = docs, repeat: int = repeat
                 ) -> Result:  # fmt: skip
            size_mb = _utf8_mb(docs)
            t = time_best(_over(mojifix.fix, docs), repeat)
            per_mb[size] = t / size_mb
            return Result(
                g,
                name,
                "fix",
                None,
                size_mb,
                size_mb / t,
                None,
                None,
                size_mb / t,
                "MB/s",
                "(linear)",
                None,
                f"{len(docs)} document(s)",
                detail={"seconds_per_mb": t / size_mb, "documents": len(docs)},
            )

        rows += _guard(name, g, make)
    if len(per_mb) >= 2:
        small, large = min(per_mb), max(per_mb)
        growth = per_mb[large] / per_mb[small] if per_mb[small] > 0 else math.inf
        # Small documents pay a per-call overhead: compare over the top two decades.
        from_ = min((s for s in per_mb if s >= large // 100), default=small)
        growth_big = per_mb[large] / per_mb[from_]
        rows.append(Result(
            g, f"time per MB, {_size_label(large)} / {_size_label(from_)}", "fix", None,
            0.0, None, None, None, growth_big, "x", "<= 2x (linear)", growth_big <= 2.0,
            f"{_size_label(large)} / {_size_label(small)}: {growth:.2f}x",
        ))  # fmt: skip
    return rows


def _size_label(size: int) -> str:
    if size >= MB:
        return f"{size / MB:g} MB"
    return f"{size / 1000:g} KB"


_MEMORY_CHILD = r"""
import gc, json, re, sys, tracemalloc
sys.path.insert(0, sys.argv[3])  # this harness's folder
from harness import mixed_text, damage
import mojifix

def status(key):
    with open("/proc/self/status") as fh:
        return int(re.search(key + r":\s+(\d+)", fh.read()).group(1)) * 1024

size, kind = int(sys.argv[1]), sys.argv[2]
text = mixed_text(size) if kind == "mixed" else damage(mixed_text(size // 2))
# Load the lazy tables (codecs, models) before the measurement: they are a fixed cost.
mojifix.fix(mixed_text(60_000))
mojifix.fix(damage(mixed_text(30_000)))
input_bytes = sys.getsizeof(text)
gc.collect()
try:  # Linux: reset the peak RSS ("VmHWM") to the current RSS
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")
    method, before = "rss", status("VmRSS")
except OSError:  # elsewhere: Python's allocations only (the core's are not traced)
    method = "tracemalloc"
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
out = mojifix.fix(text)
if method == "rss":
    peak = status("VmHWM") - before
else:
    peak = tracemalloc.get_traced_memory()[1] - before
print(json.dumps({"input_bytes": input_bytes, "utf8_bytes": len(text.encode("utf-8")),
                  "peak_extra": peak, "output_len": len(out), "method": method}))
"""


def measure_fix_memory(size: int, kind: str = "mixed") -> dict[str, Any]:
    """Peak memory that ``fix`` needs on a *size*-byte text, in a fresh subprocess.

    ``ratio`` is the peak over the input string's own size in memory (``sys.getsizeof``).
    The lazy tables are loaded before; the bounded per-word caches fill during the call, a
    fixed cost of some megabytes. On Linux the peak is the resident set size during the call
    above the resident size just before it (``/proc/self/clear_refs`` resets the peak), which
    counts the compiled core's allocations as well as Python's; elsewhere it is
    ``tracemalloc``'s, Python's allocations only (``method`` says which).
    """
    proc = subprocess.run(
        [sys.executable, "-c", _MEMORY_CHILD, str(size), kind, str(HERE)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(f"memory probe failed: {proc.stderr[-400:]}")
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    data["ratio"] = data["peak_extra"] / data["input_bytes"]
    return data


def fit_size_superlinear(
    requested_mb: float, kind: str, budget_s: float, *, seed: int = 8
) -> tuple[float, str]:
    """Like :func:`fit_size`, for one big string: ``fix`` may grow faster than linearly,
    so the time is predicted from a probe at 50 KB and 200 KB (``time ~ size ** k``)."""
    import mojifix

    def build(n: int) -> str:
        text = mixed_text(n, seed=seed)
        return damage(text[: len(text) // 2]) if kind == "damaged" else text

    _, t_large, k = growth_probe(mojifix.fix, build, 50_000, 200_000)
    k = max(k, 1.0)

    def predict(mb: float) -> float:
        return float(t_large * (mb * MB / 200_000) ** k)

    if predict(requested_mb) <= budget_s:
        return requested_mb, ""
    mb = requested_mb
    while mb > 0.25 and predict(mb) > budget_s:
        mb /= 2
    return round(mb, 2), (
        f"scaled down from {requested_mb:g} MB, which would take ~{predict(requested_mb):,.0f} s "
        f"(time ~ size^{k:.1f} between 50 KB and 200 KB)"
    )


def bench_memory(cfg: Config) -> list[Result]:
    """Peak memory of ``fix`` on a large string, as a multiple of the input."""
    g = "memory"
    rows: list[Result] = []
    for kind, label in (("mixed", "mostly clean"), ("damaged", "all damaged")):
        mb, scaled = fit_size_superlinear(cfg.memory_mb, kind, cfg.budget_s, seed=cfg.seed)
        name = f"fix, {mb:g} MB {label} string, peak resident memory"

        def make(
            kind: str = kind, name: str = name, mb: float = mb, scaled: str = scaled
        ) -> Result:
            m = measure_fix_memory(int(mb * MB), kind)
            return Result(
                g, name, "fix", None, m["utf8_bytes"] / MB, None, None, None, m["ratio"],
                "x input", "< 5x input", m["ratio"] < 5,
                f"input {m['input_bytes'] / 2**20:.0f} MiB in memory, "
                f"peak extra {m['peak_extra'] / 2**20:.0f} MiB ({m['method']}; the bounded "
                "caches fill during the call)" + (f"; {scaled}" if scaled else ""),
                m,
            )  # fmt: skip

        rows += _guard(name, g, make)
    return rows


# --------------------------------------------------------------------------------------
# Adversarial inputs
# --------------------------------------------------------------------------------------


def _nested(text: str, layers: int) -> str:
    for _ in range(layers):
        text = damage(text)
    return text


def _repeat_to(unit: str, size: int) -> str:
    n = max(1, size // max(1, len(unit.encode("utf-8", "surrogatepass"))))
    return unit * n


#: The pathological inputs: name -> (function under test, builder of an input of ~N bytes).
#: Each one targets a way a mojibake detector can go quadratic or worse.
ADVERSARIAL: dict[str, tuple[str, Callable[[int], Any]]] = {
    # A legacy-looking word (windows-1251 read as windows-1252), then a long run of ASCII
    # letters (think base64): the legacy-word scanner must not rescan the run.
    "legacy word + long ASCII letter run": ("fix", lambda size: (
        "Ïðèâåò, ìèð! " + "a" * max(1, size - 20))),
    # One endless "lead byte" run: every position starts a candidate UTF-8 sequence.
    "'Ã' * n": ("fix", lambda size: _repeat_to("Ã", size)),
    # The mojibake of 縺 (UTF-8 E7 B8 BA read as Shift_JIS); a run looks like one huge finding.
    "'縺' * n": ("fix", lambda size: _repeat_to("縺", size)),
    # Alternating damaged and clean: mixed-text decisions everywhere, no long runs.
    "'Ã©' and 'é' alternating": ("fix", lambda size: _repeat_to("Ã©é", size)),
    # C1 controls: the tell-tale of latin-1 misreads, in one enormous run.
    "run of C1 controls": ("fix", lambda size: _repeat_to(
        "".join(chr(c) for c in range(0x80, 0xA0)), size)),
    # Millions of tiny findings: per-finding overhead and list growth.
    "'Ã© ' * n (many short findings)": ("fix", lambda size: _repeat_to("Ã© ", size)),
    # Mojibake of mojibake, 6 layers deep ("é" -> 64+ characters).
    "6 nested layers of mojibake": ("fix", lambda size: _repeat_to(
        _nested("Café déjà vu. ", 6), size)),
    # A decoration and its mirror image, again and again: every run is a drawing, which no
    # reading takes (decision note 0071), looked for among thousands of others.
    "'°º¤ø,¸¸,ø¤º°' * n (drawings)": ("fix", lambda size: _repeat_to("°º¤ø,¸¸,ø¤º° ", size)),
    # One run of symbols, again and again: every run a candidate of every legacy pair.
    "'°º¤ø ' * n (symbol runs)": ("fix", lambda size: _repeat_to("°º¤ø ", size)),
    # A word that never ends, a marked letter every third character: each run's word (a
    # known word? a name? its case?) must be read only so far.
    "'aýb' * n (one endless word)": ("fix", lambda size: _repeat_to("aýb", size)),
    # One run of marked letters as long as the text, no space: thousands of pieces, each in a
    # word of some 130 letters, which no known word is as long as.
    "'ýа' * n (one endless run of letters)": ("fix", lambda size: _repeat_to("ýа", size)),
    # The same, for score/detect on their own.
    "'Ã' * n (detect)": ("detect", lambda size: _repeat_to("Ã", size)),
    # Megabytes of comments, then the <meta>: the prescan must stop at 1024 bytes.
    "HTML: <meta> after megabytes of comments": ("decode_html", lambda size: (
        b"<!DOCTYPE html><html><head>" + b"<!-- comment -->" * (size // 16)
        + b'<meta charset="windows-1251"></head><body>\xcf\xf0\xe8\xe2\xe5\xf2</body></html>')),
    # An unterminated comment and an unterminated attribute: the scanner must not rescan.
    "HTML: unterminated comment and attribute": ("decode_html", lambda size: (
        b"<html><head><meta content='" + b"a" * (size // 2) + b"<!--" + b"b" * (size // 2))),
}  # fmt: skip


def _adversarial_call(func_name: str) -> Callable[[Any], object]:
    import mojifix

    fn: Callable[[Any], object] = getattr(mojifix, func_name)
    return fn


def growth_probe(
    func: Callable[[Any], object], build: Callable[[int], Any], small: int, large: int
) -> tuple[float, float, float]:
    """Seconds at *small* and *large* sizes (one run of a second or more, else
    :func:`time_fast_best`: a busy host's scheduler once moved a best of 2 at 5 KB enough to
    predict minutes at 10 MB) and the growth exponent.

    The exponent *k* fits ``time ~ size ** k``: 1 is linear, 2 quadratic.

    >>> k = growth_probe(lambda s: s.upper(), lambda n: "a" * n, 100_000, 400_000)[2]
    >>> k < 1.7
    True
    """

    def best(data: Any) -> float:
        return time_fast_best(Pass(func, [data]), slow_s=1.0)

    t_small = best(build(small))
    t_large = best(build(large))
    k = math.log(max(t_large, 1e-4) / max(t_small, 1e-4)) / math.log(large / small)
    return t_small, t_large, k


def clean_seconds_per_mb(cfg: Config) -> float:
    """Seconds ``fix`` takes per MB of the clean multilingual documents (best pass)."""
    import mojifix

    docs = [d.text for d in make_docs(cfg.n_docs, seed=cfg.seed, corpus=cfg.corpus)]
    return time_best(_over(mojifix.fix, docs), max(2, cfg.repeat)) / _utf8_mb(docs)


def bench_adversarial(cfg: Config, *, budget_s: float | None = None) -> list[Result]:
    """Time each pathological input (those of ``tests/test_adversarial.py``) at 1 MB and
    10 MB; report the cost of one of its MB against a clean multilingual MB.

    The metric is ``(seconds per MB, the worse of the sizes) / (seconds per clean MB)``;
    the growth of the time per MB between the sizes (1 is linear) is in the note and must
    stay under 2.  A probe at 5 KB and 20 KB first estimates the growth exponent; a size
    whose predicted time exceeds *budget_s* (60 s, or 3 s in quick mode) is not run, and the
    note says so.
    """
    if budget_s is None:
        budget_s = 3.0 if cfg.quick else 60.0
    g = "adversarial"
    rows: list[Result] = []
    clean = clean_seconds_per_mb(cfg)
    for name, (func_name, build) in ADVERSARIAL.items():

        def make(
            name: str = name, func_name: str = func_name, build: Callable[[int], Any] = build
        ) -> Result:
            func = _adversarial_call(func_name)
            t5, t20, k = growth_probe(func, build, 5_000, 20_000)
            timings: dict[str, float] = {"5 KB": t5, "20 KB": t20}
            per_mb: list[tuple[int, float]] = []
            note = ""
            for size in cfg.adversarial_sizes:
                predicted = t20 * (size / 20_000) ** max(k, 1.0)
                if predicted > budget_s:
                    note = (
                        f"not run at {_size_label(size)}: predicted {predicted:,.0f} s "
                        f"(time ~ size^{k:.1f} between 5 KB and 20 KB)"
                    )
                    break
                data = build(size)
                nbytes = (
                    len(data)
                    if isinstance(data, bytes)
                    else len(data.encode("utf-8", "surrogatepass"))
                )
                # Best of two when that is cheap, at every size: one cold run of a 10 MB input
                # pays for first touching its memory, and doubled the time per MB.
                t = time_best(Pass(func, [data]), 1 if predicted > 1.0 else 2)
                timings[_size_label(size)] = t
                per_mb.append((size, t / (nbytes / MB)))
            if len(per_mb) >= 2:
                growth = per_mb[-1][1] / per_mb[0][1] if per_mb[0][1] > 0 else math.inf
            else:  # fall back on the probe: per-MB growth over the 4x from 5 KB to 20 KB
                growth = (t20 / 4) / max(t5, 1e-6)
                per_mb = [(20_000, t20 / 0.02)]
            sizes = "; ".join(f"{k_}: {v:.3f} s" for k_, v in timings.items())
            last = per_mb[-1]
            cost = max(t for _, t in per_mb) / clean
            return Result(
                g, f"{func_name}: {name}", func_name, "a clean MB of fix", last[0] / MB,
                1 / last[1], 1 / clean, cost, cost, "x a clean MB",
                "<= 50x, linear", cost <= 50 and growth <= 2.0 and not note,
                (note + "; " if note else "") + f"time per MB grows {growth:.2f}x; " + sizes,
                {"seconds": timings, "exponent_5k_20k": k, "growth": growth,
                 "clean_seconds_per_mb": clean},
            )  # fmt: skip

        rows += _guard(f"{func_name}: {name}", g, make)
    return rows


# --------------------------------------------------------------------------------------
# Regular expressions: catastrophic backtracking
# --------------------------------------------------------------------------------------


def compiled_patterns(package: str = "mojifix") -> list[tuple[str, Any]]:
    """Every compiled ``re``/``regex`` pattern in *package*'s modules.

    Looks at module globals, at the values of dicts, lists, tuples and sets held in
    them, and at class attributes.  Modules that cannot be imported (an optional extra is
    missing) are skipped.

    >>> any(name.startswith("mojifix.") for name, _ in compiled_patterns()) or True
    True
    """
    import importlib
    import pkgutil
    import re

    try:
        import regex as regex_module

        pattern_types: tuple[type, ...] = (re.Pattern, type(regex_module.compile("x")))
    except ImportError:  # pragma: no cover - regex is a runtime dependency
        pattern_types = (re.Pattern,)
    root = importlib.import_module(package)
    names = [package] + [
        m.name
        for m in pkgutil.walk_packages(root.__path__, prefix=package + ".")
        if not m.name.endswith("__main__")
    ]
    found: dict[int, tuple[str, Any]] = {}

    def visit(where: str, value: Any, depth: int) -> None:
        if isinstance(value, pattern_types):
            found.setdefault(id(value), (where, value))
        elif depth < 3 and isinstance(value, dict):
            for k, v in list(value.items())[:5000]:
                visit(f"{where}[{k!r}]", v, depth + 1)
        elif depth < 3 and isinstance(value, (list, tuple, set, frozenset)):
            for i, v in enumerate(list(value)[:5000]):
                visit(f"{where}[{i}]", v, depth + 1)
        elif depth < 1 and isinstance(value, type):
            for k, v in vars(value).items():
                visit(f"{where}.{k}", v, depth + 1)

    for name in names:
        try:
            module = importlib.import_module(name)
        except Exception:  # an optional extra that is not installed
            continue
        for attr, value in list(vars(module).items()):
            if getattr(value, "__module__", name) not in (name, None) and isinstance(value, type):
                continue  # a class imported from elsewhere
            visit(f"{name}.{attr}", value, 0)
    return sorted(found.values(), key=lambda item: item[0])


#: Characters probed to learn what a pattern matches (its "alphabet").
_PROBE = "".join(chr(c) for c in range(0x20, 0x250)) + (
    "\t\n\r\x00ÃÂ©€™“”‘’–—•…ŒœŠšŽžŸƒ"
    "縺繧縲譁鐢ㄦ埛锟斤拷ｱｲｳｶｷ\ufffd\ufeff\u200b\u0301"
    "АБВабвгдеёжзийклмнопрстуфхцчшщъыьэюяΑΒΓαβγ"
)


def _pattern_alphabet(pattern: Any) -> str:
    """The characters that appear in *pattern*'s matches over a probe of many scripts."""
    is_bytes = isinstance(pattern.pattern, bytes)
    probe: Any = _PROBE.encode("utf-8") if is_bytes else _PROBE
    chars: dict[Any, int] = {}
    for m in pattern.finditer(probe):
        for ch in m.group(0):
            chars[ch] = chars.get(ch, 0) + 1
    # Also single characters one by one (patterns that need context to match).
    for ch in probe if not is_bytes else [bytes([b]) for b in probe]:
        if pattern.match(ch * 3):
            key = ch if not is_bytes else ch[0]
            chars[key] = chars.get(key, 0) + 1
    ordered = sorted(chars, key=lambda c: -chars[c])[:8]
    if is_bytes:
        return bytes(ordered).decode("latin-1")
    return "".join(ordered)


def adversarial_strings(pattern: Any, n: int, alphabet: str | None = None) -> dict[str, Any]:
    """Strings of *n* characters meant to make *pattern* backtrack.

    Long runs of the characters the pattern matches, with and without a character it
    does not match at the end (the classic ``"aaaa...!"``), plus the mojibake-shaped runs
    of the adversarial benchmark.

    >>> import re
    >>> sorted(adversarial_strings(re.compile("a+b"), 4))[:2]
    ["' '*n", "' '*n + '!'"]
    """
    if alphabet is None:
        alphabet = _pattern_alphabet(pattern)
    units = {f"{c!r}*n": c for c in alphabet}
    if alphabet:
        units["alphabet cycled"] = alphabet
    units.update(
        {
            "'Ã©'*n": "Ã©",
            "'Ã'*n": "Ã",
            "' '*n": " ",
            "'a'*n": "a",
            "C1 run": "\x80\x81\x9f",
            "'縺'*n": "縺",
            "'<!--'*n": "<!--",
        }
    )
    out: dict[str, Any] = {}
    for label, unit in units.items():
        text = (unit * (n // len(unit) + 1))[:n]
        for tail_label, tail in (("", ""), (" + '\\x00'", "\x00"), (" + '!'", "!")):
            s = text[: n - len(tail)] + tail
            out[label + tail_label] = (
                s.encode("utf-8", "surrogatepass") if isinstance(pattern.pattern, bytes) else s
            )
    return out


_MATCH_ONLY = {"match", "fullmatch"}


@cache
def _module_source(module_name: str) -> str:
    import importlib
    import inspect

    try:
        return inspect.getsource(importlib.import_module(module_name))
    except (OSError, TypeError, ImportError):
        return ""


def pattern_usage(where: str) -> str:
    """``"match"`` if the package only ever calls ``.match``/``.fullmatch`` on the pattern
    held at *where* (``module.NAME`` or ``module.NAME[...]``), else ``"finditer"``.

    A pattern anchored by ``.match`` is tried at one position per call, so ``finditer``
    (which tries every position) would blame it for a quadratic cost it never incurs.
    """
    import re

    base = where.split("[", 1)[0]
    module_name, _, attr = base.rpartition(".")
    methods = set(re.findall(rf"\b{re.escape(attr)}\.(\w+)\(", _module_source(module_name)))
    return "match" if methods and methods <= _MATCH_ONLY else "finditer"


def pattern_growth(
    pattern: Any,
    *,
    mode: str = "finditer",
    small: int = 5_000,
    large: int = 20_000,
    budget_s: float = 2.0,
) -> dict[str, Any]:
    """Time *pattern* over adversarial strings at *small* and *large* sizes.

    *mode* ``"finditer"`` exhausts ``finditer`` over the string (what ``sub``, ``findall``
    and ``search`` loops cost); ``"match"`` runs one anchored ``match`` at the start.
    Returns the worst ``growth`` (time ratio large/small: 4 is linear for the 4x size,
    16 quadratic) over the strings whose large run took over 50 ms (faster ones are
    too quick to be a risk or to be timed reliably).  A string that would take more
    than *budget_s* at the large size even if the cost were only quadratic stops the
    scan of this pattern with ``growth`` infinity.

    >>> import re
    >>> pattern_growth(re.compile("[a-z]+"), small=500, large=2000)["growth"]
    1.0
    """
    alphabet = _pattern_alphabet(pattern)[:4]
    smalls = adversarial_strings(pattern, small, alphabet)
    larges = adversarial_strings(pattern, large, alphabet)

    def runner(s: Any) -> Callable[[], object]:
        if mode == "match":
            return lambda: pattern.match(s)
        return lambda: sum(1 for _ in pattern.finditer(s))

    worst: dict[str, Any] = {"growth": 1.0, "seconds": 0.0, "input": None, "mode": mode}
    for label, s_small in smalls.items():
        if label.endswith("'!'"):
            continue  # the NUL tail is enough bait; halves the scan time
        t_small = time_best(runner(s_small), 1, collect=False)
        if t_small * (large / small) ** 2 > budget_s:
            return {
                **worst,
                "growth": math.inf,
                "seconds": t_small,
                "input": label,
                "note": f"{t_small:.3f} s at {small} characters: quadratic growth "
                f"would take over {budget_s:g} s at {large}",
            }
        t_large = time_best(runner(larges[label]), 1, collect=False)
        if t_large > 0.05:  # slow enough to matter: time both again (best of 3 and of 2)
            t_small = min(t_small, time_best(runner(s_small), 2, collect=False))
            t_large = min(t_large, time_best(runner(larges[label]), 1, collect=False))
        growth = t_large / max(t_small, 1e-6)
        if growth > 10 and t_large > 0.05 and t_large * 16 < budget_s * 2:
            # Confirm over the next 4x (from a size where the clock is reliable):
            # cache effects can make the small size look unfairly fast.
            xl = adversarial_strings(pattern, large * 4, alphabet)[label]
            t_xl = time_best(runner(xl), 1, collect=False)
            growth = min(growth, t_xl / t_large)
        if t_large > worst["seconds"]:
            worst["seconds"] = t_large
            worst["slowest_input"] = label
        if t_large > 0.05 and growth > worst["growth"]:
            worst.update(growth=growth, input=label)
    return worst


def scan_patterns(out: Any = None) -> list[dict[str, Any]]:
    """Check every compiled pattern in mojifix; one JSON line per pattern on *out*.

    A line ``{"start": ...}`` is written before each pattern is timed, so that a run
    killed by a timeout names the pattern that hung.
    """
    results = []
    for where, pattern in compiled_patterns():
        if out is not None:
            print(json.dumps({"start": where}), file=out, flush=True)
        start = time.perf_counter()
        r = pattern_growth(pattern, mode=pattern_usage(where))
        r.update(
            where=where,
            pattern=repr(pattern.pattern)[:200],
            scan_seconds=round(time.perf_counter() - start, 3),
        )
        results.append(r)
        if out is not None:
            print(json.dumps(r, default=str), file=out, flush=True)
    return results


def bench_regex(cfg: Config) -> list[Result]:
    """Summary row of the backtracking scan (part of ``--adversarial``)."""

    def make() -> Result:
        scanned = scan_patterns()
        default: dict[str, Any] = {"growth": 1.0, "where": "-"}
        worst: dict[str, Any] = max(scanned, key=lambda r: r["growth"], default=default)
        risky = [r["where"] for r in scanned if r["growth"] > 10]
        return Result(
            "adversarial", f"regex: {len(scanned)} compiled patterns, 5k vs 20k characters",
            "finditer", None, 0.0, None, None, None, float(worst["growth"]), "x time (4x size)",
            "<= 10x (4x linear, 16x quadratic)", not risky,
            f"worst: {worst['where']}" + (f"; risky: {', '.join(risky)}" if risky else ""),
            {"patterns": scanned},
        )  # fmt: skip

    return _guard("regex patterns", "adversarial", make)


# --------------------------------------------------------------------------------------
# Profile, machine, main
# --------------------------------------------------------------------------------------


def profile_hot_spots(cfg: Config, top: int = 15) -> str:
    """cProfile's top functions (by own time) for ``fix``/``score`` on clean and damaged text."""
    import cProfile
    import io
    import pstats

    import mojifix

    clean = [d.text for d in make_docs(cfg.n_docs, seed=cfg.seed, corpus=cfg.corpus)]
    damaged = [damage(t) for t in clean]
    out = io.StringIO()
    for label, func, items in (
        ("fix, clean multilingual", mojifix.fix, clean),
        ("score, clean multilingual", mojifix.score, clean),
        ("fix, damaged", mojifix.fix, damaged),
    ):
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(3):
            for t in items:
                func(t)
        prof.disable()
        out.write(f"\n### {label}\n\n```\n")
        stats = pstats.Stats(prof, stream=out)
        stats.sort_stats("tottime").print_stats(top)
        out.write("```\n")
    return out.getvalue()


def machine() -> dict[str, Any]:
    """The machine and the versions the numbers were measured with."""
    from importlib.metadata import PackageNotFoundError, version

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = {}
    for pkg in ("mojifix", "ftfy", "plsfix", "charset-normalizer", "regex", "w3lib", "pandas",
                "pyarrow"):
        try:
            versions[pkg] = version(pkg)
        except PackageNotFoundError:
            versions[pkg] = "not installed"
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "packages": versions,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


# --------------------------------------------------------------------------------------
# Instructions (callgrind): the throughput ratios in a unit the machine's load cannot move
# --------------------------------------------------------------------------------------

_COUNT_DRIVER = """
import importlib, json, sys
module, name = sys.argv[1].rsplit(".", 1)
func = getattr(importlib.import_module(module), name)
with open(sys.argv[2], encoding="utf-8") as fh:
    texts = json.load(fh)
for t in texts:  # warm-up: tables built, caches filled
    func(t)
for _ in range(int(sys.argv[3])):
    for t in texts:
        func(t)
"""


def counted_texts(kind: str, n: int) -> list[str]:
    """The documents the instruction counts run on: *n* clean multilingual ones, or those
    damaged (UTF-8 read as windows-1252)."""
    texts = [d.text for d in make_docs(n, seed=8, corpus=default_corpus())]
    return [damage(t) for t in texts] if kind == "damaged" else texts


@cache
def count_instructions(function: str, kind: str, n: int, passes: int) -> int:
    """Instructions callgrind counts for *passes* passes of *function* (``module.name``) over
    the documents, start-up and the warm-up pass subtracted (a run with no pass)."""
    texts = counted_texts(kind, n)

    def total(passes: int) -> int:
        with tempfile.TemporaryDirectory() as tmp:
            out, inputs = Path(tmp) / "callgrind.out", Path(tmp) / "texts.json"
            inputs.write_text(json.dumps(texts), encoding="utf-8")
            python = os.path.realpath(sys.executable)  # not pyenv's shell shim
            subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", python, "-c",
                 _COUNT_DRIVER, function, str(inputs), str(passes)],
                env={**os.environ, "PYTHONHASHSEED": "0"}, check=True,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.startswith("totals:"):
                    return int(line.split()[1])
        raise RuntimeError(f"no totals line in callgrind's output for {function}")

    return (total(passes) - total(0)) // passes


def bench_instructions(cfg: Config) -> list[Result]:
    """The throughput group's ratios counted in instructions (callgrind): the same for the
    same code and inputs however busy the machine is."""
    import shutil

    g = "instructions"
    if shutil.which("valgrind") is None:
        return [Result(g, "instructions", "", None, 0.0, None, None, None, None, "", "-", None,
                       "error: valgrind is not installed (Debian: apt-get install valgrind)")]
    n = 6 if cfg.quick else 40
    rows: list[Result] = []
    for name, kind, ours, base, target in (
        ("fix, clean multilingual", "clean", "mojifix.fix", "ftfy.fix_encoding", 40),
        ("fix, clean multilingual", "clean", "mojifix.fix", "plsfix.fix_text", 3),
        ("score, clean multilingual", "clean", "mojifix.score", "ftfy.is_bad", 40),
        ("fix, damaged", "damaged", "mojifix.fix", "ftfy.fix_encoding", 5),
        ("fix, damaged", "damaged", "mojifix.fix", "plsfix.fix_text", 1),
    ):

        def make(
            name: str = name, kind: str = kind, ours: str = ours, base: str = base,
            target: float = target,
        ) -> Result:  # fmt: skip
            size = _utf8_mb(counted_texts(kind, n)) * MB
            mine = count_instructions(ours, kind, n, 1)
            theirs = count_instructions(base, kind, n, 1)
            ratio = theirs / mine
            return Result(
                g, name, ours, base, size / MB, None, None, ratio, ratio, "x fewer",
                f">= {target:g}x", ratio >= target,
                f"{mine / size:,.0f} against {theirs / size:,.0f} instructions a byte, "
                f"{n} documents",
                {"instructions_ours": mine, "instructions_baseline": theirs, "bytes": size},
            )  # fmt: skip

        rows += _guard(f"{name} / {base}", g, make)
    return rows


GROUPS = (
    "throughput", "batch", "html", "pandas", "cli", "scaling", "memory", "adversarial",
    "instructions",
)  # fmt: skip
#: The groups ``--quick`` runs without ``--only``: the speed rows, not the process ones.
QUICK_GROUPS = ("throughput", "batch", "html", "pandas")
_RUNNERS: dict[str, Callable[[Config], list[Result]]] = {
    "throughput": bench_throughput,
    "batch": bench_batch,
    "html": bench_html,
    "pandas": bench_pandas,
    "cli": bench_cli,
    "scaling": bench_scaling,
    "memory": bench_memory,
    "adversarial": lambda cfg: bench_adversarial(cfg) + bench_regex(cfg),
    "instructions": bench_instructions,
}


def run(cfg: Config, groups: Sequence[str], *, progress: bool = True) -> list[Result]:
    """Run the benchmark *groups* and return every row."""
    results: list[Result] = []
    for group in groups:
        start = time.perf_counter()
        rows = _RUNNERS[group](cfg)
        results.extend(rows)
        if progress:
            print(f"# {group}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return results


def to_markdown(results: Sequence[Result], info: dict[str, Any]) -> str:
    """The Markdown report: machine, then the table."""
    pk = ", ".join(f"{k} {v}" for k, v in info["packages"].items())
    return (
        f"Measured {info['date']} on {info['cpu']} ({info['cores']} cores), "
        f"Python {info['python']}; {pk}.\n\n" + format_table(results) + "\n"
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python benchmarks/harness.py",
        description="Throughput of mojifix beside ftfy, plsfix, w3lib and charset-normalizer "
        "(ratios measured side by side, best of N), plus scaling, memory and adversarial inputs.",
    )
    p.add_argument(
        "--quick",
        action="store_true",
        help=f"small inputs; without --only, just {', '.join(QUICK_GROUPS)}: about 10 seconds",
    )
    p.add_argument(
        "--adversarial",
        action="store_true",
        help="add the adversarial inputs (timed at 1, 2, 5, 10 MB)",
    )
    p.add_argument(
        "--all",
        action="store_true",
        help="every group, the adversarial inputs and the instruction counts (callgrind) too: "
        "every figure of benchmarks/RESULTS.md",
    )
    p.add_argument(
        "--only",
        nargs="+",
        choices=GROUPS,
        metavar="GROUP",
        help=f"run only these groups ({', '.join(GROUPS)})",
    )
    p.add_argument("--repeat", type=int, help="rounds per comparison (best of N)")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON ('-' for stdout)")
    p.add_argument("--markdown", metavar="FILE", help="write the Markdown table ('-' for stdout)")
    p.add_argument(
        "--scan-regex",
        action="store_true",
        help="time every compiled pattern in mojifix on backtracking bait; "
        "print one JSON line per pattern",
    )
    p.add_argument(
        "--profile",
        action="store_true",
        help="print cProfile's hot spots for fix and score instead of timing",
    )
    p.add_argument("--corpus", type=Path, help="corpus folder (default: the checkout's corpus/)")
    p.add_argument("--seed", type=int, help="seed for the generated inputs (default 8)")
    p.add_argument("--cli-mb", type=float, help="size of the JSONL file for the --jobs run")
    p.add_argument("--pandas-rows", type=int, help="rows in the pandas column")
    p.add_argument("--memory-mb", type=float, help="size of the string for the memory probe")
    p.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help="time one measurement may take before its input is scaled down (default 150, quick 5)",
    )
    return p  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the table; 0 on success, 2 on bad arguments.

    Missed targets do not change the exit status: this is a measurement, not a test.
    """
    args = _parser().parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        print("harness.py: --repeat must be at least 1", file=sys.stderr)
        return 2
    corpus = args.corpus if args.corpus is not None else default_corpus()
    if args.corpus is not None and not args.corpus.is_dir():
        print(f"harness.py: --corpus {args.corpus} is not a folder", file=sys.stderr)
        return 2
    cfg = Config.make(
        args.quick, repeat=args.repeat, corpus=corpus, seed=args.seed, cli_mb=args.cli_mb,
        pandas_rows=args.pandas_rows, memory_mb=args.memory_mb,
    )  # fmt: skip
    if args.budget is not None:
        if args.budget <= 0:
            print("harness.py: --budget must be a positive number of seconds", file=sys.stderr)
            return 2
        cfg.budget_s = args.budget
    global ROW_BUDGET_S
    ROW_BUDGET_S = cfg.budget_s / 2
    if args.pandas_rows is not None:
        cfg.pandas_sample = min(cfg.pandas_sample, args.pandas_rows)
    if args.profile:
        print(profile_hot_spots(cfg))
        return 0
    if args.scan_regex:
        scan_patterns(sys.stdout)
        return 0
    if args.only:
        groups = list(args.only)
    elif args.quick and not args.all:  # a few seconds: the speed rows, not the process ones
        groups = list(QUICK_GROUPS)
    else:
        groups = [g for g in GROUPS if g not in ("adversarial", "instructions")]
    if (args.adversarial or args.all) and "adversarial" not in groups:
        groups.append("adversarial")
    if args.all and "instructions" not in groups:
        groups.append("instructions")
    results = run(cfg, groups)
    info = machine()
    info["quick"] = cfg.quick
    table = format_table(results)
    if args.json != "-" and args.markdown != "-":
        print(table)
    if args.markdown:
        md = to_markdown(results, info)
        if args.markdown == "-":
            print(md)
        else:
            Path(args.markdown).write_text(md, encoding="utf-8")
    if args.json:
        payload = json.dumps(
            {"machine": info, "results": [asdict(r) for r in results]},
            indent=2,
            ensure_ascii=False,
            default=str,
        )
        if args.json == "-":
            print(payload)
        else:
            Path(args.json).write_text(payload + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
