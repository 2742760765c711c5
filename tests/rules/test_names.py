"""Chosen names: one clean form to store, one key to compare (bot/rules/names.py)."""

from __future__ import annotations

import pytest

from bot.rules.errors import IllegalAction, InvalidName
from bot.rules.names import clean_name, name_key


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("Vi\x00gilus", "a NUL character (U+0000)"),
        ("Vigilus\n", "a line break (U+000A)"),
        ("Vi\rgilus", "a line break (U+000D)"),
        ("Vi\tgilus", "a tab (U+0009)"),
        ("Vi\x1bgilus", "a control character (U+001B)"),
        ("Vi\x85gilus", "a control character (U+0085)"),
        ("Vi\u200bgilus", "invisible formatting character (U+200B)"),  # zero-width space
        ("Vi\u200cgilus", "(U+200C)"),  # ZWNJ
        ("Vi\u200dgilus", "(U+200D)"),  # ZWJ
        ("\ufeffVigilus", "(U+FEFF)"),  # byte order mark
        ("Vi\u00adgilus", "(U+00AD)"),  # soft hyphen
        ("\u202eVigilus", "(U+202E)"),  # right-to-left override
        ("\u202aVigilus", "(U+202A)"),
        ("\u2066Vigilus\u2069", "(U+2066)"),  # isolates
        ("Vi\u2060gilus", "(U+2060)"),  # word joiner
        ("Vi\u2028gilus", "a line separator (U+2028)"),
        ("Vi\u2029gilus", "a paragraph separator (U+2029)"),
        ("\u3164", "an invisible character (U+3164)"),  # Hangul filler
        ("Vi\u115fgilus", "(U+115F)"),
        ("Vi\u1160gilus", "(U+1160)"),
        ("Vi\uffa0gilus", "(U+FFA0)"),
        ("\u2800", "(U+2800)"),  # braille blank
        ("Vi\u034fgilus", "(U+034F)"),  # combining grapheme joiner
        ("Vigilus\ufe0f", "(U+FE0F)"),  # variation selector
        ("Vi\ue000gilus", "a private-use character (U+E000)"),
        ("Vi\U000f0000gilus", "a private-use character (U+F0000)"),
        ("Vi\ud800gilus", "a surrogate (U+D800)"),
        ("Vi\u0378gilus", "an unassigned character (U+0378)"),
        ("Vi\U000e0041gilus", "(U+E0041)"),  # tag character
        ("Z\u0301\u0302\u0303\u0304algo", "more than 3 accents"),
        ("", "cannot be empty"),
        (" \u3000 \u00a0 ", "cannot be empty"),  # spaces of every width are still empty
        ("x" * 61, "at most 60 characters"),
        ("\ufdfa" * 4, "at most 60 characters"),  # NFKC makes each of these 18 letters
    ],
)
def test_a_name_with_hidden_or_breaking_characters_is_refused_in_one_sentence(
    typed: str, says: str
) -> None:
    with pytest.raises(InvalidName, match=r"^A campaign name ") as refused:
        clean_name(typed, "A campaign name", 60)
    sentence = str(refused.value)
    assert says in sentence
    assert sentence.endswith(".") and ". " not in sentence
    assert sentence.isprintable()  # the refusal never echoes what it refuses
    assert isinstance(refused.value, IllegalAction)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Vigilus", "Vigilus"),
        ("  Vigilus   Prime ", "Vigilus Prime"),
        ("Ｖｉｇｉｌｕｓ", "Vigilus"),  # full-width
        ("𝐕𝐢𝐠𝐢𝐥𝐮𝐬", "Vigilus"),  # mathematical bold
        ("ﬁre Warriors", "fire Warriors"),  # ligature
        ("Vigilus\u3000Prime", "Vigilus Prime"),  # ideographic space
        ("Vigilus\u00a0Prime", "Vigilus Prime"),  # no-break space
        ("Cafe\u0301", "Café"),  # composed
        ("Vıgilus", "Vıgilus"),  # a real Turkish letter is kept as typed…
        ("Ork Boyz 'Ere We Go!", "Ork Boyz 'Ere We Go!"),
        ("Ангелы Смерти", "Ангелы Смерти"),
        ("x" * 60, "x" * 60),
    ],
)
def test_a_clean_name_is_stored_in_nfkc_with_single_spaces(typed: str, stored: str) -> None:
    assert clean_name(typed, "A name", 60) == stored


@pytest.mark.parametrize(
    "lookalike",
    [
        "vigilus",
        "VIGILUS",
        "Vıgilus",  # …but collides with Vigilus: dotless i
        "VİGİLUS",  # dotted capital İ
        "Vi\u0307gilus",  # i with a combining dot above
        "Ｖｉｇｉｌｕｓ",  # full-width
        "𝐕𝐢𝐠𝐢𝐥𝐮𝐬",  # mathematical bold
        "Vіgіlus",  # Cyrillic і
        "Vigilus\u200b",  # a zero-width space (a legacy name can hold one)
        " Vigilus ",
    ],
)
def test_names_that_only_look_different_have_the_same_key(lookalike: str) -> None:
    assert name_key(lookalike) == name_key("Vigilus") == "vigilus"


@pytest.mark.parametrize(
    ("cyrillic_or_greek", "latin"),
    [("Ѕрасе", "Space"), ("ΤΑΟ", "Tao"), ("Саdiаn", "Cadian"), ("ΚΗΑΝ", "Khan")],
)
def test_cyrillic_and_greek_letters_drawn_like_latin_ones_fold_to_them(
    cyrillic_or_greek: str, latin: str
) -> None:
    # Ѕ р а с е and С а are Cyrillic; Τ Α Ο Κ Η Ν are Greek.
    assert not cyrillic_or_greek.isascii()
    assert name_key(cyrillic_or_greek) == name_key(latin)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Vigilus", "Vigilus Prime"), ("Boyz", "Boys"), ("Café", "Cafe"), ("Nob", "N0b")],
)
def test_different_names_keep_different_keys(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


@pytest.mark.parametrize(
    "ascii_name", ["Vigilus", "Ork Boyz", "Intercessors Squad 2", "STERNGUARD", "a-b_c.d!"]
)
def test_an_ascii_key_is_the_case_folded_name_so_keys_stored_before_still_match(
    ascii_name: str,
) -> None:
    assert name_key(ascii_name) == ascii_name.casefold()


@pytest.mark.parametrize(
    "typed", ["Ｖｉｇｉｌｕｓ", "Vigilus  Prime", "𝐕ıgilus", "Ｔａｕ\u3000Ｅｍｐｉｒｅ"]
)
def test_cleaning_keeps_the_key_and_is_idempotent(typed: str) -> None:
    cleaned = clean_name(typed, "A name", 60)
    assert clean_name(cleaned, "A name", 60) == cleaned
    assert name_key(cleaned) == name_key(typed)
