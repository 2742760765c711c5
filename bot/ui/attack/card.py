"""The compact /attack card the channel sees: the weapons, hits → wounds → failed saves → damage →
models destroyed, the tracked target after, the odds of that result in one line, the situations of
this turn applied, the weapons' keywords Vox shows without applying, and the attacker's Hazardous
tests (their dice and what they did). Every die of the attack is behind its Details button, the
chart behind Chart."""

from __future__ import annotations

import discord

from bot.game.hazardous import HazardOutcome
from bot.play.attack import Attacked, Plan
from bot.rules.attack import AttackResult
from bot.rules.hazardous import MORTAL_WOUNDS
from bot.rules.odds import Odds
from bot.rules.quote import shorten
from bot.ui.attack.embeds import ATTACK_COLOUR, ODDS_FIELD, target_line, weapon_line
from bot.ui.attack.leader import leader_fate, wiped
from bot.ui.game.embeds import unit_line

WEAPONS_LIMIT = 600
APPLIED_FIELD = "Applied this turn"
HAZARD_FIELD = "Hazardous"
SHOWN_FIELD = "Not applied by Vox"
UNTRACKED_HAZARD = (
    "for each, a bearer is destroyed, or suffers 3 mortal wounds if it is a CHARACTER, MONSTER "
    "or VEHICLE (no tracked attacker: apply it yourself)"
)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def weapons_text(plan: Plan) -> str:
    """The weapons by name (`Intercessors · Bolt rifle`), or their profile when unnamed, and the
    target (with its Leader): at most WEAPONS_LIMIT characters."""
    spec = plan.spec
    names = ", ".join(w.name or weapon_line(w) for w in spec.weapons)
    target = target_line(spec.target, plan.target_name, plan.leader_name)
    return shorten(f"{names} → {target}", WEAPONS_LIMIT)


def chain_text(result: AttackResult) -> str:
    """`6 hits → 4 wounds → 3 failed saves → 3 damage → **3 models destroyed**`."""
    k = result.models_destroyed
    text = " → ".join(
        (
            _plural(result.hits, "hit"),
            _plural(result.wounds, "wound"),
            _plural(result.unsaved, "failed save"),
            f"{result.damage_dealt} damage",
            f"**{_plural(k, 'model')} destroyed**",
        )
    )
    t = result.target
    if result.models_left and result.wounds_left < t.wounds:
        text += f"; one model has {result.wounds_left} of {t.wounds} wounds left"
    elif wiped(result):
        return text + " — the unit is wiped out"
    elif not result.models_left:
        text += " — the Bodyguard is wiped out"
    fate = leader_fate(result)
    return f"{text}; {fate}" if fate else text


def hazard_text(h: HazardOutcome) -> str:
    """`3 tests — 1, 4, 6: 1 failed; a model of Inceptors is destroyed` and the tracked attacker
    after; or, untracked, what each failed test does."""
    faces = h.hazard.faces
    text = f"{_plural(len(faces), 'test')} — {', '.join(map(str, faces))}: "
    if not h.failed:
        return text + "all passed"
    text += f"{h.failed} failed; "
    if h.bearer is None:
        return text + UNTRACKED_HAZARD
    if h.mortal:
        text += f"{h.bearer} suffers {h.failed * MORTAL_WOUNDS} mortal wounds"
    elif h.models_destroyed == 1:
        text += f"a model of {h.bearer} is destroyed"
    else:
        text += f"{h.models_destroyed} models of {h.bearer} are destroyed"
    if h.after is None:
        return text
    wiped = " — the unit is destroyed" if h.after.destroyed else ""
    return f"{text}{wiped}\n{unit_line(h.after)}"


def luck_line(result: AttackResult, odds: Odds) -> str:
    """How likely a result at least this good was, in one line: models destroyed, or the damage
    when no model was destroyed or the target is one model (then "destroyed" is all or nothing)."""
    k = result.models_destroyed
    one_model = result.target.all_models == 1 and result.target.wounds > 1
    if k > 0 and not one_model:
        return (
            f"At least {k} destroyed: **{odds.p_destroyed_at_least(k):.1%}** of rolls "
            f"(average {odds.destroyed.mean:.2f})"
        )
    dmg = result.damage_dealt
    if dmg == 0:
        return f"No damage: **{odds.damage.p(0):.1%}** of rolls (average {odds.damage.mean:.2f})"
    return (
        f"At least {dmg} damage: **{odds.as_good_as(dmg):.1%}** of rolls "
        f"(average {odds.damage.mean:.2f})"
    )


def card_embed(done: Attacked, roller: str, odds: Odds | str, tracked: str | None) -> discord.Embed:
    """The compact card; `odds` is the one-line text while they are worked out or unavailable."""
    plan = done.plan
    embed = discord.Embed(
        title=f"⚔️ Attack — {plan.edition} edition",
        description=weapons_text(plan),
        colour=ATTACK_COLOUR,
    )
    embed.add_field(name="Result", value=chain_text(done.result)[:1024], inline=False)
    if tracked:
        embed.add_field(name="Tracked unit", value=tracked[:1024], inline=False)
    line = odds if isinstance(odds, str) else luck_line(done.result, odds)
    embed.add_field(name=ODDS_FIELD, value=line[:1024], inline=False)
    if plan.applied:
        embed.add_field(name=APPLIED_FIELD, value="\n".join(plan.applied)[:1024], inline=False)
    if plan.shown:
        embed.add_field(name=SHOWN_FIELD, value="\n".join(plan.shown)[:1024], inline=False)
    if done.hazard is not None:
        embed.add_field(name=HAZARD_FIELD, value=hazard_text(done.hazard)[:1024], inline=False)
    embed.set_footer(text=f"Rolled by {roller} · Details: every die · Chart: the odds"[:2048])
    return embed
