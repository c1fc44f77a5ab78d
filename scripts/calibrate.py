"""Choose the decision's parameters on train data and write ``src/decision/parameters.rs``.

The decision (``src/decision/mod.rs``) has a few costs per kind of misreading (the entry cost
of a first repaired stretch, the re-entry cost of another, the evidence of a valid multi-byte
sequence), two costs for repairs from lost bytes, and a prior cost per reading. They are
chosen by coordinate descent to repair as many damaged texts exactly as possible while
changing (almost) no clean text: a clean text changed costs ``FALSE_REPAIR_WEIGHT`` damaged
texts left unrepaired. The texts:

- clean: items of the ``train`` split of :mod:`scripts.model.texts` (every language, symbols,
  code), and the corpus's ``train`` clean and hard-negative rows;
- translations: this machine's gettext catalogues (``scripts/scan_translations.py``'s train
  split), clean text people wrote, abbreviations, quotes and format strings included;
- damaged: the same clean items misread by every misreading the models know (one and two
  layers, lossy variants, a damaged sentence beside a clean one), and the corpus's ``train``
  damaged rows.

The ``dev`` split of both is only measured, and the figures go into the generated file's
header; the ``test`` splits are never read.

    python scripts/calibrate.py --cache build/model-texts.jsonl.gz   # then rebuild the core
    python scripts/calibrate.py --cache build/model-texts.jsonl.gz --from-shipped --measure
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mojifix import _core  # noqa: E402
from mojifix.evaluate import recover  # noqa: E402
from scripts import generate_models  # noqa: E402
from scripts.model.texts import with_fixed_hash_seed  # noqa: E402

OUTPUT = ROOT / "src" / "decision" / "parameters.rs"
#: The step sizes of the descent, and the smallest.
STEPS = (2000, 1000, 500)
SMALLEST_STEP = STEPS[-1]
#: One clean text changed costs as much as this many damaged texts left unrepaired.
FALSE_REPAIR_WEIGHT = 30
#: How low a coordinate may go (costs are otherwise not negative): a prior may make a reading's
#: entry cheaper than its kind's (C1 controls are nearly never text), a kept space may be
#: preferred to a consumed one.
LOWEST = {"prior": -20_000, "kept_space": -10_000}
#: Texts drawn per split and family.
CLEAN_TEXTS = 6_000
DAMAGED_TEXTS = 6_000
#: Corpus rows drawn from the train split for the descent (all hard negatives among them).
CORPUS_ROWS = 10_000
#: Translations drawn per split (scripts/scan_translations.py's train and dev splits).
TRANSLATIONS = 100_000
KINDS = ("utf-8-as-single-byte", "utf-8-as-multi-byte", "legacy-as-legacy")
#: How wide the generated header's lines of prose are.
HEADER_WIDTH = 92
#: Coordinates chosen by hand on train and dev, which the descent leaves where they are: each
#: coordinate (a prior by its reading's name) with its value and why. The generated header
#: says so of each (:func:`hand_set_lines`).
HAND_SET: dict[tuple[str, int | str | None], tuple[int, str]] = {
    ("language_weight", 2): (2500, "on dev (decision note 0021)"),
    ("prior", "windows-1252 read as latin-1"): (
        -10_000,
        "on train and dev, once the C1 controls windows-1252 shows alike were that pair's "
        "alone (decision note 0034): -8 to -12 nats repair the same rows, 0 lost 77 train "
        "and 26 dev repairs of C1 controls",
    ),
    ("spelling_weight", 2): (
        1000,
        "on train and dev (decision note 0040): the loss is 695, 685, 685, 683, 680 on train "
        "and 411, 362, 361, 389, 389 on dev for 0, 500, 1000, 1500, 2000 (the least on dev "
        "and in all)",
    ),
    ("known_name", None): (
        12_000,
        "on train and dev, once a repair makes a name only when it repairs the whole word "
        "(decision note 0050): the loss is 484, 484, 481, 481, 481 on train and 337 on dev "
        "for 6000, 9000, 12000, 15000, 20000 (the least of them)",
    ),
    ("explained_losses", 1): (
        6000,
        "on train and dev, for a reading of UTF-8 by a multi-byte decoder (decision note "
        "0089): the loss is 419, 409, 408, 406, 406, 407, 408, 411 on train and 279, 274, 274, "
        "273, 272, 273, 273, 277 on dev for 0, 3000, 4000, 5000, 6000, 7000, 8000, 12000 (the "
        "least in all)",
    ),
}


@dataclass
class Parameters:
    """The decision's parameters, in thousandths of a nat (the order of the Rust struct)."""

    entry: list[int] = field(default_factory=lambda: [6000, 10000, 14000])
    reentry: list[int] = field(default_factory=lambda: [2000, 3000, 5000])
    partial: list[int] = field(default_factory=lambda: [4000, 4000, 6000])
    per_sequence: list[int] = field(default_factory=lambda: [1000, 1000, 0])
    known_word: list[int] = field(default_factory=lambda: [3000, 3000, 6000])
    known_name: int = 3000
    word_case: list[int] = field(default_factory=lambda: [0, 0, 0])
    per_lost: list[int] = field(default_factory=lambda: [3000, 3000, 3000])
    explained_losses: list[int] = field(default_factory=lambda: [0, 0, 0])
    per_restored_space: int = 3000
    kept_space: int = 1000
    prior: list[int] = field(default_factory=list)
    score_midpoint: int = 0
    score_scale: int = 2000
    language_weight: list[int] = field(default_factory=lambda: [0, 0, 500])
    spelling_weight: list[int] = field(default_factory=lambda: [0, 0, 0])

    def as_dict(self) -> dict[str, object]:
        return dataclasses.asdict(self)

    def names(self) -> list[tuple[str, int | None]]:
        """Every tunable coordinate: (attribute, index or None)."""
        coords: list[tuple[str, int | None]] = []
        for name in ("entry", "reentry", "partial", "per_sequence", "known_word", "per_lost",
                     "explained_losses",
                     "language_weight", "spelling_weight", "word_case"):
            coords += [(name, i) for i in range(3)]
        coords += [("known_name", None), ("per_restored_space", None), ("kept_space", None)]
        coords += [("prior", i) for i in range(len(self.prior))]
        return coords

    def get(self, name: str, index: int | None) -> int:
        value = getattr(self, name)
        return int(value if index is None else value[index])

    def allowed(self) -> bool:
        """windows-1252 is the misreading of UTF-8 real data has most: no other single-byte
        decoder's reading may be cheaper to enter, so that a text that reads alike both ways
        ("Ã©" is é in windows-1252, a combining mark in macintosh) goes to it. Strictly: at
        equal cost the likelier repair would take it ("baÅŸarÄ±lÄ±" as "bažarılı" through
        ISO-8859-15, whose 0xBE is "Ÿ")."""
        first, *others = single_byte_readings()
        return all(self.prior[i] >= self.prior[first] + SMALLEST_STEP for i in others)

    def respect_the_constraint(self) -> None:
        """Raise every single-byte reading's prior that is not above windows-1252's."""
        first, *others = single_byte_readings()
        for i in others:
            self.prior[i] = max(self.prior[i], self.prior[first] + SMALLEST_STEP)

    def set(self, name: str, index: int | None, value: int) -> None:
        if index is None:
            setattr(self, name, value)
        else:
            getattr(self, name)[index] = value

    def set_by_hand(self) -> None:
        """Give the coordinates of :data:`HAND_SET` their values."""
        for (name, index), (value, _why) in HAND_SET.items():
            self.set(name, coordinate_index(index), value)


