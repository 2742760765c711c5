"""Crusade campaign embeds: status, roster, a card, standings, history and the post-battle steps.

Every embed stays within Discord's limits (title 256, description 4096, field 1024, total 6000):
long lists end with "… and N more".
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown

from bot.campaign import Aftermath, Battle, CampaignState, Card, Step, history, pending, standings
from bot.campaign.rules import honour_cap, rank, xp_cap
from bot.game.describe import plural
from bot.game.units import Weapon
from bot.rules.names import name_key
from bot.ui.game.embeds import who

CAMPAIGN_COLOUR = discord.Colour.dark_red()
AFTERMATH_COLOUR = discord.Colour.orange()
DONE_COLOUR = discord.Colour.gold()
DESCRIPTION, FIELD, TITLE = 4096, 1024, 256


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fit(lines: Sequence[str], limit: int, empty: str = "none") -> str:
    """The lines joined, or as many as fit followed by "… and N more"."""
    lines = [_cut(line, limit - 20) for line in lines]
    text = "\n".join(lines)
    if len(text) <= limit:
        return text or empty
    kept: list[str] = []
    for line in lines:
        if sum(len(k) + 1 for k in kept) + len(line) > limit - 20:
            break
        kept.append(line)
    return "\n".join([*kept, f"… and {len(lines) - len(kept)} more"])


def _embed(
    title: str, description: str = "", colour: discord.Colour = CAMPAIGN_COLOUR
) -> discord.Embed:
    return discord.Embed(
        title=_cut(title, TITLE), description=_cut(description, DESCRIPTION) or None, colour=colour
    )


def _fields(embed: discord.Embed, *fields: tuple[str, str]) -> discord.Embed:
    for name, value in fields:
        embed.add_field(name=_cut(name, TITLE), value=_cut(value, FIELD), inline=False)
    return embed


def _name(state: CampaignState, battle: Battle | None, key: str) -> str:
    """A card's name from its key, even once it has left the roster."""
    names = [c.name for c in state.cards.values()] + list(battle.all_fielded if battle else ())
    return next((n for n in names if name_key(n) == key), key)


def _battle(state: CampaignState, number: int) -> Battle | None:
    return next((b for b in state.battles if b.battle == number), None)


def _waits_for(step: Step) -> str:
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
    embed = _embed(f"📜 {state.name} — {r.name}", f"{head}\n{_fit(lines, 3900, 'no players')}")
    step = pending(state)
    if step is not None:
        _fields(
            embed, ("Post-battle sequence", f"Battle {step.battle} waits for: {_waits_for(step)}")
        )
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
    body = _fit(
        [_card_line(state, c) for c in cards],
        3900,
        "No cards yet: add one with /campaign unit add.",
    )
    return _embed(f"🛡️ Roster — {state.name}", f"{head}\n{body}")


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
    return _cut(f"{' · '.join(stats)}\nKeywords: {keywords}", FIELD)


def _weapon(w: Weapon) -> str:
    skill = "auto" if w.skill is None else f"{w.skill}+"
    extra = f" — {w.abilities}" if w.abilities else ""
    return (
        f"**{w.name}** ({w.range}) A{w.attacks} {skill} S{w.strength} AP{w.ap} D{w.damage}{extra}"
    )


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
    return _fields(
        _embed(f"🃏 {card.name}", head),
        ("Profile", _profile(card)),
        ("Weapons", _fit([_weapon(w) for w in card.profile.weapons], FIELD)),
        (
            f"Battle honours ({len(card.honours)}/{honour_cap(r, card)})",
            _fit([f"★ {h}" for h in card.honours], FIELD),
        ),
        (
            f"Battle scars ({len(card.scars)}/{r.max_scars})",
            _fit([f"✖ {s}" for s in card.scars], FIELD),
        ),
        ("Record", record),
        *([("Notes", card.notes)] if card.notes else []),
    )


