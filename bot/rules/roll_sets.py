"""Rolling a whole `RollSpec`: each separate set, its re-roll, then its keep or drop.

Seed 004 ("Re-rolls"): re-rolls happen before modifiers, and a die is never re-rolled more than
once; a keep or a drop chooses among the dice as they stand after re-rolls, before modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.rules.dice import Dice
from bot.rules.notation import ExpressionRoll
from bot.rules.pools import PoolRoll, roll_expression, roll_pool
from bot.rules.roll_spec import Keep, RollSpec


@dataclass(frozen=True, slots=True)
class SpecRoll:
    """Every set a spec rolled, in order: totals, or pools counted against the target."""

    spec: RollSpec
    sets: tuple[ExpressionRoll | PoolRoll, ...]

    @property
    def summary(self) -> str:
        """The result in a few words: `11`, `7 successes of 10`, `6 rolls: 7, 9, 5, 8, 4, 10`."""
        if len(self.sets) == 1:
            return _one(self.sets[0])
        results = ", ".join(_short(s) for s in self.sets)
        return f"{len(self.sets)} rolls: {results}"


def pool_result(pool: PoolRoll) -> str:
    """`7 successes of 10`."""
    word = "success" if pool.successes == 1 else "successes"
    return f"{pool.successes} {word} of {len(pool.dice)}"


def _one(rolled: ExpressionRoll | PoolRoll) -> str:
    return pool_result(rolled) if isinstance(rolled, PoolRoll) else str(rolled.total)


def _short(rolled: ExpressionRoll | PoolRoll) -> str:
    return str(rolled.successes if isinstance(rolled, PoolRoll) else rolled.total)


def roll_spec(spec: RollSpec, dice: Dice) -> SpecRoll:
    """Roll every set of `spec` with `dice`."""
    if spec.target is not None:
        target = spec.target
        pools = tuple(
            roll_pool(spec.expression, target, dice, spec.reroll) for _ in range(spec.sets)
        )
        return SpecRoll(spec, pools)
    totals = tuple(_total(spec, dice) for _ in range(spec.sets))
    return SpecRoll(spec, totals)


def _total(spec: RollSpec, dice: Dice) -> ExpressionRoll:
    rolled = roll_expression(spec.expression, dice, spec.reroll)
    return rolled if spec.keep is None else kept(rolled, spec.keep)


def kept(rolled: ExpressionRoll, keep: Keep) -> ExpressionRoll:
    """`rolled` with its one group's dice beyond the keep marked dropped (ties: the earlier die
    is kept), and the total worked out again from the dice kept."""
    (group,) = rolled.groups
    order = sorted(
        range(len(group.dice)),
        key=lambda i: (-group.dice[i].value if keep.highest else group.dice[i].value, i),
    )
    dropped = frozenset(order[keep.kept(len(group.dice)) :])
    return rolled.expression.total_of((replace(group, dropped=dropped),))
