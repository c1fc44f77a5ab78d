"""Record what a real browser decodes for every case of ``corpus/html/`` (headless Chromium).

Serves each document from 127.0.0.1 with the Content-Type of its manifest line (no header
when the manifest says null), loads it in Debian's Chromium through Playwright, and stores in
``corpus/html/cases.jsonl``:

``browser_encoding``
    ``document.characterSet``
``browser_snippet_found``
    whether the case's ``expected_snippet`` appears in ``document.body.innerText``
``browser``
    the browser's version string

Requests to anything but the local server are aborted: the browser contacts no other address.

    python scripts/record_html_cases.py                # all cases
    python scripts/record_html_cases.py --limit 5      # a quick look
    python scripts/record_html_cases.py --html5lib     # the 83 html5lib cases instead, into
                                                       # corpus/html/html5lib-chromium.jsonl

Needs ``/usr/bin/chromium`` and the ``playwright`` Python package (never ``playwright
install``: the system Chromium is used).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus" / "html"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def load_manifest() -> list[dict[str, Any]]:
    lines = (CORPUS / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def serve(cases: list[dict[str, Any]], root: Path = CORPUS) -> ThreadingHTTPServer:
    """Start a server on 127.0.0.1 (a free port) that serves the corpus files as recorded."""
    content_types = {"/" + case["file"]: case["content_type"] for case in cases}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path.split("?")[0]
            if path not in content_types:
                self.send_error(404)
                return
            body = (root / path.lstrip("/")).read_bytes()
            self.send_response(200)
            if content_types[path] is not None:
                self.send_header("Content-Type", content_types[path])
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def record(cases: list[dict[str, Any]], root: Path = CORPUS) -> list[dict[str, Any]]:
    from playwright.sync_api import Route, sync_playwright

    server = serve(cases, root)
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def only_local(route: Route) -> None:
        if route.request.url.startswith(base + "/"):
            route.continue_()
        else:
            route.abort()

    results: list[dict[str, Any]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            context = browser.new_context(java_script_enabled=True)
            context.route("**/*", only_local)
            page = context.new_page()
            for case in cases:
                page.goto(f"{base}/{case['file']}", wait_until="load")
                charset, text = page.evaluate(
                    "() => [document.characterSet, document.body ? document.body.innerText : '']"
                )
                results.append(
                    {
                        **case,
                        "browser": f"chromium {version}",
                        "browser_encoding": charset,
                        "browser_snippet_found": case["expected_snippet"] in text,
                    }
                )
            browser.close()
    finally:
        server.shutdown()
    return results


def record_html5lib() -> int:
    """Load the 83 html5lib encoding cases (text/html, no charset); store Chromium's answers."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_html5lib_conformance import DAT_FILES, DATA, read_dat

    from mojifix import decode_html, lookup

    root = Path(tempfile.mkdtemp(prefix="html5lib-"))
    cases: list[dict[str, Any]] = []
    for name in DAT_FILES:
        for index, (document, expected) in enumerate(read_dat(DATA / name)):
            file = f"{name.replace('/', '-').removesuffix('.dat')}-{index:02d}.html"
            (root / file).write_bytes(document)
            cases.append(
                {"file": file, "content_type": "text/html", "expected_snippet": "",
                 "expected_encoding": lookup(expected), "dat": f"{name}:{index}"}
            )  # fmt: skip
    recorded = record(cases, root)
    lines = []
    for case in recorded:
        ours = decode_html((root / case["file"]).read_bytes(), "text/html", detect=False)
        line = {
            "dat": case["dat"],
            "expected_encoding": case["expected_encoding"],
            "browser": case["browser"],
            "browser_encoding": case["browser_encoding"],
            "mojifix_encoding": ours.encoding,
        }
        lines.append(json.dumps(line, sort_keys=True) + "\n")
        if line["browser_encoding"].lower() != line["expected_encoding"].lower():
            print(f"{case['dat']}: chromium {case['browser_encoding']}, html5lib expects "
                  f"{case['expected_encoding']}, mojifix {ours.encoding}")  # fmt: skip
    shutil.rmtree(root)
    (CORPUS / "html5lib-chromium.jsonl").write_text("".join(lines), encoding="utf-8")
    rows = [json.loads(line) for line in lines]
    agree = sum(row["browser_encoding"].lower() == row["mojifix_encoding"].lower() for row in rows)
    print(f"chromium agrees with mojifix on {agree}/{len(lines)} html5lib cases")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N cases")
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    parser.add_argument("--html5lib", action="store_true", help="record the html5lib cases")
    args = parser.parse_args(argv)
    if args.html5lib:
        return record_html5lib()
    cases = load_manifest()
    todo = cases[: args.limit] if args.limit else cases
    recorded = {case["file"]: case for case in record(todo)}
    merged = [recorded.get(case["file"], case) for case in cases]
    agree = 0
    for case in recorded.values():
        same = case["browser_encoding"].lower() == case["expected_encoding"].lower()
        agree += same
        if not same:
            print(
                f"{case['file']}: chromium {case['browser_encoding']}, mojifix "
                f"{case['expected_encoding']} ({case['expected_source']})"
            )
    print(f"chromium agrees with the expected encoding on {agree}/{len(recorded)} cases")
    if not args.dry_run:
        text = "".join(json.dumps(c, ensure_ascii=False, sort_keys=True) + "\n" for c in merged)
        (CORPUS / "cases.jsonl").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
