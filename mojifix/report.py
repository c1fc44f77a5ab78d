"""The self-contained HTML report of ``mojifix scan --report report.html``.

:func:`render_report` turns the data printed by ``mojifix scan --json`` (built by
:class:`mojifix.scan.ScanAccumulator`) into one HTML file: inline CSS, charts drawn here as
inline SVG, no JavaScript and no network access (a Content-Security-Policy forbids loading
anything).  Every piece of data goes through :func:`html.escape`, so a record containing
``<script>`` is shown as text.

>>> from mojifix.scan import ScanAccumulator
>>> acc = ScanAccumulator()
>>> acc.add_text("<script>alert(1)</script>", record=1)
>>> page = render_report(acc.result(command=["mojifix", "scan", "x.txt"]))
>>> page.startswith("<!DOCTYPE html>")
True
>>> "<script>alert" in page
False
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

#: Colours of the kinds (colour-blind-safe palette, Okabe & Ito).
KIND_COLOURS = {
    "utf-8-as-single-byte": "#E69F00",
    "utf-8-as-multi-byte": "#56B4E9",
    "legacy-as-legacy": "#009E73",
    "multi-layer": "#D55E00",
    "jis-variant": "#CC79A7",
    "lost": "#555555",
}
DEFAULT_COLOUR = "#0072B2"

CSS = """
:root { --fg: #1d232a; --muted: #5b6570; --line: #d9dee3; --bg: #ffffff; --card: #f5f7f9;
        --accent: #0072B2; --bad: #fbe3c0; --good: #cdeccd; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 4px;
     border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 20px 0 8px; }
