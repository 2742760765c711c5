"""Invulnerable saves and Feel No Pain (pitfall 8 of the roster formats): each phrasing real lists
use, quoted from the copied or listed real files in a small fixture of its own, then whole units
of real rosters. Phrasings no copied file has (an aura, the Fight phase, only against mortal
wounds) follow the editions' published wording and say so."""

from __future__ import annotations

from typing import Any

import pytest

from bot.armies.defences import MAX_NOTE, Defences, defences
from bot.armies.tree import Selection
from tests.armies.roster_files import roster, selection
from tests.armies.tree_builders import build

FNP_RULE = (
    "Some models have 'Feel No Pain x+' listed in their abilities. Each time a model with this "
    "ability suffers damage and so would lose a wound (including wounds lost due to mortal "
    "wounds), roll one D6: if the result is greater than or equal to the number denoted by 'x: "
    "that wound is ignored and is not lost."
)
DEVASTATING = (
    "Weapons with [DEVASTATING WOUNDS] in their profile are known as Devastating Wounds weapons. "
    "Each time an attack is made with such a weapon, if that attack scores a Critical Wound, no "
    "saving throw of any kind can be made against that attack (including invulnerable saving "
    "throws)."
)


def _ability(name: str, text: str) -> dict[str, Any]:
    return {
        "typeName": "Abilities",
        "name": name,
        "characteristics": [{"name": "Description", "$text": text}],
    }


def _models(name: str, number: int, *extra: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "type": "model", "number": number, "selections": list(extra)}


def _crest() -> dict[str, Any]:
    bearer = "The bearer has a 4+ invulnerable save."
    return {"name": "Weavefield crest", "profiles": [_ability("Weavefield crest", bearer)]}


def _unit(*abilities: tuple[str, str], rules: tuple[str, ...] = (), children: int = 5,
          **extra: Any) -> Selection:  # fmt: skip
    """A unit of `children` models carrying `abilities` and `rules` on its own selection."""
    return build({
        "name": "Squad", "type": "unit",
        "profiles": [_ability(n, t) for n, t in abilities],
        "rules": [{"name": r, "description": FNP_RULE if "Feel No Pain" in r else DEVASTATING}
                  for r in rules],
        "selections": extra.get("selections", [_models("Trooper", children)]),
    })  # fmt: skip


def test_an_invulnerable_save_ability_whose_whole_text_is_the_value() -> None:
    """10e Ultramarines (`10e_ultramarines_810.rosz`): `Invulnerable Save` | `4+`."""
    assert defences(_unit(("Invulnerable Save", "4+"))) == Defences(invuln="4+")


def test_an_invulnerable_save_named_with_its_value() -> None:
    """New Recruit Speed Freeks: `Invulnerable Save (6+)` | "Models in this unit have a 6+
    invulnerable save."""
    made = _unit(("Invulnerable Save (6+)", "Models in this unit have a 6+ invulnerable save."))
    assert defences(made) == Defences(invuln="6+")


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("Invulnerable Save", "Models in this unit have a 4+ invulnerable save.", "4+"),
        ("Icons of Destruction", "Models in this unit have a 4+ invulnerable save.", "4+"),
        ("Ancestral Ward Crest", "Each model in this unit has a 4+ invulnerable save.", "4+"),
        ("Daemonic", "Models in this unit have a 5+ invulnerable save.", "5+"),
        ("Atomantic Shielding", "This model has a 5+ invulnerable save.", "5+"),
        ("Invulnerable Save (4+)", "This model has a 4+ invulnerable save.", "4+"),
    ],
)
def test_a_datasheet_ability_stating_an_invulnerable_save(name: str, text: str, value: str) -> None:
    """10e Necrons, 9e Dark Apostle (`Icons of Destruction`), 9e Grimnyr (`Ancestral Ward
    Crest`), 9e Death Guard (`Daemonic`, `Atomantic Shielding`), New Recruit Tyranids."""
    assert defences(_unit((name, text))) == Defences(invuln=value)


def test_only_the_first_sentence_states_it_when_more_follows() -> None:
    """9e Dimachaeron: `Leaper-killer` | "This model has a 5+ invulnerable save. In addition,
    each time this model makes a Normal Move, Advances, Falls Back or it makes a charge move,
    until that move is finished, it can move vertically and horizontally through models..."."""
    text = (
        "This model has a 5+ invulnerable save. In addition, each time this model makes a Normal "
        "Move, Advances, Falls Back or it makes a charge move, until that move is finished, it "
        "can move vertically and horizontally through models and terrain features."
    )
    assert defences(_unit(("Leaper-killer", text), children=0)) == Defences(invuln="5+")


