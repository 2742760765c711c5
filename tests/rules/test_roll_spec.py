"""bot/rules/roll_spec.py and roll_sets.py: a whole roll in one string, and rolling it.

Seed 002: "`3+` means 3 or more, `9-` means 9 or less". Seed 004 ("Re-rolls"): "You can never
re-roll a dice more than once, and re-rolls happen before modifiers (if any) are applied." The
seeds are silent on keeping or dropping dice; Vox follows the wording rules use for it ("roll 3D6
and discard the lowest"): the dice are chosen as they stand after re-rolls, before modifiers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import RulesError
from bot.rules.dice import ScriptedDice
from bot.rules.errors import InvalidDice, TooManyDice
from bot.rules.notation import MAX_DICE, ExpressionRoll
from bot.rules.pools import PoolRoll, Reroll, Target
from bot.rules.roll_sets import roll_spec
from bot.rules.roll_spec import MAX_SETS, RollSpec, parse_spec

# Every form the README's table lists, the canonical text it reads as, and the other bots'
# spellings Vox also reads the same way.
FORMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "2D6+1": ("2D6+1", ("2d6 + 1",)),
    "2D6+D3": ("2D6+D3", ()),
    "D33": ("D33", ()),
    "10D6 3+": ("10D6 3+", ("10d6 t3", "10wh3+")),
    "D6 9-": ("D6 9-", ()),
    "10D6+1 3+": ("10D6+1 3+", ()),
    "10D6 4+ reroll 1s": ("10D6 4+ reroll 1s", ("10d6ro1 t4", "10d6 4+ re-roll ones")),
    "10D6 4+ reroll failed": ("10D6 4+ reroll failed", ()),
    "2D6 reroll all": ("2D6 reroll all", ()),
    "3D6 kh2": ("3D6 kh2", ("3d6kh2", "3d6 k2")),
    "3D6 dl1": ("3D6 dl1", ("3d6pl1",)),
    "3D6 kl1": ("3D6 kl1", ()),
    "3D6 dh1": ("3D6 dh1", ("3d6ph1",)),
    "6x 2D6": ("6x 2D6", ("6x2d6", "6 x 2d6")),
    "3x 10D6 4+": ("3x 10D6 4+", ()),
}


README = Path(__file__).resolve().parents[2] / "README.md"


def readme_forms() -> dict[str, tuple[str, ...]]:
    """The README's table of /roll forms: each form and the spellings it lists as also accepted."""
    text = README.read_text("utf-8")
    table = text[text.index("| type | rolls | also accepted") :].split("\n\n")[0]
    forms = {}
    for row in table.splitlines()[2:]:
        form, _, aliases = (cell.strip() for cell in row.strip("|").split("|"))
        accepted = aliases.split("(")[0]  # what follows in brackets is refused, with a hint
        forms[form.strip("`")] = tuple(re.findall(r"`([^`]+)`", accepted))
    return forms


def test_the_readme_table_lists_exactly_the_tested_forms_and_aliases() -> None:
    assert readme_forms() == {form: aliases for form, (_, aliases) in FORMS.items()}


@pytest.mark.parametrize("form", FORMS)
def test_every_form_reads_back_as_itself_and_its_aliases_read_the_same(form: str) -> None:
    canonical, aliases = FORMS[form]
    spec = parse_spec(form)
    assert spec.text == canonical
    assert parse_spec(spec.text).text == canonical
    for alias in aliases:
        assert parse_spec(alias).text == canonical, alias


def test_a_target_in_the_string_is_3_or_more_or_9_or_less_as_seed_002_writes_it() -> None:
    assert parse_spec("10D6 3+").target == Target(3)
    assert parse_spec("D6 9-").target == Target(9, at_most=True)


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [
        ("10d6 3", "`10D6 3+` (count the dice that roll 3 or more) or `10D6+3`"),
        ("d6 6", "`D6 6+` (count the dice that roll 6 or more) or `D6+6`"),
        ("2d6 1", "`2D6 1+` (count the dice that roll 1 or more) or `2D6+1`"),
        ("6 4d6", "`6x 4D6` (6 separate rolls) or `64D6`"),
        ("2d6 d3", "`2D6+D3`"),
    ],
)
def test_whitespace_never_joins_numbers_and_the_error_suggests_both_readings(
    typed: str, suggested: str
) -> None:
    with pytest.raises(InvalidDice) as refused:
        parse_spec(typed)
    assert str(refused.value) == (
        f"A space does not join numbers in `{typed}`: did you mean {suggested}?"
    )


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("10D6 3+ 4+", "has more than one target; give it once."),
        ("3D6 kh2 4+", "Keep or drop picks dice for a total, and a target counts every die"),
        ("2D6+D3 kh1", "Keep or drop works on one set of dice"),
        ("3D6 dl3", "rolls 3 dice, so `dl3` must leave 1 to 3 of them."),
        ("3D6 kh4", "rolls 3 dice, so `kh4` must leave 1 to 3 of them."),
        ("3D6 kh0", "rolls 3 dice, so `kh0` must leave 1 to 3 of them."),
        ("2D6 rr1", "a die is re-rolled once at most"),
        ("2D6 ro2", "a die is re-rolled once at most"),
        ("2D6 reroll failed", "Re-rolling failed dice needs a target"),
        ("2D6+D3 3+", "A target counts dice one by one"),
        ("5 reroll all", "rolls no dice, so there is nothing to re-roll."),
    ],
)
def test_a_roll_that_cannot_be_made_is_one_sentence(typed: str, sentence: str) -> None:
    with pytest.raises(InvalidDice) as refused:
        parse_spec(typed)
    assert sentence in str(refused.value)
    assert "\n" not in str(refused.value)


