"""The /attack embed: every stage of the roll, the outcome, and where it falls in the exact odds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import groupby

import discord

from bot.rules.attack import AttackResult, DamageEvent, SaveRoll, WeaponResult
from bot.rules.attack.results import DamageKind
from bot.rules.dice import DieRoll
from bot.rules.odds import Odds
from bot.rules.profiles import AttackSpec, Target, Weapon
from bot.rules.quote import shorten
from bot.rules.sequence import RollStep, SaveKind, Steps, Verdict, steps_of
from bot.ui.attack.leader import leader_fate, leader_text, wiped
from bot.ui.dice.faces import die_text

FIELD_LIMIT = 1000
UNAVAILABLE_LIMIT = 200
ATTACK_COLOUR = discord.Colour.dark_red()
ODDS_FIELD = "Exact odds of this attack"
ODDS_PENDING = "Working them out…"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def weapon_line(weapon: Weapon) -> str:
    """`10 × 2 attacks at 3+, S4 AP−1 Dmg 1` (`hitting automatically` for auto weapons)."""
    skill = "hitting automatically" if weapon.skill is None else f"at {weapon.skill}+"
    count = f"{weapon.firing} × " if weapon.firing > 1 else ""
    name = f"{weapon.name}: " if weapon.name else ""
    if weapon.firing < weapon.attackers:
        name += "one model throws the Grenade, "  # seed 000, Grenade
    ap = f"AP{_signed(weapon.ap)}" if weapon.ap else "AP0"
    attacks = f"{weapon.attacks.text} attack{'' if weapon.attacks.text == '1' else 's'}"
    return f"{name}{count}{attacks} {skill}, S{weapon.strength} {ap} Dmg {weapon.damage.text}"


def target_line(target: Target, name: str | None = None, leader: str | None = None) -> str:
    """`Boyz: 10 × T5 W1 Sv5+`, and its Leader: `+ Leader: Captain W5 Sv3+ 4++`."""
    save = f"Sv{target.save}+" if target.save else "no save"
    extras = [
        f"{target.invuln}++" if target.invuln else "",
        f"FNP {target.fnp}+" if target.fnp else "",
        leader_text(target.leader, leader) if target.leader else "",
    ]
    named = f"{name}: " if name else ""
    body = f"{named}{target.models} × T{target.toughness} W{target.wounds} {save}"
    return " ".join([body, *(e for e in extras if e)])


def profile_line(spec: AttackSpec, name: str | None = None, leader: str | None = None) -> str:
    """Every weapon's profile, then the target (named when it is a unit)."""
    weapons = " · ".join(weapon_line(w) for w in spec.weapons)
    return f"{weapons} → {target_line(spec.target, name, leader)}"


def fit(parts: Iterable[str], tally: Iterable[int], limit: int = FIELD_LIMIT) -> str:
    """The parts joined by spaces, or a tally of faces when they would not fit."""
    text = " ".join(parts)
    if len(text) <= limit:
        return text
    counts = Counter(tally)
    return "faces: " + " · ".join(f"{face}×{counts[face]}" for face in sorted(counts, reverse=True))


def _roll_text(die: DieRoll, verdict: Verdict) -> str:
    text = die_text(die, verdict is not Verdict.FAIL)
    return text + "✦" if verdict is Verdict.CRITICAL else text


def _needed(step: RollStep | None) -> str:
    if step is None:
        return "automatic"
    mod = f", {_signed(step.modifier)}" if step.modifier else ""
    crit = f", critical {step.critical}+" if step.critical < 6 else ""
    return f"{step.needed}+{mod}{crit}"


def hits_field(w: WeaponResult, steps: Steps) -> tuple[str, str]:
    parts: list[str] = []
    for h in w.hit_rolls:
        text = "auto" if h.die is None else _roll_text(h.die, h.verdict)
        if h.extra_hits:
            text += f"(+{h.extra_hits})"
        parts.append(text + ("ᴸ" if h.lethal else ""))
    crits = sum(h.verdict is Verdict.CRITICAL for h in w.hit_rolls)
    extra = sum(h.extra_hits for h in w.hit_rolls)
    as_mortal = sum(h.as_mortal for h in w.hit_rolls)
    notes = [
        f"{crits} critical" if crits else "",
        f"+{extra} sustained" if extra else "",
        f"{as_mortal} dealing mortal wounds, no wound roll" if as_mortal else "",
    ]
    summary = f"→ **{w.hits} hits**" + "".join(f", {n}" for n in notes if n)
    faces = fit(parts, (h.die.value for h in w.hit_rolls if h.die))
    return f"Hit rolls ({_needed(steps.hit)})", f"{faces}\n{summary}" if w.hit_rolls else summary


