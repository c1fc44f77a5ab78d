"""Generate the core's models: of real text (``src/model/text.bin``) and of what each kind
of mojibake looks like (``src/model/mojibake.bin``).

Both are character bigram models with interpolated Kneser-Ney smoothing over one set of
tokens. The model of real text is estimated on the ``train`` split of
:mod:`scripts.model.texts` (real text of ~330 languages, symbols, code); the models of
mojibake on the same ``train`` texts damaged by the misreadings of each kind (UTF-8 read as a
single-byte encoding, UTF-8 read as a multi-byte one, legacy read as legacy), made by the
core's own ``misread``. Characters seen often enough in clean training text are tokens of
their own; every other code point belongs to a *class* token (its Unicode category and
script: "a rare CJK ideograph", "a C1 control", "an unassigned code point"), whose
probability is shared evenly by its members. Discounts are chosen on the ``dev`` split; the
``test`` split's cross-entropy is reported in the headers beside the others.

    python scripts/generate_models.py            # regenerate both files, then rebuild the core
    python scripts/generate_models.py --cache build/model-texts.jsonl.gz   # reuse the texts
    python scripts/generate_models.py --words-only   # only the known words (src/model/words.bin)
    python scripts/generate_models.py --spelling-only   # only the spelling (src/model/spelling.bin)

The core reads the files with ``include_bytes!`` (``src/model.rs``); their layout is
described there and in the headers this script writes. The mojibake models are made with the
core as it is built, so after changing a reading, build the core, then run this.
"""

from __future__ import annotations

import argparse
import array
import collections
import gzip
import hashlib
import itertools
import json
import math
import random
import re
import struct
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import wordfreq  # noqa: E402

from mojifix import _core  # noqa: E402
from scripts.model import spelling, texts  # noqa: E402

TEXT_OUTPUT = ROOT / "src" / "model" / "text.bin"
MOJIBAKE_OUTPUT = ROOT / "src" / "model" / "mojibake.bin"
LANGUAGES_OUTPUT = ROOT / "src" / "model" / "languages.bin"
WORDS_OUTPUT = ROOT / "src" / "model" / "words.bin"
SPELLING_OUTPUT = ROOT / "src" / "model" / "spelling.bin"
WORDS_MAGIC = b"MJFXWORD"
#: The known words' format version: 4 adds the longest word's length.
WORDS_FORMAT_VERSION = 4
#: Words with a non-ASCII letter taken from each wordfreq language, most frequent first.
WORDS_PER_LANGUAGE = 20_000
#: A word of the other sources' train items counts if it occurs this often.
MIN_WORD_COUNT = 2
#: A word of one cased letter ("à", "в") is known only if it is among this many of a wordfreq
#: language's most frequent words: the lists hold nearly every letter, most of which no one
#: writes alone ("ù", "ô"), and a repair that makes one alone has made no word.
SINGLE_LETTER_RANK = 1000
#: A word of one letter of a script without case ("年", "일") is known only if it is among this
#: many: one of them is often a word, but the lists hold rare ones too ("潭", a pool, at 15,300
#: in Chinese), which a legacy reading makes of any two bytes (decision note 0038).
SINGLE_UNCASED_RANK = 10_000
TEXT_MAGIC = b"MJFXTEXT"
MOJIBAKE_MAGIC = b"MJFXMOJI"
LANGUAGES_MAGIC = b"MJFXLANG"

#: A word: a run of letters (as the core cuts them: ``char::is_alphabetic``).
_WORD = re.compile(r"[^\W\d_]+")
#: Smoothing of the languages' letter counts: what an unseen letter counts for.
LETTER_PSEUDO_COUNT = 0.1
#: The language code of the technical texts (``scripts/model/texts.py``): no language's letters.
NO_LANGUAGE = "zxx"
#: A language needs this many non-ASCII letters in train to have a letter inventory.
MIN_LANGUAGE_LETTERS = 200
FORMAT_VERSION = 3

#: A character seen at least this often in clean ``train`` text is a token of its own.
MIN_OWN_COUNT = 5
#: Bigrams seen fewer times than this are left to the back-off (smaller files).
MIN_BIGRAM_COUNT = 2
#: Log-probabilities are stored as ``round(-log p * SCALE)`` in 16 bits.
SCALE = 1000
#: Discounts tried on ``dev``.
DISCOUNTS = (0.35, 0.45, 0.55, 0.65, 0.75, 0.85)
#: Damaged texts per kind of mojibake, drawn from ``train`` (and from ``dev`` to choose).
DAMAGED_PER_KIND = 400_000
#: Damaged texts for each model of one misreading (:data:`OWN_MODELS`).
DAMAGED_PER_READING = 150_000


#: The kind whose misreadings have a model of their own besides the kind's: each multi-byte
#: decoder reads UTF-8 as ideographs and syllables of its own repertoire, which a model of all
#: five blurs.
OWN_MODELS_KIND = "utf-8-as-multi-byte"

#: The token of the boundary of a text (its start, its end, a line break).
BOUNDARY = "<boundary>"

