"""Each 10th weapon keyword as a list writes it, read into the abilities the attack rules apply.

Wording: the published 10th edition Core Rules (June 2023), quoted in each test. The keyword is
read by `bot.armies.keywords.phrase` exactly as list builders write it, then resolved by the exact
odds engine (the same steps the dice resolver rolls), and compared with a hand computation.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.armies.keywords import phrase
from bot.rules.abilities import parse_abilities
from bot.rules.errors import InvalidProfile
from bot.rules.odds import Distribution, Odds, compute
from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH


def _unsaved(odds: Odds) -> Distribution:
    """A plain target's unsaved wounds (known: one save for every wound)."""
    assert odds.unsaved is not None
    return odds.unsaved


def _abilities(*written: str, situation: str = "") -> str:
    phrases = [phrase(k, "10th") for k in written]
    assert None not in phrases, written
    return ", ".join([*(p for p in phrases if p), *([situation] if situation else [])])


def _odds(*written: str, situation: str = "", weapon: dict[str, object] | None = None,
          **target: object) -> Odds:  # fmt: skip
    w: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    w.update(weapon or {})
    t: dict[str, object] = {"toughness": 4, "save": "4+"}
    t.update(target)
    built = weapon_from_text(TENTH, abilities=_abilities(*written, situation=situation), **w)  # type: ignore[arg-type]
    return compute(AttackSpec(TENTH, (built,), target_from_text(**t)))  # type: ignore[arg-type]


def _close(value: float, exact: Fraction) -> bool:
    return abs(value - float(exact)) < 1e-12


PLAIN_UNSAVED = Fraction(2, 3) * Fraction(1, 2) * Fraction(1, 2)  # 3+ to hit, 4+ wound, 4+ save


def test_indirect_fire_subtracts_one_from_the_hit_roll_and_gives_the_target_cover() -> None:
    """Indirect Fire: "subtract 1 from that attack's Hit roll and the target has the Benefit of
    Cover against that attack." 3+ becomes 4+ to hit; the 4+ save becomes 3+."""
    o = _odds("Indirect Fire")
    assert _close(o.hits.p(1), Fraction(1, 2))
    assert _close(_unsaved(o).p(1), Fraction(1, 2) * Fraction(1, 2) * Fraction(1, 3))


def test_indirect_fire_with_ignores_cover_gives_no_cover() -> None:
    """Ignores Cover: "the target cannot have the Benefit of Cover against that attack"."""
    o = _odds("Indirect Fire", "Ignores Cover")
    assert _close(_unsaved(o).p(1), Fraction(1, 2) * Fraction(1, 2) * Fraction(1, 2))


def test_indirect_fire_cover_not_for_3up_saves_against_ap0() -> None:
    """Benefit of Cover: "models with a Save characteristic of 3+ or better do not receive the
    Benefit of Cover against attacks with an Armour Penetration characteristic of 0"."""
    o = _odds("Indirect Fire", save="3+")
    assert _close(_unsaved(o).p(1), Fraction(1, 2) * Fraction(1, 2) * Fraction(1, 3))
    o = _odds("Indirect Fire", save="3+", weapon={"ap": "-1"})
    assert _close(_unsaved(o).p(1), Fraction(1, 2) * Fraction(1, 2) * Fraction(1, 3))


def test_indirect_fire_and_stealth_are_capped_at_minus_one_to_hit() -> None:
    """Hit Roll: "a Hit roll can never be modified by more than -1 or +1"."""
    assert _close(_odds("Indirect Fire", situation="stealth").hits.p(1), Fraction(1, 2))


def test_conversion_at_long_range_scores_critical_hits_on_4_up() -> None:
    """Conversion: "if the target is more than 12" away, an unmodified Hit roll of 4+ scores a
    Critical Hit." With Lethal Hits a critical hit wounds automatically."""
    near = _odds("Conversion", "Lethal Hits", save="-")
    far = _odds("Conversion", "Lethal Hits", situation="long range", save="-")
    assert _close(near.wounds.p(1), Fraction(1, 6) + Fraction(3, 6) * Fraction(1, 2))
    assert _close(far.wounds.p(1), Fraction(3, 6) + Fraction(1, 6) * Fraction(1, 2))


def test_conversion_keeps_a_lower_critical_hit_threshold() -> None:
    """The lower of Conversion's 4+ and a typed `critical hits N+` is used."""
    rules = TENTH
    assert parse_abilities("conversion, long range, critical hits 5+", rules).critical_hits == 4
    assert parse_abilities("conversion, long range, critical hits 3+", rules).critical_hits == 3
    assert parse_abilities("long range", rules).critical_hits == 6


def test_long_range_is_a_10th_situation() -> None:
    with pytest.raises(InvalidProfile, match="not a 9th edition rule"):
        parse_abilities("long range", NINTH)


