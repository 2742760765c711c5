"""/psychic in 7th edition (a 7th game, or `edition:7th`) and its Deny the Witch select, and
/warp-charge: the rules are `bot.rules.psychic7` (seed 001 and the published 7th rulebook).

A tracked psyker is checked before any die is rolled, inside the ledger's lock, and its attempt is
recorded (`PowerAttempted`, its successes as the total) as one undoable action, like 9th's
(`bot.play.psychic`). Vox does not roll 7th's Perils of the Warp table: the reply says it struck.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import VoxError
from bot.game import GameState
from bot.game.events import Event
from bot.game.psychic import Manifesting, attempt
from bot.play import log_words, psychic
from bot.play.actor import Actor
from bot.play.powers import Cast, allowed, denier, power_attempt, psychic_kind, tracked
from bot.play.psychic import Manifested
from bot.play.services import Services
from bot.rules.psychic7 import (
    DENY_ON,
    WarpDeny,
    WarpPool,
    WarpTest,
    check_deniable,
    check_deny_on,
    check_dice,
    check_test,
    warp_deny,
    warp_pool,
    warp_test,
)
from bot.tally import describe

NO_DICE = "Say how many Warp Charge dice to roll from your pool (dice:)."
NINTH_ROLLS_2D6 = (
    "dice: and deny_on: are 7th edition's; a 9th edition Psychic test is 2D6 against wc:."
)


@dataclass(frozen=True, slots=True)
class Typed:
    """/psychic's numbers: the warp charge, and 7th's dice and deny roll, and the edition."""

    wc: int
    dice: int | None = None
    deny_on: int | None = None
    edition: str | None = None


@dataclass(frozen=True, slots=True)
class Warped:
    """A 7th edition Psychic test, what each Deny die will need, and a tracked psyker's attempt."""

    test: WarpTest
    deny_on: int
    cast: Cast | None = None


def _recorded(state: GameState, actor: Actor, checked: Manifesting, test: WarpTest) -> list[Event]:
    return [
        *attempt(
            state, checked.unit.name, checked.power, actor.user_id,
            total=test.successes, passed=test.passed,
        )
    ]  # fmt: skip


async def manifest(
    services: Services, actor: Actor, warp_charge: int, warp_dice: int | None, deny_on: int,
    power: str | None, psyker: str | None,
) -> Warped:  # fmt: skip
    """Roll `warp_dice` Warp Charge dice for a power of `warp_charge`: each 4+ a success."""
    if warp_dice is None:
        raise VoxError(NO_DICE)
    check_test(warp_dice, warp_charge)
    check_deny_on(deny_on)

    def roll(_: Manifesting | None = None) -> WarpTest:
        return warp_test(services.dice, warp_dice, warp_charge)

    if psyker is None:
        test, cast = roll(), None
    else:
        test, cast = await tracked(
            services, actor, lambda state: allowed(state, actor, psyker, power), roll,
            lambda state, checked, test: _recorded(state, actor, checked, test),
        )  # fmt: skip
    named = power or "Psychic test"
    describe(*log_words.warp_test(cast.psyker if cast else None, named, test))
    return Warped(test, deny_on, cast)


async def deny(
    services: Services, actor: Actor, caster: int, power: tuple[int, int, int],
    deny_dice: int, tracked_power: tuple[int, int] | None, message_id: int,
) -> WarpDeny:  # fmt: skip
    """Deny the Witch with `deny_dice` dice against a power (its successes, warp charge and the
    roll each die needs): never the caster, in a game only their opponent, once per power; a
    tracked power that was undone is denied no more."""
    successes, warp_charge, deny_on = power
    check_deniable(successes, warp_charge)
    check_dice(deny_dice, "the Deny the Witch dice")
    check_deny_on(deny_on)
    if tracked_power is not None:
        table = await services.tracker.table(actor.channel_id)
        await power_attempt(services, table, *tracked_power)
    await denier(services, actor, caster, message_id)
    denied = warp_deny(services.dice, successes, warp_charge, deny_dice, deny_on)
    describe(*log_words.warp_deny(denied))
    return denied


async def pool(services: Services, actor: Actor, mastery: int, opponent: int) -> WarpPool:
    """The Warp Charge pools at the start of the Psychic phase: one D6 for both players, plus
    each side's Mastery Levels; a game of another edition has no such pool."""
    table = await services.tracker.table(actor.channel_id)
    game = table.state.edition if table else None
    if game is not None and game.psychic != "warp_charge":
        raise VoxError(f"This game is {game.name}: the Warp Charge pool is 7th edition's.")
    rolled = warp_pool(services.dice, mastery, opponent)
    describe(*log_words.warp_pool(rolled))
    return rolled


async def attempt_power(
    services: Services, actor: Actor, typed: Typed, power: str | None, psyker: str | None
) -> Manifested | Warped:
    """/psychic: 7th's Warp Charge dice in a 7th game or with `edition:7th`, else 9th's 2D6."""
    kind = await psychic_kind(services, actor, typed.edition, tracked=psyker is not None)
    if kind == "warp_charge":
        deny_on = DENY_ON if typed.deny_on is None else typed.deny_on
        return await manifest(services, actor, typed.wc, typed.dice, deny_on, power, psyker)
    if typed.dice is not None or typed.deny_on is not None:
        raise VoxError(NINTH_ROLLS_2D6)
    return await psychic.manifest(services, actor, typed.wc, power, psyker)
