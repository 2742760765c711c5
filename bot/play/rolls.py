"""/roll and its "Re-roll failed" button: a pool with failed dice is kept so the button can re-roll
them once, only for the player who rolled, even after a restart."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotAllowed, NotFound, Stale
from bot.play.actor import Actor
from bot.play.services import Services
from bot.rules.errors import IllegalAction
from bot.rules.notation import DiceExpr, ExpressionRoll
from bot.rules.pools import PoolRoll, Reroll, Target, reroll_pool, roll_expression, roll_pool
from bot.store.rolls import ROLL_KEPT_FOR, RollExpired, load_roll, replace_roll, save_roll

ALREADY = "Those dice have already been re-rolled; a die is never re-rolled twice."
EXPIRED = f"That roll is more than {ROLL_KEPT_FOR.days} days old; roll again."
GONE = "That roll is no longer kept; roll again with /roll."
NOT_THE_ROLLER = "Only the player who rolled these dice can re-roll them."


@dataclass(frozen=True, slots=True)
class Rolled:
    """A roll: a total, or a pool counted against a target; `kept` names a pool kept for its
    re-roll button (None: nothing can be re-rolled, or the pool is too big to keep)."""

    roll: ExpressionRoll | PoolRoll
    kept: int | None = None


@dataclass(frozen=True, slots=True)
class Rerolled:
    """A kept pool after its failed dice were re-rolled, with the label it was rolled under."""

    pool: PoolRoll
    label: str | None


async def roll(
    services: Services,
    actor: Actor,
    dice: DiceExpr,
    target: Target | None = None,
    reroll: Reroll | None = None,
    label: str | None = None,
) -> Rolled:
    """Roll `dice` (counted against `target` if given); a pool with failed dice is kept."""
    if target is None:
        return Rolled(roll_expression(dice, services.dice, reroll))
    pool = roll_pool(dice, target, services.dice, reroll)
    if not pool.rerollable_failures:
        return Rolled(pool)
    kept = await save_roll(services.db, actor.user_id, actor.channel_id or None, pool, label)
    return Rolled(pool, kept)


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
    return Rerolled(pool, stored.label)