#: The misreadings of each kind and how often each is drawn: common ones more.
MISREADINGS: dict[str, list[tuple[str, str, int]]] = {
    "utf-8-as-single-byte": [
        ("UTF-8", "windows-1252", 30), ("UTF-8", "windows-1250", 6), ("UTF-8", "windows-1251", 6),
        ("UTF-8", "ISO-8859-2", 4), ("UTF-8", "windows-1253", 3), ("UTF-8", "windows-1254", 3),
        ("UTF-8", "windows-1257", 3), ("UTF-8", "windows-1255", 2), ("UTF-8", "windows-1256", 2),
        ("UTF-8", "windows-874", 2), ("UTF-8", "windows-1258", 1), ("UTF-8", "ISO-8859-15", 2),
        ("UTF-8", "macintosh", 4), ("UTF-8", "KOI8-R", 2), ("UTF-8", "KOI8-U", 1),
        ("UTF-8", "IBM866", 2), ("UTF-8", "IBM437", 3), ("UTF-8", "IBM850", 1),
        ("UTF-8", "x-mac-cyrillic", 1), ("UTF-8", "ISO-8859-5", 1), ("UTF-8", "ISO-8859-7", 1),
        ("UTF-8", "latin-1", 6),
    ],
    "utf-8-as-multi-byte": [
        ("UTF-8", "GBK", 5), ("UTF-8", "Shift_JIS", 3), ("UTF-8", "EUC-JP", 1),
        ("UTF-8", "EUC-KR", 2), ("UTF-8", "Big5", 2),
    ],
    "legacy-as-legacy": [
        ("windows-1251", "windows-1252", 6), ("windows-1250", "windows-1252", 4),
        ("windows-1253", "windows-1252", 2), ("windows-1254", "windows-1252", 2),
        ("windows-1255", "windows-1252", 2), ("windows-1256", "windows-1252", 2),
        ("windows-1257", "windows-1252", 2), ("windows-874", "windows-1252", 1),
        ("ISO-8859-2", "windows-1252", 2), ("KOI8-R", "windows-1252", 1),
        ("IBM866", "windows-1252", 1), ("GBK", "windows-1252", 4),
        ("Shift_JIS", "windows-1252", 3), ("EUC-KR", "windows-1252", 2),
        ("Big5", "windows-1252", 2), ("EUC-JP", "windows-1252", 1),
        ("KOI8-R", "windows-1251", 2), ("windows-1251", "KOI8-R", 2),
        ("IBM866", "windows-1251", 1), ("windows-1250", "ISO-8859-2", 1),
        ("ISO-8859-2", "windows-1250", 1), ("windows-1252", "windows-1251", 2),
        ("macintosh", "latin-1", 1), ("windows-1252", "latin-1", 3),
    ],
}

#: Scripts whose name is the first word of their characters' Unicode names.
_NAMED_SCRIPTS = frozenset(
    {
        "LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "HEBREW", "ARABIC", "SYRIAC", "THAANA",
        "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA",
        "MALAYALAM", "SINHALA", "THAI", "LAO", "TIBETAN", "MYANMAR", "GEORGIAN", "HANGUL",
        "ETHIOPIC", "CHEROKEE", "CANADIAN", "OGHAM", "RUNIC", "KHMER", "MONGOLIAN", "HIRAGANA",
        "KATAKANA", "BOPOMOFO", "YI", "COPTIC", "GLAGOLITIC", "TIFINAGH", "BRAILLE", "BOX", "BLOCK",
        "MATHEMATICAL", "MUSICAL",
    }
)


def class_of(code_point: int) -> str:
    """The class token of a code point that is not a token of its own.

    >>> class_of(0x8816), class_of(0x0085), class_of(0xE000), class_of(0x0378)
    ('Lo CJK', 'C1', 'Co', 'Cn')
    >>> class_of(ord("ģ")), class_of(ord("Ѩ")), class_of(0xFF76)
    ('Ll LATIN', 'Lu CYRILLIC', 'Lo HALFWIDTH')
    """
    char = chr(code_point)
    category = unicodedata.category(char)
    if 0x80 <= code_point <= 0x9F:
        return "C1"
    if category in ("Cn", "Co", "Cs", "Cc"):
        return category
    if 0x3400 <= code_point <= 0x4DBF or 0x20000 <= code_point <= 0x3FFFF:
        return f"{category} CJK-EXTENSION"
    if 0xF900 <= code_point <= 0xFAFF or 0x2F800 <= code_point <= 0x2FA1F:
        return f"{category} CJK-COMPATIBILITY"
    if 0xFF61 <= code_point <= 0xFFDC:
        return f"{category} HALFWIDTH"
    if 0xFF01 <= code_point <= 0xFF60:
        return f"{category} FULLWIDTH"
    if code_point >= 0x1F000 and category == "So":
        return "So EMOJI"
    first = unicodedata.name(char, "").split(" ", 1)[0]
    if first in ("CJK", "KANGXI"):
        return f"{category} CJK"
    if first in _NAMED_SCRIPTS:
        return f"{category} {first}"
    if first == "COMBINING":
        return "Mn COMBINING"
    return category


