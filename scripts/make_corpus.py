#!/usr/bin/env python
"""Build the labelled mojibake corpus in ``corpus/`` (deterministic: same files on every run).

    python scripts/make_corpus.py  # writes corpus/{clean,negatives,damaged,real-world}.jsonl
    python scripts/make_corpus.py --check  # rebuilds in memory and fails if the files differ

Clean text comes from packages (see ``scripts/corpus/sources.py`` and ``corpus/LICENSES.md``);
hard negatives and real-world cases are written by hand (``scripts/corpus/negatives.py``,
``scripts/corpus/real_world.py``).  Damaged rows apply the real mechanism (encode with X,
decode with the WHATWG decoder of Y, maybe several times, maybe on a slice) through
:func:`mojifix.evaluate.damage`, and record it so that ``tests/test_corpus.py`` can replay it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.append(str(ROOT))  # mojifix itself, when it is not installed

from corpus.codecs_standin import get_codecs  # noqa: E402
from corpus.negatives import NEGATIVES  # noqa: E402
from corpus.real_world import REAL_WORLD  # noqa: E402

from corpus import families, sources  # noqa: E402
from mojifix.evaluate import (  # noqa: E402
    damage,
    holds_only_losses,
    only_marks_losses,
    recover,
    validate_row,
)

SEED = 20240229

LANGS_BY_CODE = sources.BY_CODE
# A row's split, from a hash (sha256, first 8 hex digits, modulo 10): below 3 `test`, below 5
# `dev`, else `train`.  The hand-written rows and the rows of the first corpus hash their id (so
# every row that was in `test` stays there); the rows generated since hash their clean text, so
# that a text and every damage made of it share a split (nothing in `test` is seen in `train`).
SPLIT_BOUNDS = (("test", 3), ("dev", 5), ("train", 10))

DECODE, ENCODE, CODECS_USED = get_codecs()

#: The versions of the packages whose data the committed files were made from: with others,
#: the same seeds may draw other text (``tests/test_corpus.py`` rebuilds the files with these).
MADE_WITH = {"faker": "40.63.0", "babel": "2.19.0", "pycountry": "26.2.16", "wordfreq": "3.1.1"}

# How many clean rows of each category per language.
CLEAN_COUNTS = {
    "name": 10,
    "address": 5,
    "sentence": 10,
    "product": 5,
    "short": 10,
    "place": 5,
    "long": 2,
}

U8 = "UTF-8"
L1 = "python:latin-1"  # what Python and databases do with "latin-1": C1 controls for 0x80-0x9F

LATIN_WEST = ("en", "fr", "de", "es", "pt", "it", "nl", "sv", "da", "nb", "fi", "is")
LATIN_CENTRAL = ("pl", "cs", "sk", "hu", "ro", "hr", "sl")
LATIN_BALTIC = ("lt", "lv", "et")
CYRILLIC = ("ru", "uk", "bg")
CJK = ("zh-Hans", "zh-Hant", "ja", "ko")
OTHER = ("el", "tr", "vi", "ar", "fa", "he", "hi", "th", "hy", "ka")
ALL = LATIN_WEST + LATIN_CENTRAL + LATIN_BALTIC + CYRILLIC + CJK + OTHER

# (kind, layers (encode, decode) pairs, languages, rows per language)
# Each pair is chosen so that the original makes sense for it (what happens in the wild).
RECIPES: list[tuple[str, tuple[tuple[str, str], ...], Sequence[str], int]] = [
    # UTF-8 read with a single-byte decoder
    ("utf-8-as-single-byte", ((U8, "windows-1252"),), ALL, 12),
    ("utf-8-as-single-byte", ((U8, L1),), LATIN_WEST + CYRILLIC + CJK + ("el", "tr", "vi"), 5),
    ("utf-8-as-single-byte", ((U8, "windows-1250"),), (*LATIN_CENTRAL, "de"), 10),
    ("utf-8-as-single-byte", ((U8, "ISO-8859-2"),), ("pl", "cs", "hu", "sk", "de"), 6),
    ("utf-8-as-single-byte", ((U8, "windows-1251"),), (*CYRILLIC, "fr", "de"), 12),
    ("utf-8-as-single-byte", ((U8, "windows-1253"),), ("el",), 20),
    ("utf-8-as-single-byte", ((U8, "windows-1254"),), ("tr", "de"), 12),
    ("utf-8-as-single-byte", ((U8, "windows-1257"),), (*LATIN_BALTIC, "pl"), 10),
    ("utf-8-as-single-byte", ((U8, "macintosh"),), ("fr", "de", "es", "en"), 8),
    ("utf-8-as-single-byte", ((U8, "IBM866"),), ("ru", "bg"), 10),
    ("utf-8-as-single-byte", ((U8, "python:cp437"),), ("en", "de", "fr", "es"), 6),
    ("utf-8-as-single-byte", ((U8, "KOI8-R"),), ("ru",), 12),
    ("utf-8-as-single-byte", ((U8, "KOI8-U"),), ("uk",), 12),
    ("utf-8-as-single-byte", ((U8, "windows-1255"),), ("he",), 8),
    ("utf-8-as-single-byte", ((U8, "windows-1256"),), ("ar", "fa"), 8),
    ("utf-8-as-single-byte", ((U8, "windows-874"),), ("th",), 8),
    # UTF-8 read with a multi-byte decoder
    ("utf-8-as-multi-byte", ((U8, "GBK"),), (*CJK, "fr", "de", "ru", "es"), 12),
    ("utf-8-as-multi-byte", ((U8, "gb18030"),), ("zh-Hans", "zh-Hant", "ja", "fr"), 8),
    ("utf-8-as-multi-byte", ((U8, "Shift_JIS"),), ("ja", "zh-Hans", "ko", "fr", "de"), 12),
    ("utf-8-as-multi-byte", ((U8, "EUC-JP"),), ("ja", "zh-Hans"), 10),
    ("utf-8-as-multi-byte", ((U8, "EUC-KR"),), ("ko", "zh-Hans", "ja"), 10),
    ("utf-8-as-multi-byte", ((U8, "Big5"),), ("zh-Hant", "zh-Hans", "ja"), 10),
    # legacy bytes read with another legacy decoder
    ("legacy-as-legacy", (("windows-1251", "windows-1252"),), CYRILLIC, 15),
    ("legacy-as-legacy", (("windows-1251", L1),), ("ru", "uk"), 6),
    ("legacy-as-legacy", (("windows-1251", "KOI8-R"),), ("ru",), 10),
    ("legacy-as-legacy", (("KOI8-R", "windows-1251"),), ("ru",), 8),
    ("legacy-as-legacy", (("windows-1250", "windows-1252"),), LATIN_CENTRAL, 6),
    ("legacy-as-legacy", (("windows-1253", "windows-1252"),), ("el",), 10),
    ("legacy-as-legacy", (("GBK", "windows-1252"),), ("zh-Hans",), 20),
    ("legacy-as-legacy", (("Big5", "windows-1252"),), ("zh-Hant",), 12),
    ("legacy-as-legacy", (("Shift_JIS", "windows-1252"),), ("ja",), 20),
    ("legacy-as-legacy", (("EUC-KR", "windows-1252"),), ("ko",), 20),
    ("legacy-as-legacy", (("windows-1255", "windows-1252"),), ("he",), 6),
    ("legacy-as-legacy", (("windows-1256", "windows-1252"),), ("ar",), 6),
    ("legacy-as-legacy", (("windows-874", "windows-1252"),), ("th",), 6),
    ("legacy-as-legacy", (("windows-1254", "windows-1252"),), ("tr",), 6),
    # mojibake of mojibake
    ("multi-layer", ((U8, "windows-1252"), (U8, "windows-1252")), ALL, 4),
    ("multi-layer", ((U8, "windows-1252"), (U8, L1)), LATIN_WEST, 3),
    ("multi-layer", ((U8, L1), (U8, "windows-1252")), LATIN_WEST + CYRILLIC, 3),
    ("multi-layer", ((U8, "windows-1252"),) * 3, ("fr", "de", "es", "pt"), 4),
    ("multi-layer", ((U8, "windows-1251"), (U8, "windows-1252")), ("ru", "uk"), 6),
    ("multi-layer", ((U8, "GBK"), (U8, "windows-1252")), ("zh-Hans", "ja"), 6),
    ("multi-layer", (("windows-1251", "windows-1252"), (U8, "windows-1252")), ("ru",), 6),
    # bytes really lost
    ("lost", (("windows-1252", U8),), LATIN_WEST, 3),
    ("lost", (("windows-1251", U8),), ("ru", "uk"), 4),
    ("lost", ((U8, "python:ascii"),), ("fr", "de", "ru", "zh-Hans"), 3),
    ("lost", (("GBK", U8), (U8, "GBK")), ("zh-Hans",), 15),
    ("lost", (("Shift_JIS", U8), (U8, "GBK")), ("ja",), 6),
    ("lost", (("windows-1252", U8), (U8, "windows-1252")), ("fr", "de", "es", "pt"), 5),
]

# Layers whose damage can lose bytes on purpose: Python's strict cp1252 table (0x81, 0x8D,
# 0x8F, 0x90, 0x9D undefined) with errors="replace", as `bytes.decode("cp1252", "replace")` does.
LOSSY_SINGLE_BYTE = ("python:cp1252", ("fr", "de", "es", "pt", "cs", "pl", "ru", "el", "vi"))

# Damaged rows need at least this many characters: a two-letter word garbled into two other
# letters ("на" -> "íà") cannot be told from text by anyone, so it makes no label.
MIN_DAMAGED_LENGTH = 3

# Categories drawn for damaged rows, with weights (long documents are few: they are big).
DAMAGE_CATEGORIES = (
    ("name", 3),
    ("address", 2),
    ("sentence", 4),
    ("product", 2),
    ("short", 3),
    ("place", 1),
    ("long", 0.3),
)

# Strict JIS decoders read Windows/browser Shift_JIS bytes 0x8160, 0x8161, 0x817C, 0x8191,
# 0x8192, 0x81CA, 0x815C as the JIS X 0208 characters, not the ones the text was written with.
JIS_SAMPLES = (
    "営業時間：9時～17時",
    "価格：1,000円～3,000円（税込）",
    "受付：月～金 9:00～17:00",
    "サイズ：S～LL",
    "温度差－5℃",
    "定価￥1,200（￠表記なし）",
    "送料￡5",
    "￢A ∥ B",
    "ご予約は03－1234－5678まで",
    "第１章―はじめに",
    "対象年齢：3歳～12歳",
    "開場 18：00～　開演 19：00～",
    "東京～大阪間の新幹線",
    "数量：1～99個",
)


def split_of(key: str) -> str:
    """The split of a row id (first corpus, hand-written rows) or of a clean text (since)."""
    digest = int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % 10
    return next(name for name, bound in SPLIT_BOUNDS if digest < bound)


def row(
    row_id: str,
    text: str,
    original: str,
    kind: str,
    *,
    lang: str,
    category: str,
    true_original: str | None = None,
    encoded_as: str | None = None,
    decoded_as: str | None = None,
    lossless: bool = True,
    mechanism: Sequence[dict[str, Any]] = (),
    source: str,
    note: str | None = None,
    split: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": row_id,
        "text": text,
        "original": original,
        "true_original": original if true_original is None else true_original,
        "kind": kind,
        "encoded_as": encoded_as,
        "decoded_as": decoded_as,
        "lang": lang,
        "script": script_of(lang),
        "category": category,
        "lossless": lossless,
        "layers": len(mechanism),
        "mechanism": list(mechanism),
        "split": split_of(row_id) if split is None else split,
        "source": source,
    }
    if note is not None:
        out["note"] = note
    validate_row(out)
    return out


def script_of(lang: str) -> str:
    if lang in sources.BY_CODE:
        return sources.BY_CODE[lang].script
    return {"sr": "Cyrillic", "mk": "Cyrillic", "kk": "Cyrillic"}.get(lang, "Latin")


# --- clean ---------------------------------------------------------------------------------

SOURCE_OF = {
    "name": "faker",
    "address": "faker",
    "sentence": "faker lorem / wordfreq words",
    "product": "faker + wordfreq + babel (CLDR)",
    "short": "wordfreq / babel (CLDR) / faker",
    "place": "pycountry (iso-codes) / babel (CLDR)",
    "long": "faker lorem / wordfreq words",
}


def clean_pool(
    langs: Sequence[sources.Lang] = sources.FIRST_LANGS,
) -> dict[tuple[str, str], list[str]]:
    """Texts per (lang, category): more than the clean rows, damaged rows draw from them.

    Each language's texts depend only on the seed and that language (so a test can rebuild
    one language and compare).
    """
    pool: dict[tuple[str, str], list[str]] = {}
    for lang in langs:
        for category, maker in sources.CATEGORY_MAKERS.items():
            rng = random.Random(f"{SEED}:{lang.code}:{category}")
            texts: list[str] = []
            seen: set[str] = set()
            want = 3 * CLEAN_COUNTS[category] + (6 if category == "long" else 40)
            for _ in range(want * 3):
                text = maker(lang, rng)
                if text is None or text in seen or not text.strip():
                    continue
                seen.add(text)
                texts.append(text)
                if len(texts) >= want:
                    break
            pool[(lang.code, category)] = texts
    return pool


def make_clean(pool: dict[tuple[str, str], list[str]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for lang in sources.FIRST_LANGS:
        for category, count in CLEAN_COUNTS.items():
            for text in pool[(lang.code, category)][:count]:
                rows.append(
                    row(
                        f"clean-{len(rows):05d}",
                        text,
                        text,
                        "clean",
                        lang=lang.code,
                        category=category,
                        source=SOURCE_OF[category],
                    )
                )
    return rows


def make_negatives() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    seen = set()
    for lang, _script, category, text, note in NEGATIVES:
        if text in seen:
            raise SystemExit(f"duplicate negative: {text!r}")
        seen.add(text)
        rows.append(
            row(
                f"neg-{len(rows):04d}",
                text,
                text,
                "negative",
                lang=lang,
                category=category,
                source="hand-written",
                note=note,
            )
        )
    return rows


# --- damaged -------------------------------------------------------------------------------


def canonical(name: str) -> str:
    """The WHATWG name written in encoded_as/decoded_as (Python's latin-1 is windows-1252)."""
    return {
        "python:latin-1": "windows-1252",
        "python:cp1252": "windows-1252",
        "python:ascii": "windows-1252",
        "python:cp437": "IBM437",
        "python:cp850": "IBM850",
        "python:shift_jis": "Shift_JIS",
    }.get(name, name)


def damaged_row(
    row_id: str,
    true_original: str,
    kind: str,
    mechanism: list[dict[str, Any]],
    *,
    lang: str,
    category: str,
    source: str,
    note: str | None = None,
    split: str | None = None,
) -> dict[str, Any] | None:
    """Apply *mechanism*; None when the damage changed nothing or cannot be undone sensibly."""
    try:
        text = damage(true_original, mechanism, decode=DECODE, encode=ENCODE)
    except (UnicodeEncodeError, ValueError):
        return None  # the original cannot be written in X
    if text == true_original:
        return None
    original = recover(text, mechanism, decode=DECODE, encode=ENCODE, true_original=true_original)
    lossless = original == true_original
    if not lossless and not only_marks_losses(original, true_original):
        return None  # the WHATWG encoder of Y does not round-trip this text: not a clean label
    if kind == "lost" and lossless:
        return None
    if holds_only_losses(text):
        # Nothing the misreading wrote is left, only U+FFFD where bytes were lost: the row is
        # lost data, which `fix` leaves as it is unless asked (decision note 0088).
        kind, original = "lost", text
    first, last = mechanism[0], mechanism[-1]
    encoded_as = canonical(str(first["encode"]))
    decoded_as = canonical(str(last["decode"] if len(mechanism) == 1 else first["decode"]))
    return row(
        row_id,
        text,
        original,
        kind,
        true_original=true_original,
        lang=lang,
        category=category,
        encoded_as=encoded_as,
        decoded_as=decoded_as,
        lossless=lossless,
        mechanism=mechanism,
        source=source,
        note=note,
        split=split,
    )


def _layers(pairs: Sequence[tuple[str, str]], **extra: Any) -> list[dict[str, Any]]:
    return [{"encode": x, "decode": y, **extra} for x, y in pairs]


def _draw(
    pool: dict[tuple[str, str], list[str]], lang: str, rng: random.Random
) -> Iterator[tuple[str, str]]:
    categories = [c for c, _ in DAMAGE_CATEGORIES if pool.get((lang, c))]
    weights = [w for c, w in DAMAGE_CATEGORIES if pool.get((lang, c))]
    while True:
        category = rng.choices(categories, weights)[0]
        text = rng.choice(pool[(lang, category)])
        if len(text) >= MIN_DAMAGED_LENGTH:
            yield category, text


def make_damaged(pool: dict[tuple[str, str], list[str]]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(candidate: dict[str, Any] | None) -> bool:
        if candidate is None or candidate["text"] in seen:
            return False
        seen.add(candidate["text"])
        rows.append(candidate)
        return True

    def next_id() -> str:
        return f"dmg-{len(rows):05d}"

    for kind, pairs, langs, per_lang in RECIPES:
        for lang in langs:
            rng = random.Random(f"{SEED}:{kind}:{pairs}:{lang}")
            draws = _draw(pool, lang, rng)
            made = 0
            for _ in range(per_lang * 20):
                if made >= per_lang:
                    break
                category, text = next(draws)
                made += add(
                    damaged_row(
                        next_id(),
                        text,
                        kind,
                        _layers(pairs),
                        lang=lang,
                        category=category,
                        source=SOURCE_OF[category],
                    )
                )
    # Python's strict cp1252 with errors="replace": a few bytes become U+FFFD.
    codec, langs = LOSSY_SINGLE_BYTE
    for lang in langs:
        rng = random.Random(f"{SEED}:lossy:{lang}")
        draws = _draw(pool, lang, rng)
        made = 0
        for _ in range(400):
            if made >= 4:
                break
            category, text = next(draws)
            mech = _layers(((U8, codec),), errors="replace")
            candidate = damaged_row(
                next_id(),
                text,
                "utf-8-as-single-byte",
                mech,
                lang=lang,
                category=category,
                source=SOURCE_OF[category],
            )
            if candidate is not None and not candidate["lossless"]:
                made += add(candidate)
    # jis-variant: browser Shift_JIS bytes read by a strict JIS X 0208 decoder.
    for sample in JIS_SAMPLES:
        add(
            damaged_row(
                next_id(),
                sample,
                "jis-variant",
                _layers((("Shift_JIS", "python:shift_jis"),), errors="replace"),
                lang="ja",
                category="short" if len(sample) <= 10 else "sentence",
                source="hand-written",
            )
        )
    rows.extend(make_mixed(pool, seen, len(rows)))
    return rows


MIXED_RECIPES: list[tuple[str, tuple[str, str], Sequence[str]]] = [
    ("utf-8-as-single-byte", (U8, "windows-1252"), LATIN_WEST + LATIN_CENTRAL + ("vi", "tr")),
    ("utf-8-as-single-byte", (U8, "windows-1251"), CYRILLIC),
    ("utf-8-as-multi-byte", (U8, "GBK"), ("zh-Hans", "ja")),
    ("legacy-as-legacy", ("windows-1251", "windows-1252"), ("ru",)),
]


def make_mixed(
    pool: dict[tuple[str, str], list[str]], seen: set[str], start: int
) -> list[dict[str, Any]]:
    """A clean sentence next to a damaged one; a damaged name in a clean address."""
    rows: list[dict[str, Any]] = []
    for kind, pair, langs in MIXED_RECIPES:
        for lang in langs:
            rng = random.Random(f"{SEED}:mixed:{kind}:{pair}:{lang}")
            for shape in ("two-sentences", "name-in-address", "name-in-address", "two-sentences"):
                for _ in range(30):
                    if shape == "two-sentences" and pool.get((lang, "sentence")):
                        clean = rng.choice(pool[(lang, "sentence")])
                        bad = rng.choice(pool[(lang, "sentence")])
                        sep = "" if lang in ("zh-Hans", "ja") else " "
                        if rng.random() < 0.5:
                            text, s, e = clean + sep + bad, len(clean + sep), len(clean + sep + bad)
                        else:
                            text, s, e = bad + sep + clean, 0, len(bad)
                    elif shape == "name-in-address" and pool.get((lang, "address")):
                        who = rng.choice(pool[(lang, "name")])
                        where = rng.choice(pool[(lang, "address")])
                        text, s, e = f"{who}, {where}", 0, len(who)
                    else:
                        break
                    mech = _layers((pair,), start=s, end=e)
                    candidate = damaged_row(
                        f"dmg-{start + len(rows):05d}",
                        text,
                        kind,
                        mech,
                        lang=lang,
                        category="mixed",
                        source="faker",
                    )
                    if (
                        candidate is not None
                        and candidate["lossless"]
                        and candidate["text"] not in seen
                    ):
                        seen.add(candidate["text"])
                        rows.append(candidate)
                        break
    return rows


# --- the second corpus (issue #24): families sized to measure each class ---------------------

# Texts drawn per (language, category) for the second corpus's rows, and the clean rows taken
# from them (each after the texts that are already clean rows of the first corpus).
MORE_POOL = {
    "name": 300,
    "address": 200,
    "sentence": 250,
    "product": 150,
    "short": 250,
    "place": 200,
    "date": 100,
    "document": 60,
    "name2": 600,
    "emoji": 150,
}
MORE_CLEAN_COUNTS = {
    "name": 25,
    "address": 10,
    "sentence": 15,
    "product": 10,
    "short": 25,
    "place": 10,
    "date": 10,
    "document": 4,
    "name2": 80,
    "emoji": 5,
}
# Where the second corpus's texts come from (the category's makers in scripts/corpus/sources.py).
MORE_SOURCE_OF = {
    "name": "faker",
    "address": "faker",
    "product": "faker+wordfreq+cldr",
    "short": "wordfreq/cldr/faker",
    "place": "iso-codes/cldr",
    "date": "cldr",
    "document": "faker/wordfreq/cldr",
    "name2": "faker",
    "emoji": "faker/wordfreq/cldr",
}


def source_of(category: str, lang: str) -> str:
    """The source of a text of the second corpus (sentences: Faker's lorem, else wordfreq)."""
    if category == "sentence":
        return "faker" if sources.BY_CODE[lang].faker_lorem else "wordfreq"
    return MORE_SOURCE_OF[category]


def more_pool(
    langs: Sequence[sources.Lang] = sources.LANGS,
) -> dict[tuple[str, str], list[str]]:
    """Texts per (lang, category) for the second corpus, seeded apart from :func:`clean_pool`.

    ``name2`` holds two-character names (Chinese, Japanese and Korean only).
    """
    makers: dict[str, Any] = {
        **{c: m for c, m in sources.CATEGORY_MAKERS.items() if c in MORE_POOL},
        **sources.MORE_MAKERS,
        "name2": sources.two_character_name,
    }
    pool: dict[tuple[str, str], list[str]] = {}
    for lang in langs:
        for category, maker in makers.items():
            rng = random.Random(f"{SEED}:more:{lang.code}:{category}")
            want = MORE_POOL[category]
            texts: dict[str, None] = {}
            for _ in range(want * 3):
                text = maker(lang, rng)
                if text is not None and text.strip():
                    texts[text] = None
                    if len(texts) >= want:
                        break
            if texts:
                pool[(lang.code, category)] = list(texts)
    return pool


def _category_of(category: str) -> str:
    return {"name2": "name", "emoji": "sentence"}.get(category, category)


def more_clean_texts(
    pool: dict[tuple[str, str], list[str]], lang: str, taken: set[str]
) -> list[tuple[str, str]]:
    """(category, text) of the second corpus's clean rows of *lang*: per category, the first
    texts of the pool that are not already clean rows of that language (*taken*)."""
    out: list[tuple[str, str]] = []
    for category, count in MORE_CLEAN_COUNTS.items():
        fresh = [t for t in pool.get((lang, category), ()) if t not in taken][:count]
        taken.update(fresh)
        out.extend((category, text) for text in fresh)
    return out


def make_more_clean(
    pool: dict[tuple[str, str], list[str]], first: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Clean rows of every language and category of the second corpus (split by their text)."""
    rows: list[dict[str, Any]] = []
    for lang in sources.LANGS:
        taken = {r["text"] for r in first if r["lang"] == lang.code}
        for category, text in more_clean_texts(pool, lang.code, taken):
            rows.append(
                row(
                    f"clean2-{len(rows):05d}",
                    text,
                    text,
                    "clean",
                    lang=lang.code,
                    category=_category_of(category),
                    source=source_of(category, lang.code),
                    split=split_of(text),
                )
            )
    return rows


def _loses(candidate: dict[str, Any], family: families.Family) -> bool:
    """The lossy families keep rows where the damage lost something: bytes, or an NBSP."""
    after = family.extra.get("after")
    if after is not None and after.startswith("nbsp"):
        plain = [{k: v for k, v in layer.items() if k != "after"} for layer in family.mechanism()]
        return damage(candidate["true_original"], plain, decode=DECODE, encode=ENCODE) != (
            candidate["text"]
        )
    return not candidate["lossless"]


def _family_rows(
    family: families.Family,
    pool: dict[tuple[str, str], list[str]],
    accept: Any,
) -> None:
    """Draw the family's rows, language group by language group (round robin inside one)."""
    rng = random.Random(f"{SEED}:family:{family.kind}:{family.layers}:{family.extra}")
    for langs, share in family.langs:
        want = round(family.rows * share)
        made = 0
        for attempt in range(want * 30):
            if made >= want:
                break
            lang = langs[attempt % len(langs)]
            choices = [(c, w) for c, w in family.categories if pool.get((lang, c))]
            if not choices:
                continue
            category = rng.choices([c for c, _ in choices], [w for _, w in choices])[0]
            text = rng.choice(pool[(lang, category)])
            if len(text) < (2 if category == "name2" else MIN_DAMAGED_LENGTH):
                continue
            candidate = damaged_row(
                "dmg2-?",
                text,
                family.kind,
                family.mechanism(),
                lang=lang,
                category=_category_of(category),
                source=source_of(category, lang),
                split=split_of(text),
            )
            if candidate is None or len(candidate["text"]) < MIN_DAMAGED_LENGTH:
                continue
            if family.must_lose and not _loses(candidate, family):
                continue
            if family.lossless and not candidate["lossless"]:
                continue
            made += accept(candidate)


def _document_rows(
    pool: dict[tuple[str, str], list[str]],
    accept: Any,
) -> None:
    """Documents of 3-5 parts (sentences, names, addresses, product lines) where some parts
    are damaged, each by a layer on its slice, and at least one is left clean.

    The parts of a document come from one split (the split the document is written in), so
    that no sentence of a ``test`` document is seen in ``train``.
    """
    by_split: dict[tuple[str, str, str], list[str]] = {}
    for (lang, category), texts in pool.items():
        if category in ("sentence", "name", "address", "product"):
            for text in texts:
                by_split.setdefault((lang, category, split_of(text)), []).append(text)
    for kind, pair, langs, rows in families.DOCUMENTS:
        rng = random.Random(f"{SEED}:documents:{kind}:{pair}")
        made = 0
        for attempt in range(rows * 30):
            if made >= rows:
                break
            lang = langs[attempt % len(langs)]
            split = split_of(f"document:{kind}:{pair}:{attempt}")
            kinds = ("sentence", "sentence", "name", "name", "address", "product")
            parts = []
            for _ in range(rng.randint(3, 5)):
                texts = by_split.get((lang, rng.choice(kinds), split))
                if texts:
                    parts.append(rng.choice(texts))
            if len(parts) < 3:
                continue
            joiner = "\n" if rng.random() < 0.5 else sources.joiner(sources.BY_CODE[lang])
            layer = {"encode": pair[0], "decode": pair[1]}
            changing = [i for i, part in enumerate(parts) if _changes(part, layer)]
            if not changing:
                continue
            hit = sorted(rng.sample(changing, rng.randint(1, min(len(changing), len(parts) - 1))))
            starts = [sum(len(p) + len(joiner) for p in parts[:i]) for i in range(len(parts))]
            # Last part first: the slices of the parts before it keep their offsets.
            mechanism = [
                {**layer, "start": starts[i], "end": starts[i] + len(parts[i])}
                for i in reversed(hit)
            ]
            candidate = damaged_row(
                "dmg2-?",
                joiner.join(parts),
                kind,
                mechanism,
                lang=lang,
                category="document",
                source=MORE_SOURCE_OF["document"],
                split=split,
            )
            if candidate is not None and candidate["lossless"]:
                made += accept(candidate)


def _changes(text: str, layer: dict[str, Any]) -> bool:
    try:
        return damage(text, [layer], decode=DECODE, encode=ENCODE) != text
    except (UnicodeEncodeError, ValueError):
        return False


def make_more_damaged(
    pool: dict[tuple[str, str], list[str]], seen: set[str]
) -> list[dict[str, Any]]:
    """The second corpus's damaged rows: every family of ``scripts/corpus/families.py``."""
    rows: list[dict[str, Any]] = []

    def accept(candidate: dict[str, Any]) -> bool:
        if candidate["text"] in seen:
            return False
        seen.add(candidate["text"])
        candidate["id"] = f"dmg2-{len(rows):05d}"
        rows.append(candidate)
        return True

    for family in families.WHOLE_TEXT:
        _family_rows(family, pool, accept)
    _document_rows(pool, accept)
    for family in families.LATER:
        _family_rows(family, pool, accept)
    return rows


def make_real_world() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for entry in REAL_WORLD:
        kind = entry["kind"]
        mech = [dict(layer) for layer in entry["mechanism"]]
        made = damaged_row(
            f"rw-{len(rows):04d}",
            entry["original"],
            kind,
            mech,
            lang=entry["lang"],
            category=entry["category"],
            source=entry["source"],
            note=entry["note"],
        )
        if made is None:
            raise SystemExit(f"real-world case does not damage its text: {entry['original']!r}")
        if entry.get("expect") is not None and made["text"] != entry["expect"]:
            raise SystemExit(
                f"real-world case {entry['original']!r}: made {made['text']!r}, "
                f"the case in the wild reads {entry['expect']!r}"
            )
        rows.append(made)
    return rows


# --- output --------------------------------------------------------------------------------


# Written as \uXXXX escapes although JSON allows them raw: C1 controls (U+0085 NEXT LINE is
# common in latin-1 mojibake) and the line/paragraph separators are line breaks for
# str.splitlines() and for some editors, which would cut a JSONL row in two.
_LINE_BREAKING = re.compile("[\x80-\x9f\u2028\u2029]")


def dump(rows: list[dict[str, Any]]) -> str:
    """JSON Lines, UTF-8, one row a line, whatever tool splits the lines."""
    lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rows)
    return "".join(
        _LINE_BREAKING.sub(lambda m: f"\\u{ord(m[0]):04x}", line) + "\n" for line in lines
    )


def make_examples(real_world: list[dict[str, Any]]) -> tuple[str, str]:
    """A damaged text file (one real-world case a line) and its original, for the README."""
    chosen = [
        r
        for r in real_world
        if r["lossless"]
        and r["kind"] != "jis-variant"
        and "\n" not in r["true_original"]
        and not any(0x80 <= ord(c) < 0xA0 for c in r["text"])  # no C1 controls in a text file
    ]
    damaged = "".join(r["text"] + "\n" for r in chosen)
    original = "".join(r["true_original"] + "\n" for r in chosen)
    return damaged, original


def build() -> dict[str, str]:
    pool = clean_pool()
    more = more_pool()
    real_world = make_real_world()
    damaged_example, original_example = make_examples(real_world)
    clean = make_clean(pool)
    clean += make_more_clean(more, clean)
    damaged = make_damaged(pool)
    damaged += make_more_damaged(more, {r["text"] for r in damaged})
    return {
        "clean.jsonl": dump(clean),
        "negatives.jsonl": dump(make_negatives()),
        "damaged.jsonl": dump(damaged),
        "real-world.jsonl": dump(real_world),
        "examples/damaged.txt": damaged_example,
        "examples/original.txt": original_example,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "corpus")
    parser.add_argument(
        "--check",
        action="store_true",
        help="rebuild in memory and fail if the files on disk differ",
    )
    args = parser.parse_args(argv)
    print(f"codecs: {CODECS_USED}", file=sys.stderr)
    files = build()
    if args.check:
        stale = [
            n
            for n, t in files.items()
            if not (args.out / n).is_file() or (args.out / n).read_text("utf-8") != t
        ]
        if stale:
            print(f"corpus out of date: {', '.join(stale)}", file=sys.stderr)
            return 1
        return 0
    for name, text in files.items():
        (args.out / name).parent.mkdir(parents=True, exist_ok=True)
        (args.out / name).write_text(text, encoding="utf-8")
        print(
            f"{name}: {text.count(chr(10))} rows, {len(text.encode('utf-8'))} bytes",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
