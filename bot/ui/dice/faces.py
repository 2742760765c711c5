"""Dice as text: each die's face, a re-roll's first face, a modifier applied, a die dropped.

`5`, `**5**` for a success, `~~1~~→5` for a die re-rolled from a 1, `2+1=**3**` for a die whose
modified value is what counts (so a success is never a mystery), and `(1)` for a die a keep or a
drop left out of the total.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.rules.dice import DieRoll
from bot.rules.notation import DiceExpr

MAX_DICE_TEXT = 3000  # a roll's dice past this many characters are shown as a tally of faces


def die_text(die: DieRoll, success: bool | None = None) -> str:
    """`5`, `**5**` for a success, `~~1~~→5` for a die re-rolled from a 1."""
    face = f"**{die.value}**" if success else str(die.value)
    return f"~~{die.first}~~→{face}" if die.rerolled else face


def pool_die(die: DieRoll, value: int, success: bool, modifiers: str) -> str:
    """One die of a pool: its face, then what the expression's modifiers made it (if any)."""
    shown = f"**{value}**" if success else str(value)
    first = f"~~{die.first}~~→" if die.rerolled else ""
    return f"{first}{die.value}{modifiers}={shown}" if modifiers else f"{first}{shown}"


def modifiers_text(expr: DiceExpr) -> str:
    """An expression's modifiers in the order seed 004 applies them: ÷ then × then + then −."""
    parts = [f"÷{d}" for d in expr.divisors] + [f"×{m}" for m in expr.multipliers]
    parts += [f"+{n}" for n in (expr.constant, expr.plus) if n]
    return "".join(parts) + (f"−{expr.minus}" if expr.minus else "")


def tally(values: Iterable[int]) -> str:
    """`6×2 · 4×1 · 1×3`: how many dice showed each face, highest first."""
    counts = Counter(values)
    return " · ".join(f"{v}×{counts[v]}" for v in sorted(counts, reverse=True))


def fitted(shown: Iterable[str], faces: Iterable[int], limit: int = MAX_DICE_TEXT) -> str:
    """The dice one by one, or a tally of their faces when that would be too long to read (the
    dice are written out only until they pass `limit`: a 1,000-die roll is not written in full
    to be thrown away)."""
    parts: list[str] = []
    size = -1
    for part in shown:
        size += len(part) + 1
        if size > limit:
            values = list(faces)
            return f"{len(values)} dice — faces: {tally(values)}"
        parts.append(part)
    return " ".join(parts)
