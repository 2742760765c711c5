"""/campaign through the command harness: rosters, a campaign game, the post-battle sequence with
its buttons, standings and history, a restart in the middle, export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.campaign import fold
from bot.rules.dice import ScriptedDice
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, DAVE, GUILD_ID, Harness, Rejected, Sent, Upload
from tests.harness.posts import public_posts


async def two_rosters(h: Harness) -> None:
    await h.slash("campaign create", name="Vigilus", edition="10th")
    await h.slash("campaign join", label="Orks", user=BOB, campaign="Vigilus")
    await h.slash("campaign unit add", name="Sternguard", points=100, models=1, wounds=2,
                  toughness=4, save="3+", keywords="infantry", campaign="Vigilus")  # fmt: skip
    await h.slash("campaign unit add", name="Boyz", points=80, models=2, wounds=1,
                  toughness=5, save="6+", user=BOB, campaign="Vigilus")  # fmt: skip


async def campaign_game(h: Harness) -> Sent:
    """Sternguard destroy the Boyz in a campaign game; the game ends: the aftermath begins."""
    await h.slash("game start", opponent=BOB, first="me", campaign="Vigilus")
    await h.slash("campaign field", unit="Sternguard")
    await h.slash("campaign field", unit="Boyz", user=BOB)
    await h.slash("unit weapon", unit="Sternguard", name="Combi-bolter", range='24"',
                  attacks="2", skill="3+", strength="4", ap="-1", damage="1")  # fmt: skip
    # Hits 4 4, wounds 6 6; a 6+ save at AP-1 cannot be made, so no save dice.
    await to_phase(h, "shooting")
    await h.slash("attack", attacker="Sternguard", target="Boyz")
    ended = public_posts(await h.slash("game end", winner=ALICE))
    assert len(ended) == 2, ended  # the final result, then the first post-battle step
    return ended[1]


async def test_a_campaign_game_runs_the_post_battle_sequence_with_buttons(tmp_path: Path) -> None:
    # Attack: 4 4 6 6; Out of Action for the destroyed Boyz: a 1 (failed).
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)
        assert step.embed["title"] == "After battle 1 — Out of Action"
        assert "**Boyz** failed its Out of Action test (rolled a 1)" in step.embed["description"]
        scar = step.button("Battle Scar: Fatigued")["custom_id"]
        [not_yours] = await h.click(scar, on=step, user=DAVE)  # not the owner, not an admin
        assert not_yours.ephemeral and "choose for Boyz" in not_yours.content
        [taken, marks] = await h.click(scar, on=step, user=BOB)
        assert taken.callback_type == 7 and taken.buttons == []  # the choice is made once
        assert marks.embed["title"] == "After battle 1 — Marked for Greatness"
        [menu] = marks.selects
        [_, marks2] = await h.click(menu["custom_id"], on=marks, values=["Sternguard"])
        [menu2] = marks2.selects
        [_, done] = await h.click(menu2["custom_id"], on=marks2, user=BOB, values=["Boyz"])
        assert done.embed["title"] == "✅ After battle 1 — done"
        [card] = await h.slash("campaign card", unit="Boyz", campaign="Vigilus")
        [mine] = await h.slash("campaign card", unit="Sternguard", campaign="Vigilus")
        [standings] = await h.slash("campaign standings", campaign="Vigilus")
        [history] = await h.slash("campaign history", campaign="Vigilus")
        await h.slash(
            "campaign note", battle=1, text="The Boyz never saw it coming.", campaign="Vigilus"
        )
        [noted] = await h.slash("campaign history", campaign="Vigilus")
        book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    assert book.state == fold(book.events)
    assert "Fatigued" in card.text
    assert "4 XP" in mine.text  # Battle Experience 1 + Marked for Greatness 3
    assert "1 enemy unit destroyed" in mine.text
    assert "1-0-0" in standings.text
    assert "Battle 1" in history.text
    assert "The Boyz never saw it coming." in noted.text


async def test_a_restart_in_the_middle_of_the_post_battle_sequence_resumes_it(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        await campaign_game(h)
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a new process
        [status] = await h.slash("campaign status", campaign="Vigilus")
        assert status.embeds[1]["title"] == "After battle 1 — Out of Action"
        blow = status.button("Devastating Blow")["custom_id"]
        [_, marks] = await h.click(blow, on=status, user=BOB)  # no honour: Boyz leave the roster
        assert marks.embed["title"] == "After battle 1 — Marked for Greatness"
        [roster] = await h.slash("campaign roster", user=BOB, campaign="Vigilus")
    assert "Boyz" not in roster.embed["description"]


async def test_undo_takes_back_a_post_battle_choice(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)
        await h.click(step.button("Devastating Blow")["custom_id"], on=step, user=BOB)
        [undone] = await h.slash("campaign undo", user=BOB, campaign="Vigilus")
        assert "out of action chosen" in undone.content
        [status] = await h.slash("campaign status", campaign="Vigilus")
        book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    assert book.state == fold(book.events)  # the incrementally kept state is the log's fold
    assert status.embeds[1]["title"] == "After battle 1 — Out of Action"


async def test_a_unit_that_ranks_up_asks_its_owner_for_a_battle_honour(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exported = await exported_campaign(tmp_path_factory.mktemp("first"), sternguard_xp=5)
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 6])) as h:
        [imported] = await h.slash("campaign import", file=Upload("vigilus.json", exported))
        assert "Imported **Vigilus**: 2 players, 2 units, 0 battles" in imported.content
        step = await campaign_game(h)  # the Boyz pass Out of Action (6): marks come first
        [menu] = step.selects
        [_, marks2] = await h.click(menu["custom_id"], on=step, values=["Sternguard"])
        [_, honour] = await h.click(marks2.selects[0]["custom_id"], on=marks2, user=BOB,
                                    values=["-"])  # fmt: skip
        assert honour.embed["title"] == "After battle 1 — Battle honour"
        assert "**Sternguard** reached **Blooded**" in honour.embed["description"]
        [form] = await h.click(honour.button("Name the Battle Honour")["custom_id"], on=honour)
        assert form.callback_type == 9
        [_, done] = await h.submit(form, {"honour": "Hunters of the Foe"})
        assert done.embed["title"] == "✅ After battle 1 — done"
        [card] = await h.slash("campaign card", unit="Sternguard", campaign="Vigilus")
    assert "Hunters of the Foe" in card.text
    assert "Blooded" in card.text


async def exported_campaign(tmp_path: Path, sternguard_xp: int) -> bytes:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await two_rosters(h)
        [reply] = await h.slash("campaign export", campaign="Vigilus")
    [(name, data)] = reply.files
    assert name == "vigilus.json"
    doc = json.loads(data)
    for card in doc["cards"]:
        if card["name"] == "Sternguard":
            card["xp"] = sternguard_xp
    return json.dumps(doc).encode()


async def test_export_then_import_gives_the_same_campaign(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)
        await h.click(step.button("Devastating Blow")["custom_id"], on=step, user=BOB)
        [first] = await h.slash("campaign export", campaign="Vigilus")
        [(_, data)] = first.files
        await h.slash("campaign import", file=Upload("v.json", data), name="Vigilus II")
        [again] = await h.slash("campaign export", campaign="Vigilus II")
        [(_, data2)] = again.files
    assert {**json.loads(data2), "name": "Vigilus"} == json.loads(data)


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"not json", "Invalid JSON"),
        (b'{"vox_campaign": 2}', "vox_campaign"),
        (b"\xff\xfe", "That file is not text; attach a /campaign export file."),
    ],
)
async def test_a_bad_import_file_changes_nothing_and_names_the_first_problem(
    harness: Harness, content: bytes, sentence: str
) -> None:
    [reply] = await harness.slash("campaign import", file=Upload("bad.json", content))
    assert reply.ephemeral and sentence in reply.content
    assert "\n" not in reply.content
    listed = await harness.autocomplete("campaign status", "campaign", campaign="")
    assert listed == []


async def test_only_members_play_campaign_games_and_only_owners_field_their_units(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await two_rosters(h)
        [outsider] = await h.slash("game start", opponent=DAVE, campaign="Vigilus")
        assert f"<@{DAVE.id}> is not in Vigilus" in outsider.content
        await h.slash("game start", opponent=BOB, first="me", campaign="Vigilus")
        [theirs] = await h.slash("campaign field", unit="Sternguard", user=BOB)
        assert theirs.ephemeral and f"<@{ALICE.id}>'s; only they field it" in theirs.content


async def test_requisition_is_bounded_and_never_below_zero(harness: Harness) -> None:
    await harness.slash("campaign create", name="Vigilus")
    [spent] = await harness.slash("campaign requisition spend",
                                  amount=5, campaign="Vigilus")  # fmt: skip
    assert "has **0** RP" in spent.content
    [short] = await harness.slash("campaign requisition spend", amount=1, campaign="Vigilus")
    assert short.ephemeral and "has 0 RP; spend at most 0" in short.content
    [capped] = await harness.slash("campaign requisition add", amount=6, campaign="Vigilus")
    assert capped.ephemeral and "capped at 5 RP" in capped.content
    with pytest.raises(Rejected):
        await harness.slash("campaign requisition add", amount=11, campaign="Vigilus")
    [raw] = await harness.slash("campaign requisition add", amount=11, raw=True, campaign="Vigilus")
    assert raw.ephemeral and raw.content.endswith(".")


async def test_campaign_names_are_unique_per_server_and_autocompleted(harness: Harness) -> None:
    await harness.slash("campaign create", name="Vigilus")
    [twice] = await harness.slash("campaign create", name="vigilus")
    assert twice.ephemeral and "already exists" in twice.content
    choices = await harness.autocomplete("campaign status", "campaign", campaign="vig")
    assert [c["value"] for c in choices] == ["Vigilus"]
    [missing] = await harness.slash("campaign status", campaign="Armageddon")
    assert missing.content == (
        "There is no campaign called Armageddon in this server; see /campaign create."
    )
