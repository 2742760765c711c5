"""The options `/attack` and `/odds` share, declared once, turned into an `AttackSpec`.

Both commands are built by `attack_command` from one callback signature, so their option names,
bounds and descriptions can never drift apart.
"""

from __future__ import annotations

import difflib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.game import GameState, Unit
from bot.rules.abilities import known_phrases
from bot.rules.errors import RulesError
from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
from bot.rules.rulesets import Ruleset, ruleset
from bot.ui.attack.tracked import Typed, target_options, weapon_options
from bot.ui.game.units import UnitName, complete_units, complete_weapons
from bot.ui.transformers import BoundedText, Choice

if TYPE_CHECKING:
    from bot.client import VoxBot

Text20 = app_commands.Transform[str, BoundedText("that option", 20)]
Keywords = app_commands.Transform[str, BoundedText("the keywords", 200)]
AbilityText = app_commands.Transform[str, BoundedText("the abilities", 600)]
EditionOption = app_commands.Transform[str, Choice("an edition", ("9th", "10th"))]


@dataclass(frozen=True, slots=True)
class AttackRequest:
    """What the user asked for: the spec, the edition, privacy, and the tracked target if any."""

    spec: AttackSpec
    edition: str
    secret: bool
    target: Unit | None = None  # as read when the request was built: damage is applied to it
    attacker: str | None = None  # the tracked attacking unit, credited with a kill
    # The options as typed, to read the units again when the attack lands.
    typed: Typed = field(default_factory=Typed)

    def against(self, state: GameState) -> AttackRequest:
        """The same request against the units as they are in `state` (an earlier attack may have
        taken models off the target, or the attacker, since this one was asked for)."""
        return replace(self, **_parts(self.typed, state, ruleset(self.edition)))


Responder = Callable[[discord.Interaction, AttackRequest], Awaitable[None]]


def _parts(typed: Typed, state: GameState | None, rules: Ruleset) -> dict[str, Any]:
    weapons = tuple(weapon_from_text(rules, **w) for w in weapon_options(typed, state))
    target, unit = target_options(typed, state)
    attacker = state.unit(typed.attacker) if state and typed.attacker else None
    return {
        "spec": AttackSpec(rules, weapons, target_from_text(**target)),
        "target": unit,
        "attacker": attacker.name if attacker else None,
    }


async def build_request(
    interaction: discord.Interaction, typed: Typed, secret: bool
) -> AttackRequest:
    """Options (and the channel's units) → rules values; bad values raise one-sentence errors."""
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.table(interaction.channel_id or 0)
    state = table.state if table else None
    game_edition = state.edition.attack_ruleset if state and state.edition else None
    rules = ruleset(typed.edition or game_edition or bot.settings.default_edition)
    return AttackRequest(edition=rules.name, secret=secret, typed=typed,
                         **_parts(typed, state, rules))  # fmt: skip


def default_edition(interaction: discord.Interaction) -> str:
    """The edition when none is typed: DEFAULT_EDITION (a channel's game will take precedence)."""
    return cast("VoxBot", interaction.client).settings.default_edition


async def suggest_abilities(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Complete the last comma-separated phrase, keeping what was typed before it."""
    edition = getattr(interaction.namespace, "edition", None) or default_edition(interaction)
    try:
        phrases = known_phrases(ruleset(edition))
    except RulesError:
        phrases = known_phrases(ruleset(default_edition(interaction)))
    done, _, last = current.rpartition(",")
    typed = last.strip().lower()
    matches = [p for p in phrases if p.startswith(typed)] if typed else list(phrases)
    matches += [p for p in difflib.get_close_matches(typed, phrases, n=5) if p not in matches]
    prefix = f"{done.strip()}, " if done.strip() else ""
    return [
        app_commands.Choice(name=(prefix + p)[:100], value=(prefix + p)[:100]) for p in matches[:25]
    ]


def attack_command(
    name: str, description: str, respond: Responder
) -> app_commands.Command[Any, ..., None]:
    """A slash command with the shared attack options that hands the request to `respond`."""

    @app_commands.describe(
        attacks="Attacks per attacking model: 2, D6, D3+1",
        skill="Ballistic/Weapon Skill: 3+, or auto for weapons that hit automatically",
        strength="Strength: 4 (9th also: User, +1, x2 with 'bearer strength 4' in abilities)",
        ap="Armour Penetration, 0 to -6 (2 means -2)",
        damage="Damage per attack: 1, D3, D6+1, 2D6",
        toughness="Target Toughness",
        save="Target Save: 3+, or - for none",
        wounds="Wounds per target model (default 1)",
        models="Target models (default 1)",
        attackers="Attacking models (default 1, or the attacker unit's models)",
        invuln="Target invulnerable save: 4+",
        fnp="Target feel no pain: 5+",
        abilities="Comma-separated: sustained hits 1, lethal hits, reroll hits: 1s, cover…",
        keywords="Target keywords for Anti-X, comma-separated: infantry, vehicle",
        edition="Rules edition (default: this channel's game, else DEFAULT_EDITION)",
        secret="Only you see the result",
        attacker="A unit of this channel's game: its weapons and models fill the profile",
        weapon="One of the attacker's weapons (default: all of them)",
        target="A unit of this channel's game: its profile fills the target (/attack damages it)",
    )
    async def callback(
        interaction: discord.Interaction,
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
        attacker: UnitName | None = None,
        weapon: UnitName | None = None,
        target: UnitName | None = None,
    ) -> None:
        typed = Typed(
            attacks=attacks, skill=skill, strength=strength, ap=ap, damage=damage,
            toughness=toughness, save=save, wounds=wounds, models=models, attackers=attackers,
            invuln=invuln, fnp=fnp, abilities=abilities, keywords=keywords, edition=edition,
            attacker=attacker, weapon=weapon, target=target,
        )  # fmt: skip
        await respond(interaction, await build_request(interaction, typed, secret))

    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=name, description=description, callback=callback
    )
    command.autocomplete("abilities")(suggest_abilities)
    command.autocomplete("attacker")(complete_units)
    command.autocomplete("target")(complete_units)
    command.autocomplete("weapon")(complete_weapons)
    return command
