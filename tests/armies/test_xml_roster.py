"""BattleScribe roster XML read into the roster tree: any writer's style, and hostile or broken
XML refused with one sentence (pitfall 12: "Use a real XML parser")."""

from __future__ import annotations

import pytest

from bot.armies import limits
from bot.armies.roster import to_army
from bot.armies.xml_roster import NOT_BATTLESCRIBE, read_xml
from bot.errors import BadFile
from tests.armies.roster_files import raw, roster

HEAD = '<?xml version="1.0"?>'
NS = 'xmlns="http://www.battlescribe.net/schema/rosterSchema"'


def test_a_real_rosz_member_reads_as_a_tree() -> None:
    tree = roster("battlescribe/10e_ultramarines_810.rosz")
    assert (tree.name, tree.game_system) == ("Ultramarines 10E", "Warhammer 40,000 10th Edition")
    [force] = tree.forces
    assert force.catalogue == "Imperium - Adeptus Astartes - Ultramarines"
    outriders = force.selections[2]
    assert (outriders.name, outriders.type, outriders.number) == ("Outrider Squad", "unit", 1)
    assert outriders.cost("pts") == 105
    assert "Faction: Adeptus Astartes" in outriders.categories
    [profile] = [p for p in outriders.profiles if p.type_name == "Unit"]
    assert profile.characteristics == (
        ("M", '12"'), ("T", "5"), ("SV", "3+"), ("W", "4"), ("LD", "6+"), ("OC", "2"),
    )  # fmt: skip
    assert [c.name for c in outriders.children] == ["Outrider", "Outrider Sergeant"]


def test_another_writers_style_reads_the_same() -> None:
    """Prefixed namespace, other attribute order, self-closing empty characteristic, `&quot;`
    for inches and non-breaking spaces (pitfall 12)."""
    tree = roster("own/xml_details.ros")
    assert tree.name == "Details roster"
    [guard] = tree.forces[0].selections
    assert (guard.name, guard.number, guard.cost("pts")) == ("Custodian Guard", 3, 150)
    assert guard.profiles[0].get("m") == '6"'
    [spear] = guard.children[0].profiles
    assert spear.name == "Guardian spear"
    assert spear.get("Range") == '24"'
    assert spear.get("Keywords", "absent") == ""


def test_rule_descriptions_are_read() -> None:
    force = roster("own/10e_forces.ros").forces[0]
    assert [(r.name, r.description) for r in force.rules] == [("Dark Pacts", "Pick one.")]


def test_billion_laughs_is_refused_in_one_sentence() -> None:
    bomb = (
        f'{HEAD}<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
        f'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><roster name="&c;" {NS}/>'
    )
    with pytest.raises(BadFile) as refused:
        read_xml(bomb.encode())
    assert str(refused.value) == (
        "That file is not a roster Vox can read: its XML declares entities, which Vox never "
        "expands."
    )


def test_an_external_entity_is_refused() -> None:
    probe = f'{HEAD}<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><roster name="&x;"/>'
    with pytest.raises(BadFile, match="declares entities"):
        read_xml(probe.encode())


def test_broken_xml_says_which_line() -> None:
    with pytest.raises(BadFile) as refused:
        read_xml(f"{HEAD}\n<roster {NS}>\n<forces>\n</roster>".encode())
    assert (
        str(refused.value) == "That file is not a roster Vox can read: its XML is broken (line 4)."
    )


def test_xml_that_is_not_a_roster_is_refused() -> None:
    with pytest.raises(BadFile) as refused:
        read_xml(f'{HEAD}<catalogue name="x" {NS}/>'.encode())
    assert str(refused.value) == NOT_BATTLESCRIBE


def test_selections_nested_past_the_bound_are_refused() -> None:
    depth = limits.MAX_DEPTH + 1
    nested = '<selections><selection name="s">' * depth + "</selection></selections>" * depth
    xml = f"<roster {NS}><forces><force>{nested}</force></forces></roster>"
    with pytest.raises(BadFile, match=f"nest more than {limits.MAX_DEPTH} deep"):
        read_xml(xml.encode())


def test_more_selections_than_the_bound_are_refused() -> None:
    many = '<selection name="s"/>' * (limits.MAX_SELECTIONS + 1)
    xml = f"<roster {NS}><forces><force><selections>{many}</selections></force></forces></roster>"
    with pytest.raises(BadFile, match="more than 5,000 selections"):
        read_xml(xml.encode())


def test_a_bad_number_is_refused() -> None:
    xml = f'<roster {NS}><forces><force><selections><selection number="lots"/>'
    xml += "</selections></force></forces></roster>"
    with pytest.raises(BadFile, match="a selection's number is 'lots'"):
        read_xml(xml.encode())


def test_a_large_roster_becomes_an_army() -> None:
    """The 184 kB Votann roster, doubled into two forces (about 370 kB), read and turned into
    an army (its time is measured by tests/bench/army_import.py)."""
    data = raw("battlescribe/10e_votann_965.rosz")
    start, end = data.index(b"<force "), data.index(b"</forces>")
    doubled = data[:end] + data[start:end] + data[end:]
    assert len(doubled) > 360_000
    army = to_army(read_xml(doubled), "battlescribe-ros")
    assert (len(army.units), army.points) == (16, 2 * 965)


def test_elements_nested_thousands_deep_inside_a_profile_are_only_skipped() -> None:
    deep = "<b>" * 50_000 + "</b>" * 50_000
    xml = f'<roster {NS} gameSystemName="x"><forces><force><selections><selection name="s">'
    xml += '<profiles><profile name="p"><characteristics><characteristic name="M">6"'
    xml += f"{deep}</characteristic></characteristics></profile></profiles>"
    xml += "</selection></selections></force></forces></roster>"
    tree = read_xml(xml.encode())
    assert tree.forces[0].selections[0].profiles[0].get("M") == '6"'
