"""What the roster readers share: the text clean-up and the bounds checked while building the
tree (`limits.MAX_DEPTH` nesting, `limits.MAX_SELECTIONS` selections), so a hostile file is
refused before it costs more than the bound."""

from __future__ import annotations

from bot.armies import limits
from bot.errors import BadFile

NOT_A_ROSTER = "That file is not a roster Vox can read: {why}."


def clean(text: object) -> str:
    """Text as shown: non-breaking spaces as spaces, surrounding whitespace removed."""
    return str(text).replace("\xa0", " ").strip() if text is not None else ""


def bad(why: str) -> BadFile:
    """The one sentence for a file that is not a readable roster."""
    return BadFile(NOT_A_ROSTER.format(why=why))


class Budget:
    """Counts what a reader builds and refuses a roster past the bounds."""

    __slots__ = ("selections",)

    def __init__(self) -> None:
        self.selections = 0

    def enter(self, depth: int) -> None:
        """One more selection, `depth` selections deep."""
        if depth > limits.MAX_DEPTH:
            raise bad(f"its selections nest more than {limits.MAX_DEPTH} deep")
        self.selections += 1
        if self.selections > limits.MAX_SELECTIONS:
            raise bad(f"it has more than {limits.MAX_SELECTIONS:,} selections")


def number(value: object, default: int = 1) -> int:
    """A selection's `number` (a whole number as text or a JSON number)."""
    if value is None or value == "":
        return default
    try:
        found = float(value) if isinstance(value, str | int | float) else None
    except ValueError:
        found = None
    if found is None or isinstance(value, bool) or not found.is_integer() or found < 0:
        raise bad(f"a selection's number is {str(value)[:20]!r}")
    return int(found)


def cost(value: object) -> float:
    """A cost's value (text or a JSON number)."""
    try:
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            return float(value)
    except ValueError:
        pass
    raise bad(f"a cost's value is {str(value)[:20]!r}")
