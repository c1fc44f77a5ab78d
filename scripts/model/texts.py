"""Clean text for the core's model of real text, from data that ships with Python packages.

Every piece of text is an *item* (a name, an address, a CLDR display name, a sentence of
frequent words, a line of technical text) with a language and a source; each item falls into
the ``train``, ``dev`` or ``test`` split by a hash of its source, language and text, so the
split is stable whatever else is generated. The model is estimated on ``train``, its
smoothing and the decision's thresholds are chosen on ``dev``; ``test`` is only reported.

Sources (licenses in ``corpus/LICENSES.md``):

- wordfreq (data CC-BY-SA 4.0): sentences of words drawn by their frequency in each of its
  42 languages: real spelling, real letter frequencies.
- Faker (MIT): names, addresses, companies, jobs and, where a locale has a native word list,
  its sentences.
- Babel's CLDR data (Unicode License v3): every display name and unit pattern of each of
  CLDR's ~330 languages (territories, languages, currencies, time zones, units, dates).
- :mod:`scripts.model.technical` (this project): symbols, units, math, code, box drawing.

>>> split_of("cldr", "fr", "heure normale de Hong Kong") in ("train", "dev", "test")
True
"""

from __future__ import annotations

import functools
import hashlib
import os
import random
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import babel.localedata
import ftfy
import wordfreq
from faker import Faker
from faker.config import AVAILABLE_LOCALES

from scripts.model import technical

#: Shares of the splits, in percent of items.
SPLITS = (("train", 80), ("dev", 10), ("test", 10))

#: Characters of text per language and source, at most (wordfreq, Faker, CLDR).
BUDGET = {"wordfreq": 300_000, "faker": 80_000, "cldr": 60_000, "prose": 60_000}

#: CLDR keys whose values are formats (date skeletons, number patterns), not text.
_CLDR_FORMAT_KEYS = frozenset(
    {
        "locale_id", "date_formats", "time_formats", "datetime_formats", "datetime_skeletons",
        "interval_formats", "number_symbols", "decimal_formats", "scientific_formats",
        "percent_formats", "currency_formats", "compact_decimal_formats",
        "compact_currency_formats", "numbering_systems", "default_numbering_system",
        "character_order", "zone_formats", "currency_symbols", "parent_exceptions",
        "unit_patterns_compound", "measurement_systems", "currency_unit_patterns",
        "day_period_rules", "min_week_days", "first_week_day", "weekend_start",
        "weekend_end", "plural_form", "ordinal_form", "territory_currencies",
    }
)

#: Languages written without spaces between words.
_NO_SPACES = frozenset({"zh", "ja", "th", "lo", "km", "my"})

#: Sentence punctuation by language (end, comma, quotes).
_CJK_PUNCT = ("。", "、", "「", "」")
_GUILLEMETS = frozenset({"fr", "ru", "uk", "be", "bg", "el", "es", "it", "pt", "nb", "fa", "ar"})
_LOW_QUOTES = frozenset({"de", "cs", "sk", "pl", "hu", "ro", "hr", "sl", "sh", "lt", "lv", "is"})


@dataclass(frozen=True)
class Item:
    """One piece of clean text: its language (a CLDR/wordfreq code), source and text."""

    lang: str
    source: str
    text: str


def is_clean(text: str) -> bool:
    """Is this text free of mojibake that the sources themselves carry? (Faker's country
    list has "SÃ£o TomÃ© and PrÃ\xadncipe".) ftfy's own repair is the test: a text it would
    change is left out of training, whoever is right about it.

    >>> is_clean("São Tomé"), is_clean("SÃ£o TomÃ©")
    (True, False)
    """
    return text.isascii() or ftfy.fix_encoding(text) == text


@functools.cache
def corpus_test_texts() -> frozenset[str]:
    """The texts of the corpus's test split (clean rows, and damaged rows' originals): never
    trained on, even where the corpus and these sources make the same string ("Deutschland")."""
    import json
    from pathlib import Path

    found: set[str] = set()
    corpus = Path(__file__).resolve().parent.parent.parent / "corpus"
    for path in sorted(corpus.glob("*.jsonl")):
        for line in path.open(encoding="utf-8"):
            row = json.loads(line)
            if row.get("split") == "test":
                found.update(
                    row[key] for key in ("text", "original", "true_original")
                    if isinstance(row.get(key), str)
                )
    return frozenset(found)


