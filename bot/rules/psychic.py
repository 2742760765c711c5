"""The psychic phase for 9th edition and Eternum: Psychic tests, Deny the Witch, Perils, Smite.

Each function rolls with an injected `Dice` and returns a frozen result that keeps every die, and
each has an exact-odds twin (fractions from the 2D6 distribution, never simulated). Applying mortal
wounds to a tracked unit is the game layer's job; `apply_mortal_wounds` is the pure arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import TWO_D6, at_least, dice_pmf, greater_than, require_between
from bot.rules.dice import D3, D6, Dice, DieRoll, TwoD6, roll_die, roll_two_d6
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.profiles import MAX_MODELS, MAX_WOUNDS

MIN_WARP_CHARGE = 2  # a 2D6 total is never below 2, so a lower warp charge means nothing
MAX_WARP_CHARGE = 30  # Smite alone reaches 5 + MAX_EARLIER_SMITES = 25
MAX_EARLIER_SMITES = 20
MAX_BLAST_UNITS = 30
MAX_MORTAL_WOUNDS = 1000
SMITE_BASE_WARP_CHARGE = 5  # seed 002: "Smite has a warp charge value of 5"
SMITE_D6_RESULT = 11  # seed 002: "If manifested with a test result of 11+ ... D6 mortal wounds"


@dataclass(frozen=True, slots=True)
class PsychicTest(TwoD6):
    """A Psychic test: two D6 against a warp charge (seed 000, "Psychic Tests")."""

    warp_charge: int
    dice: tuple[DieRoll, DieRoll]

    @property
    def passed(self) -> bool:
        # seed 000: "If the total is equal to or greater than that power's warp charge value,
        # the Psychic test is passed."
        return self.total >= self.warp_charge

    @property
    def perils(self) -> bool:
        # seed 000: "If you roll a double 1 or a double 6 when taking a Psychic test, that unit
        # immediately suffers Perils of the Warp." Passing the test does not prevent it.
        first, second = self.dice
        return first.value == second.value and first.value in (1, 6)


@dataclass(frozen=True, slots=True)
class DenyTest(TwoD6):
    """A Deny the Witch test: two D6 that must beat the Psychic test's result."""

    psychic_result: int
    dice: tuple[DieRoll, DieRoll]

    @property
    def denied(self) -> bool:
        # seed 000: "If the total is greater than the result of the Psychic test, the Deny the
        # Witch test is passed and the psychic power is denied." A tie is not enough.
        return self.total > self.psychic_result


@dataclass(frozen=True, slots=True)
class MortalWoundsRoll:
    """One D3 or D6 of mortal wounds (Perils on the psyker, Smite on its target)."""

    die: DieRoll

    @property
    def mortal_wounds(self) -> int:
        return self.die.value


@dataclass(frozen=True, slots=True)
class PerilsBlast:
    """The D3 each unit within 6" suffers when Perils destroys the psyker, in the caller's order."""

    dice: tuple[DieRoll, ...]

    @property
    def mortal_wounds(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)


@dataclass(frozen=True, slots=True)
class UnitAfterMortalWounds:
    """What is left of a unit after mortal wounds applied one at a time."""

    models_left: int
    wounds_left: int  # on the front (damaged or next) model; 0 once the unit is destroyed
    models_destroyed: int
    wounds_lost: int
    excess: int  # mortal wounds beyond the unit's last wound, which have nothing to hit


def _check_warp_charge(warp_charge: int) -> int:
    return require_between(
        warp_charge, MIN_WARP_CHARGE, MAX_WARP_CHARGE, "a warp charge", InvalidProfile
    )


def _check_result(psychic_result: int) -> int:
    return require_between(psychic_result, 2, 12, "the Psychic test's 2D6 total", InvalidProfile)


def psychic_test(dice: Dice, warp_charge: int) -> PsychicTest:
    """Take a Psychic test: roll 2D6 against `warp_charge` (seed 000 and seed 002)."""
    return PsychicTest(_check_warp_charge(warp_charge), roll_two_d6(dice))


def chance_to_pass(warp_charge: int) -> Fraction:
    """Exact P(2D6 ≥ warp charge); seed 002 prints these as whole percents for 4 to 9."""
    return at_least(TWO_D6, _check_warp_charge(warp_charge))


def chance_of_perils() -> Fraction:
    """Exact chance of a double 1 or double 6 on 2D6: 2 of the 36 pairs, whatever the target."""
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    return Fraction(sum(a == b and a in (1, 6) for a, b in pairs), len(pairs))


def deny_the_witch(dice: Dice, psychic_result: int) -> DenyTest:
    """Take a Deny the Witch test against a Psychic test's 2D6 total (seed 000)."""
    return DenyTest(_check_result(psychic_result), roll_two_d6(dice))


def chance_to_deny(psychic_result: int) -> Fraction:
    """Exact P(2D6 > result): the denier must beat the total, not equal it."""
    return greater_than(TWO_D6, _check_result(psychic_result))


