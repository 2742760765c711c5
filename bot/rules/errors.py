"""The one family of errors the rules raise; each message is the sentence a user sees."""


class RulesError(ValueError):
    """Base class: the message is one sentence that says what to type instead."""


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
