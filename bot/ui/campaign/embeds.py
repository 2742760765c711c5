"""Crusade campaign embeds: status, roster, a card, standings and history (the post-battle
sequence's are in `aftermath_embeds`).

Every embed stays within Discord's limits (title 256, description 4096, field 1024, total 6000):
long lists end with "… and N more".
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown

from bot.campaign import Battle, CampaignState, Card, Step, history, pending, standings
from bot.campaign.rules import honour_cap, rank, xp_cap
from bot.game.describe import plural
from bot.game.units import Weapon
from bot.rules.names import name_key
from bot.rules.quote import shorten
from bot.ui.game.embeds import who

CAMPAIGN_COLOUR = discord.Colour.dark_red()
DESCRIPTION, FIELD, TITLE = 4096, 1024, 256
SEQUENCE = "Post-battle sequence"  # the status's field on the step the sequence waits for


def fit(lines: Sequence[str], limit: int, empty: str = "none") -> str:
    """The lines joined, or as many as fit followed by "… and N more"."""
    lines = [shorten(line, limit - 20) for line in lines]
    text = "\n".join(lines)
    if len(text) <= limit:
        return text or empty
    kept: list[str] = []
    for line in lines:
        if sum(len(k) + 1 for k in kept) + len(line) > limit - 20:
            break
        kept.append(line)
    return "\n".join([*kept, f"… and {len(lines) - len(kept)} more"])


def titled(
    title: str, description: str = "", colour: discord.Colour = CAMPAIGN_COLOUR
) -> discord.Embed:
    return discord.Embed(
        title=shorten(title, TITLE),
        description=shorten(description, DESCRIPTION) or None,
        colour=colour,
    )


def with_fields(embed: discord.Embed, *fields: tuple[str, str]) -> discord.Embed:
    for name, value in fields:
        embed.add_field(name=shorten(name, TITLE), value=shorten(value, FIELD), inline=False)
    return embed


def card_name(state: CampaignState, battle: Battle | None, key: str) -> str:
    """A card's name from its key, even once it has left the roster."""
    names = [c.name for c in state.cards.values()] + list(battle.all_fielded if battle else ())
    return next((n for n in names if name_key(n) == key), key)


def battle_of(state: CampaignState, number: int) -> Battle | None:
    return next((b for b in state.battles if b.battle == number), None)


def waits_for(step: Step) -> str:
    card, player = step.card or "a unit", who(step.player)
    return {
        "out_of_action_rolls": "Out of Action tests (Vox rolls them)",
        "out_of_action": f"Out of Action choice for {card} ({player})",
        "marked_for_greatness": f"Marked for Greatness ({player})",
        "experience": "experience (Vox awards it)",
        "battle_honour": f"Battle honour for {card} ({player})",
        "requisition": "requisition (Vox grants it)",
        "finish": "its end (Vox closes it)",
    }[step.kind]


def status_embed(state: CampaignState) -> discord.Embed:
    r, unit = state.rules, state.rules.supply.unit
    lines = []
    for p, g in state.players.items():
        label = f" ({g.label})" if g.label else ""
        cards = plural(len(state.roster(p)), "card")
        lines.append(
            f"{who(p)}{label} — {g.wins}-{g.losses}-{g.draws} · {g.rp}/{r.requisition.max} RP · "
            f"{state.roster_total(p)}/{g.supply_limit} {unit} · {cards}"
        )
    head = f"Battles played: **{len(state.battles)}**"
    embed = titled(f"📜 {state.name} — {r.name}", f"{head}\n{fit(lines, 3900, 'no players')}")
    step = pending(state)
    if step is not None:
        with_fields(embed, (SEQUENCE, f"Battle {step.battle} waits for: {waits_for(step)}"))
    return embed


def _card_line(state: CampaignState, c: Card) -> str:
    unit, level = state.rules.supply.unit, rank(state.rules, c.xp)
    return (
        f"**{c.name}** — {level} ({c.xp} XP) · {c.points} {unit} · ★{len(c.honours)} honours · "
        f"✖{len(c.scars)} scars · {plural(c.battles, 'battle')}, {c.survived} survived"
    )


def roster_embed(state: CampaignState, player: int) -> discord.Embed:
    cards = state.roster(player)
    g = state.players.get(player)
    limit = f"/{g.supply_limit}" if g else ""
    total = f"{state.roster_total(player)}{limit} {state.rules.supply.unit}"
    head = f"{who(player)} — {total} · {plural(len(cards), 'card')}"
    body = fit(
        [_card_line(state, c) for c in cards],
        3900,
        "No cards yet: add one with /campaign unit add.",
    )
    return titled(f"🛡️ Roster — {state.name}", f"{head}\n{body}")


def _progress(state: CampaignState, c: Card) -> str:
    cap = xp_cap(state.rules, c)
    later = [r for r in state.rules.ranks if r.xp > c.xp]
    if cap is not None and (c.xp >= cap or (later and later[0].xp > cap)):
        return f"XP capped at {cap} (not a CHARACTER)"
    if not later:
        return "highest rank"
    return f"{later[0].xp - c.xp} XP to {later[0].name}"