def test_a_feel_no_pain_rule_attached_to_the_unit() -> None:
    """10e Poxwalkers (Mortarion's Hammer): the rule `Feel No Pain 5+`, with the generic text."""
    assert defences(_unit(rules=("Feel No Pain 5+",), children=10)) == Defences(fnp="5+")


def test_wargear_giving_the_bearers_unit_feel_no_pain() -> None:
    """10e Hearthkyn Warriors: the unit's `Medipack` upgrade, `Medipack` | "Models in the
    bearer’s unit have the Feel No Pain 6+ ability.", with the rule `Feel No Pain 6+`."""
    medipack = {
        "name": "Medipack",
        "profiles": [
            _ability("Medipack", "Models in the bearer’s unit have the Feel No Pain 6+ ability.")
        ],
        "rules": [{"name": "Feel No Pain 6+", "description": FNP_RULE}],
    }
    made = _unit(selections=[_models("Hearthkyn Warrior", 9), medipack])
    assert defences(made) == Defences(fnp="6+")


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        (
            "Unending Horde",
            "Each time a model in this unit would lose a wound, roll one D6; on a 6, that wound "
            "is not lost.",
            "6+",
        ),
        (
            "Disgustingly Resilient",
            "Each time this model loses a wound, roll a D6; on a 5+, the model does not lose "
            "that wound.",
            "5+",
        ),
    ],
)
def test_9th_feel_no_pain_prose(name: str, text: str, value: str) -> None:
    """9e Poxwalkers (`Unending Horde`) and 9e Plague Marines (`Disgustingly Resilient`, data
    revision 154): "on a 6, that wound is not lost", "on a 5+, the model does not lose that
    wound"."""
    assert defences(_unit((name, text))) == Defences(fnp=value)


def test_a_same_named_ability_that_changes_damage_is_its_phrase_not_a_feel_no_pain() -> None:
    """9e Death Guard, data revision 185+: `Disgustingly Resilient` | "Each time an attack is
    allocated to a model in this unit, subtract 1 from the Damage characteristic of that attack
    (to a minimum of 1).\""""
    text = (
        "Each time an attack is allocated to a model in this unit, subtract 1 from the Damage "
        "characteristic of that attack (to a minimum of 1)."
    )
    assert defences(_unit(("Disgustingly Resilient", text))) == Defences(phrases=("-1 damage",))


def test_a_rule_that_only_mentions_invulnerable_saves_is_ignored() -> None:
    """`Devastating Wounds`: "no saving throw of any kind can be made against that attack
    (including invulnerable saving throws)"."""
    assert defences(_unit(rules=("Devastating Wounds",))) == Defences()


def test_wargear_for_its_bearer_only_is_conditional() -> None:
    """10e Hearthkyn Warriors' Theyn: `Weavefield crest` | "The bearer has a 4+ invulnerable
    save." — one model of ten; New Recruit Space Wolves' `Storm Shield` says the same."""
    crest = _crest()
    made = _unit(selections=[_models("Hearthkyn Warrior", 9), _models("Theyn", 1, crest)])
    assert defences(made) == Defences(
        conditional=("Weavefield crest: The bearer has a 4+ invulnerable save.",)
    )


def test_wargear_on_a_lone_model_is_the_whole_units() -> None:
    """10e Einhyr Champion (one model): `Weavefield crest` | "The bearer has a 4+ invulnerable
    save."."""
    crest = _crest()
    champion = build({"name": "Einhyr Champion", "type": "model", "selections": [crest]})
    assert defences(champion) == Defences(invuln="4+")


def test_the_waaagh_is_conditional_and_its_note_quotes_the_save() -> None:
    """New Recruit Orks: the rule `Waaagh!` | "If your Army Faction is **^^Orks^^**, once per
    battle, ... you can call a Waaagh! If you do, ... - Models from your army with this ability
    have a 5+ invulnerable save.\""""
    text = (
        "If your Army Faction is **^^Orks^^**, once per battle, at the start of your Command "
        "phase, you can call a Waaagh! If you do, until the start of your next Command phase, "
        "the Waaagh! is active for your army and: - Units from your army with this ability are "
        "eligible to declare a charge in a turn in which they Advanced. - Models from your army "
        "with this ability have a 5+ invulnerable save."
    )
    made = build({"name": "Boyz", "type": "unit",
                  "rules": [{"name": "Waaagh!", "description": text}]})  # fmt: skip
    assert defences(made) == Defences(
        conditional=(
            "Waaagh!: If your Army Faction is Orks, once per battle, at the start of your Command "
            "phase, you can call a Waaagh! … Models from your army with this ability have a 5+ "
            "invulnerable save.",
        )
    )