@pytest.mark.parametrize(
    "keyword", ["Extra Attacks", "Precision", "Psychic", "One Shot", "Hazardous"]
)
def test_shown_keywords_do_not_change_the_odds(keyword: str) -> None:
    """Extra Attacks ("can make attacks with it in addition to another weapon"), Precision
    (allocation), Psychic (other rules), One Shot ("can only be shot once per battle") and
    Hazardous (a test after the attack) change who or when, not the odds of the attack."""
    assert _odds(keyword) == _odds()
    assert _close(_unsaved(_odds(keyword)).p(1), PLAIN_UNSAVED)


def test_assault_heavy_pistol_change_nothing_by_themselves() -> None:
    """Assault ("can be shot even if the bearer's unit Advanced"), Heavy ("add 1 to the Hit roll
    if the bearer's unit Remained Stationary"), Pistol (shot in Engagement Range)."""
    for keyword in ("Assault", "Heavy", "Pistol"):
        assert _odds(keyword) == _odds()
    assert _close(_odds("Heavy", situation="stationary").hits.p(1), Fraction(5, 6))


def test_rapid_fire_x_adds_x_attacks_within_half_range() -> None:
    """Rapid Fire X: "increase the Attacks characteristic by X if the target is within half
    range"."""
    assert _close(_odds("Rapid Fire 1", situation="half range").hits.mean, Fraction(4, 3))
    assert _close(_odds("Rapid Fire 1").hits.mean, Fraction(2, 3))


def test_blast_adds_an_attack_per_five_models() -> None:
    """Blast: "add 1 to the Attacks characteristic for every five models in the target unit"."""
    assert _close(_odds("Blast", models=10).hits.mean, Fraction(3, 1) * Fraction(2, 3))


def test_melta_x_adds_x_damage_within_half_range() -> None:
    """Melta X: "increase the Damage characteristic by X if the target is within half range"."""
    o = _odds("Melta 2", situation="half range", wounds=5)
    assert _close(o.damage.p(3), PLAIN_UNSAVED)


def test_torrent_hits_automatically() -> None:
    """Torrent: "each attack made with this weapon automatically hits the target"."""
    o = _odds("Torrent", weapon={"skill": "auto"})
    assert _close(o.hits.p(1), Fraction(1))


def test_twin_linked_rerolls_the_wound_roll() -> None:
    """Twin-linked: "you can re-roll that attack's Wound roll"."""
    o = _odds("Twin-linked", save="-")
    assert _close(o.wounds.p(1), Fraction(2, 3) * (Fraction(1, 2) + Fraction(1, 4)))


def test_lethal_hits_critical_hit_wounds_automatically() -> None:
    """Lethal Hits: "each Critical Hit automatically wounds the target"."""
    o = _odds("Lethal Hits", save="-")
    assert _close(o.wounds.p(1), Fraction(1, 6) + Fraction(3, 6) * Fraction(1, 2))


@pytest.mark.parametrize(
    ("written", "mean"),
    [("Sustained Hits 1", Fraction(5, 6)), ("Sustained Hits D3", Fraction(2, 3) + Fraction(2, 6))],
)
def test_sustained_hits_x_adds_hits_on_a_critical(written: str, mean: Fraction) -> None:
    """Sustained Hits X: "each Critical Hit scores a number of additional hits equal to X"."""
    assert _close(_odds(written).hits.mean, mean)


def test_devastating_wounds_allow_no_save() -> None:
    """Devastating Wounds: "a Critical Wound ... no saving throw of any kind can be made"."""
    o = _odds("Devastating Wounds", save="2+")
    six = Fraction(2, 3) * Fraction(1, 6)
    assert _close(_unsaved(o).p(1), six + Fraction(2, 3) * Fraction(2, 6) * Fraction(1, 6))


def test_anti_keyword_x_scores_critical_wounds() -> None:
    """Anti-KEYWORD X+: "an unmodified Wound roll of X+ against a target with the matching
    keyword scores a Critical Wound"."""
    o = _odds("Anti-INFANTRY 2+", save="-", toughness=12, keywords="infantry")
    assert _close(o.wounds.p(1), Fraction(2, 3) * Fraction(5, 6))


def test_lance_adds_one_to_wound_after_charging() -> None:
    """Lance: "add 1 to that attack's Wound roll" if the bearer made a Charge move."""
    o = _odds("Lance", situation="charged", save="-")
    assert _close(o.wounds.p(1), Fraction(2, 3) * Fraction(4, 6))


def test_ignores_cover_removes_typed_cover() -> None:
    """Ignores Cover: "the target cannot have the Benefit of Cover against that attack"."""
    assert _odds("Ignores Cover", situation="cover") == _odds()
