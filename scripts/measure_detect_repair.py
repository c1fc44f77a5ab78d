"""Measure mojifix's detector and repairer on the labelled corpus, per kind.

Prints, for each kind (and each encoded_as/decoded_as pair with ``--pairs``): rows, detection
recall at 0.5, repair exact-match (``fix(text) == original``), and false alarms / changes on the
clean and negative rows.  Reproduce the figures in docs/notes/detect-repair.md with::

    python scripts/measure_detect_repair.py [--pairs] [--failures KIND]
"""

from __future__ import annotations

import argparse
import collections
import json
import pathlib
import sys

from mojifix import fix, score

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "corpus"


def rows(name: str) -> list[dict[str, object]]:
    path = CORPUS / f"{name}.jsonl"
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line.strip()
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", action="store_true")
    parser.add_argument("--failures", default=None, help="print failing rows of this kind")
    parser.add_argument("--limit", type=int, default=30)
    args = parser.parse_args(argv)
    stats: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    shown = 0
    positives: list[float] = []
    negatives: list[float] = []
    for source in ("damaged", "real-world"):
        for row in rows(source):
            text, original, kind = str(row["text"]), str(row["original"]), str(row["kind"])
            key = kind + (f" {row['encoded_as']}->{row['decoded_as']}" if args.pairs else "")
            s = score(text)
            fixed = fix(text, jis="browser" if kind == "jis-variant" else "keep")
            if kind != "jis-variant":  # never scored, by design
                positives.append(s)
            st = stats[key]
            st["rows"] += 1
            st["detected"] += s >= 0.5
            st["lossless"] += bool(row.get("lossless", True))
            st["exact"] += fixed == original
            st["exact_lossless"] += fixed == original and bool(row.get("lossless", True))
            if args.failures and args.failures in key and fixed != original and shown < args.limit:
                shown += 1
                print(
                    f"FAIL {row['id']} {key} score={s:.2f}\n  text: {text!r}\n  want: "
                    f"{original!r}\n  got:  {fixed!r}",
                    file=sys.stderr,
                )
    for source in ("clean", "negatives"):
        for row in rows(source):
            text = str(row["text"])
            s = score(text)
            negatives.append(s)
            fixed = fix(text)
            st = stats[source]
            st["rows"] += 1
            st["false_alarms"] += s >= 0.5
            st["changed"] += fixed != text
            if args.failures == source and (s >= 0.5 or fixed != text) and shown < args.limit:
                shown += 1
                print(
                    f"FALSE {row['id']} score={s:.2f}\n  text: {text!r}\n  got:  {fixed!r}",
                    file=sys.stderr,
                )
    # ROC AUC by ranks (ties count half), precision and recall at 0.5.
    pairs = sorted([(v, 1) for v in positives] + [(v, 0) for v in negatives])
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        mean_rank = (i + j + 1) / 2
        rank_sum += mean_rank * sum(label for _, label in pairs[i:j])
        i = j
    n_pos, n_neg = len(positives), len(negatives)
    auc = (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)
    tp = sum(v >= 0.5 for v in positives)
    fp = sum(v >= 0.5 for v in negatives)
    print(f"ROC AUC {auc:.4f}; at 0.5: precision {tp / max(tp + fp, 1):.4f}, "
          f"recall {tp / n_pos:.4f} ({n_pos} damaged rows without jis-variant, {n_neg} clean)")
    for key in sorted(stats):
        st = stats[key]
        if "false_alarms" in st or key in ("clean", "negatives"):
            print(
                f"{key:55s} rows={st['rows']:5d} false_alarms={st['false_alarms']} "
                f"changed={st['changed']}"
            )
        else:
            print(
                f"{key:55s} rows={st['rows']:5d} detected={st['detected'] / st['rows']:.3f} "
                f"exact={st['exact'] / st['rows']:.3f} "
                f"(lossless rows {st['lossless']}, exact {st['exact_lossless']})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
