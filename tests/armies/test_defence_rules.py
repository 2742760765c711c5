"""A defending unit's rules that change every attack against it, read as the ability phrases
Vox's attack rules take (`-1 damage`, `halve damage`, `worsen ap 1`, `reroll saves: 1s`), and a
Feel No Pain against mortal wounds only (`fnp_mortal`): the wordings of the copied real lists
quoted, then the datasheet wordings no copied list has, in small fixtures of their own.

Only a rule whose whole text is one such effect is read; a condition, an exception or a second
effect keeps it shown as text (`conditional`), never applied."""

from __future__ import annotations

import pytest

from bot.armies.defence_rules import mentions, phrase
from bot.armies.defences import Defences, defences
from bot.armies.tree import Selection
from tests.armies.roster_files import army, roster, selection
from tests.armies.tree_builders import build

DISGUSTINGLY_RESILIENT = (
    "Each time an attack is allocated to a model in this unit, subtract 1 from the Damage "
    "characteristic of that attack (to a minimum of 1)."
)
RELENTLESS_HATRED = (  # sic: "minmum", as the list writes it
    "Each time an attack is allocated to this model, subtract 1 from the Damage characteristic "
    "of that attack (to a minmum of 1)"
)
IMPLACABLE_RESILIENCE = (
    "Each time an attack is allocated to this model, subtract 1 from that attack’s Damage "
    "characteristic."
)
VOID_ARMOUR = (
    "- Each time an attack is made against this unit, your opponent cannot re-roll the wound "
    "roll and cannot re-roll the damage roll. - Each time an attack is allocated to a model in "
    "this unit, the Armour Penetration characteristic of that attack is reduced by 1 (to a "
    "minimum of 0)."
)


def _unit(*abilities: tuple[str, str], models: int = 5) -> Selection:
    return build({
        "name": "Squad", "type": "unit",
        "profiles": [
            {"typeName": "Abilities", "name": name,
             "characteristics": [{"name": "Description", "$text": text}]}
            for name, text in abilities
        ],
        "selections": [{"name": "Trooper", "type": "model", "number": models}],
    })  # fmt: skip


@pytest.mark.parametrize(
    "text", [DISGUSTINGLY_RESILIENT, RELENTLESS_HATRED, IMPLACABLE_RESILIENCE],
    ids=["9e Disgustingly Resilient", "9e Relentless Hatred", "10e Implacable Resilience"],
)  # fmt: skip
def test_subtract_1_from_the_damage_characteristic_is_minus_1_damage(text: str) -> None:
    """The real lists' words: 9e Death Guard "subtract 1 from the Damage characteristic of that
    attack (to a minimum of 1)", 9e Chaos Contemptor "(to a minmum of 1)", 10e Necrons Overlord
    "subtract 1 from that attack’s Damage characteristic"."""
    assert phrase(text) == "-1 damage"
    assert defences(_unit(("Resilient", text))) == Defences(phrases=("-1 damage",))


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # 10th datasheet wording (Armour of Contempt-style abilities)
        ("Each time an attack is allocated to a model in this unit, worsen the Armour "
         "Penetration characteristic of that attack by 1.", "worsen ap 1"),
        # 9th wording (the AP half of Void Armour, on its own)
        ("Each time an attack is allocated to a model in this unit, the Armour Penetration "
         "characteristic of that attack is reduced by 1 (to a minimum of 0).", "worsen ap 1"),
        ("Each time an attack is allocated to this model, halve the Damage characteristic of "
         "that attack.", "halve damage"),
        ("Each time a saving throw is made for a model in this unit, you can re-roll a saving "
         "throw of 1.", "reroll saves: 1s"),
        ("Each time a model in this unit makes an invulnerable saving throw, you can re-roll "
         "that saving throw.", "reroll invulnerable saves: failed"),
        ("Each time an armour saving throw is made for this model, you can re-roll the saving "
         "throw.", "reroll armour saves: failed"),
    ],
)  # fmt: skip
def test_datasheet_wordings_of_the_other_defences(text: str, read: str) -> None:
    """No copied list has these; the 10th/9th datasheet wordings, whole texts of one effect."""
    assert phrase(text) == read
    assert defences(_unit(("Defence", text))).phrases == (read,)


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("Void Armour", VOID_ARMOUR),  # 9e Kin: a second effect Vox does not apply
        ("Holding Ground", "While this unit is within range of an objective marker, each time an "
         "attack is allocated to a model in this unit, subtract 1 from the Damage characteristic "
         "of that attack."),
        ("Shield", "Each time an attack is allocated to a model in this unit, worsen the Armour "
         "Penetration characteristic of that attack by 1. This does not apply to Psychic "
         "Attacks."),
    ],
)  # fmt: skip
def test_a_defence_beside_anything_else_is_shown_not_applied(name: str, text: str) -> None:
    found = defences(_unit((name, text)))
    assert (found.phrases, len(found.conditional)) == ((), 1)
    assert found.conditional[0].startswith(f"{name}: ")