def usable(item: Item) -> bool:
    """May the models learn from this item: clean, and no text of the corpus's test split."""
    return is_clean(item.text) and item.text not in corpus_test_texts()


def split_of(source: str, lang: str, text: str) -> str:
    """The split an item belongs to, from a hash of the item (stable across runs)."""
    digest = hashlib.blake2b(f"{source}\0{lang}\0{text}".encode(), digest_size=8).digest()
    bucket = int.from_bytes(digest, "big") % 100
    for name, share in SPLITS:
        if bucket < share:
            return name
        bucket -= share
    raise AssertionError("SPLITS must add up to 100")


def _variants(text: str, rng: random.Random) -> Iterator[str]:
    """The text, and sometimes the forms real data also has it in: upper case (headlines,
    names in capitals) and decomposed (NFD, as macOS file names and some databases keep it)."""
    yield text
    if rng.random() < 0.005:
        # Real text has lost characters too: a decoder's U+FFFD for a byte it could not read.
        at = rng.randrange(len(text))
        yield text[:at] + "\ufffd" * rng.choice((1, 1, 2)) + text[at + 1 :]
    if rng.random() < 0.08:
        yield text.upper()
    if rng.random() < 0.03:
        decomposed = unicodedata.normalize("NFD", text)
        if decomposed != text:
            yield decomposed


# ---------------------------------------------------------------------------------------------
# wordfreq: sentences of frequent words
# ---------------------------------------------------------------------------------------------


@functools.cache
def _frequent_words(lang: str) -> tuple[list[str], list[float]]:
    # The frequency dict, not word_frequency(): that tokenizes each word (MeCab for Japanese).
    frequencies = wordfreq.get_frequency_dict(lang)
    words = sorted(frequencies, key=lambda w: (-frequencies[w], w))[:30_000]
    return words, [frequencies[w] for w in words]


def _quotes(lang: str) -> tuple[str, str]:
    if lang in _GUILLEMETS:
        return "«", "»"
    if lang in _LOW_QUOTES:
        return "„", "“"
    if lang in ("zh", "ja"):
        return "「", "」"
    return "“", "”"


def _sentence(lang: str, rng: random.Random) -> str:
    words, weights = _frequent_words(lang)
    chosen = rng.choices(words, weights, k=rng.randint(4, 16))
    cjk = lang in ("zh", "ja")
    joiner = "" if lang in _NO_SPACES else " "
    pieces: list[str] = []
    for i, word in enumerate(chosen):
        pieces.append(word)
        if i + 1 < len(chosen) and rng.random() < 0.08:
            pieces.append(_CJK_PUNCT[1] if cjk else ",")
    text = joiner.join(pieces).replace(" ,", ",")
    if rng.random() < 0.1:
        opening, closing = _quotes(lang)
        text = opening + text + closing
    text = text[:1].upper() + text[1:]
    end = _CJK_PUNCT[0] if cjk else rng.choice(".....!?:;")
    if lang in ("ar", "fa", "ur") and end == "?":
        end = "؟"
    return text + end


def _sentences(
    source: str, make: Callable[[str, random.Random], str], lang: str, seed: int
) -> Iterator[Item]:
    """Items of sentences ``make`` writes in ``lang``, up to the source's budget."""
    rng = random.Random(f"{source} {lang} {seed}")
    total = 0
    while total < BUDGET[source]:
        text = make(lang, rng)
        total += len(text)
        for form in _variants(text, rng):
            yield Item(lang, source, form)


def wordfreq_items(lang: str, seed: int) -> Iterator[Item]:
    return _sentences("wordfreq", _sentence, lang, seed)


# ---------------------------------------------------------------------------------------------
# Prose: the same words set as typeset text
# ---------------------------------------------------------------------------------------------

#: What a writer puts in quotes or between dashes besides words: symbols, keys, numbers.
_QUOTABLE = ("+", "×", "−", "=", "%", "#", "&", "@", "*", "/", "→", "✓", "OK", "Enter", "Ctrl",
             "Esc", "A", "B", "X", "1", "2", "10", "100", "…", "?", "!")
