"""Dice notation, exactly as the seeds write it, with exact distributions.

Seed 002: `D6`, `2D6`, `D6+1`, `D3` (a D6 halved, rounding up), `D33` (two D3: tens then units).
Seed 004 ("Dice"): modifiers are cumulative and applied division first, then multiplication, then
addition, then subtraction; fractions are rounded up after all modifiers; a roll is never below 1.
`dN` rolls an N-sided die. `x`/`×`/`*` multiplies and `/` divides by a whole number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from math import prod

import numpy as np
from numpy.typing import NDArray

from bot.rules.dice import D3, Dice, die_kind, roll_die
from bot.rules.dice_groups import DiceGroup, GroupRoll
from bot.rules.errors import InvalidDice, TooManyDice
from bot.rules.quote import quoted

MAX_EXPRESSION_LENGTH = 100
MAX_DICE = 1000
MAX_SIDES = 1000
MAX_NUMBER = 1000
MAX_SCALE = 1_000_000  # product of all multipliers, and of all divisors
MAX_PMF_WORK = 50_000_000  # convolution steps allowed to work out a distribution exactly

_TOKEN = re.compile(r"(?P<dice>(?P<count>\d*)d(?P<sides>\d+))|(?P<number>\d+)|(?P<op>[-+*/])")
EXAMPLES = "D6, 2D6+1, D3, D33, 3D6-1, 2D6+D3 or D6*2"


@dataclass(frozen=True, slots=True)
class ExpressionRoll:
    """Every die an expression rolled and the final result after modifiers."""

    expression: DiceExpr
    groups: tuple[GroupRoll, ...]
    total: int


@dataclass(frozen=True)
class DiceExpr:
    """A parsed expression: added dice, subtracted dice and the four kinds of modifier."""

    text: str
    added: tuple[DiceGroup, ...] = ()
    subtracted: tuple[DiceGroup, ...] = ()
    constant: int = 0
    plus: int = 0
    minus: int = 0
    multipliers: tuple[int, ...] = ()
    divisors: tuple[int, ...] = ()

    @property
    def dice_count(self) -> int:
        return sum(g.dice for g in (*self.added, *self.subtracted))

    @property
    def is_fixed(self) -> bool:
        return self.dice_count == 0

    def apply(self, base: int, subtracted: int = 0) -> int:
        """Seed 004: ÷ then × then + then −, round fractions up, never below 1."""
        return max(1, int(self.unclamped(np.asarray(base), np.asarray(subtracted))))

    def unclamped(
        self, base: NDArray[np.int64], subtracted: NDArray[np.int64]
    ) -> NDArray[np.int64]:
        """Exact integer arithmetic on arrays: ceil((base·M)/D + plus − minus − subtracted)."""
        mul, div = prod(self.multipliers), prod(self.divisors)
        numerator = (base + self.constant) * mul + (self.plus - self.minus - subtracted) * div
        return -((-numerator) // div)

    def roll(self, dice: Dice) -> ExpressionRoll:
        groups: list[GroupRoll] = []
        for negative, group in [(False, g) for g in self.added] + [
            (True, g) for g in self.subtracted
        ]:
            rolled = tuple(roll_die(group.kind, dice) for _ in range(group.dice))
            groups.append(GroupRoll(group, negative, rolled))
        return self.total_of(tuple(groups))

    def total_of(self, groups: tuple[GroupRoll, ...]) -> ExpressionRoll:
        """The result for already-rolled groups (used again after re-rolls)."""
        base = sum(g.value for g in groups if not g.negative)
        sub = sum(g.value for g in groups if g.negative)
        return ExpressionRoll(self, groups, self.apply(base, sub))

    @cached_property
    def pmf(self) -> Mapping[int, float]:
        """The exact distribution of the result (float probabilities, value → probability)."""
        return self.distribution()

    def distribution(self, ones_rerolled: bool = False) -> dict[int, float]:
        """The exact distribution of the result; with `ones_rerolled`, every die that shows a 1
        rolled again once (`DiceGroup.one_pmf`)."""
        if _pmf_work(self.added) + _pmf_work(self.subtracted) > MAX_PMF_WORK:
            raise TooManyDice(
                f"`{quoted(self.text)}` has too many possible results to work out; "
                "use fewer or smaller dice."
            )
        base = _sum_pmf(self.added, ones_rerolled)
        sub = _sum_pmf(self.subtracted, ones_rerolled)
        b_values, s_values = np.nonzero(base)[0], np.nonzero(sub)[0]
        values = np.maximum(1, self.unclamped(b_values[:, None], s_values[None, :])).ravel()
        probs = np.outer(base[b_values], sub[s_values]).ravel()
        totals = np.bincount(values, weights=probs)
        return {int(v): float(totals[v]) for v in np.nonzero(totals)[0]}

    @property
    def minimum(self) -> int:
        return self.apply(_lowest(self.added), _highest(self.subtracted))

    @property
    def maximum(self) -> int:
        return self.apply(_highest(self.added), _lowest(self.subtracted))

    @property
    def mean(self) -> float:
        return sum(v * p for v, p in self.pmf.items())


def _sum_pmf(groups: tuple[DiceGroup, ...], ones_rerolled: bool = False) -> NDArray[np.float64]:
    result = np.ones(1)
    for g in groups:
        one = g.one_pmf(ones_rerolled)
        for _ in range(g.count):
            result = np.convolve(result, one)
    return result


def _lowest(groups: tuple[DiceGroup, ...]) -> int:
    return sum(g.count * (11 if g.d33 else 1) for g in groups)


def _highest(groups: tuple[DiceGroup, ...]) -> int:
    return sum(g.count * (33 if g.d33 else g.kind.faces) for g in groups)


def _pmf_work(groups: tuple[DiceGroup, ...]) -> int:
    """Roughly how many multiply-adds `_sum_pmf` needs (support grows with every die)."""
    work, support = 0, 1
    for g in groups:
        width = 34 if g.d33 else g.kind.faces + 1
        for _ in range(g.count):
            support += width
            work += support * width
            if work > MAX_PMF_WORK:
                return work
    return work


def parse(text: str) -> DiceExpr:
    """Read a dice expression; anything unreadable raises `InvalidDice` with one sentence."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise TooManyDice(
            f"That expression is {len(text)} characters long; keep it to "
            f"{MAX_EXPRESSION_LENGTH} or fewer."
        )
    cleaned = re.sub(r"\s+", "", text).lower().replace("×", "*").replace("x", "*")
    if not cleaned:
        raise InvalidDice(f"Type some dice, such as {EXAMPLES}.")
    tokens = _tokenize(cleaned, text)
    b = _Builder()
    op = "+"
    expect_operand = True
    for value in tokens:
        if isinstance(value, str):
            if expect_operand:
                raise InvalidDice(
                    f"`{quoted(text)}` has an operator where a number or dice should be."
                )
            op, expect_operand = value, True
            continue
        if not expect_operand:
            raise InvalidDice(f"`{quoted(text)}` needs an operator (+ - * /) between its terms.")
        expect_operand = False
        b.add(op, value, text)
    if expect_operand:
        raise InvalidDice(
            f"`{quoted(text)}` ends with an operator; finish it with a number or dice."
        )
    expr = b.build(text.strip())
    if expr.dice_count > MAX_DICE:
        raise TooManyDice(f"`{quoted(text)}` rolls {expr.dice_count} dice; the most is {MAX_DICE}.")
    if prod(expr.multipliers) > MAX_SCALE or prod(expr.divisors) > MAX_SCALE:
        raise TooManyDice(
            f"`{quoted(text)}` multiplies or divides by too much; keep it within a million."
        )
    if expr.is_fixed and int(expr.unclamped(np.asarray(0), np.asarray(0))) < 1:
        raise InvalidDice(f"`{quoted(text)}` is below 1; a fixed number must be at least 1.")
    return expr


