"""/army show army: unit:: one unit of an army as a compact datasheet, in its edition's columns."""

from __future__ import annotations

import discord

from bot.armies.model import CHARACTERISTICS, Army, ArmyUnit, ArmyWeapon, ModelProfile
from bot.ui.armies.embeds import SOURCES
from bot.ui.armies.fields import add_lines

HEADERS = {
    "movement": "M", "toughness": "T", "save": "SV", "wounds": "W", "leadership": "LD",
    "oc": "OC", "ws": "WS", "bs": "BS", "strength": "S", "attacks": "A",
}  # fmt: skip
NINTH_HEADERS = {**HEADERS, "save": "Sv", "leadership": "Ld"}


def _headers(army: Army) -> dict[str, str]:
    return NINTH_HEADERS if army.edition == "9th" else HEADERS


def profile_line(army: Army, profile: ModelProfile) -> str:
    """`Intercessor ×4: M 6" T 4 SV 3+ W 2 LD 6+ OC 2` (a characteristic not given: `-`)."""
    heads = _headers(army)
    stats = " ".join(
        f"{heads[key]} {getattr(profile, key) or '-'}" for key in CHARACTERISTICS[army.edition]
    )
    return f"**{profile.name}** ×{profile.models}: {stats}"


def weapon_line(army: Army, weapon: ArmyWeapon) -> str:
    """`2× Plasma gun — 24" A:1 BS:3+ S:7 AP:-2 D:1 · Hazardous, Rapid Fire 1`; 9th with its
    Type (`24" Assault 8 BS:3+ S:5 ...`), whose word is not repeated among the keywords."""
    skill = "WS" if weapon.kind == "melee" else "BS"
    kind = weapon.type if army.edition == "9th" and weapon.type else ""
    reach = weapon.range if kind in ("", weapon.range) else f"{weapon.range} {kind}"
    count = "" if kind and kind != "Melee" else f"A:{weapon.attacks} "
    stats = (
        f"{reach} {count}{skill}:{weapon.skill} S:{weapon.strength} AP:{weapon.ap} "
        f"D:{weapon.damage}"
    )
    typed = kind.split(" ")[0].casefold()
    shown = [k for k in weapon.keywords if k.casefold() != typed]
    keywords = f" · {', '.join(shown)}" if shown else ""
    return f"{weapon.count}× **{weapon.name}** — {stats}{keywords}"


def defences(unit: ArmyUnit) -> str:
    shown = [f"Invulnerable save {unit.invuln}" if unit.invuln else "",
             f"Feel No Pain {unit.fnp}" if unit.fnp else "",
             f"Feel No Pain {unit.fnp_mortal} against mortal wounds" if unit.fnp_mortal else "",
             f"Attacks against it: {', '.join(unit.defence_abilities)}"
             if unit.defence_abilities else ""]  # fmt: skip
    return " · ".join(s for s in shown if s)


def unit_embed(army: Army, name: str, unit: ArmyUnit) -> discord.Embed:
    """The unit's model profiles, defences, keywords, weapons (with how many of each the unit has)
    and the texts Vox shows but does not apply (conditional defences)."""
    models = f"{unit.models} model{'s' if unit.models != 1 else ''}"
    about = f"{models} · {unit.points} pts · {army.name} ({army.edition}, {SOURCES[army.source]})"
    embed = discord.Embed(title=name, description=about)
    if unit.missing:
        embed.description = (
            f"{about}\nNo profile yet: import a list that has this unit, then this one again."
        )
    add_lines(embed, "Profiles", [profile_line(army, p) for p in unit.profiles])
    heads = _headers(army)
    brackets = [
        f"{b.remaining}: " + (", ".join(f"{heads.get(k, k)} {v}" for k, v in
                                        b.characteristics.items()) or "-")
        for b in unit.brackets
    ]  # fmt: skip
    add_lines(embed, "Wound brackets (wounds remaining)", brackets)
    if (shown := defences(unit)) or unit.conditional:
        add_lines(embed, "Defences", [shown, *unit.conditional] if shown else unit.conditional)
    if unit.keywords:
        add_lines(embed, "Keywords", [", ".join(unit.keywords)])
    add_lines(embed, "Weapons", [weapon_line(army, w) for w in unit.weapons])
    if unit.wargear:
        add_lines(embed, "Wargear", [", ".join(unit.wargear)])
    return embed