def coordinate_index(index: int | str | None) -> int | None:
    """A coordinate's index: a prior's is its reading's.

    >>> coordinate_index(2), coordinate_index("UTF-8 read as windows-1252")
    (2, 0)
    """
    if not isinstance(index, str):
        return index
    names = [f"{e} read as {d}" for e, d, _ in _core.reading_names()]
    return names.index(index)


def hand_set(name: str, index: int | None) -> bool:
    """Is this coordinate one of :data:`HAND_SET`, which the descent does not move?

    >>> hand_set("known_name", None), hand_set("entry", 0)
    (True, False)
    """
    return any(
        (n, coordinate_index(i)) == (name, index) for n, i in HAND_SET
    )


def hand_set_lines() -> list[str]:
    """What the generated header says of each hand-set coordinate, in lines of prose.

    >>> hand_set_lines()[0]
    '`language_weight[2]` is 2500 by hand, on dev (decision note 0021).'
    """
    def label(name: str, index: int | str | None) -> str:
        if isinstance(index, str):
            return f"The {name} of {index}"
        return f"`{name}`" if index is None else f"`{name}[{index}]`"

    sentences = (
        f"{label(name, index)} is {value} by hand, {why}."
        for (name, index), (value, why) in HAND_SET.items()
    )
    return [line for sentence in sentences for line in textwrap.wrap(sentence, HEADER_WIDTH)]


