"""Dice pools counted against a target, re-rolls, and roll-offs.

Seed 002: `3+` means 3 or more, `9-` means 9 or less. Seed 004 ("Re-rolls"): a die is never
re-rolled more than once; re-rolls happen before modifiers; re-rolling a roll made by adding several
dice re-rolls all of them; on a D3, "re-roll 1s" re-rolls the D6 faces 1-2. ("Roll-offs"): both
players roll a D6, the highest wins, ties roll again; no re-rolls or modifiers apply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.rules.dice import Dice, DieRoll, reroll_die, roll_die
from bot.rules.dice_groups import GroupRoll
from bot.rules.errors import IllegalAction, InvalidDice
from bot.rules.notation import MAX_NUMBER, DiceExpr, ExpressionRoll
from bot.rules.quote import quoted

MAX_ROLLOFF_ROUNDS = 100


class Reroll(StrEnum):
    """Which dice a re-roll takes: 1s, the failed ones (against a target), or all of them."""

    ONES = "ones"
    FAILED = "failed"
    ALL = "all"


@dataclass(frozen=True, slots=True)
class Target:
    """`3+` (at least 3) or `9-` (at most 9)."""

    number: int
    at_most: bool = False

    def met_by(self, value: int) -> bool:
        return value <= self.number if self.at_most else value >= self.number

    def __str__(self) -> str:
        return f"{self.number}{'-' if self.at_most else '+'}"


def parse_target(text: str) -> Target:
    """Read `3+` or `9-`."""
    m = re.fullmatch(r"\s*(\d{1,4})\s*([+-])\s*", text)
    if m is None or not 1 <= int(m.group(1)) <= MAX_NUMBER:
        raise InvalidDice(
            f"`{quoted(text)}` is not a target; type 3+ (3 or more) or 9- (9 or less)."
        )
    return Target(int(m.group(1)), at_most=m.group(2) == "-")


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """A pool counted die by die: each die's modified value and whether it met the target."""

    expression: DiceExpr
    target: Target
    dice: tuple[DieRoll, ...]
    _values: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def values(self) -> tuple[int, ...]:
        """Each die after the expression's modifiers (re-rolls come first, seed 004); computed
        once per roll (a 1000-die pool is read for its successes, failures and display)."""
        if self._values is None:
            object.__setattr__(
                self, "_values", tuple(self.expression.apply(d.value) for d in self.dice)
            )
        assert self._values is not None
        return self._values

    @property
    def successes(self) -> int:
        return sum(self.target.met_by(v) for v in self.values)

    @property
    def failed_indexes(self) -> tuple[int, ...]:
        return tuple(i for i, v in enumerate(self.values) if not self.target.met_by(v))

    @property
    def rerollable_failures(self) -> tuple[int, ...]:
        """Failed dice that have not been re-rolled yet (a die is never re-rolled twice)."""
        return tuple(i for i in self.failed_indexes if not self.dice[i].rerolled)


def check_pool(expr: DiceExpr) -> None:
    """A target counts dice one by one, so the expression must be one group of one kind."""
    if len(expr.added) != 1 or expr.subtracted or expr.added[0].d33 or expr.constant:
        raise InvalidDice(
            f"A target counts dice one by one, so roll one kind of dice, such as 10D6 3+ or "
            f"10D6+1 3+ (not `{quoted(expr.text)}`)."
        )


def check_reroll(expr: DiceExpr, reroll: Reroll | None, target: Target | None) -> None:
    """A re-roll of failed dice needs a target to fail, and any re-roll needs dice."""
    if reroll is Reroll.FAILED and target is None:
        raise InvalidDice("Re-rolling failed dice needs a target; add one, such as 10D6 3+.")
    if reroll is not None and expr.is_fixed:
        raise InvalidDice(f"`{quoted(expr.text)}` rolls no dice, so there is nothing to re-roll.")


def roll_pool(expr: DiceExpr, target: Target, dice: Dice, reroll: Reroll | None = None) -> PoolRoll:
    """Roll a pool, count successes against `target`, and apply a re-roll if asked."""
    check_pool(expr)
    group = expr.added[0]
    pool = PoolRoll(expr, target, tuple(roll_die(group.kind, dice) for _ in range(group.count)))
    return pool if reroll is None else reroll_pool(pool, reroll, dice)


def reroll_pool(pool: PoolRoll, reroll: Reroll, dice: Dice) -> PoolRoll:
    """Re-roll 1s, failed dice or all dice of a pool; dice already re-rolled stay as they are."""
    if reroll is Reroll.FAILED:
        chosen = set(pool.failed_indexes)
    elif reroll is Reroll.ONES:
        chosen = {i for i, d in enumerate(pool.dice) if d.value == 1}
    else:
        chosen = set(range(len(pool.dice)))
    if not chosen:
        return pool  # no 1s (or no failures) to re-roll: the roll stands as it is
    if all(pool.dice[i].rerolled for i in chosen):
        raise IllegalAction(
            "Those dice have already been re-rolled; a die is never re-rolled twice."
        )
    rolled = tuple(reroll_die(d, dice) if i in chosen else d for i, d in enumerate(pool.dice))
    return replace(pool, dice=rolled)


def roll_expression(expr: DiceExpr, dice: Dice, reroll: Reroll | None = None) -> ExpressionRoll:
    """Roll an expression for its total; `ones` re-rolls each 1, `all` re-rolls every die."""
    check_reroll(expr, reroll, None)
    result = expr.roll(dice)
    if reroll is None:
        return result
    groups = tuple(
        GroupRoll(
            g.group,
            g.negative,
            tuple(
                reroll_die(d, dice) if reroll is Reroll.ALL or d.value == 1 else d for d in g.dice
            ),
        )
        for g in result.groups
    )
    return expr.total_of(groups)


@dataclass(frozen=True, slots=True)
class RollOff:
    """Every round of a roll-off as (first player's D6, second player's D6), and the winner."""

    rounds: tuple[tuple[int, int], ...]

    @property
    def winner(self) -> int:
        """0 when the first player won, 1 when the second did."""
        first, second = self.rounds[-1]
        return 0 if first > second else 1


def roll_off(dice: Dice) -> RollOff:
    """Both players roll a D6; ties roll again (seed 004: no re-rolls or modifiers)."""
    rounds: list[tuple[int, int]] = []
    for _ in range(MAX_ROLLOFF_ROUNDS):
        pair = (dice.roll(6), dice.roll(6))
        rounds.append(pair)
        if pair[0] != pair[1]:
            return RollOff(tuple(rounds))
    raise IllegalAction(f"The roll-off tied {MAX_ROLLOFF_ROUNDS} times; roll off again.")
