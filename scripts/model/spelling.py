"""The spelling models: how each language spells its words, letter after letter.

A legacy misreading changes one or two letters of a word ("naujienų" read as "naujienø"),
and either spelling is some language's: the letter inventories cannot tell them apart. The
word around the letter can: "naujien" is Lithuanian, and Lithuanian writes "ų", never "ø".
For each language with enough train text, a letter bigram model of its words (lower case,
with the word's boundaries), Witten-Bell smoothed: a line is as likely as its words are in
the language likeliest to have written them, by their spelling and the language's share of the
train letters (:func:`share_costs`, ``src/model/spelling.rs``).

A *word* here is a run of ASCII letters and non-ASCII characters other than spaces,
punctuation and controls: mojibake is made of symbols as much as of letters ("nazw¹" for
"nazwą"), and a symbol no language writes inside a word is what gives it away; quotation
marks and dashes are between words, and which of them a language uses says nothing of its
spelling.

>>> list(spelling_words("„Nazw¹“, 3 KOTY\\u00a0i"))
['nazw¹', 'koty', 'i']
"""

from __future__ import annotations

import array
import collections
import itertools
import math
import struct
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

#: A language needs this many letters of train text to have a spelling model.
MIN_LETTERS = 5_000
#: ... and at most this many different ones: the bigrams of a script of thousands of
#: ideographs are too sparse to spell with, and no legacy reading is told by them.
MAX_DISTINCT = 300
#: The size of the open vocabulary an unseen character is drawn from.
VOCABULARY = 10_000
#: Bigrams seen fewer times than this are left to the back-off (a smaller file).
MIN_BIGRAM_COUNT = 2
#: The boundary of a word, as a character (no word holds it).
BOUNDARY = "\0"
#: The character that stands for "any": the unigram of a character is keyed (ANY, c), the
#: back-off weight of a context (c, ANY).
ANY = 0x1FFFFF
#: Log-probabilities are stored as ``round(-log p * SCALE)`` in 16 bits.
SCALE = 1000
MAGIC = b"MJFXSPEL"
#: The file's own format version (``src/model/spelling.rs`` checks it): 4 added the
#: languages' shares of the train letters.
VERSION = 4


def is_word_char(c: str) -> bool:
    """Is ``c`` part of a word: an ASCII letter, or a non-ASCII character that is no space,
    punctuation or control (the core asks the ranges :func:`between_words` makes)?

    >>> [is_word_char(c) for c in "a1 \\u00a0ø¹„\\x96"]
    [True, False, False, False, True, True, False, False]
    """
    if c.isascii():
        return c.isalpha()
    category = unicodedata.category(c)
    return not (category[0] in "ZP" or category == "Cc")