def shipped() -> Parameters:
    """The parameters ``src/decision/parameters.rs`` holds (what the core decides with).

    >>> shipped().known_name == HAND_SET[("known_name", None)][0]
    True
    """
    source = OUTPUT.read_text(encoding="utf-8")
    body = re.sub(r"//[^\n]*", "", source[source.index("Parameters {"):])  # (comments)
    fields = {
        name: json.loads(re.sub(r",\s*\]", "]", value))
        for name, value in re.findall(r"(\w+): (\[[^\]]*\]|-?\d+),", body)
    }
    return Parameters(**fields)  # type: ignore[arg-type]


def single_byte_readings() -> list[int]:
    """The indexes of the readings of UTF-8 by a single-byte decoder, windows-1252's first."""
    return [i for i, (_, _, kind) in enumerate(_core.reading_names())
            if kind == "utf-8-as-single-byte"]


@dataclass(frozen=True)
class Example:
    text: str
    expected: str
    family: str  # "clean" or the misreading's kind ("multi-layer", "mixed" ...)


def collapse(text: str) -> str:
    return re.sub("\ufffd+", "\ufffd", text)


def corpus_rows(split: str, limit: int | None = None) -> list[Example]:
    """The corpus's rows of a split (jis-variant rows aside: plain ``fix`` leaves them), at
    most ``limit`` of them drawn at random but every hard negative."""
    examples = []
    for name in ("clean", "negatives", "damaged", "real-world"):
        for line in (ROOT / "corpus" / f"{name}.jsonl").open(encoding="utf-8"):
            row = json.loads(line)
            if row["split"] != split or row["kind"] == "jis-variant":
                continue
            family = row["kind"] if row["kind"] in ("clean", "negative") else "damaged"
            examples.append(Example(row["text"], row["original"], family))
    if limit is not None and len(examples) > limit:
        negatives = [e for e in examples if e.family == "negative"]
        others = [e for e in examples if e.family != "negative"]
        rng = random.Random(f"corpus {split}")
        examples = negatives + rng.sample(others, limit - len(negatives))
    return examples


def translation_rows(split: str, limit: int) -> list[Example]:
    """Clean text from people: this machine's gettext translations of a split
    (``scripts/scan_translations.py``), at most ``limit`` drawn at random; not the ones
    listed as mojibake themselves (``scan_translations.known_mojibake``)."""
    from scripts import scan_translations

    roots = [r for r in scan_translations.DEFAULT_ROOTS if Path(r).is_dir()]
    known = scan_translations.known_mojibake()
    texts = [text for _, text in scan_translations.translations(roots, split)
             if text not in known]
    rng = random.Random(f"translations {split}")
    texts = rng.sample(texts, min(limit, len(texts)))
    return [Example(t, t, "translation") for t in texts]


