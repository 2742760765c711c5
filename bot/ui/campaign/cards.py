"""A Crusade card from the profile options typed in Discord, or from one of the player's armies."""

from __future__ import annotations

from typing import Any

import discord

from bot.campaign import Card
from bot.errors import VoxError
from bot.play.actor import Actor
from bot.play.campaign_armies import FromArmy, from_army
from bot.play.campaign_roster import enrol, validated
from bot.play.services import Services
from bot.ui.campaign.embeds import card_embed
from bot.ui.game.units import new_profile

NEEDED = ("models", "wounds", "toughness", "save")  # with a name and points
TYPED_OR_ARMY = (
    "Type the unit's name, points, models, wounds, toughness and save, or pick army: and "
    "army_unit: to take a unit of one of your armies."
)
BOTH = (
    "A card from an army takes the unit's profile; leave out models, wounds, toughness, save, "
    "invuln, fnp, leadership, oc, move and keywords (change them in the army, or type the unit)."
)
DEFAULTS = {"leadership": 7, "oc": 1, "move": 6}


def typed_card(owner: int, name: str | None, points: int | None, **typed: Any) -> Card:
    """The card typed option by option; one sentence when a needed value is missing."""
    if name is None or points is None or any(typed.get(k) is None for k in NEEDED):
        raise VoxError(TYPED_OR_ARMY)
    given = {k: v for k, v in typed.items() if v is not None}
    profile = new_profile(name=name, **(DEFAULTS | given))
    return validated(name=profile.name, owner=owner, profile=profile, points=points)


def army_pick(army: str | None, unit: str | None, **typed: Any) -> tuple[str, str] | None:
    """The army and unit picked (None: the card is typed); one sentence for half a pick, or for
    profile values typed as well."""
    if army is None and unit is None:
        return None
    if army is None or unit is None:
        raise VoxError("Pick both army: and army_unit: to take a unit of one of your armies.")
    if any(v is not None for v in typed.values()):
        raise VoxError(BOTH)
    return army, unit


def from_army_reply(made: FromArmy) -> tuple[str | None, discord.Embed]:
    """What the channel is told: the card, with a line when an existing card was linked or
    fielding could not carry something over."""
    card = made.changed.card
    assert card is not None
    lines = []
    if made.linked:
        lines.append(
            f"**{card.name}** now has the profile of {card.army_unit} from {card.army}; "
            "its XP, honours and scars are kept."
        )
    lines += [f"Note: {n}" for n in made.notes[:5]]
    return ("\n".join(lines)[:2000] or None), card_embed(made.changed.state, card)


async def add(
    services: Services,
    me: Actor,
    campaign: str,
    name: str | None,
    points: int | None,
    army: str | None,
    army_unit: str | None,
    **typed: Any,
) -> tuple[str | None, discord.Embed]:
    """/campaign unit add: a card typed, or taken from one of the caller's armies (which links
    an existing card of the caller's by that name instead); the reply's text and card."""
    picked = army_pick(army, army_unit, **typed)
    if picked is None:
        changed = await enrol(services, me, campaign, typed_card(me.user_id, name, points, **typed))
        assert changed.card is not None
        return None, card_embed(changed.state, changed.card)
    made = await from_army(services, me, campaign, *picked, name=name, points=points)
    return from_army_reply(made)
