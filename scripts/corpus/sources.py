"""Clean text for the corpus, from data that ships with installed packages.

- Faker (MIT): names, addresses, sentences and paragraphs in each locale.
- Babel's CLDR data (Unicode License v3): month and territory names, prices, units.
- pycountry's translations (LGPL-2.1, data from Debian's iso-codes): country names.
- wordfreq (code Apache-2.0, data CC-BY-SA 4.0): frequent words, for short strings,
  product titles and sentences in languages whose Faker locale has no word list.

Every function takes a :class:`random.Random` seeded by the caller, so the output
depends only on the seed and the package versions (recorded in ``corpus/README.md``).
"""

from __future__ import annotations

import datetime
import functools
import gettext
import random
import unicodedata
from dataclasses import dataclass

import pycountry
import wordfreq
from babel import Locale, dates, numbers, units
from faker import Faker


@dataclass(frozen=True)
class Lang:
    """One language of the corpus and where its text comes from."""

    code: str  # BCP 47-ish code written in the rows
    script: str
    faker: str  # Faker locale
    babel: str  # Babel locale
    iso_codes: str | None  # pycountry gettext language, None if none
    wordfreq: str | None  # wordfreq language, None if none
    faker_lorem: bool  # Faker has a word list in this language (else: wordfreq salad)
    faker_address: bool  # Faker's addresses look native


FIRST_LANGS: tuple[Lang, ...] = (
    Lang("en", "Latin", "en_US", "en_US", None, "en", True, True),
    Lang("fr", "Latin", "fr_FR", "fr_FR", "fr", "fr", True, True),
    Lang("de", "Latin", "de_DE", "de_DE", "de", "de", True, True),
    Lang("es", "Latin", "es_ES", "es_ES", "es", "es", True, True),
    Lang("pt", "Latin", "pt_BR", "pt_BR", "pt_BR", "pt", False, True),
    Lang("it", "Latin", "it_IT", "it_IT", "it", "it", True, True),
    Lang("nl", "Latin", "nl_NL", "nl_NL", "nl", "nl", True, True),
    Lang("sv", "Latin", "sv_SE", "sv_SE", "sv", "sv", False, True),
    Lang("da", "Latin", "da_DK", "da_DK", "da", "da", True, True),
    Lang("nb", "Latin", "no_NO", "nb_NO", "nb", "nb", False, True),
    Lang("fi", "Latin", "fi_FI", "fi_FI", "fi", "fi", False, True),
    Lang("is", "Latin", "is_IS", "is_IS", "is", "is", False, False),
    Lang("pl", "Latin", "pl_PL", "pl_PL", "pl", "pl", True, True),
    Lang("cs", "Latin", "cs_CZ", "cs_CZ", "cs", "cs", True, True),
    Lang("sk", "Latin", "sk_SK", "sk_SK", "sk", "sk", False, True),
    Lang("hu", "Latin", "hu_HU", "hu_HU", "hu", "hu", False, True),
    Lang("ro", "Latin", "ro_RO", "ro_RO", "ro", "ro", False, True),
    Lang("hr", "Latin", "hr_HR", "hr_HR", "hr", "sh", False, True),
    Lang("sl", "Latin", "sl_SI", "sl_SI", "sl", "sl", False, True),
    Lang("tr", "Latin", "tr_TR", "tr_TR", "tr", "tr", False, False),
    Lang("vi", "Latin", "vi_VN", "vi_VN", "vi", "vi", True, True),
    Lang("lt", "Latin", "lt_LT", "lt_LT", "lt", "lt", False, False),
    Lang("lv", "Latin", "lv_LV", "lv_LV", "lv", "lv", False, False),
    Lang("et", "Latin", "et_EE", "et_EE", "et", None, False, False),
    Lang("ru", "Cyrillic", "ru_RU", "ru_RU", "ru", "ru", True, True),
    Lang("uk", "Cyrillic", "uk_UA", "uk_UA", "uk", "uk", True, True),
    Lang("bg", "Cyrillic", "bg_BG", "bg_BG", "bg", "bg", False, False),
    Lang("el", "Greek", "el_GR", "el_GR", "el", "el", True, True),
    Lang("ar", "Arabic", "ar_AA", "ar_SA", "ar", "ar", True, False),
    Lang("fa", "Arabic", "fa_IR", "fa_IR", "fa", "fa", True, True),
    Lang("he", "Hebrew", "he_IL", "he_IL", "he", "he", True, True),
    Lang("hi", "Devanagari", "hi_IN", "hi_IN", "hi", "hi", False, True),
    Lang("th", "Thai", "th_TH", "th_TH", "th", None, True, True),
    Lang("zh-Hans", "Han", "zh_CN", "zh_Hans_CN", "zh_CN", "zh", True, True),
    Lang("zh-Hant", "Han", "zh_TW", "zh_Hant_TW", "zh_TW", None, True, True),
    Lang("ja", "Japanese", "ja_JP", "ja_JP", "ja", "ja", True, True),
    Lang("ko", "Hangul", "ko_KR", "ko_KR", "ko", "ko", False, True),
    Lang("hy", "Armenian", "hy_AM", "hy_AM", "hy", None, True, True),
    Lang("ka", "Georgian", "ka_GE", "ka_GE", "ka", None, False, True),
)

