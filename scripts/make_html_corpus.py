"""Generate the byte-level HTML corpus in ``corpus/html/`` (seeded, reproducible).

Every case is an HTML document stored as raw bytes, with a line in ``corpus/html/cases.jsonl``:

``file``
    the document, relative to ``corpus/html/``
``content_type``
    the HTTP Content-Type header to serve it with, or null for none
``expected_encoding`` / ``expected_source``
    what :func:`mojifix.decode_html` must report (the WHATWG name, the deciding rule)
``expected_text_sha256`` and ``expected_snippet``
    the SHA-256 of the whole decoded text (UTF-8) and a sentence it must contain
``declaration``
    how the document declares its encoding (``header``, ``meta-charset``, ``meta-http-equiv``,
    ``bom``, ``late-meta``, ``header-vs-meta``, ``bom-vs-header``, ``xml``, ``none``, or a
    special case of the standard)
``split``
    ``dev`` or ``test`` (seeded, about one case in four is ``test``)

Run ``python scripts/make_html_corpus.py`` (add ``--check`` to verify the files on disk match
what the script would write). The documents are encoded with Python's codecs and every one is
checked to decode back to its text with mojifix's WHATWG decoders, so only characters on
which the two agree are used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "corpus" / "html"
SEED = 20261129

#: Sample prose per language: long enough for detection to be meaningful.
TEXTS: dict[str, tuple[str, str]] = {
    "fr": (
        "Café de la gare",
        "Le café où nous nous étions donné rendez-vous était déjà fermé. Élodie a proposé "
        "d'aller à la brasserie d'en face ; là, le garçon nous a servi deux crèmes brûlées "
        "et un thé à la menthe. « C'est ça, la vraie vie », a-t-elle dit en riant. Même "
        "François, d'habitude si sérieux, a souri. Nous sommes restés jusqu'à minuit.",
    ),
    "de": (
        "Über die Straßenbahn",
        "Die Straßenbahn fährt täglich von München nach Grünwald. Jürgen und Käthe "
        "müssen früh aufstehen, weil die Bahn um sechs Uhr abfährt. Größere Verspätungen "
        "gibt es selten, aber im Winter ist es draußen bitterkalt. Übrigens: die Brötchen "
        "vom Bäcker am Marienplatz schmecken hervorragend – das weiß jeder.",
    ),
    "ru": (
        "Привет из Москвы",
        "Вчера мы гуляли по центру Москвы и зашли в маленькое кафе на Арбате. Официантка "
        "принесла нам горячий чай с лимоном и пирожки с капустой. Погода была холодная, "
        "но солнечная, и после обеда мы пошли в Третьяковскую галерею, где провели почти "
        "четыре часа. Вечером друзья пригласили нас в гости на ужин.",
    ),
    "pl": (
        "Zażółć gęślą jaźń",
        "Wczoraj poszliśmy z przyjaciółmi nad jezioro. Pogoda była piękna, więc "
        "postanowiliśmy zostać dłużej i rozpalić ognisko. Małgorzata przyniosła kiełbaski, "
        "a Paweł zagrał na gitarze kilka starych piosenek. Wróciliśmy do domu późnym "
        "wieczorem, zmęczeni, ale bardzo szczęśliwi. Następnym razem weźmiemy namiot.",
    ),
    "cs": (
        "Příliš žluťoučký kůň",
        "Včera jsme šli s kamarády na procházku do parku. Počasí bylo krásné, a tak jsme "
        "se rozhodli zůstat déle. Tomáš přinesl housky a sýr, Jiřina upekla koláč. "
        "Povídali jsme si o všem možném a večer jsme se vrátili domů unavení, ale šťastní. "
        "Příští týden pojedeme na výlet do hor.",
    ),
    "ja": (
        "日本語のページ",
        "昨日は友達と一緒に東京の浅草へ行きました。雷門の前で写真を撮ってから、仲見世通りで"
        "お土産を買いました。お昼ご飯には天ぷらそばを食べました。午後は隅田川の近くを散歩して、"
        "夕方には東京スカイツリーに登りました。夜景がとてもきれいでした。また行きたいです。",
    ),
    "zh-cn": (
        "中文网页",
        "昨天我和朋友们一起去了北京的颐和园。天气非常好，湖面上有很多游船。我们在长廊里走了"
        "很久，看到了许多美丽的画。中午我们在附近的饭馆吃了烤鸭和饺子。下午我们去了圆明园，"
        "晚上回到市中心，在王府井大街买了一些纪念品。这是非常愉快的一天。",
    ),
    "zh-tw": (
        "中文網頁",
        "昨天我和朋友們一起去了臺北的故宮博物院。天氣非常好，我們看到了許多珍貴的文物，"
        "例如翠玉白菜和肉形石。中午我們在附近的餐廳吃了牛肉麵和小籠包。下午我們去了士林夜市，"
        "買了很多好吃的東西。晚上回到飯店的時候，大家都很累，但是非常開心。",
    ),
    "ko": (
        "한국어 페이지",
        "어제는 친구들과 함께 서울의 경복궁에 갔습니다. 날씨가 아주 좋아서 사진을 많이 "
        "찍었습니다. 점심에는 근처 식당에서 비빔밥과 김치찌개를 먹었습니다. 오후에는 인사동 "
        "거리를 걸으면서 전통 찻집에서 차를 마셨습니다. 저녁에는 남산타워에 올라가서 서울의 "
        "야경을 구경했습니다. 정말 즐거운 하루였습니다.",
    ),
    "multi": (
        "Ünïcödé ✓",
        "English, Français (café), Русский (привет), 日本語 (こんにちは), 中文 (你好), "
        "한국어 (안녕하세요), Ελληνικά (γειά σου), עברית (שלום), emoji 🙂 and math ∑ ≠ ∞.",
    ),
}

#: (WHATWG name, Python codec for the bytes, language, labels to declare it with).
ENCODINGS: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("windows-1252", "cp1252", "fr", ("windows-1252", "iso-8859-1", "latin1", "cp1252")),
    ("windows-1252", "cp1252", "de", ("ISO-8859-1", "us-ascii", "Windows-1252")),
    ("windows-1251", "cp1251", "ru", ("windows-1251", "cp1251", "x-cp1251")),
    ("ISO-8859-2", "iso8859_2", "pl", ("iso-8859-2", "latin2", "ISO_8859-2", "l2")),
    ("ISO-8859-2", "iso8859_2", "cs", ("ISO-8859-2", "csisolatin2", "iso8859-2")),
    ("Shift_JIS", "cp932", "ja", ("shift_jis", "Shift_JIS", "x-sjis", "windows-31j", "sjis")),
    ("EUC-JP", "euc_jp", "ja", ("euc-jp", "EUC-JP", "x-euc-jp")),
    ("ISO-2022-JP", "iso2022_jp", "ja", ("iso-2022-jp", "csiso2022jp")),
    ("GBK", "gbk", "zh-cn", ("gbk", "gb2312", "GB2312", "x-gbk", "chinese")),
    ("gb18030", "gb18030", "zh-cn", ("gb18030", "GB18030")),
    ("Big5", "big5", "zh-tw", ("big5", "Big5", "csbig5", "x-x-big5", "big5-hkscs")),
    ("EUC-KR", "euc_kr", "ko", ("euc-kr", "EUC-KR", "ks_c_5601-1987", "windows-949")),
    ("UTF-8", "utf-8", "multi", ("utf-8", "UTF-8", "utf8", "unicode-1-1-utf-8")),
    ("UTF-16LE", "utf-16-le", "multi", ("utf-16le", "utf-16", "UTF-16LE")),
    ("UTF-16BE", "utf-16-be", "multi", ("utf-16be", "UTF-16BE")),
]

#: Declarations each encoding can carry (UTF-16 cannot use <meta>: it is read as ASCII).
ASCII_COMPATIBLE_WAYS = (
    "header",
    "meta-charset",
    "meta-http-equiv",
    "late-meta",
    "header-vs-meta",
    "xml",
    "none",
)
UTF16_WAYS = ("bom", "header", "bom-vs-header")

BOMS = {"UTF-8": b"\xef\xbb\xbf", "UTF-16LE": b"\xff\xfe", "UTF-16BE": b"\xfe\xff"}


@dataclass
class Case:
    file: str
    content_type: str | None
    expected_encoding: str
    expected_source: str
    expected_text_sha256: str
    expected_snippet: str
    declaration: str
    split: str


def document(language: str, head: str, *, padding: str = "", xml: str = "") -> str:
    """An HTML page: optional XML declaration, padding comment, head declaration, prose."""
    title, prose = TEXTS[language]
    lang = language.split("-")[0]
    return (
        f'{xml}<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n{padding}{head}'
        f"<title>{title}</title>\n</head>\n<body>\n<h1>{title}</h1>\n<p>{prose}</p>\n"
        "</body>\n</html>\n"
    )


def padding_comment(rng: random.Random) -> str:
    """A comment (or script) long enough to push a <meta> past the 1024-byte prescan."""
    words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit"]
    filler = " ".join(rng.choice(words) for _ in range(rng.randint(200, 260)))
    if rng.random() < 0.5:
        return f"<!-- {filler} -->\n"
    return (
        f'<script>\nvar filler = "{filler}"; // <meta charset=koi8-r> inside a script\n</script>\n'
    )


def other_encoding(rng: random.Random, name: str) -> tuple[str, str]:
    """A different ASCII-compatible encoding label, for a wrong (overridden) declaration."""
    choices = [
        ("windows-1251", "windows-1251"),
        ("ISO-8859-2", "iso-8859-2"),
        ("windows-1252", "iso-8859-1"),
        ("Shift_JIS", "shift_jis"),
        ("UTF-8", "utf-8"),
    ]
    return rng.choice([c for c in choices if c[0] != name])


def private_use(raw: bytes) -> str:
    """The x-user-defined decoder: ASCII, and bytes 80..FF as U+F780..U+F7FF."""
    return raw.decode("latin-1").translate({b: 0xF780 + b - 0x80 for b in range(0x80, 0x100)})


def build(rng: random.Random) -> list[tuple[Case, bytes]]:
    from mojifix.sniff import decode_html

    cases: list[tuple[Case, bytes]] = []

    def add(
        name: str,
        way: str,
        raw: bytes,
        content_type: str | None,
        text: str,
        encoding: str,
        source: str,
        language: str,
    ) -> None:
        file = f"{len(cases):03d}-{name.lower().replace('_', '-')}-{way}.html"
        decoded = decode_html(raw, content_type)
        if decoded.text != text or decoded.encoding != encoding or decoded.source != source:
            sys.exit(
                f"{file}: generator and decoder disagree: expected {encoding}/{source}, got "
                f"{decoded.encoding}/{decoded.source} ({decoded.notes})"
            )
        if language == "x-user-defined":  # French prose, as x-user-defined shows it
            snippet = private_use(TEXTS["fr"][1].split(". ")[0].encode("cp1252"))
        else:
            snippet = TEXTS[language][1].split(". ")[0]
        if snippet not in text:
            snippet = text[text.find("<h1>") :].split("\n")[0] if "<h1>" in text else text
        case = Case(
            file=file,
            content_type=content_type,
            expected_encoding=encoding,
            expected_source=source,
            expected_text_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
            expected_snippet=snippet,
            declaration=way,
            split="test" if rng.random() < 0.25 else "dev",
        )
        cases.append((case, raw))

    for name, python, language, labels in ENCODINGS:
        ways = UTF16_WAYS if name.startswith("UTF-16") else (*ASCII_COMPATIBLE_WAYS,)
        if name == "UTF-8":
            ways = (*ways, "bom")
        for way in ways:
            label = rng.choice(labels)
            content_type: str | None = None
            head, padding, xml, prefix = "", "", "", b""
            source = way
            if way == "header":
                quote = rng.choice(["", '"'])
                content_type = f"text/html; charset={quote}{label}{quote}"
            elif way == "meta-charset":
                head, source = f'<meta charset="{label}">\n', "meta"
            elif way == "meta-http-equiv":
                head = f'<meta http-equiv="Content-Type" content="text/html; charset={label}">\n'
                source = "meta"
            elif way == "late-meta":
                padding, head, source = (
                    padding_comment(rng),
                    f"<meta charset={label}>\n",
                    "meta-late",
                )
            elif way == "header-vs-meta":
                wrong = other_encoding(rng, name)[1]
                content_type, head, source = (
                    f"text/html;charset={label}",
                    f'<meta charset="{wrong}">\n',
                    "header",
                )
            elif way == "xml":
                xml = f'<?xml version="1.0" encoding="{label}"?>\n'
            elif way == "bom":
                prefix = BOMS[name]
            elif way == "bom-vs-header":
                prefix, content_type, source = BOMS[name], "text/html; charset=windows-1252", "bom"
            elif way == "none":
                source = "utf-8" if name == "UTF-8" else "detected"
            if name == "UTF-16LE" and way == "header" and label == "utf-16":
                pass  # "utf-16" is a label of UTF-16LE: the header alone decides
            text = document(language, head, padding=padding, xml=xml)
            raw = prefix + text.encode(python)
            expected = "GBK" if (name, way) == ("gb18030", "none") else name  # same decoder
            add(name, way, raw, content_type, text, expected, source, language)

    # The standard's special cases.
    text = document("multi", '<meta charset="utf-16">\n')
    add(
        "UTF-8",
        "meta-utf-16-means-utf-8",
        text.encode("utf-8"),
        None,
        text,
        "UTF-8",
        "meta",
        "multi",
    )
    text = document("fr", '<meta charset="x-user-defined">\n')
    add(
        "windows-1252",
        "meta-x-user-defined",
        text.encode("cp1252"),
        None,
        text,
        "windows-1252",
        "meta",
        "fr",
    )
    text = document("ko", "")
    add(
        "replacement",
        "header-replacement",
        text.encode("euc_kr"),
        "text/html; charset=iso-2022-kr",
        "\ufffd",
        "replacement",
        "header",
        "ko",
    )
    text = document("ko", '<meta charset="iso-2022-kr">\n')
    add("replacement", "meta-replacement", text.encode("euc_kr"), None, "\ufffd", "replacement",
        "meta", "ko")  # fmt: skip
    text = document("fr", "")
    raw = document("fr", "").encode("cp1252")
    # x-user-defined maps bytes 80..FF to U+F780..U+F7FF (the header is not re-mapped: only a
    # <meta> x-user-defined becomes windows-1252).
    add("x-user-defined", "header-x-user-defined", raw, "text/html; charset=x-user-defined",
        private_use(raw), "x-user-defined", "header", "x-user-defined")  # fmt: skip
    text = document("de", '<meta charset="bogus-label">\n')
    add(
        "windows-1252",
        "unsupported-header-label",
        text.encode("cp1252"),
        'text/html; charset="x-no-such-charset"',
        text,
        "windows-1252",
        "detected",
        "de",
    )
    text = document("fr", "").replace(TEXTS["fr"][1], "Plain ASCII prose, nothing else.")
    text = text.replace(TEXTS["fr"][0], "Plain page")
    add(
        "windows-1252",
        "ascii-none",
        text.encode("ascii"),
        "text/html",
        text,
        "windows-1252",
        "default",
        "fr",
    )
    return cases


def recorded(case: Case, raw: bytes) -> dict[str, object]:
    """The browser_* fields record_html_cases.py stored, kept while the file is unchanged."""
    manifest = OUT / "cases.jsonl"
    path = OUT / case.file
    if not manifest.exists() or not path.exists() or path.read_bytes() != raw:
        return {}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        old = json.loads(line)
        if old["file"] == case.file and old.get("content_type") == case.content_type:
            return {key: value for key, value in old.items() if key.startswith("browser")}
    return {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="verify instead of writing")
    args = parser.parse_args(argv)
    cases = build(random.Random(SEED))
    manifest = "".join(
        json.dumps({**case.__dict__, **recorded(case, raw)}, ensure_ascii=False, sort_keys=True)
        + "\n"
        for case, raw in cases
    )
    if args.check:
        stale = [c.file for c, raw in cases if (OUT / c.file).read_bytes() != raw]
        if (OUT / "cases.jsonl").read_text(encoding="utf-8") != manifest:
            stale.append("cases.jsonl")
        if stale:
            print("stale:", *stale)
            return 1
        print(f"{len(cases)} cases up to date")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.html"):
        old.unlink()
    for case, raw in cases:
        (OUT / case.file).write_bytes(raw)
    (OUT / "cases.jsonl").write_text(manifest, encoding="utf-8")
    print(f"wrote {len(cases)} cases to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