def standings_embed(state: CampaignState) -> discord.Embed:
    if not state.battles:
        return _embed(f"🏆 {state.name} — standings", "No battles yet: play one with /game start.")
    lines = [
        f"**{i}.** {who(s.player)}{f' ({s.label})' if s.label else ''} — "
        f"{s.wins}-{s.losses}-{s.draws} · VP {s.vp_for}–{s.vp_against} ({s.vp_difference:+d})"
        for i, s in enumerate(standings(state), 1)
    ]
    return _embed(f"🏆 {state.name} — standings", "W-L-D · VP for–against\n" + _fit(lines, 4000))


def _result(b: Battle) -> str:
    a, c = b.players
    vp = f"{b.vp.get(a, 0)}–{b.vp.get(c, 0)} VP"
    if b.winner is None:
        return f"{who(a)} and {who(c)} draw ({vp})"
    loser = c if b.winner == a else a
    return f"{who(b.winner)} wins ({b.vp.get(b.winner, 0)}–{b.vp.get(loser, 0)} VP)"


def _battle_block(b: Battle) -> str:
    mission = f" — {escape_markdown(_cut(b.mission, 100))}" if b.mission else ""
    lines = [f"**Battle {b.battle}**{mission} — {_result(b)}"]
    if b.note:
        lines.append(f"*{escape_markdown(_cut(b.note, 200))}*")
    if b.all_fielded:
        lines.append(_cut(f"Fielded: {', '.join(b.all_fielded)}", 160))
    if b.destroyed:
        lines.append(_cut(f"Destroyed: {', '.join(b.destroyed)}", 160))
    return "\n".join(lines)


def history_embed(state: CampaignState, limit: int = 10) -> discord.Embed:
    battles = history(state)
    if not battles:
        return _embed(
            f"📖 {state.name} — history", "No battles yet: play a game with /game start campaign:."
        )
    kept: list[str] = []
    for block in (_battle_block(b) for b in battles[: max(1, limit)]):
        if sum(len(k) + 1 for k in kept) + len(block) > 4000:
            break
        kept.append(block)
    hidden = len(battles) - len(kept)
    text = "\n".join(kept) + (f"\n… and {hidden} older battles" if hidden else "")
    return _embed(f"📖 {state.name} — history", text)


def _outcome(state: CampaignState, a: Aftermath, battle: Battle | None, key: str) -> str:
    roll = a.rolls[key]
    card = state.cards.get(key)
    if roll > state.rules.out_of_action_fails_on:
        return f"{_name(state, battle, key)}: {roll}, passed"
    if key not in a.chosen:
        return f"{_name(state, battle, key)}: {roll}, failed — awaiting its owner's choice"
    if card is None:
        return f"{_name(state, battle, key)}: {roll}, failed — removed from the roster"
    return f"{card.name}: {roll}, failed — chosen (now ★{len(card.honours)} ✖{len(card.scars)})"


def _so_far(state: CampaignState, a: Aftermath, battle: Battle | None) -> list[str]:
    lines = [f"Out of Action {_outcome(state, a, battle, k)}" for k in a.rolls]
    if a.marked:
        marks = [f"{who(p)} {c or 'none'}" for p, c in a.marked.items()]
        lines.append(f"Marked for Greatness: {' · '.join(marks)}")
    if a.xp_awarded:
        ups = [f"{_name(state, battle, k)} → {r}" for k, r in a.ranked_up.items()]
        lines.append("Experience awarded" + (f"; rank-ups: {', '.join(ups)}" if ups else ""))
    for key in a.honoured:
        card = state.cards.get(key)
        if card is not None and card.honours:
            lines.append(f"Battle honour: {card.name} — {card.honours[-1]}")
    if a.requisition and battle is not None:
        rp = [f"{who(p)} {state.players[p].rp} RP" for p in battle.players if p in state.players]
        lines.append(f"Requisition granted: {' · '.join(rp)}")
    return lines