def shape_of(code_point: int) -> str:
    """The *shape* of a character: its script and case, or what else it is. The back-off of
    the bigram models goes through shapes, so that an unseen pair still costs what pairs of
    its shapes cost: a Cyrillic letter after an Armenian capital inside a word is rare, a
    Cyrillic letter after a space is not.

    >>> shape_of(ord("Ը")), shape_of(ord("д")), shape_of(ord(" ")), shape_of(0x8816)
    ('upper ARMENIAN', 'lower CYRILLIC', 'space', 'letter CJK')
    """
    char = chr(code_point)
    category = unicodedata.category(char)
    if char == "\ufffd":
        return "replacement"
    if 0x80 <= code_point <= 0x9F:
        return "C1"
    if category.startswith("Z") or char in "\t\n\r":
        return "space"
    if category == "Nd":
        return "digit"
    if category in ("Cc", "Cf", "Cn", "Co", "Cs"):
        return category
    if category[0] in "PS":
        return category
    first = unicodedata.name(char, "").split(" ", 1)[0]
    script = "CJK" if first in ("CJK", "KANGXI") else first if first in _NAMED_SCRIPTS else "OTHER"
    if category[0] == "M":
        return f"mark {script}"
    if category[0] == "N":
        return f"number {script}"
    case = {"Lu": "upper", "Ll": "lower", "Lt": "upper"}.get(category, "letter")
    return f"{case} {script}"


def boundaries(text: str) -> Iterator[str]:
    """The text's characters, with line breaks as boundaries and a boundary at each end."""
    yield BOUNDARY
    for char in text:
        yield BOUNDARY if char in "\r\n" else char
    yield BOUNDARY


# ---------------------------------------------------------------------------------------------
# Texts
# ---------------------------------------------------------------------------------------------


def load_items(cache: Path | None) -> list[texts.Item]:
    if cache is not None and cache.exists():
        with gzip.open(cache, "rt", encoding="utf-8") as f:
            return [texts.Item(**json.loads(line)) for line in f]
    items = list(texts.all_items())
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(cache, "wt", encoding="utf-8") as f:
            for item in items:
                f.write(json.dumps(item.__dict__, ensure_ascii=False) + "\n")
    return items


def language_texts(items: Iterable[texts.Item], split: str) -> Iterator[tuple[str, str]]:
    """``(language, text)`` of the usable items of ``split`` that are of a language."""
    for item in items:
        if item.lang == NO_LANGUAGE or not texts.usable(item):
            continue
        if texts.split_of(item.source, item.lang, item.text) == split:
            yield item.lang, item.text


def letters_by_language(items: Iterable[texts.Item]) -> dict[str, collections.Counter[str]]:
    """The non-ASCII letters and marks of each language's clean train items. The technical
    texts (``zxx``, no linguistic content) are no language: their IPA and mathematical letters
    are what a repair must not pass for one language's ("NESTLÉ®" is not "NESTLɮ")."""
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for lang, text in language_texts(items, "train"):
        if not text.isascii():
            counts[lang].update(
                c for c in text if not c.isascii() and unicodedata.category(c)[0] in "LM"
            )
    return {lang: c for lang, c in counts.items() if sum(c.values()) >= MIN_LANGUAGE_LETTERS}


def word_hash(word: str) -> int:
    """FNV-1a of the word's UTF-8, 32 bits: the core computes the same (``src/model.rs``).

    >>> word_hash("dziękuję") == word_hash("DZIĘKUJĘ".lower())
    True
    """
    value = 0x811C9DC5
    for byte in word.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def longest_word(words: Iterable[str]) -> int:
    """The characters of the longest of *words* (lower case, as they are hashed): a word of
    the text longer than that is no known word, and the core need not hash it.

    >>> longest_word(["dziękuję", "kůň"])
    8
    """
    return max((len(w) for w in words), default=0)


def one_cased_letter(word: str) -> bool:
    """Is *word* one letter of a script with case?

    >>> one_cased_letter("ù"), one_cased_letter("в"), one_cased_letter("年"), one_cased_letter("où")
    (True, True, False, False)
    """
    return len(word) == 1 and word.lower() != word.upper()


def known_words(items: Iterable[texts.Item]) -> tuple[set[str], dict[str, int]]:
    """Words people write that have a non-ASCII letter, in lower case: wordfreq's most
    frequent ones per language, and the words the other train items use more than once; of
    one cased letter, only those among a language's :data:`SINGLE_LETTER_RANK` most frequent, of
    one letter without case, among its :data:`SINGLE_UNCASED_RANK`."""
    words: set[str] = set()
    per_source: dict[str, int] = {}
    for lang in sorted(wordfreq.available_languages()):
        frequencies = wordfreq.get_frequency_dict(lang)
        ranked = sorted(frequencies, key=lambda w: (-frequencies[w], w))
        chosen = [w for w in ranked if not w.isascii() and _WORD.fullmatch(w)][:WORDS_PER_LANGUAGE]
        frequent = set(ranked[:SINGLE_LETTER_RANK])
        frequent_uncased = set(ranked[:SINGLE_UNCASED_RANK])
        words.update(
            w.lower()
            for w in chosen
            if len(w) > 1
            or (w in frequent if one_cased_letter(w) else w in frequent_uncased)
        )
    per_source["wordfreq"] = len(words)
    counts = collections.Counter[str]()
    for item in items:
        if item.source == "wordfreq" or item.text.isascii() or not texts.usable(item):
            continue
        if texts.split_of(item.source, item.lang, item.text) != "train":
            continue
        counts.update(w.lower() for w in _WORD.findall(item.text) if not w.isascii())
    others = {
        w for w, n in counts.items() if n >= MIN_WORD_COUNT and not one_cased_letter(w)
    } - words
    per_source["faker, cldr"] = len(others)
    return words | others, per_source