def synthetic(clean: list[str], seed: str) -> list[Example]:
    """Clean texts, and the same texts misread every way the models know."""
    rng = random.Random(seed)
    examples = [Example(t, t, "clean") for t in rng.sample(clean, min(CLEAN_TEXTS, len(clean)))]
    non_ascii = [t for t in clean if not t.isascii()]
    readings = [(kind, e, d, w) for kind, pairs in generate_models.MISREADINGS.items()
                for e, d, w in pairs]
    weights = [w for *_, w in readings]
    made = 0
    while made < DAMAGED_TEXTS:
        original = rng.choice(non_ascii)
        kind, encoded_as, decoded_as, _ = rng.choices(readings, weights)[0]
        text = _core.misread(original, encoded_as, decoded_as)
        if text is None or text == original:
            continue
        if "\ufffd" in text and "\ufffd" not in original:
            # Bytes were lost: a perfect repair gives U+FFFD where they were.
            layer = {"encode": encoded_as, "decode": decoded_as}
            original = recover(text, [layer])
        family = kind
        draw = rng.random()
        if draw < 0.1 and kind == "utf-8-as-single-byte":
            second = _core.misread(text, "UTF-8", "windows-1252")
            if second is not None:
                text, family = second, "multi-layer"
        elif draw < 0.2:
            other = rng.choice(clean)
            text, original = f"{other} {text}", f"{other} {original}"
            family = "mixed"
        examples.append(Example(text, original, family))
        made += 1
    return examples


def evaluate(parameters: Parameters, examples: Sequence[Example]) -> dict[str, list[int]]:
    """Per family: [right, total]."""
    results = _core.fix_with_parameters([e.text for e in examples], parameters.as_dict())
    counts: dict[str, list[int]] = {}
    for example, (fixed, _score) in zip(examples, results, strict=True):
        right = collapse(fixed) == collapse(example.expected)
        tally = counts.setdefault(example.family, [0, 0])
        tally[0] += right
        tally[1] += 1
    return counts


def loss(counts: dict[str, list[int]]) -> float:
    clean = ("clean", "negative", "translation")
    changed = sum(t - r for f, (r, t) in counts.items() if f in clean)
    damaged_wrong = sum(t - r for f, (r, t) in counts.items() if f not in clean)
    return damaged_wrong + FALSE_REPAIR_WEIGHT * changed


def describe(counts: dict[str, list[int]]) -> str:
    return ", ".join(f"{f} {r}/{t}" for f, (r, t) in sorted(counts.items()))


def descend(
    parameters: Parameters, examples: Sequence[Example], rounds: int,
    only: Sequence[str] = (),
) -> Parameters:
    """Coordinate descent: each coordinate moved by a step while that lowers the loss, with
    smaller steps after. A coordinate whose moves change nothing is left alone after its first
    try at a step size (most readings' priors decide no example). With *only*, just the
    coordinates of those names move (a new parameter, calibrated beside the others)."""
    best = loss(evaluate(parameters, examples))
    coordinates = [
        (n, i) for n, i in parameters.names() if (not only or n in only) and not hand_set(n, i)
    ]
    for step in STEPS[:rounds]:
        idle: set[tuple[str, int | None]] = set()
        improved = True
        while improved:
            improved = False
            for name, index in coordinates:
                if (name, index) in idle:
                    continue
                current = parameters.get(name, index)
                moved = False
                for candidate in (current - step, current + step):
                    if candidate < LOWEST.get(name, 0):
                        continue
                    parameters.set(name, index, candidate)
                    if not parameters.allowed():
                        parameters.set(name, index, current)
                        continue
                    value = loss(evaluate(parameters, examples))
                    moved = moved or value != best
                    if value < best:
                        best, current, improved = value, candidate, True
                        print(f"  {name}[{index}] = {candidate}: loss {best}", file=sys.stderr)
                    parameters.set(name, index, current)
                if not moved:
                    idle.add((name, index))
    return parameters


