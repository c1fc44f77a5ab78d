#!/usr/bin/env python
"""Generate the label table ``mojifix/_tables/labels.py`` from the WHATWG ``encodings.json``.

Run from anywhere::

    python scripts/generate_tables.py          # (re)write the tables
    python scripts/generate_tables.py --check  # exit 1 if a generated file is out of date

The output is deterministic: running the script twice gives byte-identical files. Every generated
file carries the WHATWG attribution, the BSD 3-Clause notice, and the source commit. (The codecs
themselves are encoding_rs's, in the compiled core: no index is copied into Python.)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "third_party" / "whatwg"
OUTPUT = ROOT / "mojifix" / "_tables"

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


def generate() -> dict[str, str]:
    """Every generated file: relative name -> content."""
    files = {
        "__init__.py": header("Package marker.")
        + '"""Tables generated from the WHATWG Encoding Standard (generate_tables.py)."""\n',
        "labels.py": gen_labels(),
    }
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

    update(generate())
    if args.check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    for name in stale:
        print(f"wrote mojifix/_tables/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
