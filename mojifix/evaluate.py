"""``mojifix eval``: measure mojifix on the labelled corpus, beside ftfy.

The corpus (``corpus/*.jsonl`` at the root of the repository, documented in
``corpus/README.md``) holds rows of clean text, hand-written hard negatives and
damaged text, each damaged row labelled with its kind of mojibake, the text a
perfect repairer gives back (``original``) and the exact mechanism that made it
(``mechanism``: a list of layers, each "encode with X, decode with Y").

This module has three parts:

- the mechanism: :func:`damage` applies a list of layers to a text, and
  :func:`recover` inverts them (what a perfect repairer can get back, with
  U+FFFD where bytes were lost);
- the corpus: :func:`load_corpus` reads and :func:`validate_row` checks rows;
- the measurement: :func:`evaluate` computes per-kind repair and detection
  figures for mojifix and ftfy, and :func:`main` prints them (text, ``--json``
  or ``--markdown``).

>>> layer = {"encode": "UTF-8", "decode": "python:latin-1"}
>>> damage("Café", [layer])
'CafÃ©'
>>> recover("CafÃ©", [layer])
'Café'
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

__all__ = [
    "CATEGORIES",
    "CORPUS_FILES",
    "FIELDS",
    "ROW_KINDS",
    "CorpusError",
    "damage",
    "evaluate",
    "find_corpus",
    "load_corpus",
    "load_targets",
    "main",
    "recover",
    "render_markdown",
    "roc_auc",
    "row_groups",
    "target_of",
    "validate_row",
]

# ---------------------------------------------------------------------------
# Corpus schema
# ---------------------------------------------------------------------------

#: The corpus files, in the order they are read.
CORPUS_FILES = ("clean.jsonl", "negatives.jsonl", "damaged.jsonl", "real-world.jsonl")

#: Every row has these fields (``None`` where a field does not apply).
FIELDS: dict[str, tuple[type, ...]] = {
    "id": (str,),
    "text": (str,),
    "original": (str,),
    "true_original": (str,),
    "kind": (str,),
    "encoded_as": (str, type(None)),
    "decoded_as": (str, type(None)),
    "lang": (str,),
    "script": (str,),
    "category": (str,),
    "lossless": (bool,),
    "layers": (int,),
    "mechanism": (list,),
    "split": (str,),
    "source": (str,),
}

#: Kinds that are not mojibake.
CLEAN_KINDS = ("clean", "negative")

#: The mojibake kinds of ``docs/ARCHITECTURE.md`` (kept here too so that the
#: corpus can be checked while ``mojifix.detect`` is being rewritten).
MOJIBAKE_KINDS = (
    "utf-8-as-single-byte",
    "utf-8-as-multi-byte",
    "legacy-as-legacy",
    "multi-layer",
    "jis-variant",
    "lost",
)

#: Every value the ``kind`` field may take.
ROW_KINDS = CLEAN_KINDS + MOJIBAKE_KINDS

#: Every value the ``category`` field may take.
CATEGORIES = (
    "name",
    "address",
    "sentence",
    "product",
    "short",
    "long",
    "place",
    "mixed",
    "symbols",
    "code",
    "subject",
    "log",
    "title",
    "date",
    "document",
)

#: The corpus's splits: ``train`` and ``dev`` for choosing rules, models and thresholds,
#: ``test`` for reporting (``corpus/README.md`` says how a row's split is drawn).
SPLITS = ("train", "dev", "test")

#: What a layer may do to the decoded text after decoding (``"after"``): what text pipelines
#: do to mojibake once it exists.  NBSP becomes a plain space (``str.split()``, HTML-to-text),
#: maybe with runs of spaces collapsed; U+FFFD becomes "?" (a later encode with replacement).
AFTER_STEPS: dict[str, Callable[[str], str]] = {
    "nbsp-as-space": lambda text: text.replace("\N{NO-BREAK SPACE}", " "),
    "nbsp-as-space-collapsed": lambda text: re.sub(
        " {2,}", " ", text.replace("\N{NO-BREAK SPACE}", " ")
    ),
    "fffd-as-question-mark": lambda text: text.replace("\N{REPLACEMENT CHARACTER}", "?"),
}

# ---------------------------------------------------------------------------
# The mechanism: layers of "encode with X, decode with Y"
# ---------------------------------------------------------------------------

#: A layer is a mapping with ``encode`` and ``decode`` (codec names), and
#: optionally ``start``/``end`` (only that slice of the text goes through the
#: layer: a damaged name inside a clean address), ``errors`` (for
#: ``python:`` decoders; WHATWG decoders always replace, as browsers do) and
#: ``after`` (a step of :data:`AFTER_STEPS` applied to the decoded slice).
#: Codec names are WHATWG names (``windows-1252``, ``Shift_JIS``, ``UTF-8``),
#: decoded with :func:`mojifix.codecs.decode`, or ``python:<codec>`` for
#: Python's own codecs (``python:latin-1`` is what databases and Python do
#: with ``latin-1``; ``python:cp437`` is DOS; ``python:shift_jis`` is the
#: strict JIS table), or ``CESU-8`` (:data:`CESU_8`).
Layer = Mapping[str, Any]

Decoder = Callable[[bytes, str, str], str]
Encoder = Callable[[str, str], bytes]


def _whatwg_decode(data: bytes, encoding: str, errors: str) -> str:
    from mojifix import codecs as whatwg

    return whatwg.decode(data, encoding, errors)


def _whatwg_encode(text: str, encoding: str) -> bytes:
    from mojifix import codecs as whatwg

    return whatwg.encode(text, encoding)


#: CESU-8 (what Java, MySQL's utf8mb3 and Oracle write): UTF-8 in which a character beyond the
#: BMP is its two UTF-16 surrogates, each encoded as three bytes ("😍" is ED A0 BD ED B8 8D).
CESU_8 = "CESU-8"


def _cesu8_encode(text: str) -> bytes:
    """The CESU-8 bytes of *text*.

    >>> _cesu8_encode("😍").hex(" ")
    'ed a0 bd ed b8 8d'
    """
    surrogates = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    units = "".join(
        chr(0xD800 + ((ord(c) - 0x10000) >> 10)) + chr(0xDC00 + ((ord(c) - 0x10000) & 0x3FF))
        if ord(c) > 0xFFFF
        else c
        for c in surrogates
    )
    return units.encode("utf-8", "surrogatepass")


def _cesu8_decode(data: bytes) -> str:
    try:
        units = data.decode("utf-8", "surrogatepass")
        return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeError:
        return data.decode("utf-8", "replace")


def _decode(data: bytes, name: str, errors: str, whatwg_decode: Decoder) -> str:
    if name == CESU_8:
        return _cesu8_decode(data)
    if name.startswith("python:"):
        return data.decode(name[len("python:") :], errors)
    return whatwg_decode(data, name, "replace")


def _encode(text: str, name: str, whatwg_encode: Encoder) -> bytes:
    if name == CESU_8:
        return _cesu8_encode(text)
    if name.startswith("python:"):
        return text.encode(name[len("python:") :], "strict")
    return whatwg_encode(text, name)


def _span(layer: Layer, text: str) -> tuple[int, int]:
    start = layer.get("start")
    end = layer.get("end")
    return (0 if start is None else int(start), len(text) if end is None else int(end))


def damage(
    text: str,
    layers: Sequence[Layer],
    *,
    decode: Decoder = _whatwg_decode,
    encode: Encoder = _whatwg_encode,
) -> str:
    """Apply each layer in turn: encode (a slice of) the text with X, decode it with Y.

    ``decode``/``encode`` are the WHATWG codec functions (by default those of
    :mod:`mojifix.codecs`); ``python:`` names always use Python's codecs.

    >>> damage("Привет", [{"encode": "UTF-8", "decode": "python:cp1251"}])
    'РџСЂРёРІРµС‚'
    >>> damage("a Café b", [{"encode": "UTF-8", "decode": "python:latin-1", "start": 2, "end": 6}])
    'a CafÃ© b'
    >>> damage("voilà le", [{"encode": "UTF-8", "decode": "windows-1252",
    ...                       "after": "nbsp-as-space-collapsed"}])
    'voilÃ le'
    """
    for layer in layers:
        text = _apply(text, layer, decode, encode)[0]
    return text


def _apply(text: str, layer: Layer, decode: Decoder, encode: Encoder) -> tuple[str, int, int, str]:
    """One layer: the new text, the damaged slice's start and end in it, and that slice as
    decoded (before the layer's ``after`` step)."""
    start, end = _span(layer, text)
    raw = _encode(text[start:end], str(layer["encode"]), encode)
    decoded = _decode(raw, str(layer["decode"]), str(layer.get("errors", "replace")), decode)
    after = layer.get("after")
    shown = decoded if after is None else AFTER_STEPS[str(after)](decoded)
    return text[:start] + shown + text[end:], start, start + len(shown), decoded


_FFFD = "\N{REPLACEMENT CHARACTER}"
_FFFD_RUN = re.compile(_FFFD + "+")


def collapse_replacements(text: str) -> str:
    """Collapse every run of U+FFFD into one (how lossy rows are compared).

    >>> collapse_replacements("a\\ufffd\\ufffdb")
    'a\\ufffdb'
    """
    return _FFFD_RUN.sub(_FFFD, text)


def holds_only_losses(text: str) -> bool:
    """Does *text* hold nothing a misreading wrote: only ASCII and U+FFFD? Then no repair can
    undo anything, and the text is lost data, which `fix` leaves as it is unless asked.

    >>> holds_only_losses("12\ufffd\ufffd"), holds_only_losses("1960綛\ufffd")
    (True, False)
    """
    return all(c.isascii() or c == _FFFD for c in text)


def only_marks_losses(original: str, true_original: str) -> bool:
    """Is *original* (a lossy row's label) *true_original* with some runs of it replaced by
    one U+FFFD each, and nothing else changed? A label that invents a character is no label:
    the corpus keeps no such row.

    >>> only_marks_losses("\ufffd化\ufffd", "文字化け")
    True
    >>> only_marks_losses("中\ufffd于i", "中华人民")
    False
    """
    if _FFFD in true_original:
        return original == true_original
    pattern = ".+?".join(re.escape(part) for part in original.split(_FFFD))
    return re.fullmatch(pattern, true_original, flags=re.DOTALL) is not None


def recover(
    text: str,
    layers: Sequence[Layer],
    *,
    decode: Decoder = _whatwg_decode,
    encode: Encoder = _whatwg_encode,
    true_original: str | None = None,
) -> str:
    """Invert the layers: what a perfect repairer gets back from *text*.

    Layers are undone last first: the text is split at each U+FFFD (bytes lost
    there), each piece is encoded with Y and decoded with X (with replacement:
    a sequence cut by a lost byte becomes U+FFFD), and the pieces are joined
    with U+FFFD; runs of U+FFFD are then collapsed into one.  For a lossless
    damage this gives the true original back exactly.

    Layers with a ``start``/``end`` slice or an ``after`` step need *true_original*: the
    slice's length after damage, and which spaces were NBSP or which "?" were U+FFFD, are
    found by re-applying the layers to it (a perfect repairer reads them from the context).

    >>> recover("Caf\\ufffd", [{"encode": "UTF-8", "decode": "python:ascii", "errors": "replace"}])
    'Caf\\ufffd'
    >>> recover("voilÃ le", [{"encode": "UTF-8", "decode": "windows-1252",
    ...                       "after": "nbsp-as-space-collapsed"}], true_original="voilà le")
    'voilà le'
    """
    # Per layer: the damaged slice in the text after that layer, and the slice as decoded
    # before the layer's ``after`` step (None: the slice is undone as it reads).
    replay: list[tuple[tuple[int, int] | None, str | None, str | None]] = []
    if any(
        layer.get(key) is not None for layer in layers for key in ("start", "end", "after")
    ):
        if true_original is None:
            raise ValueError(
                "recover() needs true_original for layers with a start/end slice or an after step"
            )
        current = true_original
        for layer in layers:
            current, start, end, as_decoded = _apply(current, layer, decode, encode)
            if layer.get("after") is None:
                replay.append(((start, end), None, None))
            else:
                replay.append(((start, end), current[start:end], as_decoded))
        if current != text:
            raise ValueError("the layers applied to true_original do not give this text")
    else:
        replay = [(None, None, None)] * len(layers)
    for layer, (span, shown, decoded) in zip(reversed(layers), reversed(replay), strict=True):
        start, end = span if span is not None else (0, len(text))
        damaged = text[start:end]
        if decoded is not None and damaged == shown:
            damaged = decoded  # the slice before the after step: NBSP and U+FFFD where they were
        pieces = damaged.split(_FFFD)
        undone = []
        for piece in pieces:
            if not piece:
                undone.append("")
                continue
            undone.append(_undo_piece(piece, layer, decode, encode))
        text = text[:start] + _FFFD.join(undone) + text[end:]
    return collapse_replacements(text)


@functools.cache
def _other_byte_sequences(char: str, decoder: str) -> tuple[bytes, ...]:
    """The byte sequences the WHATWG *decoder* reads as *char* besides the one its encoder
    writes: Shift_JIS reads ED 82 (NEC's selection of IBM's extensions) as 墲, which it writes
    FA 9E; gb18030 reads the single byte 80 as the euro sign, which it writes A2 E3.  A perfect
    repairer knows every sequence that decodes to a character.

    >>> _other_byte_sequences("墲", "Shift_JIS"), _other_byte_sequences("é", "windows-1252")
    ((b'\\xed\\x82',), ())
    """
    from mojifix import codecs as whatwg

    try:
        written = whatwg.encode(char, decoder)
    except (UnicodeEncodeError, ValueError):
        written = b""
    return tuple(s for s in whatwg.byte_sequences(char, decoder) if s != written)


def _undo_piece(piece: str, layer: Layer, decode: Decoder, encode: Encoder) -> str:
    """Undo one layer on a piece of text with no U+FFFD in it.

    Where the decoder reads several byte sequences as one character, each is tried, one
    character at a time, and kept where the piece decodes with fewer U+FFFD, as a perfect
    repairer would choose.
    """
    decoded_as, encoded_as = str(layer["decode"]), str(layer["encode"])
    whatwg_decoder = decoded_as != CESU_8 and not decoded_as.startswith("python:")
    others = [_other_byte_sequences(char, decoded_as) for char in piece] if whatwg_decoder else []
    if not any(others):
        try:
            raw = _encode(piece, decoded_as, encode)
        except (UnicodeEncodeError, ValueError):
            raw = _encode_lenient(piece, decoded_as, encode)
        return _decode(raw, encoded_as, "replace", decode)

    def written(char: str) -> list[bytes]:
        try:
            return [_encode(char, decoded_as, encode)]
        except (UnicodeEncodeError, ValueError):
            return []

    pairs = zip(piece, others, strict=True)
    each = [written(char) + list(other) or [b"\xff"] for char, other in pairs]
    chosen = [0] * len(piece)

    def undone() -> str:
        raw = b"".join(option[k] for option, k in zip(each, chosen, strict=True))
        return _decode(raw, encoded_as, "replace", decode)

    best = undone()
    for i, option in enumerate(each):
        for k in range(1, len(option)):
            kept = chosen[i]
            chosen[i] = k
            other = undone()
            if other.count(_FFFD) < best.count(_FFFD):
                best = other
            else:
                chosen[i] = kept
    return best


def _encode_lenient(piece: str, name: str, encode: Encoder) -> bytes:
    """Encode character by character; characters Y cannot encode become 0xFF (invalid)."""
    out = bytearray()
    for char in piece:
        try:
            out += _encode(char, name, encode)
        except (UnicodeEncodeError, ValueError):
            out += b"\xff"
    return bytes(out)


# ---------------------------------------------------------------------------
# Reading and checking the corpus
# ---------------------------------------------------------------------------


class CorpusError(ValueError):
    """The corpus is missing or a row does not follow the schema of ``corpus/README.md``."""


def find_corpus(directory: str | Path | None = None) -> Path:
    """Find the corpus folder: *directory*, else ``corpus/`` beside the package, else in the cwd.

    >>> find_corpus().name
    'corpus'
    """
    candidates: list[Path]
    if directory is not None:
        candidates = [Path(directory)]
    else:
        here = Path(__file__).resolve().parent
        candidates = [here.parent / "corpus", Path.cwd() / "corpus"]
    for candidate in candidates:
        if (candidate / "damaged.jsonl").is_file():
            return candidate
    tried = ", ".join(str(c) for c in candidates)
    raise CorpusError(
        f"no corpus found (looked for damaged.jsonl in: {tried}); run from a checkout of "
        "mojifix or pass --corpus DIR (build it with `python scripts/make_corpus.py`)"
    )


def validate_row(row: Mapping[str, Any]) -> None:
    """Raise :class:`CorpusError` saying what is wrong with *row*, if anything.

    >>> validate_row({"id": "x"})
    Traceback (most recent call last):
    ...
    mojifix.evaluate.CorpusError: row 'x': missing fields: category, decoded_as, ...
    """
    rid = row.get("id", "?")
    missing = sorted(set(FIELDS) - set(row))
    if missing:
        shown = ", ".join(missing[:2]) + (", ..." if len(missing) > 2 else "")
        raise CorpusError(f"row {rid!r}: missing fields: {shown}")
    extra = sorted(set(row) - set(FIELDS) - {"note"})
    if extra:
        raise CorpusError(f"row {rid!r}: unknown fields: {', '.join(extra)}")
    for name, types in FIELDS.items():
        if not isinstance(row[name], types):
            raise CorpusError(
                f"row {rid!r}: field {name!r} is {type(row[name]).__name__}, "
                f"expected {' or '.join(t.__name__ for t in types)}"
            )
    if row["kind"] not in ROW_KINDS:
        raise CorpusError(f"row {rid!r}: unknown kind {row['kind']!r} (one of {ROW_KINDS})")
    if row["category"] not in CATEGORIES:
        raise CorpusError(f"row {rid!r}: unknown category {row['category']!r}")
    if row["split"] not in SPLITS:
        raise CorpusError(f"row {rid!r}: split must be one of {SPLITS}, not {row['split']!r}")
    if not row["text"]:
        raise CorpusError(f"row {rid!r}: empty text")
    if row["kind"] in CLEAN_KINDS:
        if not (row["text"] == row["original"] == row["true_original"]):
            raise CorpusError(f"row {rid!r}: a {row['kind']} row must have text == original")
        if row["mechanism"] or row["layers"] != 0:
            raise CorpusError(f"row {rid!r}: a {row['kind']} row has no mechanism")
    else:
        if row["text"] == row["true_original"]:
            raise CorpusError(f"row {rid!r}: the damage did not change the text")
        if len(row["mechanism"]) != row["layers"] or not row["mechanism"]:
            raise CorpusError(f"row {rid!r}: layers must be the number of mechanism layers (>0)")
        for layer in row["mechanism"]:
            if not isinstance(layer, dict) or "encode" not in layer or "decode" not in layer:
                raise CorpusError(f"row {rid!r}: each layer needs 'encode' and 'decode'")
            if layer.get("after") is not None and layer["after"] not in AFTER_STEPS:
                raise CorpusError(
                    f"row {rid!r}: unknown after step {layer['after']!r} "
                    f"(one of {list(AFTER_STEPS)})"
                )
        if row["lossless"] and row["original"] != row["true_original"]:
            raise CorpusError(f"row {rid!r}: lossless but original != true_original")


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as error:
                raise CorpusError(f"{path}:{number}: not JSON: {error}") from None
            if not isinstance(row, dict):
                raise CorpusError(f"{path}:{number}: a row must be a JSON object")
            yield row


def load_corpus(
    directory: str | Path | None = None,
    split: str = "dev",
    *,
    files: Iterable[str] = CORPUS_FILES,
    validate: bool = True,
) -> list[dict[str, Any]]:
    """Read the corpus rows of *split* (``"train"``, ``"dev"``, ``"test"`` or ``"all"``).

    >>> rows = load_corpus(split="test")
    >>> {row["split"] for row in rows}
    {'test'}
    """
    if split not in (*SPLITS, "all"):
        raise CorpusError(f"unknown split {split!r}: use one of {', '.join(SPLITS)} or 'all'")
    folder = find_corpus(directory)
    rows: list[dict[str, Any]] = []
    for name in files:
        path = folder / name
        if not path.is_file():
            raise CorpusError(f"corpus file {path} is missing; run `python scripts/make_corpus.py`")
        for row in _read_jsonl(path):
            if validate:
                validate_row(row)
            if split == "all" or row["split"] == split:
                rows.append(row)
    return rows


def clean_rows(directory: str | Path | None = None, split: str = "all") -> list[dict[str, Any]]:
    """The rows of *split* whose text needs no repair (kinds :data:`CLEAN_KINDS`): the inputs of
    the benchmarks and of the tests that need real clean text.

    >>> {row["kind"] for row in clean_rows(split="test")} == set(CLEAN_KINDS)
    True
    """
    return [r for r in load_corpus(directory, split, validate=False) if r["kind"] in CLEAN_KINDS]


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------

#: Kinds counted as mojibake by the detection figures.  ``jis-variant`` is not:
#: it "never raises the score on its own" (docs/ARCHITECTURE.md).
DETECTED_KINDS = tuple(k for k in MOJIBAKE_KINDS if k != "jis-variant")

#: ``jis-variant`` rows are repaired with ``fix(text, jis="browser")`` (strict-JIS look-alikes
#: mapped to what browsers show); every other row with the default ``fix(text)``.
JIS_MODE: Final = "browser"


#: How a decoder is named in the groups (Python's codecs by what they are in the wild).
_DECODER_NAMES = {
    "python:latin-1": "latin-1",
    "python:cp437": "IBM437",
    "python:cp1252": "cp1252",
    "python:shift_jis": "Shift_JIS (strict)",
}

#: Chinese, Japanese and Korean: where a two-character name is a whole name (米艳, 佐藤, 영희).
_CJK_LANGS = frozenset({"zh-Hans", "zh-Hant", "ja", "ko"})


def _decoder_name(name: str) -> str:
    return _DECODER_NAMES.get(name, name)


def row_groups(row: Mapping[str, Any]) -> list[str]:
    """The groups of issue #24 that *row* belongs to, from its kind and mechanism.

    - ``single-byte``, ``multi-byte``: UTF-8 read with one decoder, the whole text (with a
      ``: UTF-8 → X`` group per decoder); ``two-character CJK names`` besides;
    - ``legacy-as-legacy``: legacy bytes read as another legacy encoding, the whole text;
    - ``documents``: some parts of the text damaged, the others clean (sliced layers);
    - ``lossy``: Python's cp1252 with ``errors="replace"``, or an ``after`` step (NBSP turned
      into a space, U+FFFD into "?");
    - ``two layers``, ``three layers``: mojibake of mojibake, the whole text;
    - ``jis-variant``, ``lost``, ``real-world``, ``clean``, ``negative``: as their kind says.

    >>> row_groups({"kind": "utf-8-as-single-byte", "lang": "fr", "category": "name", "id": "x",
    ...             "true_original": "Zoé", "mechanism": [{"encode": "UTF-8",
    ...             "decode": "windows-1252"}]})
    ['single-byte', 'single-byte: UTF-8 → windows-1252']
    """
    kind = str(row["kind"])
    if kind in CLEAN_KINDS or kind in ("jis-variant", "lost"):
        groups = [kind]
    else:
        mechanism = list(row["mechanism"])
        first = mechanism[0]
        if any(layer.get("after") or layer.get("errors") == "replace" for layer in mechanism):
            variant = first.get("after") or "U+FFFD"
            groups = ["lossy", f"lossy: {_decoder_name(str(first['decode']))}, {variant}"]
        elif any(layer.get("start") is not None for layer in mechanism):
            groups = ["documents"]
        elif kind == "multi-layer":
            groups = ["two layers" if len(mechanism) == 2 else "three layers"]
        else:
            family = {
                "utf-8-as-single-byte": "single-byte",
                "utf-8-as-multi-byte": "multi-byte",
                "legacy-as-legacy": "legacy-as-legacy",
            }[kind]
            pair = f"{_decoder_name(str(first['encode']))} → {_decoder_name(str(first['decode']))}"
            groups = [family, f"{family}: {pair}"]
        if (
            row.get("category") == "name"
            and row.get("lang") in _CJK_LANGS
            and len(str(row["true_original"])) == 2
        ):
            groups.append("two-character CJK names")
    if str(row.get("id", "")).startswith("rw-"):
        groups.append("real-world")
    return groups


#: The groups in the order they are reported (a ``: pair`` group follows its family).
GROUP_ORDER = (
    "single-byte",
    "multi-byte",
    "two-character CJK names",
    "legacy-as-legacy",
    "documents",
    "lossy",
    "two layers",
    "three layers",
    "jis-variant",
    "lost",
    "real-world",
    "clean",
    "negative",
)

#: The targets and the measured floors, beside the corpus (``corpus/targets.json``).
TARGETS_FILE = "targets.json"


def _group_key(group: str) -> tuple[int, str]:
    family = group.split(":", 1)[0]
    return (GROUP_ORDER.index(family) if family in GROUP_ORDER else len(GROUP_ORDER), group)


def load_targets(directory: str | Path | None = None) -> dict[str, Any]:
    """The issue's targets and the measured floors (``corpus/targets.json``); ``{}`` if none.

    >>> load_targets()["targets"]["documents"]
    0.98
    """
    path = find_corpus(directory) / TARGETS_FILE
    if not path.is_file():
        return {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CorpusError(f"{path}: not JSON: {error}") from None
    if not isinstance(loaded, dict):
        raise CorpusError(f"{path}: must be a JSON object")
    return loaded


def target_of(group: str, targets: Mapping[str, float]) -> float | None:
    """The target of *group*: its own, else its family's ``"family: *"`` entry.

    >>> target_of("single-byte: UTF-8 → KOI8-R", {"single-byte: *": 0.999})
    0.999
    """
    if group in targets:
        return float(targets[group])
    wildcard = group.split(":", 1)[0] + ": *"
    return float(targets[wildcard]) if ":" in group and wildcard in targets else None


def roc_auc(positives: Sequence[float], negatives: Sequence[float]) -> float | None:
    """Area under the ROC curve: the chance a random positive scores above a random negative.

    Computed with the Mann-Whitney U statistic (ties count one half).  ``None`` when a
    side is empty.

    >>> roc_auc([0.9, 0.8], [0.1, 0.2])
    1.0
    >>> roc_auc([0.5], [0.5])
    0.5
    >>> roc_auc([0.1, 0.9], [0.5, 0.5])
    0.5
    """
    if not positives or not negatives:
        return None
    labelled = sorted([(s, 1) for s in positives] + [(s, 0) for s in negatives])
    rank_sum = 0.0
    i = 0
    while i < len(labelled):
        j = i
        while j < len(labelled) and labelled[j][0] == labelled[i][0]:
            j += 1
        average_rank = (i + 1 + j) / 2  # ranks i+1 .. j
        rank_sum += average_rank * sum(label for _, label in labelled[i:j])
        i = j
    n_pos, n_neg = len(positives), len(negatives)
    u = rank_sum - n_pos * (n_pos + 1) / 2
    return u / (n_pos * n_neg)


def _same(predicted: str, row: Mapping[str, Any]) -> bool:
    expected = str(row["original"])
    if row["lossless"]:
        return predicted == expected
    return collapse_replacements(predicted) == collapse_replacements(expected)


def _rate(hits: int, total: int) -> float | None:
    return hits / total if total else None


def _ratio_or_none(num: float, den: float) -> float | None:
    return num / den if den else None


class _Tool:
    """One system under test: how it fixes, scores and flags a text."""

    def __init__(
        self,
        name: str,
        fix: Callable[[str], str] | None,
        score: Callable[[str], float] | None,
        flag: Callable[[str], bool] | None,
    ) -> None:
        self.name, self.fix, self.score, self.flag = name, fix, score, flag


#: What ``mojifix.detect`` said about each text scored (kinds and decoders of its
#: findings), filled by :func:`_detect_score` during :func:`evaluate`.
_FOUND: dict[str, tuple[frozenset[str], frozenset[str]]] = {}


def _detect_score(text: str) -> float:
    """``mojifix.detect(text).score`` (== ``mojifix.score(text)``), keeping the findings."""
    import mojifix

    detection = mojifix.detect(text)
    _FOUND[text] = (
        frozenset(f.kind for f in detection.findings),
        frozenset(f.decoded_as for f in detection.findings if f.decoded_as),
    )
    return float(detection.score)


def _tools(with_ftfy: bool) -> list[_Tool]:
    import mojifix

    tools = [_Tool("mojifix", mojifix.fix, _detect_score, mojifix.is_mojibake)]
    if with_ftfy:
        try:
            import ftfy
            from ftfy import badness
        except ImportError:  # pragma: no cover - ftfy is a runtime dependency
            return tools
        tools.append(_Tool("ftfy.fix_text", ftfy.fix_text, None, None))
        tools.append(
            _Tool(
                "ftfy.fix_encoding",
                ftfy.fix_encoding,
                lambda t: float(badness.badness(t)),
                badness.is_bad,
            )
        )
    return tools


def _jis_fix() -> Callable[[str], str]:
    import mojifix

    return lambda text: mojifix.fix(text, jis=JIS_MODE)


_FALLBACK: dict[str, Any] = {"fix": None, "score": 0.0, "flag": False}


def _call(
    func: Callable[[str], Any],
    row: Mapping[str, Any],
    op: str,
    tool: str,
    errors: list[dict[str, str]],
) -> Any:
    """Run *func* on the row's text; an exception is recorded and counted as a miss."""
    text = str(row["text"])
    try:
        return func(text)
    except Exception as error:  # a crash is a figure, not the end of the run
        errors.append(
            {
                "tool": tool,
                "op": op,
                "id": str(row["id"]),
                "error": f"{type(error).__name__}: {error}",
            }
        )
        fallback = _FALLBACK[op]
        return text if fallback is None else fallback


def evaluate(
    rows: Sequence[Mapping[str, Any]],
    *,
    with_ftfy: bool = True,
    failures: int = 0,
    targets: Mapping[str, float] | None = None,
) -> dict[str, Any]:
    """Measure mojifix (and ftfy) on *rows*; return the figures as a JSON-ready dict.

    Keys: ``rows`` (count), ``megabytes``, ``tools`` (names), ``groups`` (issue #24's
    groups of :func:`row_groups`: ``n``, ``target`` from *targets*, and per tool the
    ``repair`` rate, the share ``flagged`` and, for clean and negative rows, the count
    ``changed``), ``repair`` (per kind
    and per ``kind/lossless|lossy``: ``n`` and exact-match rate per tool),
    ``detection`` (per tool: ``precision``, ``recall``, ``auc``, ``false_alarms``
    on clean and negative rows, ``recall_by_kind``, ``auc_by_kind``; for mojifix
    also ``named``: the share of rows of each kind where ``detect()`` names the
    kind, and the decoder of single-layer rows),
    ``changes`` (clean/negative rows each tool's fix changed), ``throughput``
    (MB/s of UTF-8 per tool and operation), ``failures`` (up to *failures*
    mojifix misses per kind) and ``errors`` (calls that raised: tool, op, row id).

    >>> rows = [r for r in load_corpus(split="test") if r["kind"] == "negative"][:3]
    >>> figures = evaluate(rows, with_ftfy=False)
    >>> figures["rows"], figures["tools"]
    (3, ['mojifix'])
    """
    tools = _tools(with_ftfy)
    jis_fix = _jis_fix()
    size = sum(len(str(r["text"]).encode("utf-8")) for r in rows) / 1e6
    fixed: dict[str, list[str]] = {}
    scores: dict[str, list[float]] = {}
    flags: dict[str, list[bool]] = {}
    throughput: dict[str, dict[str, float | None]] = {}
    errors: list[dict[str, str]] = []
    for tool in tools:
        speed: dict[str, float | None] = {}
        for op, func, store in (
            ("fix", tool.fix, fixed),
            ("score", tool.score, scores),
            ("flag", tool.flag, flags),
        ):
            if func is None:
                continue
            # One call first: the one-time set-up of a process (mojifix compiles its gate on the
            # first detect, about 1-2 s) is not throughput.
            _call(func, {"text": "CafÃ© 鐢ㄦ埛 Ïðèâåò", "id": "warm-up"}, op, tool.name, [])
            began = time.perf_counter()
            store[tool.name] = [_call(func, r, op, tool.name, errors) for r in rows]
            elapsed = time.perf_counter() - began
            speed[op] = round(size / elapsed, 3) if elapsed > 0 else None
        throughput[tool.name] = speed
    if "mojifix" in fixed:
        for i, r in enumerate(rows):
            if r["kind"] == "jis-variant":
                fixed["mojifix"][i] = _call(jis_fix, r, "fix", "mojifix", errors)

    # Repair: exact match per kind (and per kind split by lossless / lossy).
    repair: dict[str, dict[str, Any]] = {}
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        kind = str(r["kind"])
        groups.setdefault(kind, []).append(i)
        if kind not in CLEAN_KINDS:
            groups.setdefault(f"{kind}/{'lossless' if r['lossless'] else 'lossy'}", []).append(i)
        if str(r["id"]).startswith("rw-"):
            groups.setdefault("real-world", []).append(i)
    damaged = [i for i, r in enumerate(rows) if r["kind"] not in CLEAN_KINDS]
    groups["all damaged"] = damaged
    order = [*CLEAN_KINDS]
    for kind in MOJIBAKE_KINDS:
        order += [kind, f"{kind}/lossless", f"{kind}/lossy"]
    order += ["real-world", "all damaged"]
    for group in order:
        if not groups.get(group):
            continue
        members = groups[group]
        entry: dict[str, Any] = {"n": len(members)}
        for name, outputs in fixed.items():
            hits = sum(_same(outputs[i], rows[i]) for i in members)
            entry[name] = _rate(hits, len(members))
        repair[group] = entry

    # Detection: positives are the detected kinds, negatives are clean + negative rows.
    positive = [i for i, r in enumerate(rows) if r["kind"] in DETECTED_KINDS]
    negative = [i for i, r in enumerate(rows) if r["kind"] in CLEAN_KINDS]
    detection: dict[str, dict[str, Any]] = {}
    for name in flags:
        flagged = flags[name]
        tp = sum(flagged[i] for i in positive)
        fp = sum(flagged[i] for i in negative)
        entry = {
            "precision": _ratio_or_none(tp, tp + fp),
            "recall": _rate(tp, len(positive)),
            "auc": roc_auc([scores[name][i] for i in positive], [scores[name][i] for i in negative])
            if name in scores
            else None,
            "false_alarms": {},
            "recall_by_kind": {},
            "auc_by_kind": {},
        }
        for kind in CLEAN_KINDS:
            members = [i for i in negative if rows[i]["kind"] == kind]
            count = sum(flagged[i] for i in members)
            entry["false_alarms"][kind] = {
                "count": count,
                "n": len(members),
                "rate": _rate(count, len(members)),
            }
        for kind in MOJIBAKE_KINDS:
            members = [i for i, r in enumerate(rows) if r["kind"] == kind]
            entry["recall_by_kind"][kind] = _rate(sum(flagged[i] for i in members), len(members))
            entry["auc_by_kind"][kind] = (
                roc_auc([scores[name][i] for i in members], [scores[name][i] for i in negative])
                if name in scores
                else None
            )
        detection[name] = entry

    # Does mojifix.detect name the kind and the decoder of the damage?
    naming: dict[str, dict[str, float | None]] = {"kind": {}, "decoded_as": {}}
    for kind in MOJIBAKE_KINDS:
        members = [i for i, r in enumerate(rows) if r["kind"] == kind and str(r["text"]) in _FOUND]
        naming["kind"][kind] = _rate(
            sum(kind in _FOUND[str(rows[i]["text"])][0] for i in members), len(members)
        )
        single = [i for i in members if rows[i]["layers"] == 1 and rows[i]["decoded_as"]]
        naming["decoded_as"][kind] = _rate(
            sum(rows[i]["decoded_as"] in _FOUND[str(rows[i]["text"])][1] for i in single),
            len(single),
        )
    if "mojifix" in detection:
        detection["mojifix"]["named"] = naming
    _FOUND.clear()

    # Changes made to text that needed none.
    changes: dict[str, dict[str, Any]] = {}
    for name, outputs in fixed.items():
        changes[name] = {}
        for kind in CLEAN_KINDS:
            members = [i for i in negative if rows[i]["kind"] == kind]
            count = sum(outputs[i] != rows[i]["text"] for i in members)
            changes[name][kind] = {
                "count": count,
                "n": len(members),
                "rate": _rate(count, len(members)),
            }

    missed: dict[str, list[dict[str, str]]] = {}
    if failures and "mojifix" in fixed:
        for i, r in enumerate(rows):
            kind = str(r["kind"])
            if _same(fixed["mojifix"][i], r) or len(missed.get(kind, [])) >= failures:
                continue
            missed.setdefault(kind, []).append(
                {
                    "id": str(r["id"]),
                    "text": str(r["text"]),
                    "expected": str(r["original"]),
                    "got": fixed["mojifix"][i],
                }
            )

    return {
        "rows": len(rows),
        "megabytes": round(size, 3),
        "tools": [tool.name for tool in tools],
        "groups": _groups(rows, fixed, flags, scores, targets or {}),
        "repair": repair,
        "detection": detection,
        "changes": changes,
        "throughput": throughput,
        "failures": missed,
        "errors": errors,
    }


def _groups(
    rows: Sequence[Mapping[str, Any]],
    fixed: Mapping[str, list[str]],
    flags: Mapping[str, list[bool]],
    scores: Mapping[str, list[float]],
    targets: Mapping[str, float],
) -> dict[str, dict[str, Any]]:
    """Figures per group of :func:`row_groups`, in the order of :data:`GROUP_ORDER`."""
    members: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        for group in row_groups(row):
            members.setdefault(group, []).append(i)
    negative = [i for i, r in enumerate(rows) if r["kind"] in CLEAN_KINDS]
    out: dict[str, dict[str, Any]] = {}
    for group in sorted(members, key=_group_key):
        indices = members[group]
        entry: dict[str, Any] = {"n": len(indices), "target": target_of(group, targets)}
        clean = group in CLEAN_KINDS
        if clean:
            entry["changed"] = {
                name: sum(outputs[i] != rows[i]["text"] for i in indices)
                for name, outputs in fixed.items()
            }
        else:
            entry["repair"] = {
                name: _rate(sum(_same(outputs[i], rows[i]) for i in indices), len(indices))
                for name, outputs in fixed.items()
            }
            entry["auc"] = {
                name: roc_auc([values[i] for i in indices], [values[i] for i in negative])
                for name, values in scores.items()
            }
        entry["flagged"] = {
            name: (sum(values[i] for i in indices) if clean else
                   _rate(sum(values[i] for i in indices), len(indices)))
            for name, values in flags.items()
        }  # fmt: skip
        out[group] = entry
    return out


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

MARK_START = "<!-- mojifix eval: start (generated by `mojifix eval --markdown --write`) -->"
MARK_END = "<!-- mojifix eval: end -->"


def _pct(value: float | None, digits: int = 1) -> str:
    return "n/a" if value is None else f"{100 * value:.{digits}f} %"


def _num(value: float | None, digits: int = 4) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _group_table(figures: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the groups table: repair per tool, then the share flagged.

    Clean and negative rows show how many rows each tool changed (and flagged)."""
    groups = figures.get("groups", {})
    fixers = list(figures["changes"])  # the tools that fix
    flaggers = list(figures["detection"])
    flag_names = {"ftfy.fix_encoding": "ftfy.is_bad"}
    header = [
        "group",
        "rows",
        "target",
        *fixers,
        *(f"flagged: {flag_names.get(t, t)}" for t in flaggers),
    ]
    lines = []
    for group, entry in groups.items():
        target = entry.get("target")
        if "changed" in entry:
            cells = [f"{entry['changed'].get(t, 0)} changed" for t in fixers]
            target_cell = "0 changed" if target is None else f"{target:g} changed"
            flagged = [f"{entry['flagged'].get(t, 0)}" for t in flaggers]
        else:
            cells = [_pct(entry["repair"].get(t), 2) for t in fixers]
            target_cell = "" if target is None else f"{100 * target:g} %"
            flagged = [_pct(entry["flagged"].get(t), 2) for t in flaggers]
        lines.append([group, str(entry["n"]), target_cell, *cells, *flagged])
    return header, lines


def render_markdown(figures: Mapping[str, Any], *, split: str) -> str:
    """The README's accuracy tables (Markdown) from :func:`evaluate`'s figures.

    >>> figures = evaluate([r for r in load_corpus(split="test") if r["kind"] == "clean"][:2],
    ...                    with_ftfy=False)
    >>> render_markdown(figures, split="test").splitlines()[0]
    '| group | rows | target | mojifix | flagged: mojifix |'
    """
    tools = [t for t in figures["tools"] if any(t in e for e in figures["repair"].values())]
    header, table = _group_table(figures)
    lines = [
        "| " + " | ".join(header) + " |",
        "| --- | ---: | ---: | " + " | ".join("---:" for _ in header[3:]) + " |",
        *("| " + " | ".join(cells) + " |" for cells in table),
        "",
        f"Issue #24's groups on the `{split}` split: repair is the share of rows whose fix is "
        "exactly the original (lossy rows compared with U+FFFD runs collapsed), flagged the "
        "share that `is_mojibake` (ftfy: `badness.is_bad`) flags at its default threshold.",
        "",
        "| kind | rows | " + " | ".join(tools) + " |",
        "| --- | ---: | " + " | ".join("---:" for _ in tools) + " |",
    ]
    for group, entry in figures["repair"].items():
        if group in CLEAN_KINDS:
            continue
        lines.append(
            f"| {group} | {entry['n']} | " + " | ".join(_pct(entry.get(t)) for t in tools) + " |"
        )
    lines.append("")
    lines.append(
        f"Repair: share of rows whose fix is exactly the original "
        f"(`{split}` split, {figures['rows']} rows, {figures['megabytes']} MB; "
        "lossy rows compared with U+FFFD runs collapsed)."
    )
    lines.append("")
    detectors = list(figures["detection"])
    if detectors:
        lines.append("| detection | " + " | ".join(detectors) + " |")
        lines.append("| --- | " + " | ".join("---:" for _ in detectors) + " |")
        for label, key in (("precision", "precision"), ("recall", "recall"), ("ROC AUC", "auc")):
            lines.append(
                f"| {label} | "
                + " | ".join(_num(figures["detection"][d][key]) for d in detectors)
                + " |"
            )
        for kind in CLEAN_KINDS:
            cells = []
            for d in detectors:
                fa = figures["detection"][d]["false_alarms"][kind]
                cells.append(f"{fa['count']} / {fa['n']}")
            lines.append(f"| false alarms on {kind} rows | " + " | ".join(cells) + " |")
        for kind in MOJIBAKE_KINDS:
            shares = [figures["detection"][d]["recall_by_kind"].get(kind) for d in detectors]
            if all(share is None for share in shares):
                continue
            aucs = [figures["detection"][d]["auc_by_kind"].get(kind) for d in detectors]
            lines.append(
                f"| {kind}: flagged (ROC AUC) | "
                + " | ".join(f"{_pct(v)} ({_num(a, 3)})" for v, a in zip(shares, aucs, strict=True))
                + " |"
            )
        lines.append("")
    changers = list(figures["changes"])
    lines.append("| clean text changed by the fix | " + " | ".join(changers) + " |")
    lines.append("| --- | " + " | ".join("---:" for _ in changers) + " |")
    for kind in CLEAN_KINDS:
        lines.append(
            f"| {kind} rows | "
            + " | ".join(
                f"{figures['changes'][c][kind]['count']} / {figures['changes'][c][kind]['n']}"
                for c in changers
            )
            + " |"
        )
    lines.append("")
    lines.append("| throughput (MB/s) | fix | score | flag |")
    lines.append("| --- | ---: | ---: | ---: |")
    for tool, speed in figures["throughput"].items():
        lines.append(
            f"| {tool} | "
            + " | ".join(
                _num(speed.get(op), 2) if speed.get(op) is not None else "–"
                for op in ("fix", "score", "flag")
            )
            + " |"
        )
    return "\n".join(lines) + "\n"


def render_text(figures: Mapping[str, Any]) -> str:
    """A plain-text summary for the terminal."""
    out = [f"{figures['rows']} rows, {figures['megabytes']} MB"]
    header, table = _group_table(figures)
    if table:
        out.append("issue #24's groups (repair exact match; flagged at the default threshold):")
        widths = [max(len(r[c]) for r in [header, *table]) for c in range(len(header))]
        for cells in [header, *table]:
            out.append(
                "  "
                + cells[0].ljust(widths[0])
                + "".join(f"  {cell:>{widths[c + 1]}}" for c, cell in enumerate(cells[1:]))
            )
    tools = figures["tools"]
    out.append("repair exact match, by kind:")
    width = max(len(g) for g in figures["repair"]) + 2
    out.append(" " * (width + 8) + "".join(f"{t:>20}" for t in tools))
    for group, entry in figures["repair"].items():
        out.append(
            f"  {group:<{width}}{entry['n']:>6}"
            + "".join(f"{_pct(entry.get(t)):>20}" for t in tools)
        )
    for name, entry in figures["detection"].items():
        fa = ", ".join(f"{k} {v['count']}/{v['n']}" for k, v in entry["false_alarms"].items())
        out.append(
            f"detection {name}: precision {_num(entry['precision'])}, recall "
            f"{_num(entry['recall'])}, AUC {_num(entry['auc'])}; false alarms: {fa}"
        )
        aimed = figures.get("detection_targets") or {}
        if name == "mojifix" and aimed:
            out.append(
                "  targets: "
                + ", ".join(f"{metric} {_num(float(value))}" for metric, value in aimed.items())
            )
        if "named" in entry:
            named_kind, named_decoder = entry["named"]["kind"], entry["named"]["decoded_as"]
            out.append(
                "  detect() names the kind / the decoder: "
                + ", ".join(
                    f"{k} {_pct(named_kind[k])} / {_pct(named_decoder[k])}"
                    for k in named_kind
                    if named_kind[k] is not None
                )
            )
        out.append(
            "  recall by kind: "
            + ", ".join(
                f"{k} {_pct(v)}" for k, v in entry["recall_by_kind"].items() if v is not None
            )
        )
    for name, entry in figures["changes"].items():
        out.append(
            f"changes by {name} to text that needed none: "
            + ", ".join(f"{k} {v['count']}/{v['n']}" for k, v in entry.items())
        )
    for name, speed in figures["throughput"].items():
        out.append(
            f"throughput {name}: " + ", ".join(f"{op} {_num(v, 2)} MB/s" for op, v in speed.items())
        )
    if figures["errors"]:
        out.append(f"{len(figures['errors'])} calls raised an exception, e.g.:")
        for err in figures["errors"][:5]:
            out.append(f"  {err['tool']}.{err['op']} on {err['id']}: {err['error'][:120]}")
    for kind, misses in figures["failures"].items():
        out.append(f"mojifix misses ({kind}):")
        for miss in misses:
            out.append(f"  {miss['id']}: {miss['text'][:80]!r}")
            out.append(f"      expected {miss['expected'][:80]!r}")
            out.append(f"      got      {miss['got'][:80]!r}")
    return "\n".join(out) + "\n"


def write_between_markers(path: Path, table: str) -> None:
    """Replace the text between :data:`MARK_START` and :data:`MARK_END` in *path*.

    The file is created (with only the markers and the table) if it does not exist; a
    file without the markers gets them appended.
    """
    block = f"{MARK_START}\n{table}{MARK_END}\n"
    if not path.exists():
        path.write_text(block, encoding="utf-8")
        return
    current = path.read_text(encoding="utf-8")
    start, end = current.find(MARK_START), current.find(MARK_END)
    if start == -1 or end == -1 or end < start:
        path.write_text(current.rstrip("\n") + "\n\n" + block, encoding="utf-8")
        return
    path.write_text(
        current[:start] + block + current[end + len(MARK_END) :].lstrip("\n"), encoding="utf-8"
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mojifix eval",
        description="Measure mojifix (and ftfy) on the labelled corpus: repair exact match, "
        "detection precision/recall/ROC AUC, false alarms, changes to clean text, throughput.",
    )
    parser.add_argument(
        "--split",
        choices=(*SPLITS, "all"),
        default="dev",
        help="which rows to use (default: dev; choose rules on train/dev, report test, which "
        "the test suite asserts)",
    )
    parser.add_argument(
        "--corpus",
        metavar="DIR",
        default=None,
        help="the corpus folder (default: the repository's corpus/)",
    )
    parser.add_argument(
        "--kind",
        action="append",
        choices=ROW_KINDS,
        default=None,
        help="only rows of this kind (repeatable)",
    )
    parser.add_argument("--no-ftfy", action="store_true", help="do not run ftfy beside mojifix")
    parser.add_argument(
        "--failures",
        type=int,
        default=0,
        metavar="N",
        help="show up to N rows per kind that mojifix does not repair exactly",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the figures as JSON")
    output.add_argument("--markdown", action="store_true", help="print the README tables")
    parser.add_argument(
        "--write",
        metavar="FILE",
        type=Path,
        default=None,
        help="with --markdown: write the tables into FILE between the markers",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``mojifix eval``: print the figures; return 0, or 2 on bad usage or a missing corpus."""
    parser = _parser()
    args = parser.parse_args(None if argv is None else list(argv))
    if args.write is not None and not args.markdown:
        parser.error("--write needs --markdown (it writes the README tables)")
    try:
        rows = load_corpus(args.corpus, args.split)
    except CorpusError as error:
        print(f"mojifix eval: {error}", file=sys.stderr)
        return 2
    if args.kind:
        rows = [r for r in rows if r["kind"] in args.kind]
    if not rows:
        print("mojifix eval: no rows selected", file=sys.stderr)
        return 2
    try:
        targets = load_targets(args.corpus)
    except CorpusError as error:
        print(f"mojifix eval: {error}", file=sys.stderr)
        return 2
    figures = evaluate(
        rows,
        with_ftfy=not args.no_ftfy,
        failures=args.failures,
        targets=targets.get("targets", {}),
    )
    figures["detection_targets"] = targets.get("detection", {})
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=2))
    elif args.markdown:
        table = render_markdown(figures, split=args.split)
        if args.write is not None:
            write_between_markers(args.write, table)
            print(f"wrote the accuracy tables to {args.write}", file=sys.stderr)
        else:
            print(table, end="")
    else:
        print(render_text(figures), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