def wounds_field(w: WeaponResult, steps: Steps) -> tuple[str, str]:
    parts = [("lethal" if r.die is None else _roll_text(r.die, r.verdict)) for r in w.wound_rolls]
    crits = sum(r.verdict is Verdict.CRITICAL and r.die is not None for r in w.wound_rolls)
    summary = f"→ **{w.wounds} wounds**" + (f", {crits} critical" if crits else "")
    faces = fit(parts, (r.die.value for r in w.wound_rolls if r.die))
    return f"Wound rolls ({_needed(steps.wound)})", f"{faces}\n{summary}" if parts else summary


def attacks_text(w: WeaponResult) -> str:
    """`3 ~~1~~→4+1 → **8**`: each model's Attacks roll (a re-rolled one struck through, then
    any extra attacks)."""
    rolled = []
    for r in w.attack_rolls:
        text = str(r.first.total) if r.again is None else f"~~{r.first.total}~~→{r.again.total}"
        text += "" if r.bonus is None else f"+{r.bonus.total}"
        rolled.append(text)
    return f"{fit(rolled, (r.total for r in w.attack_rolls))} → **{w.attacks}**"


def _save_label(s: SaveRoll) -> str:
    if s.kind is SaveKind.NONE:
        text = "no save possible"
    else:
        kind = "invulnerable" if s.kind is SaveKind.INVULNERABLE else "armour"
        text = f"{kind} {s.needed}+{', cover' if s.cover else ''}"
    text += " against critical wounds" if s.critical else ""
    return f"Leader: {text}" if s.part else text


def _save_name(saves: tuple[SaveRoll, ...]) -> str:
    """Every save the wounds met, in order: `armour 3+ · Leader: invulnerable 4+`."""
    names = dict.fromkeys(_save_label(s) for s in saves)
    return " · ".join(names) if names else "no save possible"


def saves_field(w: WeaponResult) -> tuple[str, str]:
    """Save dice in order (a re-rolled save `~~1~~→5`); with a Leader, each run of dice says
    which part's models took the wounds."""
    leader = any(s.part for s in w.saves)
    parts: list[str] = []
    for part, run in groupby(w.saves, key=lambda s: s.part):
        dice = ["—" if s.die is None else die_text(s.die, s.saved) for s in run]
        if leader:
            dice[0] = f"{'· ' if parts else ''}{'Leader' if part else 'Bodyguard'}: {dice[0]}"
        parts.extend(dice)
    saved = sum(s.saved for s in w.saves)
    summary = f"→ {saved} saved, **{w.unsaved} unsaved**"
    faces = fit(parts, (s.die.value for s in w.saves if s.die))
    return f"Saves ({_save_name(w.saves)})", f"{faces}\n{summary}" if parts else summary


def _amount(e: DamageEvent) -> str:
    if e.spilled:
        return f"{e.amount} still to allocate"
    if e.roll is None:
        return str(e.amount)
    again = "" if e.again is None else f" (re-rolled from {e.roll.total})"
    return f"{e.roll.expression.text}={e.amount}{again}"


def damage_line(e: DamageEvent, fnp_needed: int | None) -> str:
    """`model 2: D3=2, FNP 5 **6** → 1 lost` (feel-no-pain dice that ignore a wound in bold);
    `Leader model 1: …` for the attached Leader."""
    kind = "" if e.kind is DamageKind.NORMAL else f" ({e.kind.value})"
    needed = e.fnp if e.fnp is not None else fnp_needed
    fnp = ""
    if e.feel_no_pain and needed:
        fnp = ", FNP " + " ".join(die_text(d, d.value >= needed) for d in e.feel_no_pain)
    destroyed = f", **{e.destroyed} destroyed**" if e.destroyed else ""
    who = "Leader model" if e.part else "model"
    return f"{who} {e.model}: {_amount(e)}{kind}{fnp} → {e.lost} lost{destroyed}"