#: Marks set after a name: trademarks, registrations, copyright, degrees, footnotes.
_AFTER_NAME = ("™", "®", "©", "℠", "°", "*", "¹", "²", "†")
#: Languages that write a name's possessive with an apostrophe, and ones that elide before one.
_POSSESSIVE_S = frozenset({"en", "nl", "de", "sv", "nb", "da", "fi"})
_ELIDING = frozenset({"fr", "it", "ca"})
#: Other quotation marks every language's text also has: ASCII, single, straight.
_OTHER_QUOTES = (('"', '"'), ("‘", "’"), ("'", "'"), ("“", "”"), ("«", "»"), ("« ", " »"))


def _prose(lang: str, rng: random.Random) -> str:
    """A sentence of frequent words set as typeset text is: quotation marks inside it followed
    by a space or a comma, typographic apostrophes, dashes, ellipses, parentheses, a mark after
    a name, a number or a range of years. wordfreq's sentences alone have none of these
    between words, so without them the model finds "”" before a space as rare as mojibake.

    >>> import random
    >>> any("”" in _prose("en", random.Random(n)) for n in range(50))
    True
    """
    words, weights = _frequent_words(lang)
    chosen = rng.choices(words, weights, k=rng.randint(4, 14))
    if lang in _NO_SPACES:
        return _cjk_prose(chosen, rng)
    if rng.random() < 0.6:
        chosen = [w.replace("'", "’") for w in chosen]
    devices = rng.sample(range(8), k=rng.randint(1, 3))
    for device in devices:
        i = rng.randrange(len(chosen))
        j = min(len(chosen), i + rng.randint(1, 3))
        if device == 0:  # a quotation inside the sentence
            opening, closing = _quotes(lang) if rng.random() < 0.6 else rng.choice(_OTHER_QUOTES)
            if rng.random() < 0.25:
                chosen[i:j] = [rng.choice(_QUOTABLE)]
                j = i + 1
            chosen[i] = opening + chosen[i]
            chosen[j - 1] += closing + rng.choice(("", "", "", ",", ":", ";", "."))
        elif device == 1:  # a dash between words, spaced or not
            chosen.insert(i, rng.choice(("—", "–", "-", "--")))
            if rng.random() < 0.3 and i > 0:
                chosen[i - 1] += chosen.pop(i) + chosen.pop(i) if i < len(chosen) - 1 else ""
        elif device == 2:  # an ellipsis
            chosen[i] += rng.choice(("…", "...", " …", "…,"))
        elif device == 3:  # words in parentheses or brackets
            opening, closing = rng.choice((("(", ")"), ("[", "]"), ("(", ")")))
            chosen[i] = opening + chosen[i]
            chosen[j - 1] += closing
        elif device == 4:  # a name with a mark after it
            name = chosen[i].upper() if rng.random() < 0.4 else chosen[i].capitalize()
            chosen[i] = name + rng.choice(_AFTER_NAME)
        elif device == 5 and lang in _POSSESSIVE_S:  # a name's possessive
            chosen[i] = chosen[i].capitalize() + rng.choice(("’s", "’s", "'s", "’"))
        elif device == 5 and lang in _ELIDING:  # an article or pronoun elided before a word
            chosen[i] = rng.choice(("l’", "d’", "qu’", "n’", "s’", "c’", "L’", "l'")) + chosen[i]
        elif device == 6:  # a year, a range, a count
            year = rng.randint(1900, 2030)
            chosen.insert(i, rng.choice((
                str(year), f"{year}–{year + rng.randint(1, 9)}", f"{year}—",
                f"{rng.randint(1, 99)}%", f"№ {rng.randint(1, 99)}", f"§ {rng.randint(1, 30)}",
                f"{rng.randint(2, 9)}×",
            )))
        else:  # a clause set off by a colon or a semicolon
            chosen[i] += rng.choice((":", ";", ",", " /"))
    text = " ".join(chosen)
    text = text[:1].upper() + text[1:]
    if lang == "es" and rng.random() < 0.5:
        opening, end = rng.choice((("¿", "?"), ("¡", "!")))
        return opening + text + end
    end = rng.choice((".", ".", ".", "!", "?", "…", "?!", "!!", ":", ".”", "”.", "…”", "?”"))
    return _no_break_spaces(lang, text + end, random.Random(f"no-break {lang} {text}{end}"))


