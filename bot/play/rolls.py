"""/roll, its "Re-roll failed" button and its "Roll again" button.

A roll goes to the channel's roll log like any other (`bot.tally`), with the text Roll again rolls;
a single pool with failed dice is also kept so its button can re-roll them once, only for the
player who rolled, even after a restart. Roll again may be pressed by anyone: the new roll is
theirs.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.errors import NotAllowed, NotFound, Stale
from bot.play.actor import Actor
from bot.play.services import Services
from bot.rules.errors import IllegalAction
from bot.rules.pools import PoolRoll, Reroll, reroll_pool
from bot.rules.roll_sets import SpecRoll, pool_result, roll_spec
from bot.rules.roll_spec import RollSpec, parse_spec
from bot.store import roll_log
from bot.store.rolls import ROLL_KEPT_FOR, RollExpired, load_roll, replace_roll, save_roll
from bot.tally import describe, offer_again, shown_privately

ALREADY = "Those dice have already been re-rolled; a die is never re-rolled twice."
EXPIRED = f"That roll is more than {ROLL_KEPT_FOR.days} days old; roll again."
GONE = "That roll is no longer kept; roll again with /roll."
NOT_THE_ROLLER = "Only the player who rolled these dice can re-roll them."
AGAIN_GONE = "That roll is no longer kept; type it again with /roll."
AGAIN_WAIT_S, AGAIN_TRIES = 1.0, 20


@dataclass(frozen=True, slots=True)
class Rolled:
    """A roll of every set of a spec, under its label, secret or not. `kept` names a single pool
    kept for its re-roll button (None: nothing can be re-rolled, or the pool is too big)."""

    roll: SpecRoll
    label: str | None = None
    secret: bool = False
    kept: int | None = None


@dataclass(frozen=True, slots=True)
class Rerolled:
    """A kept pool after its failed dice were re-rolled, with the label it was rolled under."""

    pool: PoolRoll
    label: str | None


async def roll(
    services: Services,
    actor: Actor,
    spec: RollSpec,
    label: str | None = None,
    secret: bool = False,
) -> Rolled:
    """Roll `spec` for `actor`; the roll log names it by its text, which Roll again rolls."""
    done = roll_spec(spec, services.dice)
    kept = None
    single = done.sets[0] if len(done.sets) == 1 else None
    if isinstance(single, PoolRoll) and single.rerollable_failures:
        kept = await save_roll(services.db, actor.user_id, actor.channel_id or None, single, label)
    describe(spec.text, done.summary)
    offer_again(spec.text, label)
    shown_privately(secret)
    return Rolled(done, label, secret, kept)


async def _logged_roll(services: Services, key: int) -> roll_log.LoggedRoll | None:
    """The roll log row of the answer `key`. It is written just after the answer is sent, so a
    click that beats it waits for it (AGAIN_WAIT_S at most) before it is taken to be pruned."""
    found = await roll_log.load_again(services.db, key)
    for _ in range(AGAIN_TRIES - 1):
        if found is not None:
            break
        await asyncio.sleep(AGAIN_WAIT_S / AGAIN_TRIES)
        found = await roll_log.load_again(services.db, key)
    return found


async def roll_again(services: Services, actor: Actor, key: int) -> Rolled:
    """The roll whose answer carried the button naming `key`, rolled again by whoever asked,
    under its label, as secret as it was."""
    found = await _logged_roll(services, key)
    if found is None or found.entry.again is None:
        raise NotFound(AGAIN_GONE)
    entry = found.entry
    return await roll(services, actor, parse_spec(entry.again or ""), entry.label, entry.secret)


async def reroll_failed(services: Services, actor: Actor, roll_id: int) -> Rerolled:
    """Re-roll the kept pool's failed dice, once, for the player who rolled it (asked before any
    die is rolled)."""
    try:
        stored = await load_roll(services.db, roll_id)
    except RollExpired as expired:
        raise Stale(EXPIRED) from expired
    if stored is None:
        raise NotFound(GONE)
    if actor.user_id != stored.owner_id:
        raise NotAllowed(NOT_THE_ROLLER)
    if not stored.pool.rerollable_failures:
        raise IllegalAction(ALREADY)
    pool = reroll_pool(stored.pool, Reroll.FAILED, services.dice)
    if not await replace_roll(services.db, stored, pool):
        raise IllegalAction(ALREADY)  # re-rolled by a click a moment before this one
    describe(
        f"{pool.expression.text.upper()} {pool.target}: failed dice re-rolled",
        pool_result(pool),
    )
    return Rerolled(pool, stored.label)
