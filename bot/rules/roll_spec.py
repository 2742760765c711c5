"""One string for a whole roll, the way players type it: `10D6 3+`, `10D6 4+ reroll 1s`,
`3D6 kh2` / `3D6 dl1`, `2D6+D3`, `6x 2D6`, `D6 9-`, and the Dice Maiden and Avrae spellings that
mean the same (`10d6 t4`, `3wh4+`, `4d6kh3`, `ro1`).

The expression itself is read by `notation.parse` (the one dice notation); this module reads the
clauses around it. Whitespace never joins numbers: `10d6 3` is refused with the two readings it
could have meant (`10D6 3+` or `10D6+3`), never read as ten 63-sided dice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.rules.errors import InvalidDice, TooManyDice
from bot.rules.notation import MAX_DICE, MAX_EXPRESSION_LENGTH, DiceExpr, parse
from bot.rules.pools import Reroll, Target, check_pool, check_reroll, parse_target
from bot.rules.quote import quoted

MAX_SETS = 10  # `6x 2D6`: at most ten separate rolls at once

_SETS = re.compile(r"^(?P<sets>\d{1,4})\s*[x×*]\s*(?=\d*d)")
_WARHAMMER = re.compile(r"(?<![\w+\-*/])(?P<count>\d{0,4})wh(?P<target>\d{1,4})\+?(?![\w+\-])")
_TARGET = re.compile(r"(?<![\w+\-*/])(?P<number>\d{1,4})(?P<sign>[+-])(?!\S)")
_MAIDEN_TARGET = re.compile(r"(?<![\w+\-*/])t(?P<number>\d{1,4})(?!\S)")
_REROLL = re.compile(
    r"(?<!\S)re-?rolls?\s+(?:(?P<ones>1s|ones)|(?P<failed>failed|fails|failures)|(?P<all>all))"
    r"(?!\S)"
)
_REROLL_ONCE = re.compile(r"(?<=[\s\d])(?P<word>ro|rr|r|ir)(?P<below>\d{1,4})(?!\S)")
_KEEP = re.compile(r"(?<=[\s\d])(?P<how>kh|kl|k|dh|dl|ph|pl)(?P<count>\d{1,4})(?![\w])")
_KEEP_WORDS = {"kh": "kh", "k": "kh", "kl": "kl", "dh": "dh", "ph": "dh", "dl": "dl", "pl": "dl"}
_JOINED = re.compile(r"[\dd]\s+[\dd]")
_SPLIT_AT = re.compile(r"(?<=[\dd])\s+(?=[\dd])")


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep (`kh`, `kl`) or drop (`dh`, `dl`) `count` of the roll's one set of dice."""

    how: str  # kh, kl, dh or dl
    count: int

    @property
    def text(self) -> str:
        return f"{self.how}{self.count}"

    @property
    def highest(self) -> bool:
        """Whether the highest dice are the ones kept (`kh`, and `dl`: all but the lowest)."""
        return self.how in ("kh", "dl")

    def kept(self, dice: int) -> int:
        """How many of `dice` dice are kept."""
        return self.count if self.how.startswith("k") else dice - self.count


@dataclass(frozen=True, slots=True)
class RollSpec:
    """A whole roll: the dice, a target to count against, a re-roll, a keep or drop, and how many
    separate rolls (`sets`). `text` is the canonical spelling, which reads back to the same spec."""

    expression: DiceExpr
    target: Target | None = None
    reroll: Reroll | None = None
    keep: Keep | None = None
    sets: int = 1

    @property
    def text(self) -> str:
        parts = [_canonical(self.expression.text)]
        if self.keep is not None:
            parts[0] += f" {self.keep.text}"
        if self.target is not None:
            parts.append(str(self.target))
        if self.reroll is not None:
            parts.append(f"reroll {'1s' if self.reroll is Reroll.ONES else self.reroll.value}")
        text = " ".join(parts)
        return f"{self.sets}x {text}" if self.sets > 1 else text

    @property
    def dice_count(self) -> int:
        return self.expression.dice_count * self.sets

    def with_options(self, target: Target | None, reroll: Reroll | None) -> RollSpec:
        """The spec with the /roll options added; an option given twice (in the dice text and as
        an option) is refused, whatever the two say."""
        if target is not None and self.target is not None:
            raise InvalidDice(
                f"The target is in the dice (`{self.target}`) and in target: too; give it once."
            )
        if reroll is not None and self.reroll is not None:
            raise InvalidDice("The re-roll is in the dice and in reroll: too; give it once.")
        spec = replace(
            self,
            target=target if target is not None else self.target,
            reroll=reroll if reroll is not None else self.reroll,
        )
        return _checked(spec, self.expression.text)


def _canonical(expression: str) -> str:
    return re.sub(r"\s+", "", expression).upper().replace("×", "*").replace("X", "*")