#: Languages whose typesetters put a space before "?", "!", ":" and ";" and inside guillemets.
_SPACED_PUNCTUATION = frozenset({"fr"})
#: Languages that set a space between a number and "%", and after "§" and "№".
_SPACED_PERCENT = frozenset({"fr", "de", "cs", "sk", "pl", "ru", "uk", "sv", "nb", "fi", "es",
                             "it", "pt", "ro", "hu", "bg", "ca", "nl"})
#: Languages whose one-letter prepositions and conjunctions must not end a line.
_NO_LONE_LETTER = frozenset({"cs", "sk", "pl"})


def _no_break_spaces(lang: str, text: str, rng: random.Random) -> str:
    """A sentence set with the no-break spaces its language's typesetters put in: French
    "oui\xa0?" and "«\xa0oui\xa0»" (U+00A0, or the narrow U+202F), "15\xa0%", Czech
    "v\xa0Praze". Without them the model of text priced "é\xa0?" as mojibake: U+00A0 is
    the byte 0xA0 of "à" read as windows-1252 ("Ã\xa0"). Some texts keep ordinary spaces,
    or none, as typed text does.

    >>> import random
    >>> _no_break_spaces("fr", "Vraiment?", random.Random(0))
    'Vraiment\xa0?'
    """
    roll = rng.random()
    if roll < 0.3:
        return text
    space = " " if roll < 0.45 else rng.choice(("\xa0", "\xa0", "\u202f"))
    if lang in _SPACED_PUNCTUATION:
        text = re.sub(r"(?<=[^\s])([?!:;»]+)", lambda m: space + m.group(1), text)
        text = re.sub(r"«(?=\S)", "«" + space, text)
    if lang in _SPACED_PERCENT:
        text = re.sub(r"(?<=\d)%", space + "%", text)
        text = re.sub(r"([§№]) ", lambda m: m.group(1) + space, text)
    if lang in _NO_LONE_LETTER:
        text = re.sub(r"(?<=\s)([vzksaiouwVZKSAIOUW]) ", lambda m: m.group(1) + space, text)
    return text


_CJK_QUOTES = (("「", "」"), ("『", "』"), ("（", "）"), ("“", "”"), ("《", "》"))
#: What text written without spaces sets off with spaces: placeholders, numbers, options,
#: names and acronyms in Latin letters ("从 <文件> 读取", "使用 Python 3 编写", "%s 位").
_SPACED = ("%s", "%d", "%1$s", "{0}", "3", "10", "2024", "-h", "--help", "PDF", "USB", "URL",
           "ID", "API", "OK", "Python", "Linux", "Wi-Fi", "GNU", "<file>", "N", "x")


def _cjk_prose(chosen: list[str], rng: random.Random) -> str:
    """:func:`_prose` for Chinese and Japanese (of wordfreq's languages, the ones written
    without spaces): words and numbers in Latin letters set off with spaces, corner brackets,
    the ideographic comma and full stop, full-width parentheses, the doubled ellipsis and dash."""
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(chosen) + 1)
        chosen.insert(i, rng.choice((" ", " ", "")) + rng.choice(_SPACED) + " ")
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chosen))
        opening, closing = rng.choice(_CJK_QUOTES)
        chosen[i] = opening + chosen[i] + closing
        if rng.random() < 0.3:
            chosen.insert(i, rng.choice(("、", "……", "——", "・", "，", "：", "！")))
    return "".join(chosen).strip() + rng.choice(("。", "。", "！", "？", "……", "」。"))


def prose_items(lang: str, seed: int) -> Iterator[Item]:
    return _sentences("prose", _prose, lang, seed)


# ---------------------------------------------------------------------------------------------
# Faker: names, addresses, companies, sentences
# ---------------------------------------------------------------------------------------------


def _faker_lang(locale: str) -> str:
    return {"dk": "da", "no": "nb", "tw": "ak", "ng": "en", "zh": "zh"}.get(
        locale.split("_")[0], locale.split("_")[0]
    )


