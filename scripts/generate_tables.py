#!/usr/bin/env python
"""Generate ``mojifix/_tables/*.py`` from the Encoding Standard data in ``third_party/whatwg/``.

Run from anywhere::

    python scripts/generate_tables.py          # (re)write the tables
    python scripts/generate_tables.py --check  # exit 1 if a generated file is out of date

The output is deterministic: running the script twice gives byte-identical files. Every generated
file carries the WHATWG attribution, the BSD 3-Clause notice, and the source commit.

Index tables are stored as compact string literals: a tuple of ``(first_pointer, "code points")``
runs, one character per pointer, covering only the pointers the index defines. Characters are
written literally when they are letters, digits, punctuation or symbols (so the tables stay
readable and small) and as ``\\uXXXX`` escapes otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "third_party" / "whatwg"
OUTPUT = ROOT / "mojifix" / "_tables"

#: The single-byte encodings whose index file has the encoding's own (lower-case) name.
SINGLE_BYTE = (
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
)

#: Multi-byte indexes: (index file name, generated module name).
MULTI_BYTE = (
    ("jis0208", "jis0208"),
    ("jis0212", "jis0212"),
    ("euc-kr", "euc_kr"),
    ("gb18030", "gb18030"),
    ("big5", "big5"),
    ("iso-2022-jp-katakana", "iso_2022_jp_katakana"),
)


def source_commit() -> str:
    """Read the source commit of the copied data from ``third_party/whatwg/README.md``."""
    readme = (SOURCE / "README.md").read_text(encoding="utf-8")
    match = re.search(r"Commit: `([0-9a-f]{40})`", readme)
    if match is None:
        raise SystemExit("third_party/whatwg/README.md does not name the source commit")
    return match.group(1)


def header(what: str) -> str:
    """The comment block at the top of each generated file."""
    return f"""# GENERATED FILE: do not edit. Regenerate with `python scripts/generate_tables.py`.
#
# {what}
# Derived from the WHATWG Encoding Standard data files (https://github.com/whatwg/encoding,
# commit {source_commit()}), copied in third_party/whatwg/.
#
# Copyright © WHATWG (Apple, Google, Mozilla, Microsoft).
# Licensed under the BSD 3-Clause License (as the Encoding Standard's license provides for
# portions incorporated into source code):
#
# Redistribution and use in source and binary forms, with or without
# modification, are permitted provided that the following conditions are met:
#
# 1. Redistributions of source code must retain the above copyright notice, this
#    list of conditions and the following disclaimer.
#
# 2. Redistributions in binary form must reproduce the above copyright notice,
#    this list of conditions and the following disclaimer in the documentation
#    and/or other materials provided with the distribution.
#
# 3. Neither the name of the copyright holder nor the names of its
#    contributors may be used to endorse or promote products derived from
#    this software without specific prior written permission.
#
# THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
# AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
# IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
# DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
# FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
# DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
# SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
# CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
# OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
# OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
# fmt: off
"""


def read_index(name: str) -> dict[int, int]:
    """Read ``index-<name>.txt`` as ``{pointer: code point}``."""
    table: dict[int, int] = {}
    path = SOURCE / f"index-{name}.txt"
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        table[int(fields[0])] = int(fields[1], 16)
    return table


def literal_char(code_point: int) -> str:
    """One character of a Python string literal: literal if visible, else an escape."""
    char = chr(code_point)
    category = unicodedata.category(char)
    if code_point > 0x7F and category[0] in "LNPS" and category not in ("Co", "Cs"):
        return char
    if 0x20 <= code_point < 0x7F and char not in '\\"':
        return char
    if code_point <= 0xFF:
        return f"\\x{code_point:02x}"
    if code_point <= 0xFFFF:
        return f"\\u{code_point:04x}"
    return f"\\U{code_point:08x}"


def string_literal(code_points: list[int], width: int = 60) -> str:
    """A (possibly multi-line, implicitly concatenated) string literal for *code_points*."""
    pieces = [literal_char(cp) for cp in code_points]
    lines = ['"' + "".join(pieces[i : i + width]) + '"' for i in range(0, len(pieces), width)]
    if not lines:
        return '""'
    if len(lines) == 1:
        return lines[0]
    return "(\n        " + "\n        ".join(lines) + "\n    )"


def runs(table: dict[int, int]) -> list[tuple[int, list[int]]]:
    """Split an index into runs of consecutive defined pointers."""
    result: list[tuple[int, list[int]]] = []
    for pointer in sorted(table):
        if result and result[-1][0] + len(result[-1][1]) == pointer:
            result[-1][1].append(table[pointer])
        else:
            result.append((pointer, [table[pointer]]))
    return result


def gen_labels() -> str:
    """``_tables/labels.py``: ENCODINGS (in order) and LABELS (label -> name)."""
    data = json.loads((SOURCE / "encodings.json").read_text(encoding="utf-8"))
    names: list[str] = []
    labels: list[tuple[str, str]] = []
    for group in data:
        for encoding in group["encodings"]:
            names.append(encoding["name"])
            labels.extend((label, encoding["name"]) for label in encoding["labels"])
    out = [header("The label table of encodings.json: 40 encodings, their labels.")]
    out.append('"""The Encoding Standard\'s encodings and labels (generated)."""\n\n')
    out.append("#: The canonical encoding names, in the standard's order.\n")
    out.append("ENCODINGS: tuple[str, ...] = (\n")
    out.extend(f"    {json.dumps(name)},\n" for name in names)
    out.append(")\n\n#: Every label (lower case, as in the standard) -> canonical encoding name.\n")
    out.append("LABELS: dict[str, str] = {\n")
    out.extend(f"    {json.dumps(label)}: {json.dumps(name)},\n" for label, name in labels)
    out.append("}\n")
    return "".join(out)


