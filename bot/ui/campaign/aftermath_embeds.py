"""The post-battle sequence's embeds: the step a person must take, and the recap when it ends."""

from __future__ import annotations

import discord

from bot.campaign import Aftermath, Battle, CampaignState, Step
from bot.campaign.rules import rank
from bot.rules.names import name_key
from bot.rules.quote import shorten
from bot.ui.campaign.embeds import (
    FIELD,
    battle_block,
    battle_of,
    card_name,
    fit,
    titled,
    waits_for,
    with_fields,
)
from bot.ui.game.embeds import who

AFTERMATH_COLOUR = discord.Colour.orange()
DONE_COLOUR = discord.Colour.gold()


def _outcome(state: CampaignState, a: Aftermath, battle: Battle | None, key: str) -> str:
    roll = a.rolls[key]
    card = state.cards.get(key)
    if roll > state.rules.out_of_action_fails_on:
        return f"{card_name(state, battle, key)}: {roll}, passed"
    if key not in a.chosen:
        return f"{card_name(state, battle, key)}: {roll}, failed — awaiting its owner's choice"
    if card is None:
        return f"{card_name(state, battle, key)}: {roll}, failed — removed from the roster"
    return f"{card.name}: {roll}, failed — chosen (now ★{len(card.honours)} ✖{len(card.scars)})"


def _so_far(state: CampaignState, a: Aftermath, battle: Battle | None) -> list[str]:
    lines = [f"Out of Action {_outcome(state, a, battle, k)}" for k in a.rolls]
    if a.marked:
        marks = [f"{who(p)} {c or 'none'}" for p, c in a.marked.items()]
        lines.append(f"Marked for Greatness: {' · '.join(marks)}")
    if a.xp_awarded:
        ups = [f"{card_name(state, battle, k)} → {r}" for k, r in a.ranked_up.items()]
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
    title = f"After battle {step.battle} — {titles.get(step.kind, waits_for(step))}"
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
            + fit([f"• {c}" for c in step.choices], 3000)
        )
    elif step.kind == "battle_honour":
        text = (
            f"**{step.card}** reached **{step.rank}**. {who(step.player)}, name its Battle Honour."
        )
    else:
        text = f"Vox does this next: {waits_for(step)}."
    embed = titled(title, text, AFTERMATH_COLOUR)
    a = state.aftermath
    if a is not None and a.battle == step.battle:
        lines = _so_far(state, a, battle_of(state, step.battle))
        with_fields(embed, ("So far", fit(lines, FIELD, "nothing yet")))
    return embed


def aftermath_done_embed(state: CampaignState, battle: int) -> discord.Embed:
    """The recap; exact with the state before `aftermath_finished` (rolls and rank-ups are only
    in the open sequence), otherwise built from the battle and the cards as they are now."""
    b = battle_of(state, battle)
    embed = titled(f"✅ After battle {battle} — done", colour=DONE_COLOUR)
    if b is None:
        embed.description = f"{state.name} has no battle {battle}."
        return embed
    embed.description = shorten(battle_block(b), 1500)
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
    return with_fields(
        embed,
        ("Out of Action", fit(ooa, 700, "no unit was destroyed")),
        ("Experience", fit(xp, FIELD)),
        *([("Battle honours", fit(honours, 700))] if honours else []),
        ("Requisition", fit(rp, 300)),
    )
