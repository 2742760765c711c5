"""/roll, its "Re-roll failed" button and its "Roll again" button.

A roll is saved to the channel's roll log (its own row, with the text Roll again rolls); a single
pool with failed dice is also kept so its button can re-roll them once, only for the player who
rolled, even after a restart. Roll again may be pressed by anyone: the new roll is theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotAllowed, NotFound, Stale
from bot.play.actor import Actor
from bot.play.roll_log import save_tally
from bot.play.services import Services
from bot.rules.errors import IllegalAction
from bot.rules.pools import PoolRoll, Reroll, reroll_pool
from bot.rules.roll_sets import SpecRoll, pool_result, roll_spec
from bot.rules.roll_spec import RollSpec, parse_spec
from bot.store import roll_log
from bot.store.rolls import ROLL_KEPT_FOR, RollExpired, load_roll, replace_roll, save_roll
from bot.tally import describe, tallying

ALREADY = "Those dice have already been re-rolled; a die is never re-rolled twice."
EXPIRED = f"That roll is more than {ROLL_KEPT_FOR.days} days old; roll again."
GONE = "That roll is no longer kept; roll again with /roll."
NOT_THE_ROLLER = "Only the player who rolled these dice can re-roll them."
AGAIN_GONE = "That roll is no longer kept; type it again with /roll."


@dataclass(frozen=True, slots=True)
class Rolled:
    """A roll of every set of a spec. `logged` names its roll log row (for Roll again; None
    outside a channel); `kept` names a single pool kept for its re-roll button (None: nothing
    can be re-rolled, or the pool is too big to keep)."""

    roll: SpecRoll
    label: str | None = None
    secret: bool = False
    logged: int | None = None
    kept: int | None = None


@dataclass(frozen=True, slots=True)
class Rerolled:
    """A kept pool after its failed dice were re-rolled, with the label it was rolled under."""

    pool: PoolRoll
    label: str | None


async def roll(
    services: Services,
    actor: Actor,
    name: str,
    spec: RollSpec,
    label: str | None = None,
    secret: bool = False,
    command: str = "/roll",
) -> Rolled:
    """Roll `spec` for `actor` (`name`: their display name) and log it."""
    with tallying() as tally:  # the roll's own row: the interaction's tally sees no dice
        done = roll_spec(spec, services.dice)
    kept = None
    single = done.sets[0] if len(done.sets) == 1 else None
    if isinstance(single, PoolRoll) and single.rerollable_failures:
        kept = await save_roll(services.db, actor.user_id, actor.channel_id or None, single, label)
    tally.what, tally.result = spec.text, done.summary
    logged = await save_tally(
        services, actor, name, command, tally, again=spec.text, label=label, secret=secret
    )
    return Rolled(done, label, secret, logged, kept)


async def roll_again(services: Services, actor: Actor, name: str, logged: int) -> Rolled:
    """The logged roll's text rolled again, by whoever asked, under its label, as secret as it
    was."""
    found = await roll_log.load_roll(services.db, logged)
    if found is None or found.entry.again is None:
        raise NotFound(AGAIN_GONE)
    entry = found.entry
    spec = parse_spec(entry.again or "")
    return await roll(services, actor, name, spec, entry.label, entry.secret, "Roll again")


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
