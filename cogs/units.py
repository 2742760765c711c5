"""/unit add|weapon|list|show|edit|remove|damage|heal|move: the units of the channel's game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.game import (
    Event,
    GameState,
    add_unit,
    add_weapon,
    damage,
    edit_unit,
    heal,
    move_unit,
    remove_unit,
    remove_weapon,
)
from bot.game.events import WeaponAdded, WeaponRemoved
from bot.rules.editions import MoveKind
from bot.tracker import Outcome
from bot.ui.game.embeds import unit_line
from bot.ui.game.units import (
    Keywords,
    NewUnitName,
    NewWeaponName,
    ShortText,
    UnitName,
    WeaponAbilities,
    complete_units,
    complete_weapons,
    list_embed,
    new_profile,
    new_weapon,
    profile_changes,
    unit_embed,
)
from bot.ui.permissions import check_may_change
from bot.ui.transformers import Choice

MoveMode = app_commands.Transform[
    str, Choice("a move", ("normal", "advance", "fall back", "stationary"))
]
Count = app_commands.Range[int, 1, 100]
MOVES: dict[str, MoveKind] = {
    "normal": "normal",
    "advance": "advance",
    "fall back": "fall_back",
    "stationary": "stationary",
}


class UnitCog(
    commands.GroupCog, group_name="unit", group_description="Units of this channel's game"
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(
        self, interaction: discord.Interaction, decide: Callable[[GameState], Sequence[Event]]
    ) -> Outcome:
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        return await self.bot.tracker.act(table.record.channel_id, interaction.user.id, decide)

    @app_commands.command(name="add")
    @app_commands.describe(
        name="Unit name",
        models="Models (Starting Strength)",
        wounds="Wounds per model",
        toughness="Toughness",
        save="Save: 3+, or - for none",
        invuln="Invulnerable save: 4+",
        fnp="Feel no pain: 5+",
        leadership="Leadership",
        oc="Objective Control",
        move="Move in inches",
        keywords="Comma-separated: infantry, psyker",
        owner="Whose unit (default: you)",
    )
    async def add(
        self,
        interaction: discord.Interaction,
        name: NewUnitName,
        models: Count,
        wounds: app_commands.Range[int, 1, 50],
        toughness: app_commands.Range[int, 1, 20],
        save: ShortText,
        invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: app_commands.Range[int, 1, 12] = 7,
        oc: app_commands.Range[int, 0, 20] = 1,
        move: app_commands.Range[int, 0, 60] = 6,
        keywords: Keywords | None = None,
        owner: discord.User | None = None,
    ) -> None:
        """Add a unit to this channel's game."""
        typed = {
            "name": name, "models": models, "wounds": wounds, "toughness": toughness,
            "save": save, "invuln": invuln, "fnp": fnp, "leadership": leadership, "oc": oc,
            "move": move, "keywords": keywords,
        }  # fmt: skip
        who = (owner or interaction.user).id
        outcome = await self._act(interaction, lambda s: add_unit(s, who, new_profile(**typed)))
        unit = outcome.state.unit(name)
        assert unit is not None
        await interaction.response.send_message(f"Added {unit_line(unit)}.")

    @app_commands.command(name="weapon")
    @app_commands.describe(
        unit="Which unit",
        name="Weapon name",
        range='Range: 24" or Melee',
        attacks="Attacks: 2, D6",
        skill="BS/WS: 3+, or auto",
        strength="Strength: 4 (9th: User, +1, x2)",
        ap="AP: 0 to -6",
        damage="Damage: 1, D3, D6+1",
        abilities="Abilities, as for /attack",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def weapon(
        self,
        interaction: discord.Interaction,
        unit: UnitName,
        name: NewWeaponName,
        range: ShortText,
        attacks: ShortText,
        skill: ShortText,
        strength: ShortText,
        ap: ShortText,
        damage: ShortText,
        abilities: WeaponAbilities | None = None,
    ) -> None:
        """Give a unit a weapon (used by /attack attacker:); the same name replaces that weapon."""
        typed = {
            "name": name, "range": range, "attacks": attacks, "skill": skill,
            "strength": strength, "ap": ap, "damage": damage, "abilities": abilities,
        }  # fmt: skip
        outcome = await self._act(interaction, lambda s: add_weapon(s, unit, new_weapon(**typed)))
        added = outcome.appended[0].event
        assert isinstance(added, WeaponAdded)
        if added.replaced is not None:
            await interaction.response.send_message(
                f"{added.unit}'s {added.weapon.name} is replaced. /game undo puts the old one back."
            )
        else:
            await interaction.response.send_message(f"{added.unit} now has {added.weapon.name}.")

    @app_commands.command(name="weapon-remove")
    @app_commands.describe(unit="Which unit", name="Which of its weapons")
    @app_commands.autocomplete(unit=complete_units, name=complete_weapons)
    async def weapon_remove(
        self, interaction: discord.Interaction, unit: UnitName, name: UnitName
    ) -> None:
        """Take a weapon off a unit (/game undo puts it back)."""
        outcome = await self._act(interaction, lambda s: remove_weapon(s, unit, name))
        removed = outcome.appended[0].event
        assert isinstance(removed, WeaponRemoved)
        await interaction.response.send_message(
            f"{removed.unit} no longer has {removed.weapon.name}. /game undo puts it back."
        )

    @app_commands.command(name="list")
    async def list(self, interaction: discord.Interaction) -> None:
        """Every unit of this channel's game with models and wounds left."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        await interaction.response.send_message(embed=list_embed(table.state))

    @app_commands.command(name="show")
    @app_commands.autocomplete(unit=complete_units)
    async def show(self, interaction: discord.Interaction, unit: UnitName) -> None:
        """A unit's profile, weapons, and models and wounds left."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        found = table.state.unit(unit)
        if found is None:
            raise VoxError(f'There is no unit called "{unit}" in this game; see /unit list.')
        await interaction.response.send_message(embed=unit_embed(found))

    @app_commands.command(name="edit")
    @app_commands.autocomplete(unit=complete_units)
    async def edit(
        self,
        interaction: discord.Interaction,
        unit: UnitName,
        name: NewUnitName | None = None,
        toughness: app_commands.Range[int, 1, 20] | None = None,
        save: ShortText | None = None,
        invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: app_commands.Range[int, 1, 12] | None = None,
        oc: app_commands.Range[int, 0, 20] | None = None,
        move: app_commands.Range[int, 0, 60] | None = None,
        keywords: Keywords | None = None,
    ) -> None:
        """Change a unit's profile (only the options you give)."""
        changes = profile_changes(
            name=name,
            toughness=toughness,
            save=save,
            invuln=invuln,
            fnp=fnp,
            leadership=leadership,
            oc=oc,
            move=move,
            keywords=keywords,
        )
        if not changes:
            raise VoxError("Give at least one value to change, e.g. toughness:5.")
        outcome = await self._act(interaction, lambda s: edit_unit(s, unit, **changes))
        changed = outcome.state.unit(name or unit)
        assert changed is not None
        await interaction.response.send_message(embed=unit_embed(changed))

    @app_commands.command(name="remove")
    @app_commands.autocomplete(unit=complete_units)
    async def remove(self, interaction: discord.Interaction, unit: UnitName) -> None:
        """Take a unit out of the game (not destroyed: removed)."""
        await self._act(interaction, lambda s: remove_unit(s, unit))
        await interaction.response.send_message(f"Removed {unit}. /game undo puts it back.")

    @app_commands.command(name="damage")
    @app_commands.describe(wounds="Wounds to remove, one at a time, spilling to the next model")
    @app_commands.autocomplete(unit=complete_units)
    async def damage(self, interaction: discord.Interaction, unit: UnitName, wounds: Count) -> None:
        """Correct a unit by hand: remove wounds (the damaged model first)."""
        outcome = await self._act(
            interaction, lambda s: damage(s, unit, [wounds], mortal=True, source="/unit damage")
        )
        after = outcome.state.unit(unit)
        await interaction.response.send_message(unit_line(after) if after else f"{unit} updated.")

    @app_commands.command(name="heal")
    @app_commands.describe(
        wounds="Wounds to restore to the damaged model", models="Models to bring back"
    )
    @app_commands.autocomplete(unit=complete_units)
    async def heal(
        self,
        interaction: discord.Interaction,
        unit: UnitName,
        wounds: app_commands.Range[int, 0, 50] = 0,
        models: app_commands.Range[int, 0, 100] = 0,
    ) -> None:
        """Correct a unit by hand: restore wounds or models."""
        outcome = await self._act(
            interaction, lambda s: heal(s, unit, wounds=wounds, models=models)
        )
        after = outcome.state.unit(unit)
        await interaction.response.send_message(unit_line(after) if after else f"{unit} updated.")

    @app_commands.command(name="move")
    @app_commands.describe(mode="How it moves (an advance rolls its D6)")
    @app_commands.autocomplete(unit=complete_units)
    async def move(self, interaction: discord.Interaction, unit: UnitName, mode: MoveMode) -> None:
        """Record a unit's move this turn: normal, advance (rolls D6), fall back or stationary."""
        how = MOVES[mode]
        outcome = await self._act(
            interaction, lambda s: move_unit(s, unit, how, dice=self.bot.dice)
        )
        moved = outcome.state.unit(unit)
        roll = (
            f' (advance roll {moved.advance_roll}: Move {moved.profile.move + moved.advance_roll}")'
            if moved and moved.advance_roll
            else ""
        )
        await interaction.response.send_message(f"{unit}: {mode}{roll}.")


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(UnitCog(bot))