def _profile(c: Card) -> str:
    p = c.profile
    save = f"{p.save}+" if p.save < 7 else "-"
    stats = [f'M {p.move}"', f"T {p.toughness}", f"Sv {save}"]
    stats += [f"{p.invuln}++"] if p.invuln else []
    stats += [f"FNP {p.fnp}+"] if p.fnp else []
    stats += [f"W {p.wounds}", f"Ld {p.leadership}", f"OC {p.oc}", f"{p.models} models"]
    keywords = ", ".join(p.keywords) or "none"
    return shorten(f"{' · '.join(stats)}\nKeywords: {keywords}", FIELD)


def _weapon(w: Weapon) -> str:
    """One line: how many the unit has (`2×`; none: one per model), its name and profile, and
    its abilities and shown-only keywords."""
    skill = "auto" if w.skill is None else f"{w.skill}+"
    words = ", ".join(x for x in (w.abilities, *w.other) if x)
    extra = f" — {words}" if words else ""
    count = f"{w.count}× " if w.count else ""
    return (
        f"{count}**{w.name}** ({w.range}) A{w.attacks} {skill} S{w.strength} AP{w.ap} "
        f"D{w.damage}{extra}"
    )


def _source(c: Card) -> list[tuple[str, str]]:
    if c.army is None:
        return []
    return [("From army", f"{c.army} — {c.army_unit} (re-importing it updates this card)")]


def card_embed(state: CampaignState, card: Card) -> discord.Embed:
    r = state.rules
    head = (
        f"Owner {who(card.owner)} · **{rank(r, card.xp)}** ({card.xp} XP; {_progress(state, card)})"
        f"\n{card.points} {state.rules.supply.unit}"
        + (" · ⭐ Legendary Veterans" if card.legendary_veterans else "")
    )
    record = (
        f"{plural(card.battles, 'battle')} played · {card.survived} survived · "
        f"{plural(card.kills, 'enemy unit')} destroyed"
    )
    return with_fields(
        titled(f"🃏 {card.name}", head),
        ("Profile", _profile(card)),
        ("Weapons", fit([_weapon(w) for w in card.profile.weapons], FIELD)),
        (
            f"Battle honours ({len(card.honours)}/{honour_cap(r, card)})",
            fit([f"★ {h}" for h in card.honours], FIELD),
        ),
        (
            f"Battle scars ({len(card.scars)}/{r.max_scars})",
            fit([f"✖ {s}" for s in card.scars], FIELD),
        ),
        ("Record", record),
        *_source(card),
        *([("Notes", card.notes)] if card.notes else []),
    )


def standings_embed(state: CampaignState) -> discord.Embed:
    if not state.battles:
        return titled(f"🏆 {state.name} — standings", "No battles yet: play one with /game start.")
    lines = [
        f"**{i}.** {who(s.player)}{f' ({s.label})' if s.label else ''} — "
        f"{s.wins}-{s.losses}-{s.draws} · VP {s.vp_for}–{s.vp_against} ({s.vp_difference:+d})"
        + (f" · conceded {plural(s.conceded, 'battle')}" if s.conceded else "")
        for i, s in enumerate(standings(state), 1)
    ]
    return titled(f"🏆 {state.name} — standings", "W-L-D · VP for–against\n" + fit(lines, 4000))


def _result(b: Battle) -> str:
    a, c = b.players
    vp = f"{b.vp.get(a, 0)}–{b.vp.get(c, 0)} VP"
    if b.winner is None:
        return f"{who(a)} and {who(c)} draw ({vp})"
    loser = c if b.winner == a else a
    score = f"{b.vp.get(b.winner, 0)}–{b.vp.get(loser, 0)} VP"
    if b.conceded is not None:
        return f"{who(b.winner)} wins by concession ({who(b.conceded)} conceded; {score})"
    return f"{who(b.winner)} wins ({score})"


def battle_block(b: Battle) -> str:
    mission = f" — {escape_markdown(shorten(b.mission, 100))}" if b.mission else ""
    lines = [f"**Battle {b.battle}**{mission} — {_result(b)}"]
    if b.note:
        lines.append(f"*{escape_markdown(shorten(b.note, 200))}*")
    if b.all_fielded:
        lines.append(shorten(f"Fielded: {', '.join(b.all_fielded)}", 160))
    if b.destroyed:
        lines.append(shorten(f"Destroyed: {', '.join(b.destroyed)}", 160))
    return "\n".join(lines)


def history_embed(state: CampaignState, limit: int = 10) -> discord.Embed:
    battles = history(state)
    if not battles:
        return titled(
            f"📖 {state.name} — history", "No battles yet: play a game with /game start campaign:."
        )
    kept: list[str] = []
    for block in (battle_block(b) for b in battles[: max(1, limit)]):
        if sum(len(k) + 1 for k in kept) + len(block) > 4000:
            break
        kept.append(block)
    hidden = len(battles) - len(kept)
    text = "\n".join(kept) + (f"\n… and {hidden} older battles" if hidden else "")
    return titled(f"📖 {state.name} — history", text)
