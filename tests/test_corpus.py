"""The labelled corpus (corpus/*.jsonl) and the mechanism that made it.

These tests check the data files themselves (schema, unique ids, that every damaged row is
reproduced by its recorded mechanism), so they read every row; the accuracy floors in
``test_eval_floors.py`` read only the ``test`` split.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.metadata
import json
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import mojifix
from mojifix.evaluate import (
    CATEGORIES,
    CLEAN_KINDS,
    CORPUS_FILES,
    MOJIBAKE_KINDS,
    CorpusError,
    collapse_replacements,
    damage,
    find_corpus,
    holds_only_losses,
    load_corpus,
    load_targets,
    only_marks_losses,
    recover,
    row_groups,
    validate_row,
)

CORPUS = find_corpus()


def _rows(name: str) -> list[dict[str, Any]]:
    with (CORPUS / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


ROWS = {name: _rows(name) for name in CORPUS_FILES}
ALL = [row for rows in ROWS.values() for row in rows]
DAMAGED = [row for row in ALL if row["kind"] not in CLEAN_KINDS]


def test_every_row_follows_the_schema() -> None:
    for row in ALL:
        validate_row(row)


def test_ids_are_unique() -> None:
    counts = Counter(row["id"] for row in ALL)
    assert [i for i, n in counts.items() if n > 1] == []


def test_kinds_are_the_architecture_kinds_and_all_are_present() -> None:
    assert tuple(mojifix.KINDS) == MOJIBAKE_KINDS
    assert {row["kind"] for row in ROWS["damaged.jsonl"]} == set(MOJIBAKE_KINDS)
    assert {row["kind"] for row in ROWS["clean.jsonl"]} == {"clean"}
    assert {row["kind"] for row in ROWS["negatives.jsonl"]} == {"negative"}


def test_the_damage_reproduces() -> None:
    """Re-applying the recorded mechanism to true_original gives text (WHATWG decoders)."""
    wrong = [
        row["id"]
        for row in DAMAGED
        if damage(row["true_original"], row["mechanism"]) != row["text"]
    ]
    assert wrong == []


def test_original_is_what_inverting_the_mechanism_gives() -> None:
    wrong = []
    for row in DAMAGED:
        if holds_only_losses(row["text"]):
            # (nothing a misreading wrote is left: lost data, which fix leaves as it is)
            assert row["kind"] == "lost" and row["original"] == row["text"], row["id"]
            continue
        got = recover(row["text"], row["mechanism"], true_original=row["true_original"])
        if got != row["original"]:
            wrong.append(row["id"])
        assert row["lossless"] == (row["original"] == row["true_original"]), row["id"]
        if not row["lossless"]:
            assert "\ufffd" in row["original"], row["id"]
            assert collapse_replacements(row["original"]) == row["original"], row["id"]
            # (the generator keeps no row whose label invents a character)
            assert only_marks_losses(row["original"], row["true_original"]), row["id"]
    assert wrong == []


def _hashed_split(key: str) -> str:
    digest = int(hashlib.sha256(key.encode("utf-8")).hexdigest()[:8], 16) % 10
    return "test" if digest < 3 else "dev" if digest < 5 else "train"


def test_splits_are_30_20_50_and_follow_the_hash_rule() -> None:
    """The first corpus and the hand-written rows hash their id (every row that was in `test`
    stays there); the second corpus hashes its clean text, so a text and all its damage share a
    split; a document takes the one split its parts were drawn from."""
    for row in ALL:
        if row["id"].startswith(("clean2-", "dmg2-")):
            if row["category"] != "document" or row["kind"] == "clean":
                assert row["split"] == _hashed_split(row["true_original"]), row["id"]
        else:
            assert row["split"] == _hashed_split(row["id"]), row["id"]
    shares = Counter(row["split"] for row in ALL)
    assert 0.27 < shares["test"] / len(ALL) < 0.33
    assert 0.17 < shares["dev"] / len(ALL) < 0.23


def test_no_text_of_the_second_corpus_is_in_two_splits() -> None:
    splits: dict[str, set[str]] = {}
    for row in ALL:
        if row["id"].startswith(("clean2-", "dmg2-")) and row["category"] != "document":
            splits.setdefault(row["true_original"], set()).add(row["split"])
    assert [text for text, found in splits.items() if len(found) > 1] == []


def test_load_corpus_returns_only_the_split_asked_for() -> None:
    counts = 0
    for split in ("train", "dev", "test"):
        rows = load_corpus(split=split)
        assert {row["split"] for row in rows} == {split}
        counts += len(rows)
    assert counts == len(ALL)


def test_clean_text_covers_30_languages_and_the_required_scripts() -> None:
    clean = ROWS["clean.jsonl"]
    assert len({row["lang"] for row in clean}) >= 30
    scripts = {row["script"] for row in clean}
    assert {
        "Latin",
        "Cyrillic",
        "Greek",
        "Arabic",
        "Hebrew",
        "Devanagari",
        "Thai",
        "Han",
        "Japanese",
        "Hangul",
    } <= scripts
    assert {"zh-Hans", "zh-Hant"} <= {row["lang"] for row in clean}
    # kana and Hangul really occur
    names = {unicodedata.name(c, "?").split()[0] for row in clean for c in row["text"]}
    assert {"HIRAGANA", "KATAKANA", "HANGUL", "CJK"} <= names


def test_clean_text_has_every_category_with_short_and_long_texts() -> None:
    clean = ROWS["clean.jsonl"]
    by_category = Counter(row["category"] for row in clean)
    for category in ("name", "address", "sentence", "product", "short", "place", "long"):
        assert by_category[category] >= 30, category
    assert all(2 <= len(row["text"]) <= 10 for row in clean if row["category"] == "short")
    assert all(len(row["text"]) >= 800 for row in clean if row["category"] == "long")
    assert set(by_category) <= set(CATEGORIES)


def test_damaged_rows_cover_the_encoding_pairs_of_the_issue() -> None:
    pairs = {(row["encoded_as"], row["decoded_as"]) for row in ROWS["damaged.jsonl"]}
    for single in (
        "windows-1252",
        "windows-1250",
        "windows-1251",
        "windows-1253",
        "windows-1254",
        "windows-1257",
        "ISO-8859-2",
        "macintosh",
        "IBM866",
        "IBM437",
        "KOI8-R",
        "KOI8-U",
    ):
        assert ("UTF-8", single) in pairs, single
    for multi in ("GBK", "gb18030", "Shift_JIS", "EUC-JP", "EUC-KR", "Big5"):
        assert ("UTF-8", multi) in pairs, multi
    for legacy in ("windows-1251", "windows-1250", "GBK", "Shift_JIS", "EUC-KR"):
        assert (legacy, "windows-1252") in pairs, legacy
    layers = {tuple(layer["decode"] for layer in row["mechanism"]) for row in DAMAGED}
    assert ("python:latin-1",) in layers  # Python's latin-1: C1 controls
    assert ("windows-1252", "windows-1252") in layers
    assert any(row["category"] == "mixed" for row in DAMAGED)
    assert any("锟斤拷" in row["text"] for row in DAMAGED)
    assert any(not row["lossless"] for row in DAMAGED)
    assert sum(row["lossless"] for row in DAMAGED) > len(DAMAGED) / 2


def test_mixed_rows_damage_only_a_slice() -> None:
    mixed = [row for row in DAMAGED if row["category"] == "mixed"]
    assert len(mixed) >= 30
    for row in mixed:
        layer = row["mechanism"][0]
        start, end = layer["start"], layer["end"]
        # the clean part is still there, untouched
        assert row["text"][:start] == row["true_original"][:start]
        tail = len(row["true_original"]) - end
        assert row["text"][len(row["text"]) - tail :] == row["true_original"][end:]


def test_whatwg_decoders_made_the_damage() -> None:
    """windows-1252 maps 0x81, 0x8D, 0x8F, 0x90, 0x9D to C1 controls (Python's cp1252 fails)."""
    c1 = [
        row
        for row in DAMAGED
        if row["mechanism"][0]["decode"] == "windows-1252" and "\x81" in row["text"]
    ]
    assert c1, "no windows-1252 row with U+0081 (e.g. Á = C3 81)"


def test_hand_written_sets_are_big_enough_and_documented() -> None:
    negatives = ROWS["negatives.jsonl"]
    real_world = ROWS["real-world.jsonl"]
    assert len(negatives) >= 150
    assert len(real_world) >= 40
    assert all(row.get("note") for row in negatives + real_world)
    assert all(row["source"] for row in real_world)
    assert {row["kind"] for row in real_world} >= {
        "utf-8-as-single-byte",
        "utf-8-as-multi-byte",
        "legacy-as-legacy",
        "multi-layer",
        "lost",
    }


def test_negatives_are_not_damaged_text() -> None:
    """No negative is also a damaged row's text or a real-world case's text."""
    texts = [row["text"] for row in ROWS["negatives.jsonl"]]
    damaged = {row["text"] for row in DAMAGED}
    assert [t for t in texts if t in damaged] == []
    assert len(set(texts)) == len(texts)


def test_corpus_is_small_enough_for_git() -> None:
    total = sum((CORPUS / name).stat().st_size for name in CORPUS_FILES)
    assert total < 26_000_000


def test_every_group_of_the_issue_has_enough_test_rows() -> None:
    """Each group's test split is big enough for its target to mean something (the numbers in
    corpus/targets.json: about 1,000 rows for the common pairs, a few hundred for the rarer)."""
    wanted = load_targets()["min_rows"]
    counts: Counter[str] = Counter()
    for row in ALL:
        if row["split"] == "test":
            counts.update(row_groups(row))
    for pattern, least in wanted.items():
        groups = [g for g in counts if g == pattern or fnmatch.fnmatchcase(g, pattern)]
        assert groups, pattern
        for group in groups:
            assert counts[group] >= least, (group, counts[group], least)
    for common in ("windows-1252", "latin-1", "windows-1250", "windows-1251"):
        assert counts[f"single-byte: UTF-8 → {common}"] >= 950, common
    for common in ("GBK", "Shift_JIS"):
        assert counts[f"multi-byte: UTF-8 → {common}"] >= 750, common
    assert counts["clean"] >= 2000


def test_documents_damage_some_parts_and_leave_others_clean() -> None:
    documents = [row for row in DAMAGED if row["category"] == "document"]
    assert len(documents) >= 1500
    for row in documents:
        layers = row["mechanism"]
        starts = [layer["start"] for layer in layers]
        assert starts == sorted(starts, reverse=True), row["id"]  # last part first
        damaged = sum(layer["end"] - layer["start"] for layer in layers)
        assert 0 < damaged < len(row["true_original"]), row["id"]
        # the text before the first damaged part is untouched
        assert row["text"][: starts[-1]] == row["true_original"][: starts[-1]], row["id"]


def test_lossy_rows_lost_something() -> None:
    """NBSP-as-space rows have a space where the misreading made an NBSP; U+FFFD / "?" rows
    have a lost byte in their original."""
    lossy = [row for row in DAMAGED if "lossy" in row_groups(row)]
    after = Counter(row["mechanism"][0].get("after") for row in lossy)
    assert set(after) >= {None, "nbsp-as-space", "nbsp-as-space-collapsed", "fffd-as-question-mark"}
    for row in lossy:
        plain = [{k: v for k, v in layer.items() if k != "after"} for layer in row["mechanism"]]
        step = row["mechanism"][0].get("after")
        if step is not None and step.startswith("nbsp"):
            assert "\xa0" in damage(row["true_original"], plain), row["id"]
        else:
            assert "\ufffd" in row["original"], row["id"]


def test_two_character_names_of_every_cjk_language_under_many_decoders() -> None:
    names = [row for row in DAMAGED if "two-character CJK names" in row_groups(row)]
    assert {row["lang"] for row in names} == {"zh-Hans", "zh-Hant", "ja", "ko"}
    assert len({row["mechanism"][0]["decode"] for row in names}) >= 10
    assert all(len(row["true_original"]) == 2 and row["lossless"] for row in names)
    clean = [r for r in ROWS["clean.jsonl"] if r["category"] == "name" and len(r["text"]) == 2]
    assert len({r["lang"] for r in clean if r["lang"] in ("zh-Hans", "zh-Hant", "ja", "ko")}) == 4


# --- the mechanism and the loader, on small hand-made inputs ---------------------------------


def test_damage_and_recover_round_trip_by_hand() -> None:
    layer = [{"encode": "UTF-8", "decode": "windows-1252"}]
    assert damage("Á", layer) == "Ã\x81"  # WHATWG windows-1252: 0x81 -> U+0081
    assert recover("Ã\x81", layer) == "Á"
    two = layer * 2
    assert damage("é", two) == "ÃƒÂ©"
    assert recover("ÃƒÂ©", two) == "é"
    gbk = [{"encode": "UTF-8", "decode": "GBK"}]
    assert damage("用户", gbk) == "鐢ㄦ埛"


def test_recover_marks_lost_bytes_with_one_replacement_character() -> None:
    lost = [{"encode": "windows-1252", "decode": "UTF-8"}]
    assert damage("Café au lait", lost) == "Caf\ufffd au lait"
    assert recover("Caf\ufffd au lait", lost) == "Caf\ufffd au lait"
    kaolin = [{"encode": "GBK", "decode": "UTF-8"}, {"encode": "UTF-8", "decode": "GBK"}]
    text = damage("中文ok", kaolin)
    assert text.startswith("锟斤拷")
    assert recover(text, kaolin) == "\ufffdok"


def test_after_steps_by_hand() -> None:
    """NBSP turned into a space ("voilÃ le travail"), and U+FFFD written as "?" ("â€?")."""
    nbsp = [{"encode": "UTF-8", "decode": "windows-1252", "after": "nbsp-as-space"}]
    assert damage("voilà le", nbsp) == "voilÃ  le"
    assert recover("voilÃ  le", nbsp, true_original="voilà le") == "voilà le"
    collapsed = [{**nbsp[0], "after": "nbsp-as-space-collapsed"}]
    assert damage("voilà le", collapsed) == "voilÃ le"
    assert recover("voilÃ le", collapsed, true_original="voilà le") == "voilà le"
    question = [
        {"encode": "UTF-8", "decode": "python:cp1252", "errors": "replace",
         "after": "fffd-as-question-mark"}
    ]  # fmt: skip
    assert damage("“quoted”", question) == "â€œquotedâ€?"
    assert recover("â€œquotedâ€?", question, true_original="“quoted”") == "“quoted\ufffd"
    with pytest.raises(ValueError, match="true_original"):
        recover("voilÃ le", collapsed)
    with pytest.raises(ValueError, match="do not give this text"):
        recover("voila le", collapsed, true_original="voilà le")


def test_recover_needs_the_true_original_for_sliced_layers() -> None:
    layer = [{"encode": "UTF-8", "decode": "windows-1252", "start": 0, "end": 4}]
    text = damage("Café, Rue", layer)
    assert text == "CafÃ©, Rue"
    assert recover(text, layer, true_original="Café, Rue") == "Café, Rue"
    with pytest.raises(ValueError, match="true_original"):
        recover(text, layer)


def test_validate_row_says_what_is_wrong() -> None:
    good = dict(ROWS["damaged.jsonl"][0])
    validate_row(good)
    with pytest.raises(CorpusError, match="unknown kind"):
        validate_row({**good, "kind": "weird"})
    with pytest.raises(CorpusError, match="did not change"):
        validate_row({**good, "text": good["true_original"]})
    with pytest.raises(CorpusError, match="field 'lossless' is str"):
        validate_row({**good, "lossless": "yes"})
    bad = dict(good)
    del bad["split"]
    with pytest.raises(CorpusError, match="missing fields: split"):
        validate_row(bad)


def test_load_corpus_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="no corpus found"):
        load_corpus(tmp_path)
    (tmp_path / "damaged.jsonl").write_text("{not json\n", encoding="utf-8")
    for name in CORPUS_FILES:
        if name != "damaged.jsonl":
            (tmp_path / name).write_text("", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"damaged.jsonl:1: not JSON"):
        load_corpus(tmp_path, split="all")
    with pytest.raises(CorpusError, match="unknown split"):
        load_corpus(CORPUS, split="eval")