def by_split(items: Iterable[texts.Item]) -> dict[str, list[str]]:
    """The usable texts of each split (:func:`texts.usable`)."""
    split: dict[str, list[str]] = {"train": [], "dev": [], "test": []}
    for item in items:
        if texts.usable(item):
            split[texts.split_of(item.source, item.lang, item.text)].append(item.text)
    return split


def damaged(
    clean: list[str], kind: str, count: int, seed: str,
    misreadings: list[tuple[str, str, int]] | None = None,
) -> list[str]:
    """``count`` texts of ``clean`` (those with a non-ASCII character) misread the way
    ``kind`` misreads (or only by ``misreadings``), each by a misreading drawn by its weight
    among those that can."""
    rng = random.Random(seed)
    misreadings = MISREADINGS[kind] if misreadings is None else misreadings
    weights = [w for _, _, w in misreadings]
    pool = [t for t in clean if not t.isascii()]
    out: list[str] = []
    attempts = 0
    while len(out) < count and attempts < count * 20:
        attempts += 1
        text = rng.choice(pool)
        encoded_as, decoded_as, _ = rng.choices(misreadings, weights)[0]
        made = _core.misread(text, encoded_as, decoded_as)
        if made is None or made == text:
            continue
        if kind == "utf-8-as-single-byte":
            made = _real_world_variant(made, rng)
        out.append(made)
    return out


#: windows-1252's undefined bytes, as the sloppy decoder reads them.
_UNDEFINED_1252 = "\x81\x8d\x8f\x90\x9d"