def chance_to_manifest(warp_charge: int, deny_attempt: bool = False) -> Fraction:
    """Exact chance the test passes and, if the enemy tries once to deny, is not denied.

    Perils destroying the psyker (which also fails the power) depends on the psyker's wounds, so it
    is left out; `chance_of_perils` gives how often Perils happens at all.
    """
    _check_warp_charge(warp_charge)
    return sum(
        (
            p * (1 - chance_to_deny(total) if deny_attempt else 1)
            for total, p in dice_pmf(TWO_D6).items()
            if total >= warp_charge
        ),
        Fraction(0),
    )


def manifested(test: PsychicTest, deny: DenyTest | None, psyker_destroyed: bool) -> bool:
    """Is the power manifested: passed, not denied, and the psyker survived any Perils?

    Seed 000: "So long as the Psychic test was successful and the psychic power was not denied by
    a successful Deny the Witch test, the psychic power is successfully manifested". Seed 002
    (Perils): "If the unit is destroyed, the psychic power fails".
    """
    if psyker_destroyed and not test.perils:
        raise IllegalAction("Only Perils of the Warp fails a power this way; leave that unset.")
    return test.passed and not (deny is not None and deny.denied) and not psyker_destroyed


def perils_of_the_warp(dice: Dice) -> MortalWoundsRoll:
    """Seed 002: "Perils of the Warp: the PSYKER unit suffers D3 mortal wounds."."""
    return MortalWoundsRoll(roll_die(D3, dice))


def perils_blast(dice: Dice, units: int) -> PerilsBlast:
    """Seed 002: if Perils destroys the unit, "every unit within 6" of it immediately suffers D3
    mortal wounds" - one D3 for each of `units` units."""
    require_between(units, 0, MAX_BLAST_UNITS, 'the number of units within 6"', InvalidProfile)
    return PerilsBlast(tuple(roll_die(D3, dice) for _ in range(units)))


def smite_warp_charge(earlier_attempts: int) -> int:
    """Seed 002: 5, plus 1 for each other Smite attempt by your army this phase, passed or not."""
    require_between(
        earlier_attempts,
        0,
        MAX_EARLIER_SMITES,
        "the earlier Smite attempts this phase",
        IllegalAction,
    )
    return SMITE_BASE_WARP_CHARGE + earlier_attempts


def smite(dice: Dice, test: PsychicTest) -> MortalWoundsRoll:
    """Smite's mortal wounds on the target: D3, or D6 when the test result was 11+ (seed 002)."""
    if not test.passed:
        raise IllegalAction("Smite only deals mortal wounds once its Psychic test has passed.")
    return MortalWoundsRoll(roll_die(D6 if test.total >= SMITE_D6_RESULT else D3, dice))


def smite_pmf(earlier_attempts: int, deny_attempt: bool = False) -> dict[int, Fraction]:
    """Exact distribution of Smite's mortal wounds on its target (0 when not manifested).

    Sums over every 2D6 total: passed (total ≥ warp charge), not denied, then D3 or D6 by total.
    Like `chance_to_manifest`, it leaves out Perils destroying the psyker.
    """
    warp_charge = smite_warp_charge(earlier_attempts)
    out: dict[int, Fraction] = {0: Fraction(0)}
    for total, p in dice_pmf(TWO_D6).items():
        through = p * (1 - chance_to_deny(total) if deny_attempt else 1)
        if total < warp_charge:
            out[0] += p
            continue
        out[0] += p - through
        for wounds, q in dice_pmf("D6" if total >= SMITE_D6_RESULT else "D3").items():
            out[wounds] = out.get(wounds, Fraction(0)) + through * q
    return out


def apply_mortal_wounds(
    mortal_wounds: int, models: int, wounds_per_model: int, wounds_left: int | None = None
) -> UnitAfterMortalWounds:
    """Apply mortal wounds one at a time, spilling over from model to model.

    Seed 002 ("Mortal Wound"): "excess damage from mortal wounds is not lost, apply them one wound
    at a time to the target unit". The damaged model (`wounds_left`, default full) takes them first.
    """
    require_between(mortal_wounds, 0, MAX_MORTAL_WOUNDS, "the mortal wounds", InvalidProfile)
    require_between(models, 1, MAX_MODELS, "the models alive", InvalidProfile)
    require_between(wounds_per_model, 1, MAX_WOUNDS, "the wounds per model", InvalidProfile)
    front = wounds_per_model if wounds_left is None else wounds_left
    require_between(
        front, 1, wounds_per_model, "the wounds left on the damaged model", InvalidProfile
    )
    health = front + (models - 1) * wounds_per_model
    lost = min(mortal_wounds, health)
    remaining = health - lost
    models_left = -(-remaining // wounds_per_model)  # the front model is the only partial one
    return UnitAfterMortalWounds(
        models_left=models_left,
        wounds_left=remaining - (models_left - 1) * wounds_per_model if models_left else 0,
        models_destroyed=models - models_left,
        wounds_lost=lost,
        excess=mortal_wounds - lost,
    )
