"""Echoed values and replies are cut to fit, at a word boundary, with an ellipsis."""

from __future__ import annotations

from bot.rules.errors import InvalidDice
from bot.rules.notation import parse
from bot.rules.pools import parse_target
from bot.rules.quote import QUOTE, quoted, shorten


def test_short_text_is_kept_whole() -> None:
    assert shorten("Vigilus", 60) == "Vigilus"
    assert quoted("x" * QUOTE) == "x" * QUOTE


def test_long_text_is_cut_at_a_word_and_ends_with_an_ellipsis() -> None:
    cut = shorten("word " * 500, 2000)
    assert len(cut) <= 2000 and cut.endswith("word…")


def test_text_without_spaces_is_cut_inside_the_word() -> None:
    assert quoted("x" * 2001) == "x" * (QUOTE - 1) + "…"


def test_a_2001_character_target_is_echoed_short() -> None:
    try:
        parse_target("word " * 400)
    except InvalidDice as error:
        assert len(str(error)) < 200
    else:
        raise AssertionError("that is not a target")


def test_a_dice_error_echoes_at_most_the_quote() -> None:
    try:
        parse("D6+" * 33)  # 99 characters ending with an operator
    except InvalidDice as error:
        assert len(str(error)) < QUOTE + 80
    else:
        raise AssertionError("that expression ends with an operator")