def mojibake_model(
    splits: dict[str, list[str]], tokens: Tokens, kind: str, count: int, name: str,
    misreadings: list[tuple[str, str, int]] | None = None,
) -> tuple[Bigrams, float, str, float]:
    """A model of ``count`` train texts :func:`damaged` as ``kind`` (or ``misreadings``)
    misreads: its bigrams, the discount chosen on damaged dev texts (and the note saying so),
    and its cross-entropy on damaged test texts."""
    train = damaged(splits["train"], kind, count, f"train {name}", misreadings)
    dev = damaged(splits["dev"], kind, count // 8, f"dev {name}", misreadings)
    test = damaged(splits["test"], kind, count // 8, f"test {name}", misreadings)
    bigrams = Bigrams(tokens.streams(train), tokens)
    discount, note = bigrams.best_discount(list(tokens.streams(dev)), tokens)
    return bigrams, discount, note, bigrams.cross_entropy(tokens.streams(test), tokens, discount)


def _real_world_variant(made: str, rng: random.Random) -> str:
    """What else real data does to UTF-8 read as a single-byte encoding: a second layer of
    the same damage, NBSP turned into a space, undefined bytes lost as U+FFFD or "?"."""
    draw = rng.random()
    if draw < 0.1:
        return _core.misread(made, "UTF-8", "windows-1252") or made
    if draw < 0.15:
        return made.replace("\xa0", " ")
    if draw < 0.2:
        lost = rng.choice(("\ufffd", "?"))
        return made.translate({ord(c): lost for c in _UNDEFINED_1252})
    return made


# ---------------------------------------------------------------------------------------------
# Tokens
# ---------------------------------------------------------------------------------------------


class Tokens:
    """Which code points are tokens of their own, which belong to which class."""

    def __init__(self, char_counts: collections.Counter[str]) -> None:
        own = sorted(
            (c for c, n in char_counts.items() if n >= MIN_OWN_COUNT and c != BOUNDARY),
            key=lambda c: (-char_counts[c], c),
        )
        classes = sorted({class_of(cp) for cp in range(0x110000)})
        #: Token names: the boundary, the classes, then the characters, most frequent first.
        self.names: list[str] = [BOUNDARY, *classes, *own]
        self.index = {name: i for i, name in enumerate(self.names)}
        self.of_code_point = array.array("H", bytes(2 * 0x110000))
        self.class_size = collections.Counter[int]()
        for cp in range(0x110000):
            token = self.index.get(chr(cp))
            if token is None:
                token = self.index[class_of(cp)]
                self.class_size[token] += 1
            self.of_code_point[cp] = token
        self.first_char = 1 + len(classes)
        self.boundary = self.index[BOUNDARY]
        # Each token's shape: a character's own, a class's first code point's.
        representative: dict[str, int] = {}
        for cp in range(0x110000):
            representative.setdefault(class_of(cp), cp)
        names = ["boundary"] + [
            shape_of(representative[name] if t < self.first_char else ord(name))
            for t, name in enumerate(self.names[1:], start=1)
        ]
        self.shape_names = sorted(set(names))
        shape_index = {name: i for i, name in enumerate(self.shape_names)}
        self.shape = [shape_index[name] for name in names]

    def emission(self, token: int) -> float:
        """log P(code point | token): the share of a class token's members."""
        size = self.class_size.get(token, 0)
        return -math.log(size) if size else 0.0

    def streams(self, strings: Iterable[str]) -> Iterator[list[int]]:
        of = self.of_code_point
        boundary = self.boundary
        for text in strings:
            yield [boundary if c == BOUNDARY else of[ord(c)] for c in boundaries(text)]

    def digest(self) -> bytes:
        """A fingerprint of the token table, so the core can check its two files agree."""
        return hashlib.blake2b(self.of_code_point.tobytes(), digest_size=8).digest()


# ---------------------------------------------------------------------------------------------
# Kneser-Ney
# ---------------------------------------------------------------------------------------------


class Bigrams:
    """Bigram counts and the interpolated Kneser-Ney estimate, backing off through shapes:

        P(b | a) = max(c(a, b) - D, 0) / c(a) + gamma(a) P(shape(b) | shape(a)) P_KN(b | shape(b))
    """

    def __init__(self, streams: Iterable[list[int]], tokens: Tokens) -> None:
        self.pairs = collections.Counter[tuple[int, int]]()
        for stream in streams:
            self.pairs.update(itertools.pairwise(stream))
        self.tokens = tokens
        self.vocabulary = len(tokens.names)
        self.context_total = collections.Counter[int]()
        self.followers = collections.Counter[int]()
        self.preceders = collections.Counter[int]()
        shape = tokens.shape
        self.shape_pairs = collections.Counter[tuple[int, int]]()
        for (a, b), n in self.pairs.items():
            self.context_total[a] += n
            self.followers[a] += 1
            self.preceders[b] += 1
            self.shape_pairs[shape[a], shape[b]] += n
        self.shapes = len(tokens.shape_names)
        self.shape_total = collections.Counter[int]()
        for (x, _), n in self.shape_pairs.items():
            self.shape_total[x] += n
        # Within each shape: the tokens' continuation counts, half a context each.
        self.members = collections.Counter[int](shape)
        self.preceders_in = collections.Counter[int]()
        for t in range(self.vocabulary):
            self.preceders_in[shape[t]] += self.preceders[t]

    def shape_transition(self, x: int, y: int) -> float:
        """P(shape y | shape x), with half a count for every pair of shapes."""
        return (self.shape_pairs[x, y] + 0.5) / (self.shape_total[x] + 0.5 * self.shapes)

    def continuation(self, b: int) -> float:
        """P_KN(b | shape(b)): how many contexts b follows, among its shape's tokens."""
        shape = self.tokens.shape[b]
        return (self.preceders[b] + 0.5) / (self.preceders_in[shape] + 0.5 * self.members[shape])

    def backoff(self, a: int, discount: float) -> float:
        """gamma(a): the mass the discount frees in context a (1 for an unseen context)."""
        total = self.context_total[a]
        return discount * self.followers[a] / total if total else 1.0

    def probability(self, a: int, b: int, discount: float) -> float:
        total = self.context_total[a]
        seen = max(self.pairs.get((a, b), 0) - discount, 0.0) / total if total else 0.0
        shape = self.tokens.shape
        backoff = self.shape_transition(shape[a], shape[b]) * self.continuation(b)
        return seen + self.backoff(a, discount) * backoff

    def cross_entropy(self, streams: Iterable[list[int]], tokens: Tokens, discount: float) -> float:
        """Nats per character (emissions included) of the streams under the model."""
        total = 0.0
        count = 0
        for stream in streams:
            for a, b in itertools.pairwise(stream):
                total -= math.log(self.probability(a, b, discount)) + tokens.emission(b)
                count += 1
        return total / max(count, 1)

    def best_discount(self, dev: list[list[int]], tokens: Tokens) -> tuple[float, str]:
        entropies = {d: self.cross_entropy(dev, tokens, d) for d in DISCOUNTS}
        best = min(entropies, key=entropies.__getitem__)
        note = ", ".join(f"{d} {e:.4f}" for d, e in entropies.items())
        return best, f"discount {best} (dev nats/char: {note})"

    def tables(self, tokens: Tokens, discount: float) -> bytes:
        """backoff, continuation + emission, shape transitions, bigram count, keys, values."""
        vocabulary = len(tokens.names)
        kept = sorted(
            ((a << 16) | b, quantize(math.log(self.probability(a, b, discount))))
            for (a, b), n in self.pairs.items()
            if n >= MIN_BIGRAM_COUNT
        )
        backoff = [quantize(math.log(self.backoff(t, discount))) for t in range(vocabulary)]
        continuation = [
            quantize(math.log(self.continuation(t)) + tokens.emission(t)) for t in range(vocabulary)
        ]
        return b"".join(
            [
                array.array("H", backoff).tobytes(),
                array.array("H", continuation).tobytes(),
                array.array(
                    "H",
                    [quantize(math.log(self.shape_transition(x, y)))
                     for x in range(self.shapes) for y in range(self.shapes)],
                ).tobytes(),
                struct.pack("<I", len(kept)),
                array.array("I", [key for key, _ in kept]).tobytes(),
                array.array("H", [value for _, value in kept]).tobytes(),
            ]
        )


# ---------------------------------------------------------------------------------------------
# The files
# ---------------------------------------------------------------------------------------------


def quantize(log_probability: float) -> int:
    return min(65535, max(0, round(-log_probability * SCALE)))


def pages(of_code_point: array.array[int]) -> tuple[list[int], list[bytes]]:
    """The code point -> token table as 4,352 pages of 256 entries, identical pages shared."""
    index: list[int] = []
    unique: list[bytes] = []
    seen: dict[bytes, int] = {}
    raw = of_code_point.tobytes()
    for page in range(0x110000 // 256):
        data = raw[page * 512 : (page + 1) * 512]
        if data not in seen:
            seen[data] = len(unique)
            unique.append(data)
        index.append(seen[data])
    return index, unique


def header(lines: list[str]) -> bytes:
    return ("".join(f"# {line}\n" for line in lines) + "---\n").encode("utf-8")


SOURCES = [
    "Sources: wordfreq data (CC-BY-SA 4.0), Faker (MIT), CLDR via Babel (Unicode License v3),",
    "and scripts/model/technical.py (MIT); see corpus/LICENSES.md. These statistics derive",
    "from wordfreq's CC-BY-SA 4.0 data and are shared under the same license.",
]


def write_text_model(tokens: Tokens, bigrams: Bigrams, discount: float, lines: list[str]) -> None:
    page_index, unique_pages = pages(tokens.of_code_point)
    vocabulary = len(tokens.names)
    emission = [quantize(tokens.emission(t)) for t in range(vocabulary)]
    body = b"".join(
        [
            TEXT_MAGIC,
            struct.pack(
                "<7I", FORMAT_VERSION, SCALE, vocabulary, len(unique_pages), tokens.first_char,
                tokens.boundary, len(tokens.shape_names),
            ),
            tokens.digest(),
            array.array("H", page_index).tobytes(),
            b"".join(unique_pages),
            array.array("H", emission).tobytes(),
            array.array("H", tokens.shape).tobytes(),
            bigrams.tables(tokens, discount),
        ]
    )
    TEXT_OUTPUT.write_bytes(header(lines) + body)


def write_mojibake_models(
    tokens: Tokens, models: dict[str, tuple[Bigrams, float]], lines: list[str]
) -> None:
    parts = [
        MOJIBAKE_MAGIC,
        struct.pack("<4I", FORMAT_VERSION, SCALE, len(tokens.names), len(models)),
        tokens.digest(),
    ]
    for kind, (bigrams, discount) in models.items():
        parts.append(kind.encode("ascii").ljust(24, b"\0"))
        parts.append(bigrams.tables(tokens, discount))
    MOJIBAKE_OUTPUT.write_bytes(header(lines) + b"".join(parts))


def write_languages(
    tokens: Tokens, letters: dict[str, collections.Counter[str]], lines: list[str]
) -> None:
    """Each language's cost of each letter token it has, and of every other letter."""
    inventory = [
        t >= tokens.first_char
        and not tokens.names[t].isascii()
        and unicodedata.category(tokens.names[t])[0] in "LM"
        for t in range(len(tokens.names))
    ]
    size = sum(inventory) + 1  # and the classes' letters, as one
    languages = sorted(letters)
    entries: list[list[tuple[int, int]]] = [[] for _ in tokens.names]
    floors = []
    for number, lang in enumerate(languages):
        counts = collections.Counter[int]()
        for char, n in letters[lang].items():
            token = tokens.of_code_point[ord(char)]
            if inventory[token]:
                counts[token] += n
        total = sum(counts.values()) + LETTER_PSEUDO_COUNT * size
        floors.append(quantize(math.log(LETTER_PSEUDO_COUNT / total)))
        for token, n in counts.items():
            entries[token].append((number, quantize(math.log((n + LETTER_PSEUDO_COUNT) / total))))
    offsets = [0]
    for row in entries:
        offsets.append(offsets[-1] + len(row))
    flat = [value for row in entries for pair in row for value in pair]
    body = b"".join(
        [
            LANGUAGES_MAGIC,
            struct.pack("<4I", FORMAT_VERSION, SCALE, len(tokens.names), len(languages)),
            tokens.digest(),
            b"".join(lang.encode("ascii").ljust(16, b"\0")[:16] for lang in languages),
            array.array("H", floors).tobytes(),
            array.array("B", inventory).tobytes(),
            array.array("I", offsets).tobytes(),
            array.array("H", flat).tobytes(),
        ]
    )
    LANGUAGES_OUTPUT.write_bytes(header(lines) + body)


def write_words(words: set[str], lines: list[str]) -> None:
    hashes = sorted({word_hash(w) for w in words})
    body = b"".join(
        [
            WORDS_MAGIC,
            struct.pack("<4I", WORDS_FORMAT_VERSION, SCALE, len(hashes), longest_word(words)),
            array.array("I", hashes).tobytes(),
        ]
    )
    WORDS_OUTPUT.write_bytes(header(lines) + body)


LAYOUT = [
    "Tables (little-endian u16 unless said): u16[tokens] back-off, u16[tokens] continuation",
    "within the shape (emission included), u16[shapes][shapes] -log P(shape | shape),",
    "u32 n, u32[n] bigram keys (a << 16 | b) sorted, u16[n] -log P(b|a);",
    f"values are -log p * {SCALE}. Bigrams seen fewer than {MIN_BIGRAM_COUNT} times are left to"
    " the back-off.",
]


def write_known_words(items: list[texts.Item]) -> None:
    """Write ``src/model/words.bin``: :func:`known_words`, with its header."""
    words, per_source = known_words(items)
    word_lines = [
        "mojifix's known words: the words with a non-ASCII letter that people write, as 32-bit",
        "FNV-1a hashes of their lower-case UTF-8, so that a repair that makes a known word of an",
        "unknown one (dziêkujê -> dziękuję) counts, and one that unmakes a known word counts",
        "against.",
        "Generated by scripts/generate_models.py; do not edit. Read by src/model.rs.",
        *SOURCES,
        f"Words: {len(words)} ({', '.join(f'{k} {v}' for k, v in per_source.items())}): each"
        f" wordfreq language's {WORDS_PER_LANGUAGE} most frequent (a word of one cased letter only"
        f" among its {SINGLE_LETTER_RANK} most frequent words, of one letter without case among"
        f" its {SINGLE_UNCASED_RANK}), and the train items' words seen"
        f" at least {MIN_WORD_COUNT} times (none of one cased letter).",
        f"Longest: {longest_word(words)} characters (a longer word is none of them, unhashed).",
        f"Layout: {WORDS_MAGIC.decode()}, 4 u32 (version {WORDS_FORMAT_VERSION}, scale {SCALE},"
        " words, the longest word's characters), u32[words] sorted hashes.",
    ]
    write_words(words, word_lines)
    print("\n".join(word_lines[5:]), file=sys.stderr)


def write_spelling(items: list[texts.Item]) -> None:
    """Write ``src/model/spelling.bin``: :mod:`scripts.model.spelling`'s models of the train
    items, with their dev and test cross-entropy in the header."""
    counts = spelling.count(language_texts(items, "train"))
    models = {lang: spelling.Model(c) for lang, c in counts.items()}
    entropy = {
        split: spelling.cross_entropy(models, language_texts(items, split))
        for split in ("train", "dev", "test")
    }
    lines = [
        "mojifix's spelling models: each language's letter bigrams within its words (lower",
        "case, with the words' boundaries), Witten-Bell smoothed, so that a repair which",
        "makes a line's words one language's spelling (naujienø -> naujienų) is told from",
        "one that does not. Generated by scripts/generate_models.py (scripts/model/spelling.py);",
        "do not edit. Read by src/model/spelling.rs.",
        *SOURCES,
        f"Split: items hashed into train/dev/test {texts.SPLITS}; estimated on train only.",
        f"Languages: {len(counts)} with at least {spelling.MIN_LETTERS} letters in train and at"
        f" most {spelling.MAX_DISTINCT} different ones: {', '.join(counts)}.",
        f"Unseen letters: drawn from {spelling.VOCABULARY}; pairs seen fewer than"
        f" {spelling.MIN_BIGRAM_COUNT} times are left to the back-off.",
        "Cross-entropy of each item's words in its own language, nats per letter: "
        + ", ".join(f"{k} {v:.4f}" for k, v in entropy.items()) + ".",
        *spelling.LAYOUT,
    ]
    SPELLING_OUTPUT.write_bytes(header(lines) + spelling.table(counts))
    print("\n".join(lines[8:-len(spelling.LAYOUT)]), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, help="read/write the generated texts here")
    parser.add_argument("--words-only", action="store_true",
                        help="write only src/model/words.bin (the known words need no model)")
    parser.add_argument("--spelling-only", action="store_true",
                        help="write only src/model/spelling.bin (the spelling needs no model)")
    args = parser.parse_args(argv)
    texts.with_fixed_hash_seed()
    assert sys.byteorder == "little", "the files are little-endian"

    items = load_items(args.cache)
    if args.words_only:
        write_known_words(items)
        return 0
    if args.spelling_only:
        write_spelling(items)
        return 0
    splits = by_split(items)
    char_counts = collections.Counter[str]()
    for text in splits["train"]:
        char_counts.update(text)
    tokens = Tokens(char_counts)
    vocabulary = len(tokens.names)
    print(f"{vocabulary} tokens", file=sys.stderr)

    text = Bigrams(tokens.streams(splits["train"]), tokens)
    discount, note = text.best_discount(list(tokens.streams(splits["dev"])), tokens)
    report = {
        name: text.cross_entropy(tokens.streams(splits[name]), tokens, discount)
        for name in ("train", "dev", "test")
    }
    text_lines = [
        "mojifix's model of real text: a character bigram model, interpolated Kneser-Ney.",
        "Generated by scripts/generate_models.py; do not edit. Read by src/model.rs.",
        *SOURCES,
        f"Split: items hashed into train/dev/test {texts.SPLITS}; estimated on train only.",
        f"Texts: {', '.join(f'{k} {len(v)} items' for k, v in splits.items())}.",
        f"Versions: Python {sys.version.split()[0]}, Unicode {unicodedata.unidata_version}.",
        f"Tokens: {vocabulary} ({vocabulary - tokens.first_char} characters seen at least"
        f" {MIN_OWN_COUNT} times, {tokens.first_char - 1} classes, the boundary).",
        f"Chosen on dev: {note}.",
        "Cross-entropy, nats per character: "
        + ", ".join(f"{k} {v:.4f}" for k, v in report.items()) + ".",
        f"Shapes ({len(tokens.shape_names)}): {', '.join(tokens.shape_names)}.",
        f"Layout: {TEXT_MAGIC.decode()}, 7 u32 (version {FORMAT_VERSION}, scale {SCALE}, tokens,"
        " pages, first character token, boundary token, shapes), 8-byte token table digest,",
        "u16[4352] page of each 256 code points, u16[pages][256] token of each code point,",
        "u16[tokens] emission, u16[tokens] shape, then the tables.",
        *LAYOUT,
    ]
    write_text_model(tokens, text, discount, text_lines)
    print("\n".join(text_lines), file=sys.stderr)

    models: dict[str, tuple[Bigrams, float]] = {}
    mojibake_lines = [
        "mojifix's models of mojibake: character bigram models, interpolated Kneser-Ney,",
        "of clean text damaged by each kind of misreading (the core's own misread()).",
        "Generated by scripts/generate_models.py; do not edit. Read by src/model.rs.",
        *SOURCES,
        f"Texts: {DAMAGED_PER_KIND} damaged train items per kind; discounts chosen on damaged"
        " dev items; the tokens of model/text.bin.",
    ]
    for kind in MISREADINGS:
        bigrams, discount, note, entropy = mojibake_model(
            splits, tokens, kind, DAMAGED_PER_KIND, kind
        )
        models[kind] = (bigrams, discount)
        mojibake_lines.append(
            f"{kind}: {', '.join(f'{e} as {d} ({w})' for e, d, w in MISREADINGS[kind])};"
        )
        mojibake_lines.append(f"  {note}; test {entropy:.4f} nats/char.")
    mojibake_lines.append(
        f"Models of one misreading each ({DAMAGED_PER_READING} damaged train items each; the"
        " core asks them for their readings' pieces, the models above for the rest):"
    )
    for misreading in MISREADINGS[OWN_MODELS_KIND]:
        name = f"{misreading[0]} as {misreading[1]}"
        bigrams, discount, note, entropy = mojibake_model(
            splits, tokens, OWN_MODELS_KIND, DAMAGED_PER_READING, name, [misreading]
        )
        models[name] = (bigrams, discount)
        mojibake_lines.append(f"{name}: {note}; test {entropy:.4f} nats/char.")
    mojibake_lines += [
        f"Layout: {MOJIBAKE_MAGIC.decode()}, 4 u32 (version {FORMAT_VERSION}, scale {SCALE},"
        " tokens, models), 8-byte token table digest, then per model its kind or misreading"
        " (24 bytes, NUL-padded) and its tables.",
        *LAYOUT,
    ]
    write_mojibake_models(tokens, models, mojibake_lines)
    print("\n".join(mojibake_lines), file=sys.stderr)

    letters = letters_by_language(items)
    language_lines = [
        "mojifix's letter inventories: how often each language of the train texts writes each",
        "non-ASCII letter (and mark), so that a reading which makes a text one language's",
        "letters (ı ş ğ with ü ç) is told from one that mixes languages' (ý þ ð with ü ç).",
        "Generated by scripts/generate_models.py; do not edit. Read by src/model.rs.",
        *SOURCES,
        f"Languages: {len(letters)} with at least {MIN_LANGUAGE_LETTERS} non-ASCII letters in"
        f" train: {', '.join(sorted(letters))}.",
        f"Costs: -ln((n + {LETTER_PSEUDO_COUNT}) / (N + {LETTER_PSEUDO_COUNT} K)), K letters;"
        " an unseen letter costs the language's floor.",
        f"Layout: {LANGUAGES_MAGIC.decode()}, 4 u32 (version {FORMAT_VERSION}, scale {SCALE},"
        " tokens, languages), 8-byte token table digest, [u8; 16][languages] names,",
        "u16[languages] floors, u8[tokens] letter (1) or not (0), u32[tokens + 1] offsets,",
        "then (u16 language, u16 cost) pairs of each token from its offset.",
    ]
    write_languages(tokens, letters, language_lines)
    print("\n".join(language_lines[:7]), file=sys.stderr)

    write_known_words(items)
    write_spelling(items)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