def _heading(e: DamageEvent) -> str:
    """The damage that waited for the rest is shown under its own heading."""
    if e.kind is DamageKind.DEVASTATING:
        return "__Devastating wounds, after every other attack:__"
    return "__Mortal wounds, after all other damage:__" if e.queued else ""


def damage_field(events: tuple[DamageEvent, ...], fnp: int | None) -> tuple[str, str] | None:
    if not events:
        return None
    lines: list[str] = []
    heading = ""
    for i, event in enumerate(events):
        line = damage_line(event, fnp)
        if _heading(event) != heading:
            heading = _heading(event)
            line = f"{heading}\n{line}" if heading else line
        if sum(len(x) + 1 for x in lines) + len(line) > FIELD_LIMIT - 40:
            lines.append(f"… and {len(events) - i} more")
            break
        lines.append(line)
    return "Damage", "\n".join(lines)


def outcome_text(result: AttackResult) -> str:
    """`**3 models destroyed**, one model has 1 of 2 wounds left` (and the Leader's fate), then
    the damage, hits and wounds."""
    t = result.target
    k = result.models_destroyed
    text = f"**{k} model{'s' if k != 1 else ''} destroyed**"
    if result.models_left and result.wounds_left < t.wounds:
        text += f", one model has {result.wounds_left} of {t.wounds} wounds left"
    elif wiped(result):
        text += " — the unit is wiped out"
    elif not result.models_left:
        text += " — the Bodyguard is wiped out"
    fate = leader_fate(result)
    text += f"; {fate}" if fate and not wiped(result) else ""
    return (
        text + f"\n{result.damage_dealt} damage dealt · {result.hits} hits · {result.wounds} wounds"
    )


def luck_text(result: AttackResult, odds: Odds) -> str:
    """How likely a result at least this good was, from the exact distribution."""
    k = result.models_destroyed
    lines = [
        f"At least {k} destroyed: **{odds.p_destroyed_at_least(k):.1%}** of rolls "
        f"(average {odds.destroyed.mean:.2f})"
    ]
    if result.target.models == 1 or k == 0:
        dmg = result.damage_dealt
        chance = odds.as_good_as(dmg)
        lines.append(f"At least {dmg} damage: **{chance:.1%}** (average {odds.damage.mean:.2f})")
    return "\n".join(lines)


def odds_unavailable(reason: str) -> str:
    """The odds field when the odds could not be worked out: one short line, the dice stay."""
    return shorten(f"Not available: {' '.join(reason.split())}", UNAVAILABLE_LIMIT)


def attack_embed(
    result: AttackResult,
    spec: AttackSpec,
    edition: str,
    roller: str,
    *,
    odds: Odds | str = ODDS_PENDING,
    tracked: str | None = None,
) -> discord.Embed:
    """Every stage of the roll and its result; the odds field says where the result falls in the
    exact odds (or, while they are worked out or when they are not available, `odds` as given);
    `tracked` is the tracked target as the attack left it."""
    embed = discord.Embed(
        title=f"⚔️ Attack — {edition} edition", description=profile_line(spec), colour=ATTACK_COLOUR
    )
    several = len(result.weapons) > 1
    for w, steps in zip(result.weapons, steps_of(spec), strict=True):
        prefix = f"{w.weapon.name or 'Weapon'} · " if several else ""
        if w.attack_rolls:
            embed.add_field(name=f"{prefix}Attacks", value=attacks_text(w)[:1024], inline=False)
        for name, value in (hits_field(w, steps), wounds_field(w, steps), saves_field(w)):
            embed.add_field(name=prefix + name, value=value[:1024], inline=False)
    damage = damage_field(result.events, spec.target.fnp)
    if damage:
        embed.add_field(name=damage[0], value=damage[1][:1024], inline=False)
    embed.add_field(name="Result", value=outcome_text(result), inline=False)
    luck = odds if isinstance(odds, str) else luck_text(result, odds)
    embed.add_field(name=ODDS_FIELD, value=luck, inline=False)
    if tracked:
        embed.add_field(name="Tracked unit", value=tracked, inline=False)
    embed.set_footer(text=f"Rolled by {roller} · ✦ critical · ᴸ lethal · ~~first~~→re-roll")
    return embed
