"""bot/play/attack.py: the channel's units made into the rules' profile, permission before dice."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.errors import NotAllowed, NotFound
from bot.game import GameState
from bot.play.actor import Actor
from bot.play.attack import Ask, Attacked, Typed, attack, plan
from bot.rules.dice import ScriptedDice
from bot.rules.rulesets import ruleset
from tests.cogs.test_attack_in_game import RIFLE, table
from tests.harness import ALICE, CHANNEL_ID, DAVE, GUILD_ID, Harness

ALICE_HERE = Actor(ALICE.id, CHANNEL_ID, GUILD_ID)
DAVE_HERE = Actor(DAVE.id, CHANNEL_ID, GUILD_ID)


async def game(h: Harness) -> GameState:
    await table(h)
    return (await h.bot.tracker.require(CHANNEL_ID)).state


async def test_a_unit_s_numbers_become_the_rules_profile(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        state = await game(h)
    aimed = plan(Typed(**RIFLE), state, ruleset("9th"))
    [rifle] = aimed.spec.weapons
    assert (rifle.skill, rifle.strength, rifle.ap, rifle.attackers) == (3, 4, -1, 1)
    assert (rifle.attacks.text, rifle.damage.text, rifle.name) == (
        "2",
        "1",
        "Intercessors · Bolt rifle",
    )
    target = aimed.spec.target
    assert (target.toughness, target.save, target.models, target.wounds) == (5, 5, 10, 1)
    assert (target.invuln, target.fnp, target.wounds_left) == (None, None, None)
    assert (aimed.target, aimed.attacker, aimed.edition) == ("Boyz", "Intercessors", "9th")


async def test_typed_options_take_the_place_of_the_unit_s(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        state = await game(h)
    typed = Typed(**RIFLE, skill="auto", ap="-3", save="-", keywords="Infantry", models=4)
    aimed = plan(typed, state, ruleset("9th"))
    [rifle] = aimed.spec.weapons
    assert (rifle.skill, rifle.ap) == (None, -3)
    target = aimed.spec.target
    assert (target.save, target.keywords, target.models) == (None, frozenset({"infantry"}), 4)


async def test_a_stranger_is_refused_before_any_die_is_rolled(tmp_path: Path) -> None:
    dice = ScriptedDice([4, 4, 5, 6, 2, 3])
    async with Harness.running(tmp_path, dice=dice) as h:
        await game(h)
        with pytest.raises(NotAllowed):
            await attack(h.bot, DAVE_HERE, Ask(Typed(**RIFLE)))
        assert dice.remaining == 6
        # Anyone may roll an attack that damages no tracked unit.
        untracked = Typed(attacker="Intercessors", weapon="Bolt rifle", toughness=5, save="5+")
        done = await attack(h.bot, DAVE_HERE, Ask(untracked))
    assert isinstance(done, Attacked) and done.target is None and done.plan.target is None


async def test_the_damage_is_recorded_and_the_target_returned_as_it_is_after(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await game(h)
        done = await attack(h.bot, ALICE_HERE, Ask(Typed(**RIFLE)))
        assert isinstance(done, Attacked)
        now = (await h.bot.tracker.require(CHANNEL_ID)).state.unit("Boyz")
    assert done.result.models_destroyed == 2
    assert done.target is not None and done.target.alive == 8 and done.target == now


async def test_units_without_a_game_are_not_found(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        with pytest.raises(NotFound, match="no units; type the profile instead"):
            await attack(h.bot, ALICE_HERE, Ask(Typed(**RIFLE)))


async def test_keywords_vox_does_not_apply_are_named_on_the_plan(tmp_path: Path) -> None:
    """An imported weapon's unknown keywords (`Weapon.other`) stay out of the rules but are
    named with the attack, so nobody forgets them at the table."""
    async with Harness.running(tmp_path) as h:
        state = await game(h)
    key = next(k for k, u in state.units.items() if u.name == "Intercessors")
    unit = state.units[key]
    rifle = unit.profile.weapons[0].model_copy(update={"other": ("Plague Weapon",)})
    armed = replace(unit, profile=unit.profile.model_copy(update={"weapons": (rifle,)}))
    changed = replace(state, units={**state.units, key: armed})
    aimed = plan(Typed(**RIFLE), changed, ruleset("9th"))
    assert aimed.shown == ("Bolt rifle: Plague Weapon",)
    assert plan(Typed(**RIFLE), state, ruleset("9th")).shown == ()


def test_a_weapon_s_count_decides_how_many_of_it_attack() -> None:
    """One per model alive without a count; at most one per model alive when fewer carry it;
    in proportion to the models alive when each model carries several (3 suits with 6 fusion
    blasters: 2 suits left fire 4)."""
    from bot.game.units import Unit, UnitProfile, Weapon
    from bot.play.attack_plan import carriers

    def unit(models: int, alive: int) -> Unit:
        profile = UnitProfile(name="Suits", models=models, wounds=5)
        return replace(Unit.fresh(1, profile), alive=alive)

    gun = Weapon(name="Fusion blaster")
    assert carriers(gun, unit(3, 2)) == 2
    assert carriers(gun.model_copy(update={"count": 1}), unit(10, 4)) == 1
    assert carriers(gun.model_copy(update={"count": 3}), unit(10, 2)) == 2
    assert carriers(gun.model_copy(update={"count": 6}), unit(3, 3)) == 6
    assert carriers(gun.model_copy(update={"count": 6}), unit(3, 2)) == 4
    assert carriers(gun.model_copy(update={"count": 4}), unit(1, 1)) == 4
