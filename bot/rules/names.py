"""Names that players choose (units, weapons, campaigns, cards, labels, honours, powers, and a
future army import): one clean form to store, and one key to compare them by.

`clean_name` is what gets stored and shown: Unicode NFKC (full-width `Ｖｉｇｉｌｕｓ` becomes
`Vigilus`, ligatures and mathematical letters become plain letters), runs of spaces collapsed and
the ends stripped. It refuses, with one sentence, a name that would break a message or an embed
or hide a difference: control characters (Unicode category Cc: NUL, tab, line breaks), format
characters (Cf: zero-width space and joiners, the byte order mark, bidirectional overrides, the
soft hyphen…), line and paragraph separators, private-use, surrogate and unassigned code points,
the other default-ignorable or blank characters that render as nothing (Hangul fillers, the
braille blank, variation selectors…), more than `MAX_MARKS` combining marks on one letter
("Zalgo" text), an empty name, or one longer than the bound of its kind (counted after NFKC,
which can lengthen a name).

`name_key` is what uniqueness and look-ups compare: NFKC, case-folded, with the Turkish dotless ı
and dotted İ folded to i, invisible characters dropped, and the Cyrillic and Greek letters drawn
exactly like a Latin letter (the single-letter subset of Unicode TR #39 confusables, e.g. Cyrillic
а, о, р, с; Greek ο, ρ, τ) folded to that letter. So `Vıgilus`, `VIGILUS` and `Vigilus` are one
name. ASCII is never folded to other ASCII, so the key of an ASCII name is its case-folded form
with spaces collapsed: keys stored before this module existed (`name.casefold()`) still match.
"""

from __future__ import annotations

import unicodedata

from bot.rules.errors import InvalidName

MAX_MARKS = 3  # combining marks in a row after NFKC; more stack into unreadable "Zalgo" text

_REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Co": "a private-use character",
    "Cs": "a surrogate",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

# Default-ignorable or blank code points outside the categories above (Unicode
# DerivedCoreProperties Default_Ignorable_Code_Point, plus blanks drawn as nothing).
_BLANKS = frozenset(
    (
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800),
        *(0x3164, 0xFFA0, 0xFFFC, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)),
    )
)

_NAMED = {"\n": "a line break", "\r": "a line break", "\t": "a tab", "\x00": "a NUL character"}

# Folded after casefold: the dotless i, and the Cyrillic and Greek letters (small, or the small
# form of a capital) that are drawn like a Latin letter.
_CONFUSABLES = str.maketrans(
    {
        "ı": "i",
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
        "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ζ": "z", "ϲ": "c",
    }
)  # fmt: skip


def _refused(ch: str) -> str | None:
    """What is wrong with `ch` in a name (None: nothing)."""
    if ch in _NAMED:
        return _NAMED[ch]
    if ord(ch) in _BLANKS:
        return "an invisible character"
    return _REFUSED_CATEGORIES.get(unicodedata.category(ch))


def _check(text: str, what: str) -> None:
    marks = 0
    for ch in text:
        problem = _refused(ch)
        if problem is not None:
            raise InvalidName(
                f"{what} cannot contain {problem} (U+{ord(ch):04X}); type it again with visible "
                "letters, digits, spaces and punctuation only."
            )
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks > MAX_MARKS:
            raise InvalidName(
                f"{what} cannot stack more than {MAX_MARKS} accents on one letter; remove some."
            )


def clean_name(text: str, what: str, max_length: int) -> str:
    """`text` in NFKC with single spaces and no spaces at the ends, or `InvalidName` saying why
    not. `what` starts the sentence ("A unit name"); `max_length` is the bound of that kind."""
    _check(text, what)
    normal = unicodedata.normalize("NFKC", text)
    _check(normal, what)
    cleaned = " ".join(normal.split())
    if not cleaned:
        raise InvalidName(f"{what} cannot be empty; type at least one letter.")
    if len(cleaned) > max_length:
        raise InvalidName(f"{what} is at most {max_length} characters; shorten it.")
    return cleaned


def name_key(text: str) -> str:
    """The form names are compared by: equal keys are the same name (see the module docstring)."""
    folded = unicodedata.normalize("NFKC", text).replace("İ", "i").casefold()
    folded = unicodedata.normalize("NFKC", folded).replace("i\u0307", "i")
    visible = "".join(ch for ch in folded if _refused(ch) is None or ch.isspace())
    return " ".join(visible.translate(_CONFUSABLES).split())
