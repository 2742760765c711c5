"""The fairness test: Pearson's chi-square of six D6 face counts, and its p-value for 5 degrees of
freedom, Q(x) = erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)."""

from __future__ import annotations

import itertools
import math

import pytest

from bot.rules.fairness import MIN_DICE, Fairness, chi_square, p_value_5df

# 60 dice: expected 60 / 6 = 10 of each face.
FACES = (8, 12, 9, 11, 14, 6)


def test_chi_square_of_a_fixed_set_of_faces_matches_the_hand_computation() -> None:
    """Observed − expected: −2, +2, −1, +1, +4, −4; squared: 4, 4, 1, 1, 16, 16 = 42;
    over the expected 10: χ² = 4.2."""
    assert chi_square(FACES) == pytest.approx(4.2)


def test_p_value_of_the_fixed_faces_matches_the_hand_computation() -> None:
    """x = 4.2: erfc(√2.1) = erfc(1.449138) = 0.040424;
    √(2·4.2/π) = √2.673803 = 1.635177; e^(−2.1) = 0.122456; 1 + 4.2/3 = 2.4;
    1.635177 × 0.122456 × 2.4 = 0.480572; p = 0.040424 + 0.480572 = 0.520996
    (a χ² table for 5 df: 4.351 is the median, so a little under it is a little over 0.5)."""
    fair = Fairness(FACES)
    assert fair.total == 60 and fair.expected == 10
    assert fair.p_value == pytest.approx(0.520996, abs=5e-6)  # six decimals by hand


@pytest.mark.parametrize(
    ("statistic", "p"),
    [(11.070, 0.05), (15.086, 0.01), (20.515, 0.001), (4.351, 0.5), (1.145, 0.95)],
)
def test_p_value_meets_the_chi_square_table_for_5_degrees_of_freedom(
    statistic: float, p: float
) -> None:
    assert p_value_5df(statistic) == pytest.approx(p, rel=2e-3)


def test_an_even_spread_is_as_fair_as_can_be() -> None:
    fair = Fairness((10, 10, 10, 10, 10, 10))
    assert fair.statistic == 0 and fair.p_value == 1.0


def test_every_die_on_one_face_has_a_p_value_of_zero_not_nan() -> None:
    """χ² = 5n for n dice all on one face: 100 million here; the tail underflows to 0."""
    fair = Fairness((20_000_000, 0, 0, 0, 0, 0))
    assert fair.statistic == pytest.approx(1e8)
    assert fair.p_value == 0.0 and not math.isnan(fair.p_value)


def test_p_value_falls_as_the_statistic_grows() -> None:
    values = [p_value_5df(x / 4) for x in range(200)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert all(0.0 <= v <= 1.0 for v in values)


def test_no_dice_means_nothing_to_judge() -> None:
    fair = Fairness((0, 0, 0, 0, 0, 0))
    assert fair.statistic == 0 and not fair.enough and fair.share(6) == 0


def test_thirty_dice_are_enough_to_judge_and_twenty_nine_are_not() -> None:
    """Five expected of each face: 30 dice."""
    assert MIN_DICE == 30
    assert Fairness((5, 5, 5, 5, 5, 5)).enough
    assert not Fairness((5, 5, 5, 5, 5, 4)).enough


def test_a_faces_share_is_its_count_over_the_total() -> None:
    assert Fairness(FACES).share(5) == pytest.approx(14 / 60)