def test_only_while_leading_is_conditional() -> None:
    """10e Deathshroud Terminators: `Silent Bodyguard` | "While a ^^**Character^^** model is
    leading this unit, that ^^**Character^^** model has the Feel No Pain 4+ ability.", beside
    `Invulnerable Save` | "Models in this unit have a 4+ invulnerable save."."""
    made = _unit(
        ("Silent Bodyguard", "While a ^^**Character^^** model is leading this unit, that "
         "^^**Character^^** model has the Feel No Pain 4+ ability."),
        ("Invulnerable Save", "Models in this unit have a 4+ invulnerable save."),
    )  # fmt: skip
    assert defences(made) == Defences(
        invuln="4+",
        conditional=(
            "Silent Bodyguard: While a Character model is leading this unit, that Character "
            "model has the Feel No Pain 4+ ability.",
        ),
    )


def test_an_ability_gained_later_is_conditional() -> None:
    """9e Dimachaeron: `Digestion Spine` | "If any enemy models are destroyed ..., this model
    gains the following ability ...: 'Regenerative Physiology: Each time this model would lose a
    wound, roll one D6; on a 5+, that wound is not lost.'"."""
    text = (
        "If any enemy models are destroyed as a result of this model's Thorax Spine-maw ability, "
        "at the end of the turn this model gains the following ability until the end of the "
        "battle: 'Regenerative Physiology: Each time this model would lose a wound, roll one D6; "
        "on a 5+, that wound is not lost.'"
    )
    found = defences(_unit(("Digestion Spine", text), children=0))
    assert (found.invuln, found.fnp, len(found.conditional)) == (None, None, 1)
    assert found.conditional[0].startswith("Digestion Spine: If any enemy models are destroyed")
    assert len(found.conditional[0]) <= MAX_NOTE


@pytest.mark.parametrize(
    ("name", "text"),
    [
        # 9th wording of an aura: "While a friendly unit is within 6\" of this model"
        ("Warp Field (Aura)",
         "While a friendly unit is within 6\" of this model, models in that unit have a 5+ "
         "invulnerable save."),
        # 9th/10th wording of a phase: "In the Fight phase, ..."
        ("Sworn Guardians", "In the Fight phase, models in this unit have a 4+ invulnerable save."),
    ],
)  # fmt: skip
def test_conditions_keep_a_value_out_of_the_profile(name: str, text: str) -> None:
    found = defences(_unit((name, text)))
    assert (found.invuln, found.fnp) == (None, None)
    assert found.conditional == (f"{name}: {text}",)


def test_the_best_of_several_unconditional_values_counts() -> None:
    made = _unit(("Daemonic", "Models in this unit have a 5+ invulnerable save."),
                 ("Invulnerable Save", "4+"))  # fmt: skip
    assert defences(made).invuln == "4+"


def test_notes_are_few_short_and_given_once() -> None:
    long = "While this unit is within range of an objective marker " + "and more " * 40
    abilities = [(f"Ward {n}", f"{long}, it has a 4+ invulnerable save.") for n in range(15)]
    found = defences(_unit(*abilities, *abilities))
    assert len(found.conditional) == 10
    assert all(len(note) <= MAX_NOTE for note in found.conditional)


def test_whole_units_of_real_rosters() -> None:
    """9e Death Guard 2,000 points, 10e Leagues of Votann and New Recruit Orks, as exported."""
    guard = roster("battlescribe/9e_death_guard_2000.rosz")
    votann = roster("battlescribe/10e_votann_965.rosz")
    orks = roster("newrecruit_json/10e_speed_freeks_no_warboss.json")
    assert defences(selection(guard, "Poxwalkers")) == Defences(fnp="6+")
    resilient = Defences(invuln="5+", phrases=("-1 damage",))  # Disgustingly Resilient
    prince = defences(selection(guard, "Death Guard Daemon Prince"))
    assert (prince.invuln, prince.phrases) == ("5+", ("-1 damage",))
    assert prince.conditional == (  # a warlord trait Vox does not apply, shown
        "Rotten Constitution: Add 1 to the Toughness characteristic of this WARLORD. … Each time "
        "an attack with an Armour Penetration characteristic of -1 or -2 is allocated to this "
        "WARLORD, that attack has an Armour Penetration chracteristic of 0 instead.",
    )
    assert defences(selection(guard, "Plagueburst Crawler")) == resilient
    hearthkyn = defences(selection(votann, "Hearthkyn Warriors"))
    assert (hearthkyn.invuln, hearthkyn.fnp) == (None, "6+")
    assert hearthkyn.conditional == ("Weavefield crest: The bearer has a 4+ invulnerable save.",)
    assert defences(selection(votann, "Einhyr Champion")).invuln == "4+"
    trukk = defences(selection(orks, "Trukk"))
    assert (trukk.invuln, trukk.fnp) == ("6+", None)
    assert trukk.conditional[0].startswith("Waaagh!: If your Army Faction is Orks")