def _make_corpus() -> Any:
    """The corpus generator, ``scripts/make_corpus.py``, as a module."""
    scripts = Path(__file__).resolve().parents[1] / "scripts"
    sys.path.insert(0, str(scripts))
    try:
        import make_corpus
    finally:
        sys.path.remove(str(scripts))
    return make_corpus


def test_hand_written_files_are_what_the_generator_makes() -> None:
    """negatives.jsonl, real-world.jsonl and examples/ are rebuilt identically (deterministic),
    whatever the versions of the packages the rest is drawn from."""
    make_corpus = _make_corpus()
    assert make_corpus.CODECS_USED == "mojifix.codecs"
    real_world = make_corpus.make_real_world()
    assert make_corpus.dump(make_corpus.make_negatives()) == (CORPUS / "negatives.jsonl").read_text(
        encoding="utf-8"
    )
    assert make_corpus.dump(real_world) == (CORPUS / "real-world.jsonl").read_text(encoding="utf-8")
    damaged, original = make_corpus.make_examples(real_world)
    assert damaged == (CORPUS / "examples" / "damaged.txt").read_text(encoding="utf-8")
    assert original == (CORPUS / "examples" / "original.txt").read_text(encoding="utf-8")


def test_every_file_is_what_the_generator_makes() -> None:
    """``make_corpus.py --check`` in memory (about 20 s): the files are rebuilt identically, so
    every figure measured on them is one command away. The seeds draw from Faker's, babel's,
    pycountry's and wordfreq's data: with other versions of them, other text."""
    make_corpus = _make_corpus()
    installed = {name: importlib.metadata.version(name) for name in make_corpus.MADE_WITH}
    if installed != make_corpus.MADE_WITH:
        pytest.skip(f"the corpus was made with {make_corpus.MADE_WITH}; installed: {installed}")
    for name, text in make_corpus.build().items():
        assert (CORPUS / name).read_text(encoding="utf-8") == text, f"{name}: run make_corpus.py"


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_rows_survive_any_line_splitter(name: str) -> None:
    """C1 controls (U+0085) and U+2028/U+2029 are escaped, so str.splitlines() keeps rows whole."""
    text = (CORPUS / name).read_text(encoding="utf-8")
    assert text.splitlines() == text.split("\n")[:-1]


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_clean_text_is_rebuilt_identically(lang: str) -> None:
    """The seeded generator gives the same clean texts again (one language at a time, quickly)."""
    make_corpus = _make_corpus()
    pool = make_corpus.clean_pool([make_corpus.LANGS_BY_CODE[lang]])
    rebuilt = [
        text
        for category, count in make_corpus.CLEAN_COUNTS.items()
        for text in pool[(lang, category)][:count]
    ]
    more = make_corpus.more_pool([make_corpus.LANGS_BY_CODE[lang]])
    rebuilt += [text for _, text in make_corpus.more_clean_texts(more, lang, set(rebuilt))]
    assert rebuilt == [row["text"] for row in ROWS["clean.jsonl"] if row["lang"] == lang]