_FAKER_MAKERS = ("name", "address", "company", "job", "city", "street_name", "first_name",
                 "last_name", "country")


def faker_items(locale: str, seed: int) -> Iterator[Item]:
    lang = _faker_lang(locale)
    fake = Faker(locale)
    fake.seed_instance(seed)
    rng = random.Random(f"faker {locale} {seed}")
    makers = [m for m in _FAKER_MAKERS if hasattr(fake, m)]
    native_lorem = not locale.startswith("la") and not fake.sentence(nb_words=12).isascii()
    if locale.startswith("en"):
        native_lorem = False  # English comes from wordfreq; Faker's English lorem is Latin
    total = 0
    while total < BUDGET["faker"]:
        if native_lorem and rng.random() < 0.3:
            text = fake.sentence(nb_words=rng.randint(5, 14))
        else:
            try:
                text = str(getattr(fake, rng.choice(makers))())
            except (AttributeError, ValueError):
                continue
        text = text.replace("\n", ", ")
        total += len(text) + 1
        for form in _variants(text, rng):
            yield Item(lang, "faker", form)


# ---------------------------------------------------------------------------------------------
# CLDR: display names and patterns
# ---------------------------------------------------------------------------------------------


def _cldr_strings(data: Any, key: str = "") -> Iterator[str]:
    if isinstance(data, str):
        yield data
        return
    if hasattr(data, "items"):
        for child_key, value in data.items():
            if str(child_key) not in _CLDR_FORMAT_KEYS:
                yield from _cldr_strings(value, str(child_key))
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _cldr_strings(value, key)


def cldr_languages() -> list[str]:
    """CLDR's base languages (``fr``, ``gd``, ``yue``...) with locale data."""
    ids = babel.localedata.locale_identifiers()
    return sorted({i.split("_")[0] for i in ids if i.split("_")[0] != "root"})


def cldr_items(lang: str, seed: int) -> Iterator[Item]:
    rng = random.Random(f"cldr {lang} {seed}")
    try:
        data = babel.localedata.load(lang)
    except (OSError, ValueError, KeyError):
        return
    seen: set[str] = set()
    total = 0
    for text in _cldr_strings(data):
        text = text.strip()
        if len(text) < 2 or text in seen or not any(c.isalpha() for c in text):
            continue
        seen.add(text)
        text = text.replace("{0}", str(rng.randint(0, 999))).replace("{1}", str(rng.randint(0, 99)))
        total += len(text) + 1
        if total > BUDGET["cldr"]:
            return
        for form in _variants(text, rng):
            yield Item(lang, "cldr", form)


# ---------------------------------------------------------------------------------------------
# Everything
# ---------------------------------------------------------------------------------------------


def all_items(seed: int = 0) -> Iterator[Item]:
    """Every item of every source, in a fixed order."""
    for lang in sorted(wordfreq.available_languages()):
        yield from wordfreq_items(lang, seed)
    for locale in AVAILABLE_LOCALES:
        yield from faker_items(locale, seed)
    for lang in cldr_languages():
        yield from cldr_items(lang, seed)
    rng = random.Random(f"technical {seed}")
    for family, make in technical.FAMILIES.items():
        for _ in range(technical.COUNT):
            yield Item("zxx", f"technical:{family}", make(rng))
    # (Last, so that the items before keep the order and seeds they were generated with.)
    for lang in sorted(wordfreq.available_languages()):
        yield from prose_items(lang, seed)


#: The hash seed the texts are made under (``with_fixed_hash_seed``).
HASH_SEED = "0"


def with_fixed_hash_seed() -> None:
    """Run the calling script again under ``PYTHONHASHSEED=0``, unless it already runs so.
    Faker draws some Italian place names from a set, whose order follows Python's hash seed:
    under another seed the texts, and every table made from them, would differ."""
    if os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        environment = {**os.environ, "PYTHONHASHSEED": HASH_SEED}
        os.execve(sys.executable, [sys.executable, *sys.argv], environment)


def items(split: str, seed: int = 0) -> Iterator[Item]:
    """The clean items of one split."""
    for item in all_items(seed):
        if split_of(item.source, item.lang, item.text) == split and usable(item):
            yield item
