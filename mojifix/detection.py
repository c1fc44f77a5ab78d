"""Detect the encoding of bytes that declare none, by the text each candidate decodes to.

Browsers guess with a detector: Firefox with chardetng, which also weighs the page's
top-level domain. mojifix asks three witnesses and lets the decoded text decide:

1. **chardetng** (through the Rust core), under the caller's domain (``tld``, or the one of the
   ``locale``), and under one domain of every region it knows: the encodings a browser
   somewhere would read the bytes in;
2. **charset-normalizer**, restricted to the Encoding Standard's encodings, as a second opinion
   when the choice without it is close (it costs more than the rest together);
3. the **relatives** of every encoding they name (the standard's other encodings for the same
   script: macintosh and ISO-8859-15 beside windows-1252, KOI8-U and x-mac-cyrillic beside
   windows-1251...), which neither detector may answer.

Each candidate's decoding is then costed by the core's model of real text (``text_cost``,
over the words that hold non-ASCII bytes, where decodings differ) plus a cost per malformed
byte sequence, minus a small credit for each witness that named it. The cheapest wins: the
credits only break near-ties, so no fixed preference overrides text that reads clearly
better. The credits and the penalty are fitted on the train split of the corpus of undeclared
pages (``corpus/undeclared``); ``benchmarks/RESULTS.md`` reports the test split.

>>> page = "<p>Příliš žluťoučký kůň úpěl ďábelské ódy.</p>".encode("cp1250")
>>> found = detect(page)
>>> found.encoding, found.confidence
('windows-1250', 'high')
>>> found.notes[0]
'chardetng: windows-1250'
>>> detect("<p>商品一覧。価格は税込みです。</p>".encode("shift_jis"), tld="jp").encoding
'Shift_JIS'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from mojifix._core import detection as _core_detection
from mojifix.labels import lookup

__all__ = [
    "CONFIDENCE_MARGINS",
    "RELATIVES",
    "Detection",
    "Evidence",
    "Weights",
    "candidates_for",
    "choose",
    "consult",
    "detect",
    "gather",
    "normalizer_answer",
]


@dataclass(frozen=True)
class Detection:
    """What :func:`detect` found.

    ``encoding``
        The WHATWG name of the chosen encoding.
    ``confidence``
        ``"high"``, ``"medium"`` or ``"low"``: how far the next decoding that reads
        differently was behind (see :data:`CONFIDENCE_MARGINS`).
    ``margin``
        How many nats the runner-up (the best candidate that reads the bytes differently)
        was behind: ``inf`` when every candidate reads them alike.
    ``notes``
        What each witness answered, and the runner-up.
    """

    encoding: str
    confidence: str
    margin: float
    notes: tuple[str, ...]


#: Encodings of the Encoding Standard that write the same script, in the order a tie between
#: identical decodings goes (the commoner name first).
RELATIVES: Final[tuple[tuple[str, ...], ...]] = (
    (
        "windows-1252", "ISO-8859-15", "macintosh", "windows-1250", "ISO-8859-2",
        "ISO-8859-16", "windows-1254", "windows-1257", "ISO-8859-13", "ISO-8859-4",
        "windows-1258", "ISO-8859-3", "ISO-8859-10", "ISO-8859-14",
    ),
    ("windows-1251", "KOI8-R", "KOI8-U", "ISO-8859-5", "IBM866", "x-mac-cyrillic"),
    ("windows-1253", "ISO-8859-7"),
    ("windows-1255", "ISO-8859-8"),
    ("windows-1256", "ISO-8859-6"),
    ("windows-874",),
    ("Shift_JIS", "EUC-JP", "GBK", "Big5", "EUC-KR"),
)  # fmt: skip
_RELATIVES_OF: Final[Mapping[str, tuple[str, ...]]] = {
    name: group for group in RELATIVES for name in group
}

#: Credits in nats (subtracted from a decoding's cost) for each witness that named the
#: encoding, and the cost of a malformed byte sequence: fitted on the corpus's train split
#: (``scripts/bench_undeclared.py --fit``).
CHARDETNG_CREDIT: Final = 1.5
REGIONAL_CREDIT: Final = 0.0
NORMALIZER_CREDIT: Final = 1.0
LOCALE_CREDIT: Final = 2.0
MALFORMED_COST: Final = 10.0
#: charset-normalizer is asked only when the choice without it is closer than this (nats):
#: asking it always, or below 4, 8 or 16 nats, gave as many right choices on the train
#: split, where it was asked for 7 % of the pages below 8 nats. 8 is the "high" margin.
CONSULT_BELOW: Final = 8.0
#: How much the language cost of a decoding's letters (letters no one language writes
#: together) counts beside its text cost.
LANGUAGE_WEIGHT: Final = 2.0

#: How many nats the runner-up must be behind for a ``"high"``, else a ``"medium"``
#: confidence; closer is ``"low"``. On the train split (pages with and without a locale
#: hint), 100 % of the 1,922 choices 8 nats ahead or more were right, 95 % of the 66 between
#: 4 and 8, 69 % of the 78 closer ones (``scripts/bench_undeclared.py --fit``).
CONFIDENCE_MARGINS: Final = (8.0, 4.0)

#: The Python codecs charset-normalizer may try, one per WHATWG encoding it can stand for:
#: the Windows code pages are what the WHATWG decoders implement (cp932 for Shift_JIS, cp949
#: for EUC-KR, gb18030 for GBK). Not ISO-8859-16: charset-normalizer, trained on modern text
#: like the model, prefers its comma-below Romanian letters to the cedilla ones of every
#: Romanian legacy page, so it is no second opinion there (ISO-8859-16 stays a candidate as a
#: relative of ISO-8859-2).
NORMALIZER_CODECS: Final[Mapping[str, str]] = {
    "cp1252": "windows-1252",
    "cp1250": "windows-1250",
    "cp1251": "windows-1251",
    "cp1253": "windows-1253",
    "cp1254": "windows-1254",
    "cp1255": "windows-1255",
    "cp1256": "windows-1256",
    "cp1257": "windows-1257",
    "cp1258": "windows-1258",
    "cp874": "windows-874",
    "iso8859_2": "ISO-8859-2",
    "iso8859_4": "ISO-8859-4",
    "iso8859_5": "ISO-8859-5",
    "iso8859_6": "ISO-8859-6",
    "iso8859_7": "ISO-8859-7",
    "iso8859_8": "ISO-8859-8",
    "iso8859_13": "ISO-8859-13",
    "iso8859_15": "ISO-8859-15",
    "koi8_r": "KOI8-R",
    "koi8_u": "KOI8-U",
    "cp866": "IBM866",
    "mac_roman": "macintosh",
    "mac_cyrillic": "x-mac-cyrillic",
    "cp932": "Shift_JIS",
    "euc_jp": "EUC-JP",
    "gb18030": "GBK",
    "big5": "Big5",
    "cp949": "EUC-KR",
}

#: Python codec names charset-normalizer reports that are not WHATWG labels.
_PYTHON_NAMES: Final[Mapping[str, str]] = {
    **NORMALIZER_CODECS,
    "shift_jis": "Shift_JIS",
    "ms932": "Shift_JIS",
    "euc_kr": "EUC-KR",
    "big5hkscs": "Big5",
    "cp950": "Big5",
    "gbk": "GBK",
    "gb2312": "GBK",
    "cp936": "GBK",
    "latin_1": "windows-1252",
    "iso8859_9": "windows-1254",
    "iso8859_11": "windows-874",
    "tis_620": "windows-874",
}

#: Results no detection may give: not ASCII-compatible, or not for text.
_NOT_DETECTABLE: Final = frozenset({"replacement", "UTF-16BE", "UTF-16LE", "x-user-defined"})

#: charset-normalizer's ``TOO_BIG_SEQUENCE`` (10 MB): from this length it checks single-byte
#: candidates on the first 500 KB only, so every codec stays a candidate.
_NORMALIZER_BIG: Final = 10_000_000


def _whatwg_name(python_name: str) -> str | None:
    """The WHATWG name of a codec name charset-normalizer reports, if it has one."""
    name = _PYTHON_NAMES.get(python_name) or lookup(python_name.replace("_", "-"))
    return None if name is None or name in _NOT_DETECTABLE else name


def _decodable(data: bytes) -> list[str]:
    """The codecs of :data:`NORMALIZER_CODECS` that decode *data* without an error.

    charset-normalizer drops the others itself, with the same strict decode, but only after
    normalising every name it is given (a Python loop over ~330 aliases a name).
    """
    if len(data) >= _NORMALIZER_BIG:
        return list(NORMALIZER_CODECS)
    decodable = []
    for codec in NORMALIZER_CODECS:
        try:
            str(data, codec)
        except UnicodeDecodeError:
            continue
        decodable.append(codec)
    return decodable


def normalizer_answer(data: bytes) -> list[str]:
    """charset-normalizer's best answer, as WHATWG names: the encoding and those that read
    the bytes the same (``could_be_from_charset``); empty if it finds nothing.

    >>> normalizer_answer("Привет, как у вас дела сегодня?".encode("cp1251"))[:1]
    ['windows-1251']
    """
    from charset_normalizer import from_bytes

    codecs = _decodable(data)
    if not codecs:  # (an empty cp_isolation would mean "every encoding")
        return []
    best = from_bytes(
        data, steps=5, chunk_size=512, cp_isolation=codecs, preemptive_behaviour=False
    ).best()
    if best is None:
        return []
    names: list[str] = []
    for python_name in (best.encoding, *best.could_be_from_charset):
        name = _whatwg_name(python_name)
        if name is not None and name not in names:
            names.append(name)
    return names


#: Costed candidates: ``(name, cost, language cost, malformed sequences, digest)`` each.
Candidates = tuple[tuple[str, float, float, int, int], ...]


@dataclass(frozen=True)
class Evidence:
    """What the witnesses said of some bytes, and what each candidate decodes them to.

    ``chardetng``: its guess for the caller's domain; ``regional``: its guesses for the other
    regions (:data:`REGIONAL_TLDS` of the core); ``normalizer``: charset-normalizer's answer
    and the encodings that read the bytes alike (None: not asked); ``preferred``: the locale's
    default; ``candidates``: every encoding costed, as ``(name, cost, language cost, malformed
    sequences, digest)``: the model's cost in nats of the words that hold non-ASCII bytes,
    decoded, the cost of their letters in the language that writes them most cheaply, and a
    hash of their text (equal for encodings that read them alike).
    """

    chardetng: str
    regional: tuple[str, ...]
    normalizer: tuple[str, ...] | None
    preferred: str | None
    candidates: Candidates


@dataclass(frozen=True)
class Weights:
    """The credits (nats subtracted from a decoding's cost) for each witness that named an
    encoding, the cost of a malformed byte sequence and the weight of the language cost; and
    the margin below which charset-normalizer is asked. The defaults are fitted on the
    corpus's train split (``scripts/bench_undeclared.py --fit``)."""

    chardetng: float = CHARDETNG_CREDIT
    regional: float = REGIONAL_CREDIT
    normalizer: float = NORMALIZER_CREDIT
    preferred: float = LOCALE_CREDIT
    malformed: float = MALFORMED_COST
    language: float = LANGUAGE_WEIGHT
    consult_below: float = CONSULT_BELOW

    def reach(self, regional: int) -> tuple[float, float, float] | None:
        """The weights of the language cost and of a malformed sequence, and the most every
        witness together can take off one reading (with *regional* regional guesses): what
        the core needs to give up on candidates that can be neither the choice nor the
        runner-up. None when a weight below 0 could make a cost smaller than its words'.

        >>> Weights(chardetng=1.0, regional=0.5, normalizer=2.0, preferred=3.0).reach(2)[2]
        7.0
        """
        if self.language < 0 or self.malformed < 0:
            return None
        credits = (self.chardetng, self.normalizer, self.preferred, self.regional * regional)
        return (self.language, self.malformed, sum(max(c, 0.0) for c in credits))


def _costed(
    data: bytes, names: list[str], utf16: bool, reach: tuple[float, float, float] | None = None
) -> Candidates:
    # UTF-16 decodes every byte differently: with it, every candidate is costed on the whole
    # prefix. A candidate given up on costs infinity, and reads alike no other.
    costs = _core_detection.decoding_costs(data, names, utf16, reach)
    return tuple(
        (name, *cost) if cost is not None else (name, math.inf, 0.0, 0, -1 - index)
        for index, (name, cost) in enumerate(zip(names, costs, strict=True))
    )


def gather(
    data: bytes,
    *,
    tld: str | None = None,
    preferred: str | None = None,
    utf16: bool = False,
    weights: Weights | None = Weights(),
) -> Evidence:
    """Ask chardetng about *data* and cost every candidate it leads to (with the locale's
    default and its relatives); charset-normalizer is left to :func:`consult`.

    A candidate that cannot be the choice or the runner-up under *weights* (whatever
    charset-normalizer says) costs infinity: its words are not costed to the end. With
    ``weights=None`` every candidate is costed (to fit the weights)."""
    guess, regional = _core_detection.chardetng_guesses(data, tld)
    others = tuple(name for _, name in regional if name != guess)
    candidates = candidates_for([guess, *others, *([preferred] if preferred else [])])
    if utf16 and len(data) % 2 == 0:
        candidates += ["UTF-16LE", "UTF-16BE"]
    reach = None if weights is None or utf16 else weights.reach(len(others))
    return Evidence(guess, others, None, preferred, _costed(data, candidates, utf16, reach))


def consult(evidence: Evidence, data: bytes, *, utf16: bool = False) -> Evidence:
    """*evidence* with charset-normalizer's answer, and its candidates costed too."""
    normalizer = tuple(normalizer_answer(data))
    known = {name for name, *_ in evidence.candidates}
    new = [name for name in candidates_for(normalizer) if name not in known]
    added = _costed(data, new, utf16) if new else ()
    return replace(evidence, normalizer=normalizer, candidates=evidence.candidates + added)


def choose(evidence: Evidence, weights: Weights = Weights()) -> Detection:
    """The cheapest candidate of *evidence*, witnesses' credits taken off, and the notes."""
    credits: dict[str, float] = {evidence.chardetng: weights.chardetng}
    for name in evidence.regional:
        credits[name] = credits.get(name, 0.0) + weights.regional
    for name in (evidence.normalizer or ())[:1]:
        credits[name] = credits.get(name, 0.0) + weights.normalizer
    if evidence.preferred is not None:
        credits[evidence.preferred] = credits.get(evidence.preferred, 0.0) + weights.preferred
    # Candidates that read the bytes alike (the same decoded text, as windows-1252 and
    # ISO-8859-15 on text without € or Š) are one reading, with every credit its names earn,
    # named by the locale's default if it is one of them, else by its first candidate (the
    # commoner name, as ordered in RELATIVES).
    readings: dict[tuple[int, int], tuple[float, int, str, float]] = {}
    for index, (name, cost, language, malformed, digest) in enumerate(evidence.candidates):
        own = cost + weights.language * language + weights.malformed * malformed
        first = readings.get((digest, malformed), (own, index, name, 0.0))
        named = name if name == evidence.preferred else first[2]
        readings[digest, malformed] = (own, first[1], named, first[3] + credits.get(name, 0.0))
    ranked = sorted((own - earned, index, name) for own, index, name, earned in readings.values())
    total, _, chosen = ranked[0]
    runner_up = ranked[1] if len(ranked) > 1 else None
    margin = float("inf") if runner_up is None else runner_up[0] - total
    notes = [f"chardetng: {evidence.chardetng}"]
    if evidence.regional:
        notes.append(f"chardetng for other regions: {', '.join(evidence.regional)}")
    normalizer = evidence.normalizer
    if normalizer is None:
        notes.append("charset-normalizer: not asked (a clear choice without it)")
    else:
        notes.append(
            f"charset-normalizer: {normalizer[0] if normalizer else 'nothing'}"
            + (f" (or {', '.join(normalizer[1:4])})" if len(normalizer) > 1 else "")
        )
    if runner_up is None:
        notes.append(f"chose {chosen}: every candidate reads the bytes alike")
    else:
        notes.append(
            f"chose {chosen} by the decoded text, {margin:.1f} nats ahead of {runner_up[2]}"
        )
    return Detection(chosen, _confidence(margin), margin, tuple(notes))


def detect(
    data: bytes,
    *,
    tld: str | None = None,
    preferred: str | None = None,
    utf16: bool = False,
) -> Detection:
    """Choose the encoding of undeclared, non-ASCII *data* that is not valid UTF-8.

    *tld* is the domain the bytes came from (``"jp"``, ``"example.co.kr"``), *preferred* the
    encoding the user's locale defaults to; both only weigh in near-ties. With ``utf16`` the
    BOM-less UTF-16LE and UTF-16BE are candidates too (no browser sniffs them).

    >>> detect("Съешь же ещё этих мягких французских булок".encode("koi8-r")).encoding
    'KOI8-R'
    >>> detect("Ça va, très bien.".encode("mac_roman")).encoding
    'macintosh'
    >>> detect("Grüße aus Köln".encode("utf-16-le"), utf16=True).encoding
    'UTF-16LE'
    """
    evidence = gather(data, tld=tld, preferred=preferred, utf16=utf16)
    found = choose(evidence)
    if found.margin >= CONSULT_BELOW:
        return found
    return choose(consult(evidence, data, utf16=utf16))


def _confidence(margin: float) -> str:
    """The confidence a margin (nats between the choice and the runner-up) earns.

    >>> _confidence(40.0), _confidence(5.0), _confidence(2.5)
    ('high', 'medium', 'low')
    """
    high, medium = CONFIDENCE_MARGINS
    return "high" if margin >= high else "medium" if margin >= medium else "low"


def candidates_for(names: Sequence[str]) -> list[str]:
    """Every encoding of *names*' script groups (:data:`RELATIVES`), each once.

    >>> candidates_for(["windows-1253"])
    ['windows-1253', 'ISO-8859-7']
    """
    out: list[str] = []
    for name in names:
        for relative in _RELATIVES_OF.get(name, (name,)):
            if relative not in out and relative not in _NOT_DETECTABLE:
                out.append(relative)
    return out