# Added with the second corpus (issue #24): their clean rows are all of the second corpus, so
# the first corpus (``clean-`` rows) is what it was.
ADDED_LANGS: tuple[Lang, ...] = (
    Lang("mk", "Cyrillic", "mk_MK", "mk_MK", "mk", "mk", True, True),
    Lang("az", "Latin", "az_AZ", "az_AZ", "az", None, True, True),
    Lang("id", "Latin", "id_ID", "id_ID", "id", "id", False, True),
    Lang("bn", "Bengali", "bn_BD", "bn_BD", "bn", "bn", True, True),
    Lang("ta", "Tamil", "ta_IN", "ta_IN", "ta", "ta", False, True),
)

LANGS = FIRST_LANGS + ADDED_LANGS

BY_CODE = {lang.code: lang for lang in LANGS}

# Languages whose texts are written with spaces between words.
_NO_SPACES = {"zh-Hans", "zh-Hant", "ja", "th"}


@functools.cache
def _faker(lang: Lang) -> Faker:
    return Faker(lang.faker)


def faker(lang: Lang, seed: int) -> Faker:
    """The language's Faker, re-seeded (one instance per language)."""
    fake = _faker(lang)
    fake.seed_instance(seed)
    return fake


@functools.cache
def words(lang: Lang) -> tuple[str, ...]:
    """Frequent words (wordfreq), longer than one character, alphabetic."""
    if lang.wordfreq is None:
        return ()
    listed = wordfreq.top_n_list(lang.wordfreq, 3000)
    latin = lang.script == "Latin"
    return tuple(w for w in listed if len(w) >= 2 and _is_word(w) and (latin or not w.isascii()))


def _is_word(word: str) -> bool:
    """Letters and combining marks only (Devanagari vowel signs are marks, not letters)."""
    return all(c.isalpha() or unicodedata.category(c).startswith("M") for c in word)


def joiner(lang: Lang) -> str:
    """What stands between two sentences or words of the language: a space, or nothing."""
    return "" if lang.code in _NO_SPACES else " "


def _join(lang: Lang, parts: list[str]) -> str:
    return joiner(lang).join(parts)


def _salad_sentence(lang: Lang, rng: random.Random) -> str:
    pool = words(lang)
    chosen = [rng.choice(pool) for _ in range(rng.randint(5, 12))]
    sentence = _join(lang, chosen)
    return (
        sentence[:1].upper()
        + sentence[1:]
        + ("。" if lang.code in {"ja", "zh-Hans", "zh-Hant"} else ".")
    )


def name(lang: Lang, rng: random.Random) -> str:
    return str(faker(lang, rng.randint(0, 10**9)).name())


def address(lang: Lang, rng: random.Random) -> str | None:
    if not lang.faker_address:
        return None
    return str(faker(lang, rng.randint(0, 10**9)).address()).replace("\n", ", ")


def sentence(lang: Lang, rng: random.Random) -> str | None:
    if lang.faker_lorem:
        fake = faker(lang, rng.randint(0, 10**9))
        return str(fake.sentence(nb_words=rng.randint(6, 14)))
    if words(lang):
        return _salad_sentence(lang, rng)
    return None


def long_document(lang: Lang, rng: random.Random) -> str | None:
    """Several paragraphs: 1,500-4,000 characters (800-2,000 for Chinese and Japanese)."""
    if not lang.faker_lorem and not words(lang):
        return None
    dense = lang.code in {"zh-Hans", "zh-Hant", "ja"}
    target = rng.randint(800, 2000) if dense else rng.randint(1500, 4000)
    paragraphs: list[str] = []
    while sum(len(p) for p in paragraphs) < target:
        if lang.faker_lorem:
            fake = faker(lang, rng.randint(0, 10**9))
            paragraphs.append(str(fake.paragraph(nb_sentences=rng.randint(4, 8))))
        else:
            paragraphs.append(_join(lang, [_salad_sentence(lang, rng) for _ in range(5)]))
    return "\n\n".join(paragraphs)


def _currency(lang: Lang) -> str:
    territory = Locale.parse(lang.babel).territory or "US"
    found = numbers.get_territory_currencies(territory)
    return found[0] if found else "USD"


_UNITS = ("mass-gram", "mass-kilogram", "volume-milliliter", "volume-liter", "length-centimeter")


