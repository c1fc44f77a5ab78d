"""Undo mojibake.

:func:`fix` re-encodes each damaged span with the encoding that misread it and decodes it with
the right one, layer after layer, and leaves everything else exactly as it was (the compiled
core decides; :mod:`mojifix.detect` explains how). :func:`fix_and_explain` returns the same
text plus the :class:`Step` list that :func:`apply_steps` replays.

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

Lost data is reported by :func:`mojifix.detect` and left alone: ``lost="replace"`` turns
"锟斤拷" into the U+FFFD it encodes. The non-encoding clean-ups ftfy users know are explicit
options and are done by ftfy's own fixers (``ftfy.fixes``): ``html`` (entities), ``control``
(control characters), ``quotes`` (curly quotes to ASCII), ``width`` (full-width Latin to
ASCII; never on text with CJK unless ``width="always"``).

>>> fix("caf&eacute; &ldquo;hi&rdquo;", html=True, quotes=True)
'café "hi"'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import ftfy.fixes

from mojifix import _core
from mojifix.detect import by_segments, segments

__all__ = ["Repair", "Step", "apply_steps", "fix", "fix_and_explain"]

JisMode = Literal["keep", "browser"]
LostMode = Literal["keep", "replace"]
Width = bool | Literal["always"]


@dataclass(frozen=True, slots=True)
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


def _check(text: object, jis: str, lost: str, width: object, caller: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{caller}() takes a str, not {type(text).__name__}")
    if jis not in ("keep", "browser"):
        raise ValueError(
            f"{caller}(jis={jis!r}): use jis='keep' (leave 〜 ‖ − ¢ £ ¬ alone) or "
            "jis='browser' (map them to what browsers show, for strict-JIS decoded data)"
        )
    if lost not in ("keep", "replace"):
        raise ValueError(
            f"{caller}(lost={lost!r}): use lost='keep' (report lost data, leave it) or "
            "lost='replace' (turn 锟斤拷 and its kin into the U+FFFD they encode)"
        )
    if width not in (False, True, "always"):
        raise ValueError(f"{caller}(width={width!r}): use False, True or 'always'")


_HAS_CJK = re.compile("[\u3000-\u9fff\uac00-\ud7a3\uff61-\uff9f]")


def _cleanups(
    text: str, html: bool, control: bool, quotes: bool, width: Width
) -> list[tuple[str, Callable[[str], str]]]:
    """The optional ftfy clean-ups asked for, in order, as ``(step kind, fixer)``; width only
    on text without CJK unless ``width="always"``.

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


def _diff_step(kind: str, before: str, after: str) -> Step | None:
    """One step that turns *before* into *after*: the span between their common prefix and
    suffix.

    >>> step = _diff_step("quotes", "a “b” c", 'a "b" c')
    >>> step.start, step.end, step.original, step.replacement
    (2, 5, '“b”', '"b"')
    """
    if before == after:
        return None
    prefix = 0
    limit = min(len(before), len(after))
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    end, new_end = len(before) - suffix, len(after) - suffix
    return Step(kind, prefix, end, before[prefix:end], after[prefix:new_end], None, None)


def fix_and_explain(
    text: str,
    *,
    jis: JisMode = "keep",
    lost: LostMode = "keep",
    html: bool = False,
    control: bool = False,
    quotes: bool = False,
    width: Width = False,
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
    _check(text, jis, lost, width, "fix_and_explain")
    jis_browser, replace_lost = jis == "browser", lost == "replace"
    try:
        repaired, steps = _core.fix_and_explain(text, Step, jis_browser, replace_lost)
    except UnicodeEncodeError:  # lone surrogates: each segment, offsets after the steps before
        pieces: list[str] = []
        steps = []
        done = 0
        for _, part, tail in segments(text):
            part, found = _core.fix_and_explain(part, Step, jis_browser, replace_lost, done)
            steps += found
            pieces += [part, tail]
            done += len(part) + len(tail)
        repaired = "".join(pieces)
    for kind, fixer in _cleanups(repaired, html, control, quotes, width):
        new = fixer(repaired)
        step = _diff_step(kind, repaired, new)
        if step is not None:
            steps.append(step)
            repaired = new
    return Repair(repaired, steps)


def fix(
    text: str,
    *,
    jis: JisMode = "keep",
    lost: LostMode = "keep",
    html: bool = False,
    control: bool = False,
    quotes: bool = False,
    width: Width = False,
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
    if type(text) is not str or jis != "keep" or lost != "keep" or width is not False:
        # (the defaults need no check: a call per row of a column pays for each one)
        _check(text, jis, lost, width, "fix")
    jis_browser, replace_lost = jis == "browser", lost == "replace"
    try:
        repaired = _core.fix(text, jis_browser, replace_lost)
    except UnicodeEncodeError:  # lone surrogates
        repaired = "".join(
            part + tail
            for _, _, tail, part in by_segments(
                text, lambda part: _core.fix(part, jis_browser, replace_lost)
            )
        )
    if html or control or quotes or width:
        for _kind, fixer in _cleanups(repaired, html, control, quotes, width):
            repaired = fixer(repaired)
    return repaired


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
    # Steps that move left to right without overlapping (the core's steps) are applied in one
    # pass with a list of pieces: linear, however many steps there are.
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
