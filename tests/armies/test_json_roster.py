"""New Recruit's JSON roster read into the same tree as the XML: attributes as plain keys,
characteristic text under `"$text"`, collections as arrays; wrong types refused in one sentence."""

from __future__ import annotations

from typing import Any

import pytest

from bot.armies import limits
from bot.armies.json_roster import NOT_NEW_RECRUIT, read_json
from bot.errors import BadFile
from tests.armies.roster_files import roster, selection

SYSTEM = "Warhammer 40,000 10th Edition"


def test_a_real_file_with_the_roster_under_its_key() -> None:
    tree = roster("newrecruit_json/10e_space_wolves.json")
    assert (tree.name, tree.game_system) == ("Paw Patrol", SYSTEM)
    njal = selection(tree, "Njal Stormcaller")
    assert (njal.type, njal.number, njal.cost("pts")) == ("model", 1, 85)
    assert njal.profiles[0].get("M") == '7"'
    assert njal.rules and njal.rules[0].description
    assert tree.forces[0].rules[0].name == "Oath of Moment"
    assert "\xa0" not in tree.forces[0].rules[0].description


def test_an_own_file_with_the_roster_at_the_top() -> None:
    tree = roster("own/10e_new_recruit.json")
    assert [f.catalogue for f in tree.forces] == ["Xenos - Orks", "Xenos - Orks - Freebooterz"]
    boyz = selection(tree, "Boyz")
    assert boyz.children[0].children[0].children[0].profiles[0].get("Keywords") == "Pistol"


def test_missing_keys_are_tolerated() -> None:
    tree = read_json({"roster": {"forces": [{"selections": [{}]}]}})
    [force] = tree.forces
    [bare] = force.selections
    assert (tree.name, tree.game_system, force.catalogue) == ("", "", "")
    assert (bare.name, bare.type, bare.number, bare.children) == ("", "", 1, ())


def test_one_child_as_an_object_is_a_list_of_one() -> None:
    tree = read_json({"gameSystemName": SYSTEM, "forces": {"selections": {"name": "Lone"}}})
    assert tree.forces[0].selections[0].name == "Lone"


@pytest.mark.parametrize(
    ("doc", "sentence"),
    [
        ([1, 2], NOT_NEW_RECRUIT),
        ({"roster": "nope"}, NOT_NEW_RECRUIT),
        ({"units": []}, NOT_NEW_RECRUIT),
        ({"forces": 3}, "its 'forces' is not a list"),
        ({"forces": [7]}, "an entry of its 'forces' is not an object"),
        ({"forces": [{"selections": [{"name": {"x": 1}}]}]}, "its 'name' is not text"),
        ({"forces": [{"selections": [{"number": "two"}]}]}, "a selection's number is 'two'"),
        ({"forces": [{"selections": [{"number": True}]}]}, "a selection's number is 'True'"),
        ({"forces": [{"selections": [{"costs": [{"value": []}]}]}]}, "a cost's value is '[]'"),
    ],
)
def test_wrong_types_are_refused_in_one_sentence(doc: Any, sentence: str) -> None:
    with pytest.raises(BadFile) as refused:
        read_json(doc)
    message = str(refused.value)
    assert sentence in message
    assert message.endswith(".") and message.count(". ") == 0


def test_selections_nested_past_the_bound_are_refused() -> None:
    inner: dict[str, Any] = {"name": "deepest"}
    for _ in range(limits.MAX_DEPTH + 1):
        inner = {"name": "s", "selections": [inner]}
    with pytest.raises(BadFile, match=f"nest more than {limits.MAX_DEPTH} deep"):
        read_json({"forces": [{"selections": [inner]}]})


def test_more_selections_than_the_bound_are_refused() -> None:
    many = [{"name": "s"}] * (limits.MAX_SELECTIONS + 1)
    with pytest.raises(BadFile, match="more than 5,000 selections"):
        read_json({"forces": [{"selections": many}]})
