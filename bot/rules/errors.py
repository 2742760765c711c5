"""The rules' errors, all `RulesError`s (`bot.errors`): each message is the sentence a user sees."""

from bot.errors import RulesError

__all__ = [
    "IllegalAction",
    "InvalidDice",
    "InvalidName",
    "InvalidProfile",
    "RulesError",
    "TooManyDice",
]


class InvalidDice(RulesError):
    """A dice expression, target or re-roll that cannot be read."""


class TooManyDice(RulesError):
    """A roll beyond the caps (dice per roll, expression length, attacks, models)."""


class InvalidProfile(RulesError):
    """A weapon, attacker or target profile that cannot be used."""


class IllegalAction(RulesError):
    """Something the rules do not allow right now."""


class InvalidName(IllegalAction):
    """A chosen name that cannot be stored: invisible or control characters, empty, too long."""