def gen_single_byte() -> str:
    """``_tables/single_byte.py``: the 128 high-half code points of each single-byte index."""
    out = [header("Single-byte indexes (pointer = byte - 0x80).")]
    out.append(
        '"""Single-byte indexes: name -> 128 characters for bytes 0x80..0xFF (generated).\n\n'
    )
    out.append(
        'U+FFFE marks a pointer the index does not define (the decoder returns error)."""\n\n'
    )
    out.append("INDEXES: dict[str, str] = {\n")
    for name in SINGLE_BYTE:
        table = read_index(name.lower())
        code_points = [table.get(pointer, 0xFFFE) for pointer in range(128)]
        out.append(f"    {json.dumps(name)}: {string_literal(code_points, width=32)},\n")
    out.append("}\n")
    return "".join(out)


def gen_multi_byte(index_name: str) -> str:
    """``_tables/<name>.py``: one multi-byte index as runs of consecutive pointers."""
    table = read_index(index_name)
    out = [header(f"index-{index_name}.txt: {len(table)} pointers.")]
    out.append(f'"""index {index_name} as runs: (first pointer, one character per pointer)."""\n\n')
    out.append("RUNS: tuple[tuple[int, str], ...] = (\n")
    for start, code_points in runs(table):
        out.append(f"    ({start}, {string_literal(code_points)}),\n")
    out.append(")\n")
    if index_name == "gb18030":
        ranges = read_index("gb18030-ranges")
        out.append("\n#: index gb18030 ranges: (pointer, code point) pairs, sorted.\n")
        out.append("RANGES: tuple[tuple[int, int], ...] = (\n")
        out.extend(f"    ({pointer}, 0x{cp:04X}),\n" for pointer, cp in sorted(ranges.items()))
        out.append(")\n")
    return "".join(out)


def py_literal(value: object) -> str:
    """A deterministic Python literal for strings, bytes, lists and dicts of them."""
    if isinstance(value, str):
        return '"' + "".join(literal_char(ord(c)) for c in value) + '"'
    if isinstance(value, bytes):
        return repr(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else list(value)
        return "[" + ", ".join(py_literal(v) for v in items) + "]"
    if isinstance(value, dict):
        pairs = ", ".join(f"{py_literal(k)}: {py_literal(v)}" for k, v in value.items())
        return "{" + pairs + "}"
    raise TypeError(type(value))


def gen_c_codecs() -> str:
    """``_tables/c_codecs.py``: where CPython's CJK codecs differ from the standard.

    Computed by ``mojifix.codecs`` itself (from the tables generated above) by running every
    byte sequence through both; ``tests/test_codecs.py`` recomputes and compares, so a Python
    whose codecs differ fails the tests rather than decoding wrongly.
    """
    sys.path.insert(0, str(ROOT))
    from mojifix import codecs as whatwg

    out = [header("Corrections for CPython's CJK codecs (the decode/encode fast path).")]
    out.append('"""Where CPython\'s C codecs differ from the standard (generated)."""\n\n')
    out.append("#: name -> translate (C char -> standard's output), errors, fallback sequences.\n")
    out.append("DECODER_FIXES: dict[str, dict[str, object]] = {\n")
    for name in whatwg._C_CODECS:
        if name == "GBK":
            continue  # GBK's decoder is the gb18030 decoder
        diff = whatwg._differences_uncached(name)
        translate = {chr(k): v for k, v in sorted(diff.translate.items())}
        out.append(f"    {json.dumps(name)}: {{\n")
        out.append(f'        "translate": {py_literal(translate)},\n')
        out.append(f'        "errors": {py_literal(set(diff.errors))},\n')
        out.append(f'        "fallback": {py_literal(diff.fallback)},\n')
        out.append("    },\n")
    out.append("}\n\n#: name -> characters the C encoder encodes differently from the standard.\n")
    out.append("ENCODER_SUSPECTS: dict[str, str] = {\n")
    for name in whatwg._C_ENCODERS:
        suspects = [ord(c) for c in sorted(whatwg._encoder_fixes_uncached(name).suspects)]
        out.append(f"    {json.dumps(name)}: {string_literal(suspects)},\n")
    out.append("}\n")
    return "".join(out)


def generate() -> dict[str, str]:
    """Every generated file: relative name -> content."""
    files = {
        "__init__.py": header("Package marker.")
        + '"""Tables generated from the WHATWG Encoding Standard (generate_tables.py)."""\n',
        "labels.py": gen_labels(),
        "single_byte.py": gen_single_byte(),
    }
    for index_name, module in MULTI_BYTE:
        files[f"{module}.py"] = gen_multi_byte(index_name)
    return files


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the generated tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the files are current")
    args = parser.parse_args(argv)
    stale: list[str] = []
    OUTPUT.mkdir(parents=True, exist_ok=True)

    def update(files: dict[str, str]) -> None:
        for name, content in files.items():
            path = OUTPUT / name
            current = path.read_text(encoding="utf-8") if path.exists() else None
            if current != content:
                stale.append(name)
                if not args.check:
                    path.write_text(content, encoding="utf-8")

    update(generate())  # the index tables first: mojifix.codecs reads them for the next one
    update({"c_codecs.py": gen_c_codecs()})
    if args.check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    for name in stale:
        print(f"wrote mojifix/_tables/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
