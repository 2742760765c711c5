"""Unit options typed in Discord → game profiles, and the unit card embed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.game import GameState, Unit, UnitProfile, Weapon, profile, weapon
from bot.game.army import MAX_UNITS
from bot.play.campaign_games import Fielded
from bot.rules.profiles import parse_ap, parse_keywords, parse_roll_needed, parse_save, parse_skill
from bot.ui.campaign.table import crusade_line
from bot.ui.game.embeds import add_units, unit_line, who
from bot.ui.transformers import BoundedText, NameText

if TYPE_CHECKING:
    from bot.client import VoxBot

UnitName = app_commands.Transform[str, BoundedText("the unit name", 40)]  # to look one up
NewUnitName = app_commands.Transform[str, NameText("the unit name", 40)]  # to choose one
NewWeaponName = app_commands.Transform[str, NameText("the weapon name", 40)]
WeaponAbilities = app_commands.Transform[str, BoundedText("the abilities", 200)]


def _save(text: str | None) -> int | None:
    """`3+` → 3, `-` → 7 (no save), None when not given."""
    if text is None:
        return None
    needed = parse_save(text)
    return 7 if needed is None else needed


def profile_changes(**typed: Any) -> dict[str, Any]:
    """The typed options as profile fields (only those given), each checked by the rules parsers."""
    changes = {k: v for k, v in typed.items() if v is not None}
    if "save" in changes:
        changes["save"] = _save(changes["save"])
    for key in ("invuln", "fnp"):
        if key in changes:
            changes[key] = parse_roll_needed(
                changes[key], "Invulnerable save" if key == "invuln" else "Feel no pain"
            )
    if "keywords" in changes:
        changes["keywords"] = tuple(sorted(parse_keywords(changes["keywords"])))
    return changes


def new_profile(**typed: Any) -> UnitProfile:
    return profile(**profile_changes(**typed))


def new_weapon(**typed: Any) -> Weapon:
    """A weapon as typed; `add_weapon` checks it against the game's attack rules."""
    return weapon(
        name=typed["name"], range=typed["range"], attacks=typed["attacks"],
        skill=parse_skill(typed["skill"]), strength=typed["strength"],
        ap=parse_ap(typed["ap"]), damage=typed["damage"], abilities=typed.get("abilities") or "",
    )  # fmt: skip


def unit_embed(unit: Unit, card: Fielded | None = None) -> discord.Embed:
    """The unit's profile and weapons; a Crusade `card` adds its rank, XP, honours and scars."""
    p = unit.profile
    save = f"{p.save}+" if p.save < 7 else "-"
    extras = [f"{p.invuln}++" if p.invuln else "", f"FNP {p.fnp}+" if p.fnp else ""]
    stats = (
        f'M {p.move}" · T {p.toughness} · Sv {save} {" ".join(e for e in extras if e)}\n'
        f"W {p.wounds} · Ld {p.leadership} · OC {p.oc}"
    )
    embed = discord.Embed(title=p.name, description=f"{who(unit.owner)}\n{unit_line(unit)}")
    embed.add_field(name="Profile", value=stats, inline=False)
    if p.keywords:
        embed.add_field(name="Keywords", value=", ".join(p.keywords)[:1024], inline=False)
    lines = [weapon_line(w) for w in p.weapons]
    embed.add_field(
        name="Weapons", value="\n".join(lines)[:1024] or "none yet: /unit weapon", inline=False
    )
    if card is not None:
        embed.add_field(name=f"Crusade card — {card.campaign}", value=crusade_line(card)[:1024])
    return embed


def weapon_line(w: Weapon) -> str:
    """`2× **Plasma gun** (24") A1 3+ S8 AP-3 D2 — rapid fire 1; not applied: Linked Fire`:
    how many the unit has (when not one per model), and keywords Vox shows but does not apply."""
    skill = "auto" if w.skill is None else f"{w.skill}+"
    carried = f"{w.count}× " if w.count is not None else ""
    shown = f"not applied: {', '.join(w.other)}" if w.other else ""
    tail = "; ".join(t for t in (w.abilities, shown) if t)
    stats = f"A{w.attacks} {skill} S{w.strength} AP{w.ap} D{w.damage}"
    return f"{carried}**{w.name}** ({w.range}) {stats}{' — ' + tail if tail else ''}"


def list_embed(state: GameState) -> discord.Embed:
    return add_units(discord.Embed(title=f"Units ({len(state.units)}/{MAX_UNITS})"), state)


async def complete_units(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the channel's units whose name contains what was typed."""
    table = await interaction.client.tracker.table(interaction.channel_id or 0)
    names = [u.name for u in table.state.units.values()] if table else []
    return _choices(names, current)


async def complete_weapons(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the weapons of the `attacker` (or `unit`) chosen so far."""
    table = await interaction.client.tracker.table(interaction.channel_id or 0)
    attacker = getattr(interaction.namespace, "attacker", None) or getattr(
        interaction.namespace, "unit", None
    )
    unit = table.state.unit(attacker) if table and attacker else None
    return _choices([w.name for w in unit.profile.weapons] if unit else [], current)


def _choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.casefold()
    return [app_commands.Choice(name=n, value=n) for n in names if typed in n.casefold()][:25]
