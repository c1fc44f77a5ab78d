"""Undo mojibake.

:func:`fix` replaces every finding of :func:`mojifix.detect` that has a repair with its
repaired text, repeats until nothing changes (multi-layer damage comes off layer by layer), and
leaves everything else exactly as it was.  :func:`fix_and_explain` returns the same text plus
the :class:`Step` list that :func:`apply_steps` replays.

>>> fix("CafÃ© crÃ¨me")
'Café crème'
>>> fix("鐢ㄦ埛")
'用户'
>>> fix("Ïðèâåò")
'Привет'
>>> fix("CafÃƒÂ©")
'Café'
>>> fix("plain text") == "plain text"
True

The non-encoding clean-ups ftfy users know are explicit options and are done by ftfy's own
fixers (``ftfy.fixes``): ``html`` (entities), ``control`` (control characters), ``quotes``
(curly quotes to ASCII), ``width`` (full-width Latin to ASCII; never on text with CJK unless
``width="always"``).

>>> fix("caf&eacute; &ldquo;hi&rdquo;", html=True, quotes=True)
'café "hi"'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Literal, TypeVar

import ftfy.fixes

# ``mojifix.detect`` the module (the package re-exports a function of the same name).
_detect_module = importlib.import_module("mojifix.detect")

__all__ = ["Repair", "Step", "apply_steps", "fix", "fix_and_explain"]

#: How many rounds of detect-and-repair :func:`fix` runs at most.  Each round removes at least
#: one layer; real data has at most three.
MAX_ROUNDS = 8

JisMode = Literal["keep", "browser"]


@dataclass(frozen=True, slots=True)  # slots: one per repaired span (issue #9)
class Step:
    """One replacement: ``text[start:end] == original`` becomes ``replacement``.

    Offsets refer to the text as it is after the previous steps.
    """

    kind: str
    start: int
    end: int
    original: str
    replacement: str
    encoded_as: str | None
    decoded_as: str | None


@dataclass(frozen=True)
class Repair:
    """The repaired ``text`` and the ``steps`` that turn the input into it."""

    text: str
    steps: list[Step] = field(default_factory=list)


def _step_maker() -> Callable[[str, int, int, str, str, str | None, str | None], Step]:
    """A constructor for :class:`Step` that sets its slots directly: the frozen dataclass's
    ``__init__`` goes through ``object.__setattr__`` once per field, about twice the cost, and
    a damaged 2 KB document needs hundreds of steps.  Same objects (equal, same repr).

    >>> _new_step("lost", 0, 2, "\ufffd\ufffd", "\ufffd", None, None) == Step(
    ...     "lost", 0, 2, "\ufffd\ufffd", "\ufffd", None, None)
    True
    """
    new = object.__new__
    kind_, start_, end_, original_, replacement_, encoded_, decoded_ = (
        getattr(Step, f.name).__set__ for f in fields(Step)
    )

    def make(kind: str, start: int, end: int, original: str, replacement: str,
             encoded_as: str | None, decoded_as: str | None) -> Step:
        step = new(Step)
        kind_(step, kind)
        start_(step, start)
        end_(step, end)
        original_(step, original)
        replacement_(step, replacement)
        encoded_(step, encoded_as)
        decoded_(step, decoded_as)
        return step

    return make


_new_step = _step_maker()


def _check(text: object, jis: str, width: object, caller: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{caller}() takes a str, not {type(text).__name__}")
    if jis not in ("keep", "browser"):
        raise ValueError(
            f"{caller}(jis={jis!r}): use jis='keep' (leave 〜 ‖ − ¢ £ ¬ alone) or "
            "jis='browser' (map them to what browsers show, for strict-JIS decoded data)"
        )
    if width not in (False, True, "always"):
        raise ValueError(f"{caller}(width={width!r}): use False, True or 'always'")


def _one_round(text: str, jis: str) -> tuple[str, list[Step]]:
    """The text one round of repairs makes and its steps (offsets already shifted for
    sequential replay), built in the same pass (linear: a list of pieces).

    The detector's chosen candidates are read directly: :func:`mojifix.detect` would wrap each
    in a :class:`~mojifix.detect.Finding` only for this loop to read it once (a frozen
    dataclass costs ~1.5 us; a damaged 2 KB document has hundreds of findings).

    >>> new, steps = _one_round("CafÃ© crÃ¨me", "keep")
    >>> new, [(s.start, s.end, s.original, s.replacement) for s in steps]
    ('Café crème', [(3, 5, 'Ã©', 'é'), (7, 9, 'Ã¨', 'è')])
    """
    if text.isascii():
        return text, []
    steps: list[Step] = []
    pieces: list[str] = []
    append, add, new_step = steps.append, pieces.append, _new_step
    shift = pos = 0
    for cand in _detect_module._candidates(text):
        replacement = cand.replacement
        start, end = cand.start, cand.end
        if replacement is None or (cand.kind == "jis-variant" and jis != "browser"):
            continue
        original = text[start:end]
        if replacement == original:
            continue
        append(new_step(cand.kind, start + shift, end + shift, original, replacement,
                        cand.encoded_as, cand.decoded_as))
        add(text[pos:start])
        add(replacement)
        pos = end
        shift += len(replacement) - (end - start)
    if not steps:
        return text, steps
    add(text[pos:])
    return "".join(pieces), steps


def _round_text(text: str, jis: str) -> tuple[str, bool]:
    """The text one round of :func:`_one_round` makes, and whether any step was made, without
    the steps (:func:`fix` throws them away).  Text that is UTF-8 read as windows-1252 all
    through is repaired in one decode (``detect._windows_1252_round``); otherwise the
    detector's candidates are applied as :func:`_one_round` applies them.

    >>> _round_text("CafÃ© crÃ¨me", "keep")
    ('Café crème', True)
    >>> _round_text("Café", "keep"), _round_text("CafÃƒÂ©", "keep")
    (('Café', False), ('Café', True))
    """
    if text.isascii():
        return text, False
    fast: tuple[str, bool] | None = _detect_module._windows_1252_round(text)
    if fast is not None:
        return fast
    pieces: list[str] = []
    add = pieces.append
    pos = 0
    for cand in _detect_module._candidates(text):
        replacement = cand.replacement
        start, end = cand.start, cand.end
        if replacement is None or (cand.kind == "jis-variant" and jis != "browser"):
            continue
        if replacement == text[start:end]:
            continue
        add(text[pos:start])
        add(replacement)
        pos = end
    if not pieces:
        return text, False
    add(text[pos:])
    return "".join(pieces), True


_Made = TypeVar("_Made")


def _rounds(text: str, one_round: Callable[[str], tuple[str, _Made]]) -> tuple[str, list[_Made]]:
    """Repair *text* round after round (one layer of mojibake each) until a round changes
    nothing: the final text and what each round made (*one_round* gives the round's text and
    what it made, falsy when it changed nothing), for :func:`fix_and_explain` (the steps) and
    :func:`fix` (a flag).

    Still "repairing" after :data:`MAX_ROUNDS` rounds, or cycling, is not mojibake of any
    mechanism we understand (e.g. a run of NOT SIGNs, each pair of which reads as Mac OS Roman
    UTF-8), and a partial repair would not be a fixed point, so ``fix`` would not be
    idempotent.  Never worse: then *text* comes back as given, with nothing made.

    >>> _rounds("CafÃƒÂ©", lambda t: _round_text(t, "keep"))
    ('Café', [True])
    >>> _rounds("Café", lambda t: _round_text(t, "keep"))
    ('Café', [])
    """
    given = text
    made: list[_Made] = []
    seen = {text}
    for _ in range(MAX_ROUNDS):
        new, this = one_round(text)
        if not this:
            return text, made
        made.append(this)
        text = new
        if new in seen:  # a cycle cannot happen with shrinking repairs; be safe anyway
            break
        seen.add(new)
    if one_round(text)[1]:
        return given, []
    return text, made


def _diff_step(kind: str, before: str, after: str) -> Step | None:
    """One step covering the changed middle of *before* -> *after*."""
    if before == after:
        return None
    start = 0
    limit = min(len(before), len(after))
    while start < limit and before[start] == after[start]:
        start += 1
    end_b, end_a = len(before), len(after)
    while end_b > start and end_a > start and before[end_b - 1] == after[end_a - 1]:
        end_b, end_a = end_b - 1, end_a - 1
    return Step(kind, start, end_b, before[start:end_b], after[start:end_a], None, None)


_HAS_CJK = re.compile("[\u3000-\u9fff\uac00-\ud7a3\uff61-\uff9f]")


def fix_and_explain(
    text: str,
    *,
    jis: JisMode = "keep",
    html: bool = False,
    control: bool = False,
    quotes: bool = False,
    width: bool | Literal["always"] = False,
) -> Repair:
    """Repair *text* and say how: the result and the steps :func:`apply_steps` replays.

    >>> r = fix_and_explain("CafÃ© crÃ¨me")
    >>> r.text
    'Café crème'
    >>> [(s.start, s.end, s.original, s.replacement) for s in r.steps]
    [(3, 5, 'Ã©', 'é'), (7, 9, 'Ã¨', 'è')]
    >>> apply_steps("CafÃ© crÃ¨me", r.steps) == r.text
    True
    """
    _check(text, jis, width, "fix_and_explain")
    if len(text) > _detect_module.CHUNK_CHARS:  # bounded memory on long texts (issue #9)
        return _fix_in_chunks(text, jis, html, control, quotes, width, explain=True)
    text, rounds = _rounds(text, lambda t: _one_round(t, jis))
    all_steps = [step for steps in rounds for step in steps]
    # The optional ftfy clean-ups, each one step.
    for kind, fixer in _cleanups(text, html, control, quotes, width):
        new = fixer(text)
        step = _diff_step(kind, text, new)
        if step is not None:
            all_steps.append(step)
            text = new
    return Repair(text, all_steps)


def _fix_text(
    text: str,
    jis: str,
    html: bool,
    control: bool,
    quotes: bool,
    width: bool | Literal["always"],
) -> str:
    """``fix_and_explain(text, ...).text`` without the steps: the same rounds (same stopping
    rules) with :func:`_round_text`, then the same clean-ups.

    >>> _fix_text("CafÃƒÂ© crÃ¨me", "keep", False, False, False, False)
    'Café crème'
    """
    text, _ = _rounds(text, lambda t: _round_text(t, jis))
    for _kind, fixer in _cleanups(text, html, control, quotes, width):
        text = fixer(text)
    return text


def _cleanups(
    text: str, html: bool, control: bool, quotes: bool, width: bool | Literal["always"]
) -> list[tuple[str, Callable[[str], str]]]:
    """The optional ftfy clean-ups asked for, in order, as ``(step kind, fixer)``; width only
    on text without CJK unless ``width="always"`` (the test is made on *text*, the repaired
    text before the clean-ups).

    >>> [kind for kind, _ in _cleanups("abc", True, False, True, True)]
    ['html', 'quotes', 'width']
    >>> [kind for kind, _ in _cleanups("中文", False, False, False, True)]
    []
    """
    cleanups: list[tuple[str, Callable[[str], str]]] = []
    if html:
        cleanups.append(("html", ftfy.fixes.unescape_html))
    if control:
        cleanups.append(("control", ftfy.fixes.remove_control_chars))
    if quotes:
        cleanups.append(("quotes", ftfy.fixes.uncurl_quotes))
    if width and (width == "always" or not _HAS_CJK.search(text)):
        cleanups.append(("width", ftfy.fixes.fix_character_width))
    return cleanups


def fix(
    text: str,
    *,
    jis: JisMode = "keep",
    html: bool = False,
    control: bool = False,
    quotes: bool = False,
    width: bool | Literal["always"] = False,
) -> str:
    """Repair every finding that can be repaired; leave the rest exactly as it was.

    ``jis="browser"`` also maps the strict-JIS variants to what a browser shows (〜 -> ～,
    ‖ -> ∥, − -> －, ¢ -> ￠, £ -> ￡, ¬ -> ￢), for data from a strict Shift_JIS/EUC-JP/
    ISO-2022-JP decoder.

    >>> fix("Ã…lesund")
    'Ålesund'
    >>> fix("価格〜100円", jis="browser")
    '価格～100円'
    >>> fix(b"bytes")
    Traceback (most recent call last):
    ...
    TypeError: fix() takes a str, not bytes
    """
    _check(text, jis, width, "fix")
    if text.isascii() and not (html or control or quotes or width):
        return text
    if len(text) > _detect_module.CHUNK_CHARS:  # bounded memory on long texts (issue #9)
        return _fix_in_chunks(text, jis, html, control, quotes, width, explain=False).text
    return _fix_text(text, jis, html, control, quotes, width)


def _fix_in_chunks(
    text: str,
    jis: JisMode,
    html: bool,
    control: bool,
    quotes: bool,
    width: bool | Literal["always"],
    *,
    explain: bool,
) -> Repair:
    """:func:`fix_and_explain` of a text longer than ``detect.CHUNK_CHARS``, one chunk at a
    time (``detect._chunks``: cut at a newline where possible, never inside a finding), so the
    memory is the output plus one chunk's work, whatever the input size.

    Each chunk is repaired completely (all its rounds) before the next one, so a chunk's steps
    are shifted by the length of the output so far: replayed in order, they apply to the text
    as it is after the previous steps, as :func:`apply_steps` expects.  ``explain=False``
    (:func:`fix`) keeps no steps.  The clean-ups act on single characters (or entities, which
    hold no whitespace), so they run per chunk, except the ``width=True`` test "no CJK in the
    repaired text", which is made on the whole text before width runs on each chunk.

    >>> text = "Caf\\u00c3\\u00a9 au lait.\\n" * 5000  # 75,000 characters
    >>> r = _fix_in_chunks(text, "keep", False, False, False, False, explain=True)
    >>> r.text == "Café au lait.\\n" * 5000, len(r.steps), r.steps[-1].start
    (True, 5000, 69989)
    >>> apply_steps(text, r.steps) == r.text
    True
    """
    pieces: list[str] = []
    steps: list[Step] = []
    done = 0  # characters of output so far: where the next chunk's steps start
    chunk_width: bool | Literal["always"] = "always" if width == "always" else False
    for start, end in _detect_module._chunks(text):
        if not explain:
            pieces.append(_fix_text(text[start:end], jis, html, control, quotes, chunk_width))
            continue
        r = fix_and_explain(
            text[start:end], jis=jis, html=html, control=control, quotes=quotes,
            width=chunk_width,
        )
        steps.extend(replace(s, start=s.start + done, end=s.end + done) for s in r.steps)
        pieces.append(r.text)
        done += len(r.text)
    if width is True and not any(_HAS_CJK.search(piece) for piece in pieces):
        done = 0
        for i, piece in enumerate(pieces):
            pieces[i] = ftfy.fixes.fix_character_width(piece)
            step = _diff_step("width", piece, pieces[i])
            if explain and step is not None:
                steps.append(replace(step, start=step.start + done, end=step.end + done))
            done += len(pieces[i])
    return Repair("".join(pieces), steps)


def apply_steps(text: str, steps: Sequence[Step]) -> str:
    """Replay *steps* on *text* in order, checking each one's ``original``.

    >>> step = Step("utf-8-as-single-byte", 3, 5, "Ã©", "é", "UTF-8", "windows-1252")
    >>> apply_steps("CafÃ©", [step])
    'Café'
    >>> apply_steps("Cafe", [step])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: step 0 expects 'Ã©' at [3:5] but the text there is 'e': these steps were made ...
    """
    if not isinstance(text, str):
        raise TypeError(f"apply_steps() takes a str, not {type(text).__name__}")
    # Steps that move left to right without overlapping (one round of fix_and_explain) are
    # applied in one pass with a list of pieces: linear, however many steps there are.
    i = 0
    while i < len(steps):
        j = i + 1
        while j < len(steps) and steps[j].start >= steps[j - 1].start + len(
            steps[j - 1].replacement
        ):
            j += 1
        pieces, pos, shift = [], 0, 0
        for k in range(i, j):
            step = steps[k]
            start, end = step.start - shift, step.end - shift
            found = text[start:end]
            if found != step.original or step.start < 0 or end > len(text) or start < pos:
                raise ValueError(
                    f"step {k} expects {step.original!r} at [{step.start}:{step.end}] but the "
                    f"text there is {text[start:end]!r}: these steps were made for a different "
                    "text"
                )
            pieces.append(text[pos:start])
            pieces.append(step.replacement)
            pos = end
            shift += len(step.replacement) - (step.end - step.start)
        pieces.append(text[pos:])
        text = "".join(pieces)
        i = j
    return text