def product(lang: Lang, rng: random.Random) -> str | None:
    fake = faker(lang, rng.randint(0, 10**9))
    brand = str(fake.last_name())
    pool = words(lang)
    if pool:
        descr = _join(lang, [rng.choice(pool[len(pool) // 10 :]) for _ in range(rng.randint(2, 4))])
    elif lang.faker_lorem:
        descr = _join(lang, [str(w) for w in fake.words(nb=rng.randint(2, 4))])
    else:
        return None
    size = units.format_unit(
        rng.choice((100, 250, 500, 750, 1, 2)), rng.choice(_UNITS), locale=lang.babel
    )
    price = numbers.format_currency(
        rng.randint(99, 99999) / 100, _currency(lang), locale=lang.babel
    )
    sep = rng.choice([" – ", " - ", ", ", " | "])
    return f"{brand} {descr}{sep}{size}{sep}{price}"


def short(lang: Lang, rng: random.Random) -> str | None:
    """A 2-10 character string: a word with non-ASCII letters, a month, a first name."""
    choice = rng.randrange(3)
    if choice == 0 and words(lang):
        non_ascii = [w for w in words(lang) if not w.isascii() and 2 <= len(w) <= 10]
        if non_ascii:
            return rng.choice(non_ascii)
    if choice == 1:
        locale = Locale.parse(lang.babel)
        month = str(locale.months["format"]["wide"][rng.randint(1, 12)])
        if 2 <= len(month) <= 10:
            return month
    first = str(faker(lang, rng.randint(0, 10**9)).first_name())
    return first if 2 <= len(first) <= 10 else None


@functools.cache
def _countries(lang: Lang) -> tuple[str, ...]:
    names: list[str] = []
    if lang.iso_codes is not None:
        try:
            translation = gettext.translation(
                "iso3166-1", pycountry.LOCALES_DIR, languages=[lang.iso_codes]
            )
        except OSError:
            translation = None
        if translation is not None:
            for country in pycountry.countries:
                translated = translation.gettext(country.name)
                if translated != country.name or lang.code == "en":
                    names.append(translated)
    territories = Locale.parse(lang.babel).territories
    names.extend(str(v) for k, v in sorted(territories.items()) if k.isalpha())
    return tuple(sorted(set(names)))


def place(lang: Lang, rng: random.Random) -> str | None:
    pool = _countries(lang)
    return rng.choice(pool) if pool else None


def date(lang: Lang, rng: random.Random) -> str:
    """A date as the language writes it (CLDR's long, full or medium format)."""
    day = datetime.date(1950, 1, 1) + datetime.timedelta(days=rng.randrange(36500))
    return str(dates.format_date(day, rng.choice(("long", "full", "medium")), locale=lang.babel))


def document(lang: Lang, rng: random.Random) -> str | None:
    """A short document: 3-7 sentences or lines (a paragraph, or a name and address block)."""
    parts: list[str] = []
    for _ in range(rng.randint(3, 7)):
        maker = rng.choice((sentence, sentence, sentence, name, address, product))
        part = maker(lang, rng)
        if part is not None:
            parts.append(part)
    if len(parts) < 3:
        return None
    if rng.random() < 0.5:
        return "\n".join(parts)
    return _join(lang, parts)


def two_character_name(lang: Lang, rng: random.Random) -> str | None:
    """A name of two characters, as Chinese, Japanese and Korean names often are: a surname
    and a one-character given name (米艳, 洪磊), a Japanese surname (佐藤) or a Korean given
    name (영희)."""
    fake = faker(lang, rng.randint(0, 10**9))
    if lang.code in ("zh-Hans", "zh-Hant"):
        surname, given = str(fake.last_name()), str(fake.first_name())
        made = surname + given[rng.randrange(len(given))]
    elif lang.code == "ja":
        made = str(fake.last_name() if rng.random() < 0.7 else fake.first_name())
    elif lang.code == "ko":
        made = str(fake.first_name())
    else:
        return None
    return made if len(made) == 2 else None


CATEGORY_MAKERS = {
    "name": name,
    "address": address,
    "sentence": sentence,
    "product": product,
    "short": short,
    "place": place,
    "long": long_document,
}

# Emoji beyond the BMP: four UTF-8 bytes, or two surrogates of three bytes each in CESU-8.
_EMOJI = "😍😂🎉👍🙏😊🔥💯🤔😭🥰🚀🌹🍕"


def with_emoji(lang: Lang, rng: random.Random) -> str | None:
    """A sentence, a name or a word followed by one or two emoji, as in messages and posts."""
    maker = rng.choice((sentence, sentence, name, short))
    text = maker(lang, rng)
    if text is None:
        return None
    return f"{text} {''.join(rng.choice(_EMOJI) for _ in range(rng.randint(1, 2)))}"


# The categories added with the second corpus (issue #24): kept apart so that the first
# corpus's pool, drawn category by category from CATEGORY_MAKERS, is unchanged.
MORE_MAKERS = {
    "date": date,
    "document": document,
    "emoji": with_emoji,
}
