#!/usr/bin/env python
"""Write ``corpus/undeclared/texts.jsonl``: the texts of the undeclared-pages corpus (issue #26).

    python scripts/make_undeclared_corpus.py          # rewrite the file
    python scripts/make_undeclared_corpus.py --check  # exit 1 if it is not what this makes

The texts are the model's *test* items (:func:`scripts.model.texts.split_of` with the model's
seed), so that the model of real text, which chooses between decodings, has never seen them:
wordfreq's sentences for the languages it has, else Faker's and CLDR's (via Babel) strings.
They are cut to :data:`BUDGET` characters a language and split again, by a hash of the text,
into this corpus's ``train`` (to choose anything tunable) and ``test`` (to report). The pages
themselves are made from these texts by ``scripts/corpus/undeclared.py``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.corpus.undeclared import LEGACY, TEXTS  # noqa: E402
from scripts.model import texts as model_texts  # noqa: E402

#: Characters of text kept per language (both splits).
BUDGET = 16_000

#: Where each language's text comes from when wordfreq does not have it: Faker locales and
#: CLDR locales (the model's language keys are what ``split_of`` hashes).
OTHER_SOURCES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "sq": (("sq_AL",), ("sq",)),
    "af": ((), ("af",)),
    "eu": ((), ("eu",)),
    "gl": ((), ("gl",)),
    "sw": (("sw",), ("sw",)),
    "fo": ((), ("fo",)),
    "ga": (("ga_IE",), ("ga",)),
    "cy": ((), ("cy",)),
    "mt": (("mt_MT",), ("mt",)),
    "eo": ((), ("eo",)),
    "hr": (("hr_HR",), ("hr",)),
    "et": (("et_EE",), ("et",)),
    "be": ((), ("be",)),
    "sr": ((), ("sr",)),
    "az": (("az_AZ",), ("az",)),
    "th": (("th_TH",), ("th",)),
    "zh-Hant": (("zh_TW",), ("zh_Hant",)),
    "ka": (("ka_GE",), ("ka",)),
    "hy": (("hy_AM",), ("hy",)),
}


def _usable(text: str) -> bool:
    """Text a page would hold: no U+FFFD, composed, not shouted, some letters."""
    return (
        "\ufffd" not in text
        and unicodedata.normalize("NFC", text) == text
        and not text.isupper()
        and any(c.isalpha() for c in text)
        and "\n" not in text
    )


def _model_test(items: Iterator[model_texts.Item]) -> Iterator[str]:
    for item in items:
        if model_texts.split_of(item.source, item.lang, item.text) == "test" and _usable(item.text):
            yield item.text


def language_texts(lang: str) -> list[str]:
    """Up to :data:`BUDGET` characters of the model's test text in *lang*, in order."""
    if lang in OTHER_SOURCES:
        locales, cldr = OTHER_SOURCES[lang]
        streams = [_model_test(model_texts.faker_items(locale, 0)) for locale in locales]
        streams += [_model_test(model_texts.cldr_items(code, 0)) for code in cldr]
    else:
        streams = [_model_test(model_texts.wordfreq_items(lang, 0))]
    chosen: list[str] = []
    seen: set[str] = set()
    total = 0
    # Take from the sources in turn, so that each one is in the budget.
    active = list(streams)
    while active and total < BUDGET:
        for stream in list(active):
            text = next(stream, None)
            if text is None:
                active.remove(stream)
                continue
            if text not in seen:
                seen.add(text)
                chosen.append(text)
                total += len(text)
    return chosen


def split_of(lang: str, text: str) -> str:
    """This corpus's split of a text: half ``train``, half ``test``, by a hash."""
    digest = hashlib.sha256(f"{lang}\0{text}".encode()).digest()
    return "test" if digest[0] % 2 else "train"


def rows() -> list[str]:
    lines = []
    for lang in LEGACY:
        for text in language_texts(lang):
            row = {"lang": lang, "split": split_of(lang, text), "text": text}
            lines.append(json.dumps(row, ensure_ascii=False))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    args = parser.parse_args()
    made = "\n".join(rows()) + "\n"
    if args.check:
        same = TEXTS.read_text(encoding="utf-8") == made
        print("corpus/undeclared/texts.jsonl is " + ("up to date" if same else "out of date"))
        return 0 if same else 1
    TEXTS.parent.mkdir(parents=True, exist_ok=True)
    TEXTS.write_text(made, encoding="utf-8")
    print(f"wrote {TEXTS.relative_to(ROOT)}: {made.count(chr(10))} texts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