def step_embed(state: CampaignState, step: Step) -> discord.Embed:
    card = state.card(step.card) if step.card else None
    titles = {
        "out_of_action": "Out of Action",
        "marked_for_greatness": "Marked for Greatness",
        "battle_honour": "Battle honour",
    }
    title = f"After battle {step.battle} — {titles.get(step.kind, _waits_for(step))}"
    if step.kind == "out_of_action" and card is not None:
        a = state.aftermath
        roll = a.rolls.get(card.key) if a else None
        cost = (
            f"it loses its latest Battle Honour, **{card.honours[-1]}**"
            if card.honours
            else "it is **removed from the roster** (it has no Battle Honours)"
        )
        text = (
            f"**{card.name}** failed its Out of Action test (rolled a {roll}).\n"
            f"{who(step.player)}, choose:\n• **Devastating Blow** — {cost}\n"
        )
        if "battle_scar" in step.choices:
            text += f"• **Battle Scar** — one of: {', '.join(step.scars)}"
        else:
            text += f"It has {len(card.scars)} Battle Scars, so only the Devastating Blow is left."
    elif step.kind == "marked_for_greatness":
        xp = state.rules.experience.marked
        text = (
            f"{who(step.player)}, mark one of your units that fought for greatness (+{xp} XP):\n"
            + _fit([f"• {c}" for c in step.choices], 3000)
        )
    elif step.kind == "battle_honour":
        text = (
            f"**{step.card}** reached **{step.rank}**. {who(step.player)}, name its Battle Honour."
        )
    else:
        text = f"Vox does this next: {_waits_for(step)}."
    embed = _embed(title, text, AFTERMATH_COLOUR)
    a = state.aftermath
    if a is not None and a.battle == step.battle:
        lines = _so_far(state, a, _battle(state, step.battle))
        _fields(embed, ("So far", _fit(lines, FIELD, "nothing yet")))
    return embed


def aftermath_done_embed(state: CampaignState, battle: int) -> discord.Embed:
    """The recap; exact with the state before `aftermath_finished` (rolls and rank-ups are only
    in the open sequence), otherwise built from the battle and the cards as they are now."""
    b = _battle(state, battle)
    embed = _embed(f"✅ After battle {battle} — done", colour=DONE_COLOUR)
    if b is None:
        embed.description = f"{state.name} has no battle {battle}."
        return embed
    embed.description = _cut(_battle_block(b), 1500)
    a = state.aftermath if state.aftermath and state.aftermath.battle == battle else None
    if a is not None:
        ooa = [_outcome(state, a, b, k) for k in a.rolls]
    else:
        ooa = [f"{n}: removed from the roster" for n in b.destroyed if state.card(n) is None]
        ooa += [f"{n}: still on the roster" for n in b.destroyed if state.card(n) is not None]
    marked = {name_key(c) for c in a.marked.values() if c} if a else set()
    xp = []
    for card in (c for n in b.all_fielded if (c := state.card(n)) is not None):
        line = f"{card.name}: {card.xp} XP, {rank(state.rules, card.xp)}"
        if a is not None and card.key in a.ranked_up:
            line += f" — ranked up to **{a.ranked_up[card.key]}**"
        xp.append(line + (" · marked for greatness" if card.key in marked else ""))
    honoured = [state.cards[k] for k in (a.honoured if a else ()) if k in state.cards]
    honours = [f"{c.name}: ★ {c.honours[-1]}" for c in honoured if c.honours]
    rp = [
        f"{who(p)} now {state.players[p].rp}/{state.rules.requisition.max} RP"
        for p in b.players
        if p in state.players
    ]
    embed.set_footer(text="See /campaign standings for the table.")
    return _fields(
        embed,
        ("Out of Action", _fit(ooa, 700, "no unit was destroyed")),
        ("Experience", _fit(xp, FIELD)),
        *([("Battle honours", _fit(honours, 700))] if honours else []),
        ("Requisition", _fit(rp, 300)),
    )