def write(parameters: Parameters, header: list[str]) -> None:
    names = _core.reading_names()
    kilo = lambda v: f"{v / 1000:g}"  # noqa: E731
    priors = "\n".join(
        f"        {p}, // {e} read as {d}"
        for p, (e, d, _) in zip(parameters.prior, names, strict=True)
    )
    lines = "\n".join(f"//! {line}" if line else "//!" for line in header)
    OUTPUT.write_text(
        f"""{lines}

use super::Parameters;

/// The parameters the core decides with (costs in thousandths of a nat).
pub static PARAMETERS: Parameters = Parameters {{
    entry: {parameters.entry},
    reentry: {parameters.reentry},
    partial: {parameters.partial},
    language_weight: {parameters.language_weight},
    spelling_weight: {parameters.spelling_weight},
    per_sequence: {parameters.per_sequence},
    known_word: {parameters.known_word},
    known_name: {parameters.known_name},
    word_case: {parameters.word_case},
    per_lost: {parameters.per_lost},
    explained_losses: {parameters.explained_losses},
    per_restored_space: {parameters.per_restored_space},
    kept_space: {parameters.kept_space},
    prior: [
{priors}
    ],
    score_midpoint: {parameters.score_midpoint},
    score_scale: {parameters.score_scale},
}};
""",
        encoding="utf-8",
    )
    # rustfmt's layout, so that `cargo fmt --check` passes on the generated file
    subprocess.run(["rustfmt", "--edition", "2021", str(OUTPUT)], check=True)
    print(f"wrote {OUTPUT} (entry {', '.join(map(kilo, parameters.entry))} nats ...)",
          file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, help="the texts generate_models.py cached")
    parser.add_argument("--rounds", type=int, default=3, help="step sizes to descend with")
    parser.add_argument("--resume", type=Path,
                        help="start from the moves an earlier run's log records")
    parser.add_argument("--from-shipped", action="store_true",
                        help="start from the parameters src/decision/parameters.rs holds")
    parser.add_argument("--measure", action="store_true",
                        help="only measure the starting parameters on train and dev (their loss "
                             "and right/total by family); write nothing")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="move only this parameter (repeatable); the others keep their "
                             "values from --resume")
    args = parser.parse_args(argv)
    with_fixed_hash_seed()
    unknown = set(args.only) - {name for name, _ in Parameters(prior=[0]).names()}
    if unknown:
        parser.error(f"no such parameter: {', '.join(sorted(unknown))}")

    splits = generate_models.by_split(generate_models.load_items(args.cache))
    train = (synthetic(splits["train"], "calibrate train") + corpus_rows("train", CORPUS_ROWS)
             + translation_rows("train", TRANSLATIONS))
    dev = (synthetic(splits["dev"], "calibrate dev") + corpus_rows("dev")
           + translation_rows("dev", TRANSLATIONS))
    parameters = Parameters(prior=[0] * len(_core.reading_names()))
    if args.from_shipped:
        parameters = shipped()
    if args.resume is not None:
        for move in re.finditer(r"^  (\w+)\[(\w+)\] = (-?\d+):", args.resume.read_text(), re.M):
            name, index, value = move.groups()
            parameters.set(name, None if index == "None" else int(index), int(value))
    parameters.set_by_hand()
    parameters.respect_the_constraint()  # (also of moves an earlier run made without it)
    if args.measure:
        for split, examples in (("train", train), ("dev", dev)):
            counts = evaluate(parameters, examples)
            print(f"{split}: loss {loss(counts):g}; {describe(counts)}")
        return 0
    print(f"start: train {describe(evaluate(parameters, train))}", file=sys.stderr)
    started = time.monotonic()
    parameters = descend(parameters, train, args.rounds, args.only)
    train_counts, dev_counts = evaluate(parameters, train), evaluate(parameters, dev)
    header = [
        "The decision's parameters: generated by scripts/calibrate.py; do not edit.",
        "",
        "Chosen by coordinate descent on train texts (clean and misread items of",
        "scripts/model/texts.py's train split, the corpus's train rows, 100,000 of this",
        "machine's gettext translations of their train split): a clean text changed",
        f"weighs as much as {FALSE_REPAIR_WEIGHT} damaged texts not repaired.",
        f"Train (right/total): {describe(train_counts)}.",
        f"Dev (right/total): {describe(dev_counts)}.",
        f"Descent took {time.monotonic() - started:.0f} s"
        + (f", moving only {', '.join(args.only)} (the others resumed)." if args.only else "."),
        *hand_set_lines(),
    ]
    write(parameters, header)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