def test_repeated_sets_are_capped_at_ten() -> None:
    assert parse_spec(f"{MAX_SETS}x D6").sets == MAX_SETS
    with pytest.raises(TooManyDice, match="roll 1 to 10 at once"):
        parse_spec("11x D6")
    with pytest.raises(TooManyDice, match="roll 1 to 10 at once"):
        parse_spec("0x D6")


def test_the_thousand_dice_cap_counts_every_set() -> None:
    assert parse_spec("10x 100D6").dice_count == MAX_DICE
    with pytest.raises(TooManyDice, match="6 × 200 = 1200 dice; the most is 1000"):
        parse_spec("6x 200D6")


def test_the_string_is_capped_at_a_hundred_characters() -> None:
    with pytest.raises(TooManyDice, match="101 characters long; keep it to 100"):
        parse_spec("D6" + " " * 99)


def test_an_option_and_the_same_thing_in_the_string_is_one_sentence() -> None:
    spec = parse_spec("10D6 3+ reroll 1s")
    with pytest.raises(InvalidDice, match=r"in the dice .*and in target: too; give it once"):
        spec.with_options(Target(4), None)
    with pytest.raises(InvalidDice, match="in the dice and in reroll: too; give it once"):
        spec.with_options(None, Reroll.ALL)
    both = parse_spec("10D6").with_options(Target(4), Reroll.FAILED)
    assert both.text == "10D6 4+ reroll failed"


def test_keep_highest_keeps_the_highest_dice_and_the_earlier_of_a_tie() -> None:
    rolled = roll_spec(parse_spec("3D6 kh2"), ScriptedDice([4, 6, 4])).sets[0]
    assert isinstance(rolled, ExpressionRoll)
    assert rolled.groups[0].dropped == frozenset({2}) and rolled.total == 10


def test_drop_lowest_discards_the_lowest_die_of_a_charge() -> None:
    rolled = roll_spec(parse_spec("3D6 dl1"), ScriptedDice([5, 1, 3])).sets[0]
    assert isinstance(rolled, ExpressionRoll)
    assert rolled.groups[0].dropped == frozenset({1}) and rolled.total == 8


def test_keep_lowest_and_drop_highest() -> None:
    low = roll_spec(parse_spec("3D6 kl1"), ScriptedDice([5, 2, 3])).sets[0]
    high = roll_spec(parse_spec("3D6 dh1"), ScriptedDice([5, 2, 3])).sets[0]
    assert isinstance(low, ExpressionRoll) and isinstance(high, ExpressionRoll)
    assert (low.total, high.total) == (2, 5)


def test_re_rolls_happen_before_the_keep_chooses_and_before_modifiers() -> None:
    """Seed 004: re-rolls happen before modifiers; the keep sees the re-rolled die (1 → 6)."""
    rolled = roll_spec(parse_spec("3D6+1 kh2 reroll 1s"), ScriptedDice([1, 3, 2, 6])).sets[0]
    assert isinstance(rolled, ExpressionRoll)
    assert [d.value for d in rolled.groups[0].dice] == [6, 3, 2]
    assert rolled.total == 6 + 3 + 1


def test_a_die_is_never_re_rolled_more_than_once_in_any_set() -> None:
    done = roll_spec(parse_spec("2x 2D6 reroll 1s"), ScriptedDice([1, 2, 1, 1, 1, 1, 1]))
    first, second = done.sets
    assert isinstance(first, ExpressionRoll) and isinstance(second, ExpressionRoll)
    assert [d.value for g in first.groups for d in g.dice] == [1, 2]  # re-rolled 1 → 1 stays
    assert [d.value for g in second.groups for d in g.dice] == [1, 1]


def test_a_modified_pool_counts_each_die_after_its_modifier() -> None:
    pool = roll_spec(parse_spec("3D6+1 3+"), ScriptedDice([2, 1, 5])).sets[0]
    assert isinstance(pool, PoolRoll)
    assert pool.values == (3, 2, 6) and pool.successes == 2


def test_repeated_sets_roll_separately_and_sum_up_in_the_summary() -> None:
    done = roll_spec(parse_spec("3x 2D6"), ScriptedDice([1, 2, 3, 4, 5, 6]))
    assert [s.total for s in done.sets if isinstance(s, ExpressionRoll)] == [3, 7, 11]
    assert done.summary == "3 rolls: 3, 7, 11"
    pools = roll_spec(parse_spec("2x 2D6 4+"), ScriptedDice([4, 1, 6, 6]))
    assert pools.summary == "2 rolls: 1, 2"
    one = roll_spec(parse_spec("2D6 4+"), ScriptedDice([4, 1]))
    assert one.summary == "1 success of 2"


TEXT = st.text(alphabet=st.sampled_from(list("0123456789dDxX+-*/ ktlhprowaefs19×")), max_size=40)


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_any_string_gives_a_roll_or_one_rules_error_within_the_caps(text: str) -> None:
    try:
        spec = parse_spec(text)
    except RulesError as refused:
        assert str(refused) and "\n" not in str(refused)
        return
    assert isinstance(spec, RollSpec)
    assert 1 <= spec.sets <= MAX_SETS and spec.dice_count <= MAX_DICE
    assert parse_spec(spec.text).text == spec.text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_unicode_string_gives_a_roll_or_one_rules_error(text: str) -> None:
    try:
        parse_spec(text)
    except RulesError as refused:
        assert str(refused)