@dataclass
class _Builder:
    added: list[DiceGroup] = field(default_factory=list)
    subtracted: list[DiceGroup] = field(default_factory=list)
    constant: int | None = None
    plus: int = 0
    minus: int = 0
    mul: list[int] = field(default_factory=list)
    div: list[int] = field(default_factory=list)

    def add(self, op: str, value: int | DiceGroup, text: str) -> None:
        if isinstance(value, DiceGroup):
            if op in "*/":
                raise InvalidDice(
                    f"In `{quoted(text)}`, multiply or divide by a whole number, not dice."
                )
            (self.added if op == "+" else self.subtracted).append(value)
        elif op == "+" and self.constant is None and not self.added:
            self.constant = value
        elif op == "+":
            self.plus += value
        elif op == "-":
            self.minus += value
        elif value == 0:
            raise InvalidDice(
                f"`{quoted(text)}` multiplies or divides by 0; use a whole number from 1."
            )
        else:
            (self.mul if op == "*" else self.div).append(value)

    def build(self, text: str) -> DiceExpr:
        return DiceExpr(
            text=text,
            added=tuple(self.added),
            subtracted=tuple(self.subtracted),
            constant=self.constant or 0,
            plus=self.plus,
            minus=self.minus,
            multipliers=tuple(self.mul),
            divisors=tuple(self.div),
        )


def _tokenize(cleaned: str, text: str) -> list[str | int | DiceGroup]:
    tokens: list[str | int | DiceGroup] = []
    pos = 0
    while pos < len(cleaned):
        m = _TOKEN.match(cleaned, pos)
        if m is None:
            raise InvalidDice(f"`{quoted(text)}` is not a dice expression; try {EXAMPLES}.")
        pos = m.end()
        if m.group("op"):
            tokens.append(m.group("op"))
        elif m.group("number"):
            tokens.append(_number(m.group("number"), text))
        else:
            tokens.append(_group(m.group("count"), m.group("sides"), text))
    return tokens


def _number(digits: str, text: str) -> int:
    if len(digits) > 4 or int(digits) > MAX_NUMBER:
        raise TooManyDice(f"Numbers in `{quoted(text)}` must be at most {MAX_NUMBER}.")
    return int(digits)


def _group(count_digits: str, sides_digits: str, text: str) -> DiceGroup:
    count = int(count_digits[-6:]) if count_digits else 1
    if len(count_digits) > 6 or count > MAX_DICE:
        raise TooManyDice(
            f"`{quoted(text)}` rolls more than {MAX_DICE} dice; the most is {MAX_DICE}."
        )
    if count < 1:
        raise InvalidDice(f"`{quoted(text)}` rolls no dice; write at least one, such as 1D6.")
    if len(sides_digits) > 4 or not 2 <= int(sides_digits) <= MAX_SIDES:
        raise InvalidDice(
            f"Dice in `{quoted(text)}` need 2 to {MAX_SIDES} sides, such as D6 or D20."
        )
    sides = int(sides_digits)
    if sides == 33:
        return DiceGroup(count, D3, d33=True)
    return DiceGroup(count, die_kind(sides))