def between_words() -> list[tuple[int, int]]:
    """The ranges (first, last) of non-ASCII code points that are no part of a word."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x80, 0x110000):
        if not is_word_char(chr(code)):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return ranges


def lower(c: str) -> str:
    """``c`` in lower case, when that is one character (Rust's ``to_lowercase`` alike)."""
    folded = c.lower()
    return folded if len(folded) == 1 else c


def spelling_words(text: str) -> Iterator[str]:
    """The words of ``text``, in lower case."""
    word: list[str] = []
    for c in text:
        if is_word_char(c):
            word.append(lower(c))
        elif word:
            yield "".join(word)
            word = []
    if word:
        yield "".join(word)


@dataclass
class Counts:
    """One language's letters (and word ends, as :data:`BOUNDARY`) and letter pairs (with the
    boundaries) in its train words."""

    letters: collections.Counter[str]
    pairs: collections.Counter[tuple[str, str]]

    def add(self, text: str) -> None:
        for word in spelling_words(text):
            bounded = BOUNDARY + word + BOUNDARY
            self.letters.update(bounded[1:])
            self.pairs.update(itertools.pairwise(bounded))


def count(texts_by_language: Iterable[tuple[str, str]]) -> dict[str, Counts]:
    """The counts of each language with a spelling model (:data:`MIN_LETTERS`,
    :data:`MAX_DISTINCT`), from ``(language, text)`` pairs."""
    counts: dict[str, Counts] = {}
    for lang, text in texts_by_language:
        if lang not in counts:
            counts[lang] = Counts(collections.Counter(), collections.Counter())
        counts[lang].add(text)
    return {
        lang: c
        for lang, c in sorted(counts.items())
        if c.letters.total() - c.letters[BOUNDARY] >= MIN_LETTERS
        and len(c.letters) - 1 <= MAX_DISTINCT
    }


class Model:
    """One language's Witten-Bell smoothed letter bigrams.

    P(b | a) = (n(a, b) + T(a) P(b)) / (n(a) + T(a)), T(a) the letters seen after a;
    P(b) = (n(b) + T / V) / (N + T), T the letters seen, V :data:`VOCABULARY`; the end of a
    word is one of the letters, its start the context of the first.
    """

    def __init__(self, counts: Counts) -> None:
        self.pairs = counts.pairs
        n = counts.letters.total()
        seen = len(counts.letters)
        self.unigram = {c: (k + seen / VOCABULARY) / (n + seen) for c, k in counts.letters.items()}
        self.unseen = (seen / VOCABULARY) / (n + seen)
        self.context: collections.Counter[str] = collections.Counter()
        self.followers: collections.Counter[str] = collections.Counter()
        for (a, _), k in counts.pairs.items():
            self.context[a] += k
            self.followers[a] += 1

    def back_off(self, a: str) -> float:
        """The weight of the unigram after ``a``: T(a) / (n(a) + T(a))."""
        return self.followers[a] / (self.context[a] + self.followers[a])

    def probability(self, a: str, b: str) -> float:
        p_b = self.unigram.get(b, self.unseen)
        if not self.context[a]:
            return p_b
        return (self.pairs[a, b] + self.followers[a] * p_b) / (self.context[a] + self.followers[a])

    def cost(self, word: str) -> float:
        """``-ln P(word)`` with its boundaries, in nats."""
        bounded = BOUNDARY + word + BOUNDARY
        return -sum(math.log(self.probability(a, b)) for a, b in itertools.pairwise(bounded))

    def entries(self) -> Iterator[tuple[int, int, float]]:
        """(a, b, -ln p) for what the core looks up: kept pairs, unigrams (a = ANY) and
        back-off weights (b = ANY)."""
        for (a, b), k in self.pairs.items():
            if k >= MIN_BIGRAM_COUNT:
                yield ord(a), ord(b), -math.log(self.probability(a, b))
        for c, p in self.unigram.items():
            yield ANY, ord(c), -math.log(p)
        for a in self.context:
            yield ord(a), ANY, -math.log(self.back_off(a))


def quantize(cost: float) -> int:
    return min(65535, max(0, round(cost * SCALE)))


def cross_entropy(models: dict[str, Model], texts_by_language: Iterable[tuple[str, str]]) -> float:
    """Nats per letter (and word end) of each text's words under its own language's model."""
    total, letters = 0.0, 0
    for lang, text in texts_by_language:
        if lang in models:
            for word in spelling_words(text):
                total += models[lang].cost(word)
                letters += len(word) + 1
    return total / max(letters, 1)


def share_costs(counts: dict[str, Counts]) -> dict[str, float]:
    """``-ln`` of each language's share of the train letters: a prior on the language a line
    is in. A language of a few thousand letters (most of them CLDR's names of things) spells
    what no larger one does as cheaply as its own words, and mojibake is often such a word
    ("finâls" is Friulian-like, "fināls" Latvian).

    >>> c = count([("lv", "fināls " * 3000), ("fur", "finâl " * 1000)])
    >>> {lang: round(cost, 2) for lang, cost in share_costs(c).items()}
    {'fur': 1.53, 'lv': 0.25}
    """
    letters = {lang: c.letters.total() - c.letters[BOUNDARY] for lang, c in counts.items()}
    total = sum(letters.values())
    return {lang: -math.log(n / total) for lang, n in letters.items()}


def table(counts: dict[str, Counts]) -> bytes:
    """The tables of ``src/model/spelling.bin`` (after its header), in format :data:`VERSION`:
    see :data:`LAYOUT`."""
    names = sorted(counts)
    shares = share_costs(counts)
    floors, entries = [], {}
    for number, lang in enumerate(names):
        model = Model(counts[lang])
        floors.append(quantize(-math.log(model.unseen)))
        for a, b, cost in model.entries():
            entries[number << 42 | a << 21 | b] = quantize(cost)
    keys = sorted(entries)
    separators = between_words()
    return b"".join(
        [
            MAGIC,
            struct.pack("<5I", VERSION, SCALE, len(names), VOCABULARY, len(keys)),
            struct.pack("<I", len(separators)),
            array.array("I", [code for pair in separators for code in pair]).tobytes(),
            b"".join(lang.encode("ascii").ljust(16, b"\0")[:16] for lang in names),
            array.array("H", floors).tobytes(),
            array.array("H", [quantize(shares[lang]) for lang in names]).tobytes(),
            array.array("Q", keys).tobytes(),
            array.array("H", [entries[k] for k in keys]).tobytes(),
        ]
    )


LAYOUT = [
    f"Layout: {MAGIC.decode()}, 5 u32 (version {VERSION}, scale {SCALE}, languages,"
    " vocabulary, entries), u32 n, u32[2 n] the ranges (first, last) of non-ASCII code points",
    "between words (spaces, punctuation, controls), [u8; 16][languages] names, u16[languages]",
    f"unseen-letter costs, u16[languages] -ln of its share of the train letters * {SCALE},",
    "u64[entries] sorted keys (language << 42 | a << 21 | b, code points; 0 the word's",
    f"boundary, {ANY:#x} any: (any, b) the unigram, (a, any) the back-off weight),"
    f" u16[entries] -ln p * {SCALE}.",
]
