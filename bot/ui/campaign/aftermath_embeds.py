"""The post-battle sequence's embeds. Each message shows only what its step changed: the step a
person must take (with what Vox did just before it: the battle recorded, Out of Action tests,
experience), that step once answered (its choice, in place of the question), and the end (the
last experience and requisition)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.campaign import CampaignState, Recorded, Step
from bot.campaign import events as ev
from bot.campaign.aftermath import out_of_action_results
from bot.campaign.rules import rank
from bot.rules.quote import shorten
from bot.ui.campaign.embeds import battle_block, fit, titled, waits_for, with_fields
from bot.ui.game.embeds import who

AFTERMATH_COLOUR = discord.Colour.orange()
ANSWERED_COLOUR = discord.Colour.dark_grey()
DONE_COLOUR = discord.Colour.gold()
PART = 700  # a change's field: four of them and a step's question stay within an embed's 6000
TITLES = {
    "out_of_action": "Out of Action",
    "marked_for_greatness": "Marked for Greatness",
    "battle_honour": "Battle honour",
}


def _out_of_action(state: CampaignState, step: Step) -> str:
    card = state.card(step.card or "")
    if card is None:
        return f"Vox does this next: {waits_for(step)}."
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
        return text + f"• **Battle Scar** — one of: {', '.join(step.scars)}"
    return text + f"It has {len(card.scars)} Battle Scars, so only the Devastating Blow is left."


def step_embed(state: CampaignState, step: Step) -> discord.Embed:
    """The question a step asks its player (nothing of the steps before it)."""
    title = f"After battle {step.battle} — {TITLES.get(step.kind, waits_for(step))}"
    if step.kind == "out_of_action":
        text = _out_of_action(state, step)
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
    return titled(title, text, AFTERMATH_COLOUR)


def _experience(state: CampaignState, e: ev.ExperienceAwarded) -> list[str]:
    lines = []
    for award in e.awards:
        card = state.card(award.card)
        xp = f" ({card.xp} XP)" if card else ""
        line = f"{award.card} +{award.amount} XP{xp}"
        if card and rank(state.rules, card.xp - award.amount) != rank(state.rules, card.xp):
            line += f" — ranked up to **{rank(state.rules, card.xp)}**"
        lines.append(line)
    return lines


def changes(state: CampaignState, appended: Sequence[Recorded]) -> list[tuple[str, str]]:
    """What Vox's steps in `appended` changed, as embed fields (`state`: the campaign after
    them); the choices people make are shown on their own step's message instead."""
    found = [r.event for r in appended]
    fields = [
        ("Battle recorded", shorten(battle_block(e.battle), PART))
        for e in found
        if isinstance(e, ev.BattleRecorded)
    ]
    rolls = [e for e in found if isinstance(e, ev.OutOfActionRolled)]
    if rolls:
        fields.append(("Out of Action tests", fit(out_of_action_results(state, rolls), PART)))
    for e in found:
        if isinstance(e, ev.ExperienceAwarded):
            fields.append(("Experience", fit(_experience(state, e), PART, "no unit fought")))
        elif isinstance(e, ev.RequisitionGranted):
            cap = state.rules.requisition.max
            rp = [
                f"{who(p)} +{n} RP (now {state.players[p].rp}/{cap})"
                for p, n in e.amounts.items()
                if p in state.players
            ]
            fields.append(("Requisition", fit(rp, 300)))
    return fields


def next_embed(state: CampaignState, step: Step, appended: Sequence[Recorded]) -> discord.Embed:
    """The step a person must take next, under what Vox did just before it."""
    return with_fields(step_embed(state, step), *changes(state, appended))


def _chosen(e: ev.OutOfActionChosen, by: str) -> str:
    if e.scar is not None:
        return f"**{e.card}**: {by} chose the Battle Scar **{e.scar}**."
    lost = f"loses its Battle Honour **{e.honour_lost}**" if e.honour_lost else "leaves the roster"
    return f"**{e.card}**: {by} chose the Devastating Blow; it {lost}."


def answered_embed(entry: Recorded) -> discord.Embed | None:
    """A step's message once its player has answered: the choice, no longer the question (None
    for an event that answers no step)."""
    e, by = entry.event, who(entry.actor)
    if isinstance(e, ev.OutOfActionChosen):
        kind, text = "out_of_action", _chosen(e, by)
    elif isinstance(e, ev.MarkedForGreatness):
        marked = f"marked **{e.card}** for greatness" if e.card else "marked no unit this time"
        other = f" (chosen by {by})" if entry.actor != e.player else ""
        kind, text = "marked_for_greatness", f"{who(e.player)} {marked}{other}."
    elif isinstance(e, ev.HonourGained):
        kind, text = "battle_honour", f"**{e.card}** gains the Battle Honour **{e.honour}**."
    else:
        return None
    return titled(f"After battle {e.battle} — {TITLES[kind]} ✔", text, ANSWERED_COLOUR)


def done_embed(state: CampaignState, battle: int, appended: Sequence[Recorded]) -> discord.Embed:
    """The end of the sequence, with what its last steps changed."""
    embed = titled(f"✅ After battle {battle} — done", colour=DONE_COLOUR)
    embed.set_footer(text="See /campaign card for a unit and /campaign standings for the table.")
    return with_fields(embed, *changes(state, appended))
