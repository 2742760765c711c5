"""7th edition's Psychic phase: the Warp Charge pool, Psychic tests on Warp Charge dice, Perils of
the Warp and Deny the Witch, each with exact odds (fractions from the binomial, never simulated).

Seed 001 gives the phase ("your psykers can invoke the power of the Warp"; "In the Psychic phase,
models known as Psykers can use strange mental powers, and other Warp-born effects may manifest")
and the Deny the Witch FAQ ("you can still attempt to Deny the Witch, but with no re-rolls or
modifiers to your dice rolls - you will require rolls of 6 to nullify each Warp Charge point").
Where the seed is silent this follows the published Warhammer 40,000 rulebook (7th edition, 2014),
in this wording:
- Warp Charge: at the start of the Psychic phase the player whose turn it is rolls a D6; each
  player's pool is that result plus the Mastery Levels of their own psykers on the battlefield
  (the opponent spends theirs on Deny the Witch).
- Psychic test: the psyker rolls as many Warp Charge dice from the pool as its player chooses;
  each 4+ is a success, and with at least the power's warp charge in successes it is manifested.
- Perils of the Warp: two or more results of 6 on a Psychic test.
- Deny the Witch: the opponent rolls dice from their pool; each 6 (5+ when the target unit has a
  psyker, better still with Adamantium Will and the like; a 1 always fails) cancels one success,
  and the power is denied when the successes left fall below its warp charge.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import binomial, require_between
from bot.rules.dice import D6, Dice, DieRoll, roll_die
from bot.rules.errors import IllegalAction, InvalidProfile

SUCCESS_ON = 4  # published 7th: "each 4+ is a success"
PERILS_SIXES = 2  # published 7th: Perils on "two or more results of 6"
DENY_ON = 6  # seed 001 FAQ: "you will require rolls of 6 to nullify each Warp Charge point"
BEST_DENY = 2  # modifiers stop at 2+: a roll of 1 always fails
MAX_WARP_CHARGE = 12  # published powers cost 1 to 3; 12 leaves room for any other
MAX_WARP_DICE = 24  # dice rolled at once, for a test or a deny
MAX_MASTERY = 30  # the Mastery Levels of one army's psykers, added up


@dataclass(frozen=True, slots=True)
class WarpPool:
    """The Warp Charge pools: one D6 for both players, plus each side's Mastery Levels."""

    die: DieRoll
    mastery: int  # the active player's psykers
    opponent_mastery: int

    @property
    def points(self) -> int:
        return self.die.value + self.mastery

    @property
    def opponent_points(self) -> int:
        return self.die.value + self.opponent_mastery


@dataclass(frozen=True, slots=True)
class WarpTest:
    """A 7th edition Psychic test: Warp Charge dice against the power's warp charge."""

    warp_charge: int
    dice: tuple[DieRoll, ...]

    @property
    def successes(self) -> int:
        return sum(d.value >= SUCCESS_ON for d in self.dice)

    @property
    def passed(self) -> bool:
        return self.successes >= self.warp_charge

    @property
    def perils(self) -> bool:
        # Perils strikes on the sixes themselves, whether the test passes or not.
        return sum(d.value == 6 for d in self.dice) >= PERILS_SIXES


@dataclass(frozen=True, slots=True)
class WarpDeny:
    """Deny the Witch with Warp Charge dice: each die on `deny_on`+ cancels one success."""

    successes: int
    warp_charge: int
    deny_on: int
    dice: tuple[DieRoll, ...]

    @property
    def cancelled(self) -> int:
        hits = sum(d.value >= self.deny_on for d in self.dice)  # deny_on is 2+ at best
        return min(hits, self.successes)

    @property
    def left(self) -> int:
        return self.successes - self.cancelled

    @property
    def denied(self) -> bool:
        return self.left < self.warp_charge


def check_warp_charge(warp_charge: int) -> int:
    return require_between(warp_charge, 1, MAX_WARP_CHARGE, "a warp charge", InvalidProfile)


def check_dice(dice: int, what: str = "the Warp Charge dice") -> int:
    return require_between(dice, 1, MAX_WARP_DICE, what, InvalidProfile)


def check_deny_on(deny_on: int) -> int:
    return require_between(deny_on, BEST_DENY, 6, "the roll each Deny die needs", InvalidProfile)


def check_test(dice: int, warp_charge: int) -> None:
    check_warp_charge(warp_charge)
    check_dice(dice)
    if dice < warp_charge:
        raise IllegalAction(
            f"Roll at least {warp_charge} dice: fewer can never reach warp charge {warp_charge}."
        )


def warp_pool(dice: Dice, mastery: int, opponent_mastery: int = 0) -> WarpPool:
    """Roll the D6 that both Warp Charge pools share, at the start of the Psychic phase."""
    for level in (mastery, opponent_mastery):
        require_between(level, 0, MAX_MASTERY, "the Mastery Levels", InvalidProfile)
    return WarpPool(roll_die(D6, dice), mastery, opponent_mastery)


def warp_test(dice: Dice, warp_dice: int, warp_charge: int) -> WarpTest:
    """Roll `warp_dice` Warp Charge dice for a power of `warp_charge`."""
    check_test(warp_dice, warp_charge)
    return WarpTest(warp_charge, tuple(roll_die(D6, dice) for _ in range(warp_dice)))


def check_deniable(successes: int, warp_charge: int) -> None:
    """Only a manifested power is denied: its successes reach its warp charge."""
    check_warp_charge(warp_charge)
    if not warp_charge <= successes <= MAX_WARP_DICE:
        raise IllegalAction("Only a power that was manifested can be denied.")


def warp_deny(
    dice: Dice, successes: int, warp_charge: int, deny_dice: int, deny_on: int = DENY_ON
) -> WarpDeny:
    """Deny the Witch against a power manifested with `successes`, rolling `deny_dice` dice from
    the opponent's pool."""
    check_deniable(successes, warp_charge)
    check_dice(deny_dice, "the Deny the Witch dice")
    check_deny_on(deny_on)
    rolled = tuple(roll_die(D6, dice) for _ in range(deny_dice))
    return WarpDeny(successes, warp_charge, deny_on, rolled)


def _at_least(dice: int, needed: int, on: int) -> Fraction:
    """P(at least `needed` of `dice` D6 roll `on`+)."""
    chance = Fraction(7 - on, 6)
    return sum((p for k, p in binomial(dice, chance).items() if k >= needed), Fraction(0))


def chance_to_manifest(warp_dice: int, warp_charge: int) -> Fraction:
    """Exact P(at least `warp_charge` of the dice roll 4+), before any deny."""
    check_test(warp_dice, warp_charge)
    return _at_least(warp_dice, warp_charge, SUCCESS_ON)


def chance_of_perils(warp_dice: int) -> Fraction:
    """Exact P(two or more 6s) on `warp_dice` dice."""
    check_dice(warp_dice)
    return _at_least(warp_dice, PERILS_SIXES, 6)


def chance_to_deny(
    successes: int, warp_charge: int, deny_dice: int, deny_on: int = DENY_ON
) -> Fraction:
    """Exact P(`deny_dice` dice cancel enough successes to leave fewer than the warp charge)."""
    check_deniable(successes, warp_charge)
    check_dice(deny_dice, "the Deny the Witch dice")
    check_deny_on(deny_on)
    return _at_least(deny_dice, successes - warp_charge + 1, deny_on)
