"""Render a scan report of a small corpus and save a screenshot of it to docs/report.png.

Usage::

    python scripts/screenshot_report.py [--out docs/report.png] [--keep-html report.html]

It writes a corpus-like JSONL file (clean sentences plus the usual kinds of mojibake),
runs ``mojifix scan --report`` on it (the real command line) and photographs the page in
Debian's Chromium (``/usr/bin/chromium``, driven by Playwright; nothing is downloaded).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _mangle(text: str, encoded: str, decoded: str) -> str:
    return text.encode(encoded).decode(decoded, errors="replace")


def corpus_rows() -> list[dict[str, str]]:
    """Clean records with a realistic sprinkling of damage (1 in 8 or so)."""
    clean = [
        ("The meeting is moved to Thursday.", "Notes"),
        ("Please find the invoice attached.", "Billing"),
        ("Die Straße ist gesperrt.", "Verkehr"),
        ("Le café était déjà froid.", "Cuisine"),
        ("Привет, как дела?", "Чат"),
        ("用户名或密码错误", "登录"),
        ("ログインしてください", "ログイン"),
        ("Zażółć gęślą jaźń", "Pangram"),
    ]
    rows = []
    for i in range(400):
        text, title = clean[i % len(clean)]
        rows.append({"id": str(i), "text": text, "title": title})
    damage = [
        (3, "text", "utf-8", "cp1252"),
        (11, "text", "utf-8", "cp1252"),
        (19, "title", "utf-8", "cp1252"),
        (4, "text", "utf-8", "cp1251"),
        (28, "text", "cp1251", "cp1252"),
        (5, "text", "utf-8", "gbk"),
        (13, "title", "utf-8", "gbk"),
        (6, "text", "utf-8", "shift_jis"),
        (43, "text", "utf-8", "cp1252"),
        (7, "text", "utf-8", "cp1250"),
        (35, "text", "utf-8", "cp1252"),
    ]
    for index, field, encoded, decoded in damage:
        row = rows[index]
        try:
            row[field] = _mangle(row[field], encoded, decoded)
        except UnicodeEncodeError:
            continue
    rows[51]["text"] = _mangle(
        _mangle("Le café était déjà froid.", "utf-8", "cp1252"), "utf-8", "cp1252"
    )
    rows[60]["text"] = "Order #12 \ufffd\ufffd shipped"
    rows[67]["text"] = _mangle("Crème brûlée", "utf-8", "cp1252") + ' <script>alert("x")</script>'
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/report.png")
    parser.add_argument("--keep-html", help="also keep the HTML report here")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        with corpus.open("w", encoding="utf-8") as f:
            for row in corpus_rows():
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
        report = Path(args.keep_html).resolve() if args.keep_html else Path(tmp) / "report.html"
        shown = str(report) if args.keep_html else "report.html"  # the command line in the footer
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mojifix",
                "scan",
                "corpus.jsonl",
                "--field",
                "text",
                "--field",
                "title",
                "--examples",
                "3",
                "--report",
                shown,
                "--quiet",
            ],
            cwd=tmp,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1150, "height": 900}, device_scale_factor=1)
            page.goto(report.resolve().as_uri())
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