.sub { color: var(--muted); margin: 0 0 18px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; }
.card { background: var(--card); border-radius: 8px; padding: 12px 14px; }
.card .n { font-size: 24px; font-weight: 650; }
.card .l { color: var(--muted); font-size: 13px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(440px, 1fr)); gap: 18px; }
figure { margin: 0; background: var(--card); border-radius: 8px; padding: 12px; }
figcaption { font-weight: 600; margin-bottom: 6px; }
svg { display: block; width: 100%; height: auto; }
svg text { font: 11px system-ui, sans-serif; fill: var(--muted); }
svg .bar { fill: var(--accent); }
svg .thr { stroke: #D55E00; stroke-dasharray: 4 3; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
table.examples { table-layout: fixed; }
table.examples col.where { width: 17%; } table.examples col.field { width: 9%; }
td.where { overflow-wrap: anywhere; }
p.more { margin: 4px 0 0; color: var(--muted); font-size: 13px; }
table.examples col.score { width: 7%; } table.examples col.text { width: 33.5%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line);
         vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.text { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px;
          white-space: pre-wrap; word-break: break-word; }
mark { background: var(--bad); border-radius: 2px; padding: 0 1px; }
mark.fix { background: var(--good); }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
.empty { color: var(--muted); font-style: italic; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px;
       background: var(--card); padding: 1px 4px; border-radius: 4px; word-break: break-all; }
"""


def _e(value: Any) -> str:
    """Escape any value for HTML text or a quoted attribute."""
    return escape(str(value), quote=True)


def _fmt_int(n: int) -> str:
    return f"{n:,}"


def _pct(x: float) -> str:
    if x == 0:
        return "0%"
    if x < 0.0001:
        return "<0.01%"
    return f"{x:.2%}"


def highlight(text: str, spans: list[list[Any]], css_class: str = "") -> str:
    """``text`` escaped, with the ``[start, end, ...]`` spans wrapped in ``<mark>``.

    Overlapping spans are merged; the optional third item (the kind) becomes the title.

    >>> highlight("a<b>c", [[1, 4, "lost"]])
    'a<mark title="lost">&lt;b&gt;</mark>c'
    """
    merged: list[list[Any]] = []
    for span in sorted(spans, key=lambda s: (s[0], s[1])):
        start, end = int(span[0]), int(span[1])
        title = str(span[2]) if len(span) > 2 else ""
        start, end = max(0, start), min(len(text), end)
        if end <= start:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
            if title and title not in merged[-1][2]:
                merged[-1][2] = f"{merged[-1][2]}, {title}" if merged[-1][2] else title
        else:
            merged.append([start, end, title])
    out = []
    pos = 0
    cls = f' class="{_e(css_class)}"' if css_class else ""
    for start, end, title in merged:
        out.append(_e(text[pos:start]))
        attr = f' title="{_e(title)}"' if title else ""
        out.append(f"<mark{cls}{attr}>{_e(text[start:end])}</mark>")
        pos = end
    out.append(_e(text[pos:]))
    return "".join(out)


def histogram_svg(edges: list[float], counts: list[int], threshold: float | None = None) -> str:
    """Vertical bars of ``counts`` over the bins ``edges``; heights are log-scaled.

    >>> "<rect" in histogram_svg([0, 0.5, 1], [3, 1])
    True
    """
    width, height, left, bottom, top = 520, 200, 44, 26, 10
    plot_w, plot_h = width - left - 22, height - bottom - top
    biggest = max(counts, default=0)
    n = max(1, len(counts))
    bar_w = plot_w / n
    parts = [
        f'<svg class="chart histogram" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="score histogram" xmlns="http://www.w3.org/2000/svg">'
    ]
    # y axis: powers of ten, and the biggest count at the top
    if biggest > 0:
        ticks = [10**k for k in range(len(str(biggest))) if 10**k <= biggest]
        if biggest not in ticks and math.log1p(biggest) - math.log1p(ticks[-1]) > 0.35:
            ticks.append(biggest)
        for tick in ticks:
            y = top + plot_h - plot_h * math.log1p(tick) / math.log1p(biggest)
            parts.append(
                f'<line x1="{left}" x2="{width - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#d9dee3"/>'
            )
            parts.append(
                f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                f"{_e(_fmt_int(tick))}</text>"
            )
    for i, count in enumerate(counts):
        h = plot_h * math.log1p(count) / math.log1p(biggest) if biggest and count else 0.0
        x = left + i * bar_w
        lo, hi = edges[i], edges[i + 1] if i + 1 < len(edges) else edges[i]
        parts.append(
            f'<rect class="bar" x="{x + 1:.1f}" y="{top + plot_h - h:.1f}" '
            f'width="{max(bar_w - 2, 1):.1f}" height="{h:.1f}">'
            f"<title>{_e(f'{lo:.2f}–{hi:.2f}: {count:,} records')}</title></rect>"
        )
    base = top + plot_h
    parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{base}" y2="{base}" stroke="#5b6570"/>')
    if edges:
        lo, hi = edges[0], edges[-1]
        for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
            value = lo + (hi - lo) * tick
            x = left + plot_w * tick
            parts.append(
                f'<text x="{x:.1f}" y="{base + 16}" text-anchor="middle">{value:.2f}</text>'
            )
        if threshold is not None and lo <= threshold <= hi and hi > lo:
            x = left + plot_w * (threshold - lo) / (hi - lo)
            parts.append(
                f'<line class="thr" x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{base}">'
                f"<title>threshold {threshold}</title></line>"
            )
    parts.append("</svg>")
    return "".join(parts)


def bars_svg(items: list[tuple[str, int, str]], label: str) -> str:
    """Horizontal bars for ``(name, count, colour)``; lengths are linear in the count.

    >>> 'class="bar"' in bars_svg([("lost", 2, "#555")], "kinds")
    True
    """
    if not items:
        return '<p class="empty">no damaged records</p>'
    row, left, width = 24, 190, 520
    height = row * len(items) + 8
    biggest = max(c for _, c, _ in items) or 1
    plot_w = width - left - 70
    parts = [
        f'<svg class="chart bars" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{_e(label)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for i, (name, count, colour) in enumerate(items):
        y = 4 + i * row
        w = max(plot_w * count / biggest, 2.0 if count else 0.0)
        shown = name if len(name) <= 30 else name[:29] + "…"
        parts.append(
            f'<text x="{left - 8}" y="{y + 15}" text-anchor="end">{_e(shown)}'
            f"<title>{_e(name)}</title></text>"
        )
        parts.append(
            f'<rect class="bar" x="{left}" y="{y + 3}" width="{w:.1f}" height="{row - 8}" '
            f'style="fill:{_e(colour)}"><title>{_e(f"{name}: {count:,}")}</title></rect>'
        )
        parts.append(f'<text x="{left + w + 6:.1f}" y="{y + 15}">{_e(_fmt_int(count))}</text>')
    parts.append("</svg>")
    return "".join(parts)


#: Encoding pairs drawn in the chart; the others are counted below it ("and N more").
MAX_PAIRS_SHOWN = 12


def _more(rest: list[dict[str, Any]], noun: str) -> str:
    """The note under a chart that shows only the first items: how many more, and their total.

    >>> _more([{"findings": 3}, {"findings": 1}], "encoding pair")
    '<p class="more">and 2 more encoding pairs (4 findings); the JSON report lists all</p>'
    >>> _more([], "encoding pair")
    ''
    """
    if not rest:
        return ""
    findings = sum(int(item.get("findings", 0)) for item in rest)
    nouns = noun if len(rest) == 1 else noun + "s"
    return (
        f'<p class="more">and {len(rest):,} more {_e(nouns)} ({_fmt_int(findings)} '
        f"{'finding' if findings == 1 else 'findings'}); the JSON report lists all</p>"
    )


def _where(ex: dict[str, Any]) -> str:
    """The record column of an example: the input's file name and the record number, the
    whole path in a tooltip (absolute paths wrapped over several lines of a narrow column).

    >>> _where({"input": "/data/crawl/2024/part-0001.jsonl", "record": 17})
    '<span title="/data/crawl/2024/part-0001.jsonl:17">part-0001.jsonl:17</span>'
    """
    path = str(ex.get("input", ""))
    name = path.replace("\\", "/").rsplit("/", 1)[-1] or path
    record = ex.get("record", "")
    return f'<span title="{_e(f"{path}:{record}")}">{_e(name)}:{_e(record)}</span>'


def _records(n: int) -> str:
    return "record" if n == 1 else "records"


def _card(number: str, label: str) -> str:
    return (
        f'<div class="card"><div class="n">{_e(number)}</div><div class="l">{_e(label)}</div></div>'
    )


def _kind_label(kind: str) -> str:
    colour = KIND_COLOURS.get(kind, DEFAULT_COLOUR)
    return f'<span class="swatch" style="background:{_e(colour)}"></span>{_e(kind)}'


def _examples_section(examples: dict[str, list[dict[str, Any]]]) -> str:
    if not examples:
        return '<p class="empty">no damaged records, nothing to show</p>'
    out = []
    for kind, rows in examples.items():
        out.append(f'<h3 id="kind-{_e(kind)}">{_kind_label(kind)}</h3>')
        out.append(
            '<table class="examples"><colgroup><col class="where"><col class="field">'
            '<col class="score"><col class="text"><col class="text"></colgroup>'
            "<thead><tr><th>record</th><th>field</th>"
            '<th class="num">score</th><th>before</th><th>after <code>fix</code></th>'
            "</tr></thead><tbody>"
        )
        for ex in rows:
            before = highlight(ex.get("text", ""), ex.get("spans", []))
            after = highlight(ex.get("fixed", ""), ex.get("changes", []), "fix")
            more = " …" if ex.get("truncated") else ""
            out.append(
                "<tr>"
                f'<td class="where">{_where(ex)}</td>'
                f"<td>{_e(ex.get('field', ''))}</td>"
                f'<td class="num">{_e(ex.get("score", ""))}</td>'
                f'<td class="text before">{before}{more}</td>'
                f'<td class="text after">{after}{more}</td>'
                "</tr>"
            )
        out.append("</tbody></table>")
    return "".join(out)


def _fields_section(per_field: dict[str, dict[str, Any]]) -> str:
    out = [
        '<table class="fields"><thead><tr><th>field</th><th class="num">records</th>'
        '<th class="num">damaged</th><th class="num">share</th>'
        '<th class="num">characters affected</th><th>kinds</th></tr></thead><tbody>'
    ]
    for name, stats in per_field.items():
        records = int(stats.get("records", 0))
        damaged = int(stats.get("damaged", 0))
        kinds = ", ".join(
            f"{k} ({n:,})"
            for k, n in sorted(stats.get("by_kind", {}).items(), key=lambda kv: -kv[1])
        )
        out.append(
            f'<tr><td>{_e(name)}</td><td class="num">{_e(_fmt_int(records))}</td>'
            f'<td class="num">{_e(_fmt_int(damaged))}</td>'
            f'<td class="num">{_e(_pct(damaged / records if records else 0.0))}</td>'
            f'<td class="num">{_e(_fmt_int(int(stats.get("characters_affected", 0))))}</td>'
            f"<td>{_e(kinds)}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _duplicates_section(dup: dict[str, Any]) -> str:
    after, exact = int(dup["after_folding"]), int(dup["exact"])
    out = [
        f"<p>{_e(_fmt_int(after))} {_records(after)} "
        f"{'becomes a duplicate' if after == 1 else 'become duplicates'} only after folding "
        f"(profile <code>{_e(dup['profile'])}</code>"
        f"{', case folded' if dup.get('casefold') else ''}); "
        f"{_e(_fmt_int(exact))} {'was' if exact == 1 else 'were'} already an exact duplicate"
        f"{'' if exact == 1 else 's'}.</p>"
    ]
    if dup.get("examples"):
        out.append(
            '<table class="duplicates"><thead><tr><th>record</th><th>same key as</th>'
            "<th>text</th><th>folded key</th></tr></thead><tbody>"
        )
        for ex in dup["examples"]:
            first = ex.get("duplicate_of", {})
            out.append(
                f"<tr><td>{_e(ex.get('input', ''))}:{_e(ex.get('record', ''))}</td>"
                f"<td>{_e(first.get('input', ''))}:{_e(first.get('record', ''))}</td>"
                f'<td class="text">{_e(ex.get("text", ""))}</td>'
                f'<td class="text">{_e(ex.get("folded", ""))}</td></tr>'
            )
        out.append("</tbody></table>")
    return "".join(out)


def _malformed_section(malformed: dict[str, Any]) -> str:
    n = int(malformed["count"])
    out = [
        f"<p>{_e(_fmt_int(n))} {'record' if n == 1 else 'records'} could not be read and "
        f"{'was' if n == 1 else 'were'} not scanned.</p>"
    ]
    if malformed.get("examples"):
        out.append(
            '<table class="malformed"><thead><tr><th>record</th><th>problem</th></tr>'
            "</thead><tbody>"
        )
        for ex in malformed["examples"]:
            out.append(
                f"<tr><td>{_e(ex.get('input', ''))}:{_e(ex.get('record', ''))}</td>"
                f"<td>{_e(ex.get('error', ''))}</td></tr>"
            )
        out.append("</tbody></table>")
    return "".join(out)


def render_report(scan: dict[str, Any]) -> str:
    """Render the result of a scan (``mojifix scan --json``) as one self-contained HTML page.

    ``scan`` is the ``dict`` from :meth:`mojifix.scan.ScanAccumulator.result`; nothing is
    recomputed here.  The page loads nothing from anywhere (its Content-Security-Policy
    forbids it) and runs no script.
    """
    t = scan["totals"]
    title = "mojifix scan report"
    inputs = scan.get("inputs", [])
    names = ", ".join(str(i.get("name", "")) for i in inputs) or "stdin"
    by_kind = scan.get("by_kind", {})
    kind_items = [
        (k, int(v.get("records", 0)), KIND_COLOURS.get(k, DEFAULT_COLOUR))
        for k, v in by_kind.items()
    ]
    pairs = scan.get("by_pair", [])
    pair_items = [
        (
            f"{p.get('encoded_as')} → {p.get('decoded_as')}",
            int(p.get("findings", 0)),
            DEFAULT_COLOUR,
        )
        for p in pairs[:MAX_PAIRS_SHOWN]
    ]
    pairs_left_out = _more(pairs[MAX_PAIRS_SHOWN:], "encoding pair")
    hist = scan.get("histogram", {"edges": [], "counts": []})
    histogram = histogram_svg(hist["edges"], hist["counts"], scan.get("threshold"))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; img-src data:\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(title)}: {_e(names)}</title>",
        f"<style>{CSS}</style></head><body><main>",
        f"<h1>{_e(title)}</h1>",
        f'<p class="sub">{_e(names)} · threshold {_e(scan.get("threshold", ""))} · '
        f"mojifix {_e(scan.get('mojifix_version', ''))}</p>",
        '<section class="cards" id="totals">',
        _card(_fmt_int(t["records"]), "records read"),
        _card(_fmt_int(t["damaged"]), f"damaged ({_pct(t['damaged_share'])} of scanned)"),
        _card(
            _pct(t["affected_share"]),
            f"of characters affected ({t['characters_affected']:,} of {t['characters']:,})",
        ),
        _card(_fmt_int(t.get("findings", 0)), "findings"),
        _card(_fmt_int(t["malformed"]), "malformed (not scanned)"),
        "</section>",
        '<h2>Charts</h2><div class="charts">',
        '<figure id="histogram"><figcaption>Scores (highest per record; log-scaled counts)'
        f"</figcaption>{histogram}</figure>",
        f'<figure id="kinds"><figcaption>Damaged records by kind</figcaption>'
        f"{bars_svg(kind_items, 'damaged records by kind')}</figure>",
        f'<figure id="pairs"><figcaption>Findings by encoding (encoded as → decoded as)'
        f"</figcaption>{bars_svg(pair_items, 'findings by encoding pair')}{pairs_left_out}"
        "</figure>",
        "</div>",
    ]
    per_field = scan.get("per_field", {})
    if len(per_field) > 1:
        parts += ['<h2 id="fields">By field</h2>', _fields_section(per_field)]
    parts += [
        '<h2 id="examples">Examples</h2>',
        '<p class="sub">Damaged spans found by <code>detect</code> are '
        "<mark>highlighted</mark>; what <code>fix</code> changed is "
        '<mark class="fix">highlighted</mark> in the repaired text.</p>',
        _examples_section(scan.get("examples", {})),
    ]
    if scan.get("duplicates"):
        parts += [
            '<h2 id="duplicates">Duplicates after folding</h2>',
            _duplicates_section(scan["duplicates"]),
        ]
    if scan.get("malformed", {}).get("count"):
        parts += [
            '<h2 id="malformed">Malformed records</h2>',
            _malformed_section(scan["malformed"]),
        ]
    command = " ".join(str(a) for a in scan.get("command", []))
    input_rows = "".join(
        f"<li><code>{_e(i.get('name', ''))}</code> ({_e(i.get('format', ''))}, "
        f"{_e(_fmt_int(int(i.get('records', 0))))} records)</li>"
        for i in inputs
    )
    parts += [
        "<footer>",
        f"<p>Generated by mojifix {_e(scan.get('mojifix_version', ''))} with "
        f"<code>{_e(command)}</code></p>",
        f"<ul>{input_rows}</ul>" if input_rows else "",
        "</footer></main></body></html>",
    ]
    return "\n".join(parts) + "\n"
