"""Quick speed check of the pandas accessor against ``s.apply(ftfy.fix_text)``.

Builds a realistic, mostly clean text column with repeated values (Faker sentences and names in
six locales, ~2% of the distinct values turned into UTF-8-as-windows-1252 mojibake, rows drawn
with a Zipf-like distribution), then times ``s.mojifix.fix()`` on the ``str`` (Arrow) and
``object`` dtypes, and ``s.apply(ftfy.fix_text)``.

    python scripts/bench_integrations.py --rows 100000
    python scripts/bench_integrations.py --rows 1000000 --ftfy-rows 100000

``--ftfy-rows`` times ftfy on the first N rows only and scales the time linearly to all rows
(ftfy's cost is per row), to keep the run short on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time

import ftfy
import numpy as np
import pandas as pd
from faker import Faker

import mojifix
import mojifix.pandas


def column(rows: int, distinct: int, seed: int = 0) -> list[str]:
    fake = Faker(["en_US", "fr_FR", "de_DE", "es_ES", "ru_RU", "ja_JP"])
    Faker.seed(seed)
    rng = random.Random(seed)
    values = []
    for i in range(distinct):
        text = fake.sentence() if i % 2 else f"{fake.name()}, {fake.city()}"
        if rng.random() < 0.02:
            with contextlib.suppress(UnicodeDecodeError):
                text = text.encode("utf-8").decode("windows-1252")
        values.append(text)
    weights = 1.0 / np.arange(1, distinct + 1)
    picks = np.random.default_rng(seed).choice(distinct, size=rows, p=weights / weights.sum())
    return [values[i] for i in picks]


def timed(label: str, func: object) -> float:
    start = time.perf_counter()
    func()  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    print(f"{label:40s} {elapsed:8.3f} s")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=2_000)
    parser.add_argument("--ftfy-rows", type=int, default=None, help="time ftfy on N rows, scaled")
    args = parser.parse_args()
    values = column(args.rows, args.distinct)
    s_str = pd.Series(values, dtype="str")
    s_obj = pd.Series(values, dtype=object)
    non_ascii = sum(not v.isascii() for v in set(values))
    print(f"{args.rows} rows, {len(set(values))} distinct, {non_ascii} distinct non-ASCII")
    mojifix.fix("CafÃ©")  # warm-up: the repairer builds some tables on first use
    ftfy.fix_text("CafÃ©")
    ftfy_rows = min(args.ftfy_rows or args.rows, args.rows)
    sample = s_obj.iloc[:ftfy_rows]
    base = timed(f"s.apply(ftfy.fix_text) [{ftfy_rows} rows]", lambda: sample.apply(ftfy.fix_text))
    base *= args.rows / ftfy_rows
    print(f"{'  ... scaled to all rows':40s} {base:8.3f} s")
    a = timed("s.mojifix.fix() [str / Arrow]", lambda: s_str.mojifix.fix())
    b = timed("s.mojifix.fix() [object]", lambda: s_obj.mojifix.fix())
    timed("s.mojifix.score() [str / Arrow]", lambda: s_str.mojifix.score())
    print(f"speed-up vs ftfy: str {base / a:.1f}x, object {base / b:.1f}x")
    changed = (s_str.mojifix.fix() != s_str).sum()
    print(f"rows changed by mojifix: {changed}")


if __name__ == "__main__":
    main()
