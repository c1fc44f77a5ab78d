"""The disk cache of compiled patterns (mojifix/_patterns.py): a pattern rebuilt from the
cache matches exactly like the one ``re`` compiles, in this process and in a new one, and a
damaged, missing or switched-off cache only costs time."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mojifix import _patterns
from mojifix._version import __version__
from mojifix.benchmark import corpus_rows, default_corpus

needs_engine = pytest.mark.skipif(
    _patterns._ENGINE is None, reason="the cache needs CPython's _sre engine"
)

#: Patterns with what the cache must keep: classes (small, large, non-BMP), lookarounds,
#: named groups, backreferences, possessive quantifiers, flags, bytes.
SAMPLES: list[tuple[str | bytes, int]] = [
    ("[a-c]+(?P<tail>x)?", 0),
    ("(?<=[а-яё][А-ЯЁ])[А-ЯЁ]|(?<![^\\W\\d_])Ã[\x80-¿]", 0),
    ("".join(["[", *map(chr, range(0x4E00, 0x9FFF, 7)), "]{2}"]), 0),
    ("(\\w)\\1(?=\\s)", re.IGNORECASE),
    ("[\U00020000-\U0002a6df]+", 0),
    ("a*+b", re.MULTILINE),
    (b"H(?=(?:L?+s*+H){3})", 0),
]

TEXTS = [
    "abcx", "ПРИвет", "CafÃ© au lait", "中文字符串", "Aa b", "𠀀𠀁", "aaab", "HLsHsHLH",
    *(row["text"] for row in corpus_rows(default_corpus())[:300]),
]


def _same(a: re.Pattern, b: re.Pattern, texts: list) -> None:  # type: ignore[type-arg]
    assert (a.pattern, a.flags, a.groups, a.groupindex) == (
        b.pattern, b.flags, b.groups, b.groupindex
    )
    for text in texts:
        if isinstance(a.pattern, bytes):
            text = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        got = [(m.span(), m.groups()) for m in a.finditer(text)]
        want = [(m.span(), m.groups()) for m in b.finditer(text)]
        assert got == want, (a.pattern, text)


@needs_engine
@pytest.mark.parametrize(("pattern", "flags"), SAMPLES)
def test_rebuilt_pattern_matches_like_re(pattern: str | bytes, flags: int) -> None:
    compiled, entry = _patterns._compile_with_code(pattern, flags)
    rebuilt = _patterns._rebuild(pattern, entry)
    _same(compiled, re.compile(pattern, flags), TEXTS)
    _same(rebuilt, re.compile(pattern, flags), TEXTS)


@needs_engine
def test_detector_patterns_rebuilt_from_a_new_process(tmp_path: Path) -> None:
    """A process fills the cache (through the detector, as the CLI's warm-up does); a second
    process rebuilds every pattern from it without compiling, and detects the same."""
    env = {**os.environ, _patterns.CACHE_ENV: str(tmp_path)}
    script = (
        "import json, sys, re\n"
        "from mojifix import _patterns\n"
        "from mojifix._work import Job, warm_up\n"
        "compiled = []\n"
        "original = _patterns._compile_with_code\n"
        "def spy(p, f):\n"
        "    compiled.append(p)\n"
        "    return original(p, f)\n"
        "_patterns._compile_with_code = spy\n"
        "warm_up(Job(action='fix', fmt='text'))\n"
        "import mojifix\n"
        "texts = json.loads(sys.stdin.read())\n"
        "print(json.dumps({'compiled': len(compiled), 'loaded': len(_patterns._entries()),\n"
        "  'fixed': [mojifix.fix(t) for t in texts],\n"
        "  'scores': [mojifix.score(t) for t in texts]}))\n"
    )
    texts = [t for t in TEXTS if isinstance(t, str)]
    runs = [
        json.loads(subprocess.run(
            [sys.executable, "-c", script], input=json.dumps(texts), env=env,
            capture_output=True, text=True, check=True,
        ).stdout)
        for _ in range(2)
    ]  # fmt: skip
    first, second = runs
    assert first["compiled"] > 20  # the detector's lazily built patterns went through it
    assert list(tmp_path.glob("patterns-*.marshal"))
    assert second["compiled"] == 0 and second["loaded"] >= first["compiled"]
    assert second["fixed"] == first["fixed"] and second["scores"] == first["scores"]


@needs_engine
def test_damaged_cache_falls_back_to_re(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_patterns.CACHE_ENV, str(tmp_path))
    path = _patterns.cache_file()
    assert path is not None
    pattern, flags = SAMPLES[1]
    # A file that is not marshal data at all, then one whose entry holds broken code.
    path.write_bytes(b"not a cache")
    monkeypatch.setattr(_patterns, "_loaded", None)
    _same(_patterns.compile(pattern, flags), re.compile(pattern, flags), TEXTS)
    _patterns._new.clear()
    entry = (0, b"\xff\xff\xff\x7f" * 8, 0, {}, (None,))
    monkeypatch.setattr(_patterns, "_loaded", {_patterns._key(pattern, flags): entry})
    _same(_patterns.compile(pattern, flags), re.compile(pattern, flags), TEXTS)


def test_cache_off_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(_patterns.CACHE_ENV, "")
    monkeypatch.setattr(_patterns, "_new", {})
    assert _patterns.cache_file() is None
    pattern, flags = SAMPLES[0]
    _same(_patterns.compile(pattern, flags), re.compile(pattern, flags), TEXTS)
    assert _patterns.save() is None and not _patterns._new


@needs_engine
def test_unwritable_cache_folder_is_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv(_patterns.CACHE_ENV, str(blocked / "mojifix"))
    monkeypatch.setattr(_patterns, "_loaded", None)
    monkeypatch.setattr(_patterns, "_new", {})
    pattern, flags = SAMPLES[2]
    _same(_patterns.compile(pattern, flags), re.compile(pattern, flags), TEXTS[:50])
    assert _patterns.save() is None  # reported as "not written", not raised


@needs_engine
def test_a_file_of_stale_entries_is_pruned_to_the_used_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Patterns of older code (an editable install keeps its version) do not pile up: past
    MAX_ENTRIES, the file is rewritten with the entries this process used."""
    import marshal

    monkeypatch.setenv(_patterns.CACHE_ENV, str(tmp_path))
    monkeypatch.setattr(_patterns, "MAX_ENTRIES", 5)
    monkeypatch.setattr(_patterns, "_new", {})
    monkeypatch.setattr(_patterns, "_used", set())
    stale = {}
    for n in range(6):
        key_pattern = f"stale{n}"
        stale[_patterns._key(key_pattern, 0)] = _patterns._compile_with_code(key_pattern, 0)[1]
    path = _patterns.cache_file()
    assert path is not None
    path.write_bytes(marshal.dumps(stale))
    monkeypatch.setattr(_patterns, "_loaded", None)
    used = [pattern for pattern, _ in SAMPLES[:2]]
    for pattern in used:
        _patterns.compile(pattern)
    _patterns.compile("stale0")  # a stale entry that is used again is kept
    assert _patterns.save() == path
    kept = marshal.loads(path.read_bytes())
    assert set(kept) == {_patterns._key(p, 0) for p in [*used, "stale0"]}
    assert f"-{__version__}-" in path.name  # a new version starts a new file