def test_an_attackers_ability_is_no_defence() -> None:
    """New Recruit Speed Freeks `Drive-by Dakka`: "improve the Armour Penetration characteristic
    of that attack by 1" — the attacker's, not a defence."""
    text = (
        'Each time a model in this unit makes a ranged attack that targets a unit within 9", '
        "improve the Armour Penetration characteristic of that attack by 1."
    )
    assert (phrase(text), mentions(text)) == (None, False)
    assert defences(_unit(("Drive-by Dakka", text))) == Defences()


def test_one_models_wargear_in_a_larger_unit_is_shown_not_applied() -> None:
    shield = {"name": "Shield", "profiles": [{
        "typeName": "Abilities", "name": "Shield",
        "characteristics": [{"name": "Description", "$text": IMPLACABLE_RESILIENCE}],
    }]}  # fmt: skip
    made = build({"name": "Squad", "type": "unit", "selections": [
        {"name": "Trooper", "type": "model", "number": 4},
        {"name": "Sergeant", "type": "model", "number": 1, "selections": [shield]},
    ]})  # fmt: skip
    found = defences(made)
    assert found.phrases == ()
    assert found.conditional == (f"Shield: {IMPLACABLE_RESILIENCE}",)


def test_one_phrase_of_each_kind() -> None:
    """The rules refuse a phrase twice: two AP rules keep the first, beside `-1 damage`."""
    worsen = ("Each time an attack is allocated to this model, worsen the Armour Penetration "
              "characteristic of that attack by {}.")  # fmt: skip
    found = defences(_unit(("A", worsen.format(2)), ("B", DISGUSTINGLY_RESILIENT),
                           ("C", worsen.format(1)), ("D", DISGUSTINGLY_RESILIENT)))  # fmt: skip
    assert found.phrases == ("worsen ap 2", "-1 damage")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # 10th datasheet wording
        ("Unholy Resilience",
         "Models in this unit have the Feel No Pain 5+ ability against mortal wounds."),
        # 9th wording
        ("Blessing of the Warp",
         "Each time a model in this unit would lose a wound as a result of a mortal wound, roll "
         "one D6; on a 5+, that wound is not lost."),
    ],
)  # fmt: skip
def test_feel_no_pain_against_mortal_wounds_is_fnp_mortal(name: str, text: str) -> None:
    """ "Feel No Pain 5+ against mortal wounds": no copied list has it; the datasheets' words."""
    assert defences(_unit((name, text))) == Defences(fnp_mortal="5+")


def test_feel_no_pain_against_psychic_attacks_and_mortal_wounds() -> None:
    """ "...against Psychic Attacks and mortal wounds": the mortal wounds part is read, the
    Psychic Attacks part is shown (a Psychic weapon's normal damage is not applied to it)."""
    text = ("Models in this unit have the Feel No Pain 4+ ability against Psychic Attacks and "
            "mortal wounds.")  # fmt: skip
    assert defences(_unit(("Warded", text))) == Defences(
        fnp_mortal="4+", conditional=(f"Warded: {text}",)
    )


def test_a_feel_no_pain_rule_named_for_mortal_wounds_beside_a_plain_one() -> None:
    found = defences(_unit(("Feel No Pain 6+", "6+"), ("Feel No Pain 4+ (mortal wounds)", "4+")))
    assert (found.fnp, found.fnp_mortal) == ("6+", "4+")


def test_a_conditional_feel_no_pain_against_mortal_wounds_stays_shown() -> None:
    text = ("While this unit is within range of an objective marker, models in this unit have "
            "the Feel No Pain 5+ ability against mortal wounds.")  # fmt: skip
    found = defences(_unit(("Warded", text)))
    assert (found.fnp, found.fnp_mortal, found.conditional) == (None, None, (f"Warded: {text}",))


def test_the_real_lists() -> None:
    """Every real list copied: 14 units say "subtract 1 from the Damage" unconditionally (13 of
    9e Death Guard 2,000: Disgustingly Resilient, Relentless Hatred; the 10e Necrons Overlord:
    Implacable Resilience); none has a Feel No Pain against mortal wounds, a save re-roll, a
    halved Damage or an unconditional AP rule. 9e Kin's Void Armour stays shown."""
    guard = army("battlescribe/9e_death_guard_2000.rosz")
    resilient = sorted({u.name for u in guard.units if u.defence_abilities == ("-1 damage",)})
    assert resilient == [
        "Chaos Contemptor Dreadnought", "Death Guard Daemon Prince", "Deathshroud Terminators",
        "Foetid Bloat-drone", "Foul Blightspawn", "Malignant Plaguecaster",
        "Plagueburst Crawler", "Tallyman",
    ]  # fmt: skip
    assert sum(bool(u.defence_abilities) for u in guard.units) == 13
    necrons = army("battlescribe/10e_necrons.rosz")
    assert [u.name for u in necrons.units if u.defence_abilities] == ["Overlord"]
    kin = defences(selection(roster("battlescribe/9e_csm_votann_character_units.ros"), "Grimnyr"))
    assert kin.phrases == ()
    assert any(note.startswith("Void Armour: ") for note in kin.conditional)
    assert all(u.fnp_mortal is None for u in (*guard.units, *necrons.units))