def parse_spec(text: str) -> RollSpec:
    """Read a whole roll from one string; anything unreadable raises one sentence (a
    `RulesError`): the notation's own, or one of the clauses'."""
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise TooManyDice(
            f"That roll is {len(text)} characters long; "
            f"keep it to {MAX_EXPRESSION_LENGTH} or fewer."
        )
    sets, rest = _sets(text.strip().lower().replace("×", "x"), text)
    rest = f" {rest} "
    rest = _WARHAMMER.sub(lambda m: f" {m.group('count') or 1}d6 {m.group('target')}+ ", rest)
    target, rest = _target(rest, text)
    reroll, rest = _reroll(rest, text)
    keep, rest = _keep(rest, text)
    _no_joined_numbers(rest, text)
    expression = parse(rest.strip()) if rest.strip() else parse("")
    spec = RollSpec(expression, target, reroll, keep, sets)
    return _checked(spec, text)


def _sets(rest: str, text: str) -> tuple[int, str]:
    m = _SETS.match(rest)
    if m is None:
        return 1, rest
    sets = int(m.group("sets"))
    if not 1 <= sets <= MAX_SETS:
        raise TooManyDice(
            f"`{quoted(text)}` rolls {sets} separate sets; roll 1 to {MAX_SETS} at once."
        )
    return sets, rest[m.end() :]


def _only_one(found: list[re.Match[str]], what: str, text: str) -> re.Match[str] | None:
    if len(found) > 1:
        raise InvalidDice(f"`{quoted(text)}` has more than one {what}; give it once.")
    return found[0] if found else None


def _target(rest: str, text: str) -> tuple[Target | None, str]:
    found = [*_TARGET.finditer(rest), *_MAIDEN_TARGET.finditer(rest)]
    m = _only_one(found, "target", text)
    if m is None:
        return None, rest
    sign = m.groupdict().get("sign") or "+"
    target = parse_target(f"{m.group('number')}{sign}")
    return target, rest[: m.start()] + " " + rest[m.end() :]


def _reroll(rest: str, text: str) -> tuple[Reroll | None, str]:
    m = _only_one(list(_REROLL.finditer(rest)), "re-roll", text)
    if m is not None:
        how = Reroll.ONES if m.group("ones") else Reroll.FAILED if m.group("failed") else Reroll.ALL
        return how, rest[: m.start()] + " " + rest[m.end() :]
    m = _only_one(list(_REROLL_ONCE.finditer(rest)), "re-roll", text)
    if m is None:
        return None, rest
    if m.group("word") != "ro" or m.group("below") != "1":
        raise InvalidDice(
            f"In `{quoted(text)}`, `{m.group(0)}` is not a re-roll Vox makes: a die is re-rolled "
            "once at most, so write reroll 1s (ro1), reroll failed or reroll all."
        )
    return Reroll.ONES, rest[: m.start()] + " " + rest[m.end() :]


def _keep(rest: str, text: str) -> tuple[Keep | None, str]:
    m = _only_one(list(_KEEP.finditer(rest)), "keep or drop", text)
    if m is None:
        return None, rest
    how = _KEEP_WORDS[m.group("how")]
    keep = Keep(how, int(m.group("count")))
    return keep, rest[: m.start()] + " " + rest[m.end() :]


def _no_joined_numbers(rest: str, text: str) -> None:
    """A space between two numbers (or a number and dice) is refused with what it could mean."""
    m = _JOINED.search(rest)
    if m is None:
        return
    left, right = _SPLIT_AT.split(rest.strip(), maxsplit=1)
    left_up, right_up = _canonical(left), _canonical(right)
    if "D" in right_up and left_up.isdigit():
        ideas = f"`{left_up}x {right_up}` ({left_up} separate rolls) or `{left_up}{right_up}`"
    elif right_up.isdigit():
        ideas = f"`{left_up} {right_up}+` (count the dice that roll {right_up} or more) or "
        ideas += f"`{left_up}+{right_up}`"
    else:
        ideas = f"`{left_up}+{right_up}`"
    raise InvalidDice(f"A space does not join numbers in `{quoted(text)}`: did you mean {ideas}?")


def _checked(spec: RollSpec, text: str) -> RollSpec:
    """The checks that need the whole spec: the dice cap over every set, what a keep or a target
    needs of the expression, and a re-roll that has something to take."""
    expr = spec.expression
    if spec.dice_count > MAX_DICE:
        raise TooManyDice(
            f"`{quoted(text)}` rolls {spec.sets} × {expr.dice_count} = {spec.dice_count} dice; "
            f"the most is {MAX_DICE}."
        )
    if spec.keep is not None:
        _check_keep(spec.keep, spec, text)
    if spec.target is not None:
        check_pool(expr)
    check_reroll(expr, spec.reroll, spec.target)
    return spec


def _check_keep(keep: Keep, spec: RollSpec, text: str) -> None:
    expr = spec.expression
    if spec.target is not None:
        raise InvalidDice(
            "Keep or drop picks dice for a total, and a target counts every die: use one of them."
        )
    if len(expr.added) != 1 or expr.subtracted or expr.added[0].d33:
        raise InvalidDice(
            f"Keep or drop works on one set of dice, such as 3D6 kh2 or 3D6 dl1 (not "
            f"`{quoted(text)}`)."
        )
    dice = expr.added[0].count
    if not 1 <= keep.kept(dice) <= dice or keep.count < 1:
        raise InvalidDice(
            f"`{quoted(text)}` rolls {dice} dice, so `{keep.text}` must leave 1 to {dice} of them."
        )
