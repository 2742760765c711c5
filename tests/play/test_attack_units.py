"""/attack and /odds with units of the member's armies, typed weapon profiles and an attached
Leader: the grammars and their bounds, the army look-up, the weapons picked, and a tracked target
and Leader recorded in one action.

10th Core Rules, Leader: "each time an attack targets an Attached unit, until the attacking unit
has resolved all of its attacks, you must use the Toughness characteristic of the Bodyguard
models in that unit, even if a Leader in that unit has a different Toughness."
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot.errors import NotAllowed, NotFound, VoxError
from bot.game import GameState
from bot.game.events import DamageApplied
from bot.play.actor import IN_A_SERVER, Actor
from bot.play.attack import Ask, Typed, attack, damaged, planned
from bot.play.typed_profiles import (
    MAX_LEADER_TEXT,
    MAX_WEAPONS_TEXT,
    looks_like_leader,
    parse_leader,
    parse_weapons,
)
from bot.rules.attack import AttackResult
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidProfile, TooManyDice
from bot.rules.profiles import MAX_WEAPONS
from bot.rules.rulesets import ruleset
from bot.rules.sequence import build_steps
from bot.rules.targets import Part
from tests.armies.roster_files import ARMY_10TH, roster_file
from tests.cogs.test_attack_in_game import table
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, GUILD_ID, Harness, Upload

TENTH = ruleset("10th")
ME = Actor(ALICE.id, CHANNEL_ID, GUILD_ID)
IN_A_DM = Actor(ALICE.id, CHANNEL_ID)
ARMY = Upload("ultramarines.json", ARMY_10TH.read_bytes())
SQUAD, SQUAD_2 = "Ultramarines / Intercessor Squad", "Ultramarines / Intercessor Squad 2"
CAPTAIN = "Ultramarines / Captain"
TYPED_TARGET: dict[str, Any] = {"toughness": 4, "save": "3+", "wounds": 2, "models": 5}


def test_weapons_grammar_reads_name_count_characteristics_and_abilities() -> None:
    rifle, flamer = parse_weapons(
        "Bolt rifle: 10x 2 3+ 4 -1 1 (sustained hits 1); 2x D6 auto 5 0 1 (torrent)",
        TENTH,
        "lethal hits",
    )
    assert (rifle.name, rifle.attackers, rifle.attacks.text, rifle.skill) == (
        "Bolt rifle",
        10,
        "2",
        3,
    )
    assert (rifle.strength, rifle.ap, rifle.damage.text) == (4, -1, "1")
    assert rifle.abilities.sustained is not None and rifle.abilities.has("lethal hits")
    assert (flamer.name, flamer.attackers, flamer.skill, flamer.automatic) == ("", 2, None, True)
    assert flamer.abilities.has("lethal hits")  # typed abilities: added to every profile
    [one] = parse_weapons("2 3+ 4 0 1", TENTH)
    assert one.attackers == 1


@pytest.mark.parametrize(
    ("text", "error", "sentence"),
    [
        ("2 3+ 4 0", InvalidProfile, "Profile 1 (`2 3+ 4 0`) cannot be read; type [name:]"),
        ("2 3+ 4 0 1; 2 9+ 4 0 1", InvalidProfile, "Profile 2 (`2 9+ 4 0 1`): skill `9+`"),
        (
            "101x 2 3+ 4 0 1",
            TooManyDice,
            "Profile 1 (`101x 2 3+ 4 0 1`): the count must be 1x to 100x.",
        ),
        ("; ;", InvalidProfile, "Type at least one profile in weapons:"),
        (";".join(["1 3+ 4 0 1"] * (MAX_WEAPONS + 1)), TooManyDice, "Type at most 10 profiles"),
        ("x" * 41 + ": 1 3+ 4 0 1", TooManyDice, "keep its name to 40 characters"),
        ("1 3+ 4 0 1 (" + "a" * 201 + ")", TooManyDice, "its abilities to 200"),
        ("1 3+ 4 0 1 " * 100, TooManyDice, f"Keep weapons: to {MAX_WEAPONS_TEXT} characters."),
    ],
)
def test_weapons_grammar_bounds_name_the_profile_at_fault(
    text: str, error: type[Exception], sentence: str
) -> None:
    with pytest.raises(error) as raised:
        parse_weapons(text, TENTH)
    assert str(raised.value).startswith(sentence) or sentence in str(raised.value)


def test_leader_grammar_reads_its_parts_in_any_order() -> None:
    captain = parse_leader("Captain: W5 3+ 4++")
    assert captain.name == "Captain" and captain.part == Part(3, 5, 1, 4)
    assert parse_leader("x2 FNP5+ Inv4+ Sv2+ W6").part == Part(2, 6, 2, 4, 5)
    assert parse_leader("W3 - 5++").part == Part(None, 3, 1, 5)
    assert looks_like_leader("W5 3+") and not looks_like_leader("Captain")


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("W5", "Give the Leader's Wounds and Save in leader:"),
        ("W5 3+ T4", "Leave `t4` out of leader:; the attack uses the Bodyguard's Toughness."),
        ("W5 3+ 4+++", "The Leader's `4+++` cannot be read"),
        ("W5 3+ 2+", "The Leader's profile gives save twice; type it once."),
        ("W51 3+", "A Leader has W1 to W50 and x1 to x3 models; type those."),
        ("W5 3+ x4", "A Leader has W1 to W50 and x1 to x3 models; type those."),
        ("W5 3+ " + "x" * MAX_LEADER_TEXT, f"Keep leader: to {MAX_LEADER_TEXT} characters."),
    ],
)
def test_leader_grammar_bounds(text: str, sentence: str) -> None:
    with pytest.raises(VoxError) as raised:
        parse_leader(text)
    assert str(raised.value).startswith(sentence)


async def test_army_units_fill_attacker_target_and_leader_outside_a_game(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)
        plan = await planned(h.bot, ME, Typed(attacker=SQUAD, target=SQUAD_2, leader=CAPTAIN))
    spec = plan.spec
    assert plan.edition == "10th"  # the army's edition, none typed and no game
    [rifle] = spec.weapons  # the ranged weapons, as the Shooting phase picks them
    assert rifle.name == "Intercessor Squad · Bolt rifle" and rifle.attackers == 5
    assert (spec.target.toughness, spec.target.models, spec.target.wounds) == (4, 5, 2)
    assert spec.target.leader == Part(3, 5, 1, 4)
    assert "character" in spec.target.keywords  # both parts' keywords, for Anti-X
    assert (plan.target, plan.leader) == (None, None)  # army units: rolled, never recorded
    assert (plan.target_name, plan.leader_name) == ("Intercessor Squad 2", "Captain")


async def test_weapon_picks_melee_ranged_names_and_refuses_more_than_ten(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)

        async def names(weapon: str | None) -> list[str]:
            typed = Typed(
                attacker="Ultramarines / Hellblaster Squad", weapon=weapon, **TYPED_TARGET
            )
            plan = await planned(h.bot, ME, typed)
            return [w.name.split(" · ")[1] for w in plan.spec.weapons]

        # A weapon with two profiles attacks with one: the first, unless named.
        assert await names(None) == ["Plasma incinerator - standard"]
        assert await names("ranged") == ["Plasma incinerator - standard"]
        assert await names("melee") == ["Close combat weapon"]
        both = "close combat weapon, Plasma incinerator - supercharge"
        assert await names(both) == ["Plasma incinerator - supercharge", "Close combat weapon"]
        with pytest.raises(NotFound, match="has no weapon called Bolter; it has: Plasma"):
            await names("Bolter")


async def test_an_army_unit_is_read_by_its_own_edition(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)
        with pytest.raises(IllegalAction, match="is a 10th edition army and this attack uses 9th"):
            await planned(h.bot, ME, Typed(attacker=SQUAD, target=CAPTAIN, edition="9th"))
        with pytest.raises(NotFound, match='did you mean "Ultramarines"'):
            await planned(h.bot, ME, Typed(attacker="Ultramarins / Captain", target=CAPTAIN))
        with pytest.raises(NotFound, match='has no unit called "Captian"; did you mean'):
            await planned(h.bot, ME, Typed(attacker="Ultramarines / Captian", target=CAPTAIN))


async def test_in_a_dm_army_units_work_and_a_game_unit_is_refused(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)
        plan = await planned(h.bot, IN_A_DM, Typed(attacker=SQUAD, target=SQUAD_2, leader="W5 3+"))
        assert plan.spec.target.leader == Part(3, 5)
        with pytest.raises(NotAllowed, match=IN_A_SERVER):
            await planned(h.bot, IN_A_DM, Typed(attacker=SQUAD, target="Boyz"))


async def test_a_leader_is_refused_in_9th_with_the_rules_sentence(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        typed = Typed(weapons="2 3+ 4 0 1", **TYPED_TARGET, leader="W5 3+", edition="9th")
        with pytest.raises(InvalidProfile, match="a CHARACTER is a unit of its own"):
            await planned(h.bot, ME, typed)


async def test_weapons_refuses_a_second_profile_typed_beside_it(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        with pytest.raises(VoxError, match="either in weapons: or in attacks"):
            await planned(h.bot, ME, Typed(weapons="2 3+ 4 0 1", attacks="2", **TYPED_TARGET))


async def leader_game(h: Harness) -> GameState:
    await table(h, edition="10th")
    await h.slash("unit add", name="Warboss", models=1, wounds=6, toughness=5, save="4+",
                  invuln="5+", keywords="character", owner=BOB, user=BOB)  # fmt: skip
    return (await h.bot.tracker.require(CHANNEL_ID)).state


async def test_a_tracked_leader_needs_a_player_before_any_die(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await leader_game(h)
        typed = Typed(weapons="2 3+ 4 0 1", toughness=5, save="5+", leader="Warboss")
        with pytest.raises(NotAllowed):
            await attack(h.bot, Actor(DAVE.id, CHANNEL_ID, GUILD_ID), Ask(typed))


async def test_a_tracked_target_and_leader_are_both_recorded(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        state = await leader_game(h)
        plan = await planned(
            h.bot, ME, Typed(attacker="Intercessors", target="Boyz", leader="Warboss")
        )
    assert (plan.target, plan.leader) == ("Boyz", "Warboss")
    target = plan.spec.target
    assert target.leader == Part(4, 6, 1, 5) and target.toughness == 5  # the Boyz' Toughness
    assert target.keywords == frozenset({"character"})
    # The engine's result: every Boy destroyed, the Warboss down to 2 wounds.
    result = AttackResult(target, (), (), health_after=0, leader_after=2)
    boyz, warboss = damaged(state, plan, result)
    assert isinstance(boyz, DamageApplied) and isinstance(warboss, DamageApplied)
    assert (boyz.unit, boyz.models_after) == ("Boyz", 0)
    assert (warboss.unit, warboss.damage, warboss.models_after, warboss.wounds_after) == (
        "Warboss", 4, 1, 2,
    )  # fmt: skip
    unharmed = AttackResult(target, (), (), health_after=9, leader_after=6)
    [only] = damaged(state, plan, unharmed)  # no empty record for the Leader
    assert isinstance(only, DamageApplied) and only.unit == "Boyz"


async def test_an_army_targets_own_rule_against_attacks_is_applied(tmp_path: Path) -> None:
    """Death Guard's Disgustingly Resilient ("each time an attack is allocated to this model,
    subtract 1 from the Damage characteristic of that attack") is read from the list and taken by
    every attack against the unit: a Damage 2 attack deals 1."""
    dg = Upload("dg.rosz", roster_file("battlescribe/9e_death_guard_2000.rosz"))
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=dg, name="Death Guard")
        typed = Typed(
            attacks="1", skill="3+", strength="4", ap="0", damage="2",
            target="Death Guard / Deathshroud Terminators",
        )  # fmt: skip
        plan = await planned(h.bot, ME, typed)
    target = plan.spec.target
    assert "-1 damage" in target.defences
    steps = build_steps(plan.spec.rules, plan.spec.weapons[0], target)
    assert steps.damage.table() == {1: Fraction(1)}
