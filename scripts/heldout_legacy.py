"""Recall and false alarms of a legacy misreading on text the detector's rules were not chosen on.

The legacy readers' spelling rules are measured and tuned on this machine's gettext translations
(``scripts/scan_translations.py``): user-interface vocabulary.  This script measures them on
other text of the same languages, deterministically: the corpus's clean rows of those languages
and Faker's names, addresses and sentences (a fixed seed), each encoded with the legacy code page
and read as windows-1252 (``--encoding``), and the same clean text of other languages for false
alarms.

    python scripts/heldout_legacy.py                                   # Turkish (windows-1254)
    python scripts/heldout_legacy.py --encoding windows-1250 --locales cs_CZ,pl_PL,hu_HU,sk_SK

It prints what share of the misread texts ``score`` finds (>= 0.5), what share ``fix`` gives back
exactly, and how many clean texts of ``--clean-locales`` it flags.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from faker import Faker

import mojifix
from mojifix import codecs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from harness import corpus_rows  # noqa: E402  (the benchmark harness, beside the package)

#: Faker's locales that write letters beside ASCII a legacy reader could take for its own.
#: (Estonian, Norwegian, Italian, Slovenian and Croatian since session 10: the windows-1250 rules
#: about ø, õ and final -iè are about what those write.)
CLEAN_LOCALES = ("cs_CZ,sk_SK,is_IS,vi_VN,hu_HU,pl_PL,ro_RO,da_DK,de_DE,fr_FR,es_ES,pt_PT,"
                 "tr_TR,az_AZ,et_EE,no_NO,it_IT,sl_SI,hr_HR")


def faker_texts(locale: str, seed: int) -> list[str]:
    """400 names, 300 addresses (one line) and 300 sentences of *locale*, deterministic."""
    fake = Faker(locale)
    Faker.seed(seed)
    return ([fake.name() for _ in range(400)]
            + [fake.address().replace("\n", ", ") for _ in range(300)]
            + [fake.sentence(nb_words=10) for _ in range(300)])


def corpus_texts(languages: set[str]) -> list[str]:
    """The corpus's clean and negative rows of *languages* (``harness.corpus_rows``)."""
    return [row["text"] for row in corpus_rows(ROOT / "corpus") if row.get("lang") in languages]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--encoding", default="windows-1254", help="the legacy code page")
    parser.add_argument("--locales", default="tr_TR,az_AZ", help="Faker locales written in it")
    parser.add_argument("--clean-locales", default=CLEAN_LOCALES,
                        help="Faker locales whose clean text must not be flagged")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args(argv)

    locales = args.locales.split(",")
    texts = corpus_texts({loc.split("_")[0] for loc in locales})
    for locale in locales:
        texts += faker_texts(locale, args.seed)
    misread = []
    for text in dict.fromkeys(texts):
        try:
            damaged = codecs.decode(codecs.encode(text, args.encoding), "windows-1252", "strict")
        except (UnicodeError, LookupError):
            continue  # not writable in that code page
        if damaged != text:
            misread.append((text, damaged))
    found = [(t, d) for t, d in misread if mojifix.score(d) >= 0.5]
    exact = sum(mojifix.fix(d) == t for t, d in found)
    print(f"{args.encoding} read as windows-1252, {len(misread)} texts of {args.locales} "
          f"(corpus and Faker, seed {args.seed}): found {len(found) / len(misread):.1%}, "
          f"repaired exactly {exact / len(misread):.1%}")
    for locale in args.clean_locales.split(","):
        clean = [t for t in faker_texts(locale, args.seed + 2) if not t.isascii()]
        flagged = [t for t in clean if mojifix.score(t) >= 0.5]
        print(f"  clean {locale}: {len(flagged)} of {len(clean)} non-ASCII texts flagged"
              + (f" ({flagged[0]!r} ...)" if flagged else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
