"""The options `/attack` and `/odds` share, declared once, handed over as `Typed` values.

Both commands are built by `attack_command` from one callback signature, so their option names,
bounds and descriptions can never drift apart.
"""

from __future__ import annotations

import difflib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.play.attack import Typed
from bot.play.typed_profiles import MAX_LEADER_TEXT, MAX_WEAPONS_TEXT
from bot.rules.abilities import known_phrases
from bot.rules.errors import RulesError
from bot.rules.rulesets import ruleset
from bot.ui.attack.units import (
    UnitRef,
    WeaponNames,
    complete_attack_units,
    complete_attack_weapons,
)
from bot.ui.transformers import BoundedText, Choice, last_item

if TYPE_CHECKING:
    from bot.client import VoxBot

Text20 = app_commands.Transform[str, BoundedText("that option", 20)]
Keywords = app_commands.Transform[str, BoundedText("the keywords", 200)]
AbilityText = app_commands.Transform[str, BoundedText("the abilities", 600)]
LeaderText = app_commands.Transform[str, BoundedText("the leader", MAX_LEADER_TEXT)]
ProfilesText = app_commands.Transform[str, BoundedText("the weapons", MAX_WEAPONS_TEXT)]
EditionOption = app_commands.Transform[str, Choice("an edition", ("9th", "10th"))]

Responder = Callable[["discord.Interaction[VoxBot]", Typed, bool], Awaitable[None]]

DESCRIPTIONS = {
    "attacks": "Attacks per attacking model: 2, D6, D3+1",
    "skill": "Ballistic/Weapon Skill: 3+, or auto for weapons that hit automatically",
    "strength": "Strength: 4 (9th also: User, +1, x2 with 'bearer strength 4' in abilities)",
    "ap": "Armour Penetration, 0 to -6 (2 means -2)",
    "damage": "Damage per attack: 1, D3, D6+1, 2D6",
    "toughness": "Target Toughness",
    "save": "Target Save: 3+, or - for none",
    "wounds": "Wounds per target model (default 1)",
    "models": "Target models (default 1)",
    "attackers": "Attacking models (default 1, or the attacker unit's models)",
    "invuln": "Target invulnerable save: 4+",
    "fnp": "Target feel no pain: 5+",
    "abilities": "Comma-separated: sustained hits 1, lethal hits, reroll hits: 1s, cover…",
    "keywords": "Target keywords for Anti-X, comma-separated: infantry, vehicle",
    "edition": "Rules edition (default: this channel's game, else DEFAULT_EDITION)",
    "secret": "Only you see the result",
    "attacker": "A unit of this channel's game, or of your armies (Army / Unit): its weapons",
    "weapon": "The attacker's weapons: a name, names with commas, melee or ranged",
    "target": "A unit of this channel's game, or of your armies (Army / Unit): the target",
    "leader": "10th: the Leader attached to the target: a unit, or a profile W5 3+ 4++ FNP5+ x1",
    "weapons": "Several profiles: [name:] [10x] A BS S AP D [(abilities)]; separated by ;",
}


def default_edition(interaction: discord.Interaction[VoxBot]) -> str:
    """The edition when none is typed: DEFAULT_EDITION (a channel's game will take precedence)."""
    return interaction.client.settings.default_edition


async def suggest_abilities(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Complete the last comma-separated phrase, keeping what was typed before it."""
    edition = getattr(interaction.namespace, "edition", None) or default_edition(interaction)
    try:
        phrases = known_phrases(ruleset(edition))
    except RulesError:
        phrases = known_phrases(ruleset(default_edition(interaction)))
    prefix, last = last_item(current)
    typed = last.lower()
    matches = [p for p in phrases if p.startswith(typed)] if typed else list(phrases)
    matches += [p for p in difflib.get_close_matches(typed, phrases, n=5) if p not in matches]
    return [
        app_commands.Choice(name=(prefix + p)[:100], value=(prefix + p)[:100]) for p in matches[:25]
    ]


def attack_command(
    name: str, description: str, respond: Responder
) -> app_commands.Command[Any, ..., None]:
    """A slash command with the shared attack options that hands them to `respond`."""

    @app_commands.describe(**DESCRIPTIONS)
    async def callback(
        interaction: discord.Interaction[VoxBot],
        attacks: Text20 | None = None,
        skill: Text20 | None = None,
        strength: Text20 | None = None,
        ap: Text20 | None = None,
        damage: Text20 | None = None,
        toughness: app_commands.Range[int, 1, 30] | None = None,
        save: Text20 | None = None,
        wounds: app_commands.Range[int, 1, 50] | None = None,
        models: app_commands.Range[int, 1, 100] | None = None,
        attackers: app_commands.Range[int, 1, 100] | None = None,
        invuln: Text20 | None = None,
        fnp: Text20 | None = None,
        abilities: AbilityText | None = None,
        keywords: Keywords | None = None,
        edition: EditionOption | None = None,
        secret: bool = False,
        attacker: UnitRef | None = None,
        weapon: WeaponNames | None = None,
        target: UnitRef | None = None,
        leader: LeaderText | None = None,
        weapons: ProfilesText | None = None,
    ) -> None:
        typed = Typed(
            attacks=attacks, skill=skill, strength=strength, ap=ap, damage=damage,
            toughness=toughness, save=save, wounds=wounds, models=models, attackers=attackers,
            invuln=invuln, fnp=fnp, abilities=abilities, keywords=keywords, edition=edition,
            attacker=attacker, weapon=weapon, target=target, leader=leader, weapons=weapons,
        )  # fmt: skip
        await respond(interaction, typed, secret)

    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=description, callback=callback
    )
    command.autocomplete("abilities")(suggest_abilities)
    for option in ("attacker", "target", "leader"):
        command.autocomplete(option)(complete_attack_units)
    command.autocomplete("weapon")(complete_attack_weapons)
    return command
