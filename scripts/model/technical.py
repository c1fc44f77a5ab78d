"""Technical and symbol-heavy text for the model of real text, as named families.

Real text is not only words: formulas, units, prices, tables drawn with box characters,
bulleted lists, code, emoticons. Clean text like this must look like text to the model, or
the decision would take "x² + y³" for mojibake of "xË + ył". Each family is a small
template filled with random numbers and words, so the model learns which symbols sit beside
which (a superscript after a letter, a degree sign after a digit), not any particular string.

>>> import random
>>> rng = random.Random(1)
>>> sorted(FAMILIES) == sorted(set(FAMILIES))
True
>>> all(isinstance(make(rng), str) for make in FAMILIES.values())
True
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

#: Items generated per family.
COUNT = 3_000

_VARIABLES = "xyzabcnmkt"
_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"
_OPERATORS = ("+", "−", "-", "×", "·", "÷", "/", "=", "≈", "≠", "≤", "≥", "<", ">", "±", "∓")
_UNITS = ("m²", "m³", "km²", "cm²", "cm³", "mm²", "µm", "μm", "µg", "µs", "°C", "°F", "°", "‰",
          "%", "Ω", "kΩ", "Å", "m/s²", "kg/m³", "ft²", "in²", "mi²", "dB", "µA", "mV", "kWh",
          "N·m", "W/m²", "mol/L", "‱")
_FRACTIONS = "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞"
_CURRENCIES = ("€", "£", "¥", "$", "¢", "₽", "₹", "₩", "₺", "₴", "₪", "฿", "₫", "CHF", "zł", "Kč")
_GREEK = "αβγδεζηθικλμνξοπρστυφχψωΔΣΩΠΦΛΓ"
_MATH = "∑∏∫∮√∞∂∇∈∉∋∩∪⊂⊃⊆⊇∧∨¬∀∃∅≡≅∝∠⊥∥∘⊕⊗"
_BOX = "─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬━┃┏┓┗┛┣┫┳┻╋"
_BULLETS = ("•", "◦", "▪", "▫", "■", "□", "●", "○", "◆", "◇", "►", "▶", "➢", "✓", "✔", "✗",
            "✘", "☐", "☑", "☒", "★", "☆", "→", "⇒", "–", "—", "·", "※", "§", "¶", "†", "‡")
_ARROWS = "←↑→↓↔↕⇐⇑⇒⇓⇔↩↪⟶⟵"
_EMOTICONS = ("¯\\_(ツ)_/¯", "( ͡° ͜ʖ ͡°)", "(╯°□°)╯︵ ┻━┻", "ಠ_ಠ", "(◕‿◕)", "ʕ•ᴥ•ʔ", "(^_^)",
              "(>_<)", "♥", "❤", "♡", "☺", "☹", "♪", "♫", "☀", "☂", "☃", "✌", "👍", "😀",
              "😂", "🙂", "🎉", "🔥", "✨", "🇫🇷", "👩‍💻", "🙏🏽")
_LEGAL = ("©", "®", "™", "℠", "℗", "№", "℃", "℉", "ℓ", "℮")
_KEYS = ("⌘", "⌥", "⇧", "⌃", "⏎", "⌫", "⎋", "⇥", "↵", "Ctrl", "Alt", "Shift", "Fn")
_IPA = "ɑɐɒæɓβɔɕçɗɖðəɚɛɜɝɡɠʛɣɤɥɦɧħɨɪʝɟʄɫɬɭɮɯɰŋɲɳɴøɵœɶɸɹɺɻɽɾʀʁʂʃʈθʉʊʋⱱʌʍχʎʏʑʐʒʔʕʢʡˈˌːˑ"
_WORDS = ("total", "price", "size", "area", "volume", "speed", "temp", "max", "min", "avg",
          "weight", "height", "length", "note", "item", "step", "value", "result", "error")

#: The alphabets real text lists (keyboard layouts, fonts, encodings, language lessons).
_ALPHABETS = (
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞß",
    "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ",
    "ĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģ",
    "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ",
    "αβγδεζηθικλμνξοπρστυφχψω",
    "אבגדהוזחטיכלמנסעפצקרשת",
    "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "あいうえおかきくけこさしすせそ",
    "アイウエオカキクケコサシスセソ",
    string.ascii_uppercase,
    string.ascii_lowercase,
    "¡¢£¤¥¦§¨©ª«¬®¯°±²³´µ¶·¸¹º»¼½¾¿",
)


def _number(rng: random.Random) -> str:
    choice = rng.random()
    if choice < 0.4:
        return str(rng.randint(0, 999))
    if choice < 0.7:
        return f"{rng.uniform(0, 100):.{rng.randint(1, 3)}f}".replace(".", rng.choice(".,"))
    return f"{rng.randint(1, 99)} {rng.randint(100, 999)}"


def math(rng: random.Random) -> str:
    terms = []
    for _ in range(rng.randint(2, 5)):
        term = rng.choice(_VARIABLES + _GREEK)
        if rng.random() < 0.6:
            term += rng.choice(_SUPERSCRIPTS if rng.random() < 0.7 else _SUBSCRIPTS)
        if rng.random() < 0.3:
            term = str(rng.randint(2, 9)) + term
        if rng.random() < 0.15:
            term = rng.choice(_MATH) + term
        terms.append(term)
    return f" {rng.choice(_OPERATORS)} ".join(terms)


def units(rng: random.Random) -> str:
    parts = [f"{rng.choice(_WORDS)}: {_number(rng)}{rng.choice(['', ' '])}{rng.choice(_UNITS)}"
             for _ in range(rng.randint(1, 4))]
    return rng.choice([", ", "; ", " | ", " – "]).join(parts)


def fractions(rng: random.Random) -> str:
    return " ".join(
        f"{rng.choice(['', str(rng.randint(1, 12))])}{rng.choice(_FRACTIONS)}"
        f"{rng.choice(['', ' cup', ' tsp', ' in', ' mi', ' kg', ' lb', '″', '′'])}"
        for _ in range(rng.randint(1, 4))
    )


def prices(rng: random.Random) -> str:
    currency = rng.choice(_CURRENCIES)
    amount = f"{rng.randint(1, 9999)}{rng.choice(['', ',99', '.50', ',-'])}"
    text = f"{currency}{amount}" if rng.random() < 0.5 else f"{amount} {currency}"
    if rng.random() < 0.4:
        text = f"{rng.randint(2, 12)}×{text}"
    return f"{rng.choice(_WORDS)} {text}"


def box_drawing(rng: random.Random) -> str:
    width = rng.randint(3, 20)
    line = rng.choice(_BOX[:2] + _BOX[21:23] + "─━═")
    corners = rng.choice(["┌┐", "└┘", "├┤", "╔╗", "╚╝", "┏┓", "┗┛", "╠╣"])
    inner = line * width
    if rng.random() < 0.5:
        cells = [rng.choice(_WORDS) for _ in range(rng.randint(2, 4))]
        return f"│ {' │ '.join(cells)} │"
    return corners[0] + inner + rng.choice(["", "┬", "┼", "╦"]) + inner + corners[1]


def bullets(rng: random.Random) -> str:
    mark = rng.choice(_BULLETS)
    return "\n".join(f"{mark} {rng.choice(_WORDS)} {_number(rng)}"
                     for _ in range(rng.randint(1, 4)))


def alphabets(rng: random.Random) -> str:
    letters = rng.choice(_ALPHABETS)
    start = rng.randrange(len(letters))
    piece = letters[start: start + rng.randint(3, len(letters))]
    return rng.choice(["", " ", ", "]).join(piece) if rng.random() < 0.5 else piece


def code(rng: random.Random) -> str:
    name = rng.choice(_WORDS)
    return rng.choice([
        f"if ({name} >= {rng.randint(0, 99)}) {{ return {name} * 2; }}",
        f"{name} = [{', '.join(str(rng.randint(0, 9)) for _ in range(4))}]  # {rng.choice(_WORDS)}",
        f"SELECT {name} FROM t WHERE id = {rng.randint(1, 999)};",
        f"<div class=\"{name}\">{rng.choice(_WORDS)}</div>",
        f"${{{name}}} && echo \"{rng.choice(_WORDS)}\" | grep -v '^#'",
        f"{{\"{name}\": {rng.randint(0, 99)}, \"ok\": true}}",
        f"https://example.org/{name}?id={rng.randint(1, 9999)}&lang=fr",
        f"{name}@example.com",
    ])


def emoticons(rng: random.Random) -> str:
    return " ".join(rng.choice([rng.choice(_EMOTICONS), rng.choice(_WORDS)])
                    for _ in range(rng.randint(1, 5)))


def symbols(rng: random.Random) -> str:
    pool = _LEGAL + _KEYS + tuple(_ARROWS) + ("‰", "§", "¶", "†", "•", "…", "‹", "›", "«", "»")
    return " ".join(rng.choice([rng.choice(pool), rng.choice(_WORDS), _number(rng)])
                    for _ in range(rng.randint(2, 6)))


#: Symbol blocks text draws with: box drawing, block elements, geometric shapes, arrows,
#: mathematical operators, miscellaneous symbols, dingbats, technical symbols.
_SYMBOL_BLOCKS = ((0x2500, 0x257F), (0x2580, 0x259F), (0x25A0, 0x25FF), (0x2190, 0x21FF),
                  (0x2200, 0x22FF), (0x2600, 0x26FF), (0x2700, 0x27BF), (0x2300, 0x23FF),
                  (0x2100, 0x214F), (0x2460, 0x24FF), (0x2020, 0x205E), (0x00A1, 0x00BF))


def symbol_runs(rng: random.Random) -> str:
    """Decorations, progress bars, separators, ratings: symbols repeated and side by side."""
    low, high = rng.choice(_SYMBOL_BLOCKS)
    pool = [chr(c) for c in range(low, high + 1) if chr(c).isprintable()]
    shape = rng.random()
    if shape < 0.3:
        text = rng.choice(pool) * rng.randint(2, 12)
    elif shape < 0.6:
        text = "".join(rng.choice(pool) * rng.randint(1, 5) for _ in range(rng.randint(2, 4)))
    else:
        text = rng.choice(["", " "]).join(rng.choice(pool) for _ in range(rng.randint(1, 8)))
    if rng.random() < 0.5:
        text = f"{rng.choice(_WORDS)}: {text} {_number(rng)}{rng.choice(['', '%'])}"
    return text


def ipa(rng: random.Random) -> str:
    return "/" + "".join(rng.choice(_IPA + "aeiou") for _ in range(rng.randint(3, 9))) + "/"


def chemistry(rng: random.Random) -> str:
    element = rng.choice(["H", "C", "O", "N", "Na", "Cl", "Ca", "Fe", "SO", "CO", "NH"])
    charge = rng.choice(["", "⁺", "⁻", "²⁺", "³⁻"])
    arrow = rng.choice(["→", "⇌", "+"])
    return f"{element}{rng.choice(_SUBSCRIPTS)}{charge} {arrow} {element}{charge}"


#: Every family by name.
FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "math": math,
    "units": units,
    "fractions": fractions,
    "prices": prices,
    "box-drawing": box_drawing,
    "bullets": bullets,
    "alphabets": alphabets,
    "code": code,
    "emoticons": emoticons,
    "symbols": symbols,
    "symbol-runs": symbol_runs,
    "ipa": ipa,
    "chemistry": chemistry,
}
