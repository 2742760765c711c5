"""Vox pings nobody its text names (@everyone, @here, roles, users typed into names, reasons and
notes) and only the player it asks to act; every reply fits Discord's limits, even when a raw
API caller sends 2,001-character options. (The harness checks both on every message of every
test; these tests drive the hostile cases and the deliberate mentions.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import Dice, ScriptedDice
from tests.cogs.test_attack_in_game import to_phase
from tests.cogs.test_campaign_commands import campaign_game, two_rosters
from tests.cogs.test_game_commands import started
from tests.cogs.test_psychic_in_game import psyker_game
from tests.harness import ALICE, BOB, DAVE, Harness, Sent, Upload
from tests.harness.limits import (
    assert_no_mentions_beyond,
    assert_within_discord_limits,
    limit_problems,
    mention_problems,
)
from tests.harness.posts import private, shown

HOSTILE = "@everyone @here <@&123> <@456>"  # 30 characters: fits every name
PLAYERS = {ALICE.id, BOB.id}
LONG = ("@everyone " * 201)[:2001]


def allowed_users(sent: Sent) -> set[int]:
    mentions = sent.message["allowed_mentions"]
    assert mentions.get("parse") == [], mentions
    assert not mentions.get("roles"), mentions
    return {int(u) for u in mentions.get("users") or []}


def check_all(sent: list[Sent]) -> None:
    for one in sent:
        assert_no_mentions_beyond(one, PLAYERS)
        assert_within_discord_limits(one)


async def test_a_campaign_with_hostile_names_pings_only_the_player_asked_to_choose(
    tmp_path: Path,
) -> None:
    crusade = f"Crusade {HOSTILE}"
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        await h.slash("campaign create", name=crusade, edition="10th")
        await h.slash("campaign join", label=HOSTILE, user=BOB, campaign=crusade)
        await h.slash("campaign unit add", name=HOSTILE, points=100, models=1, wounds=2,
                      toughness=4, save="3+", keywords="infantry", campaign=crusade)  # fmt: skip
        await h.slash("campaign unit edit", unit=HOSTILE, notes=HOSTILE, campaign=crusade)
        await h.slash("campaign requisition add", amount=1, reason=HOSTILE, campaign=crusade)
        for command in ("status", "roster", "standings", "history"):
            await h.slash(f"campaign {command}", campaign=crusade)
        await h.slash("campaign card", unit=HOSTILE, campaign=crusade)
        await h.slash("campaign undo", campaign=crusade)  # re-posts what the change was
        [exported] = await h.slash("campaign export", campaign=crusade)
        await h.slash("campaign import", file=Upload("c.json", exported.files[0][1]),
                      name=f"Copy {HOSTILE}")  # fmt: skip
        step = await campaign_game(h)
        scar = step.button("Battle Scar: Fatigued")["custom_id"]
        [_, marks] = await h.click(scar, on=step, user=BOB)
        [_, marks2] = await h.click(marks.selects[0]["custom_id"], on=marks, values=["Sternguard"])
        await h.click(marks2.selects[0]["custom_id"], on=marks2, user=BOB, values=["Boyz"])
        await h.slash("campaign note", battle=1, text=HOSTILE, campaign="Vigilus")
        await h.slash("campaign history", campaign="Vigilus")
        await h.slash("campaign undo", campaign="Vigilus")
        sent = h.sent
    check_all(sent)
    assert sum(HOSTILE in s.text for s in sent) >= 10  # the names were shown, just not pinged
    asked = {u for s in sent if s.content or s.embeds for u in allowed_users(s)}
    assert asked == PLAYERS  # Bob's Out of Action choice, then each player's mark


async def test_a_game_with_hostile_names_and_reasons_pings_only_whose_turn_it_is(
    tmp_path: Path,
) -> None:
    # Smite 4+3 = 7 passes, D3 from 5 = 3; Bob's Deny 1+1 fails; the attack's dice follow.
    dice = ScriptedDice([4, 3, 5, 1, 1, *[4] * 40])
    async with Harness.running(tmp_path, dice=dice) as h:
        await psyker_game(h)
        await h.slash("unit add", name=HOSTILE, models=5, wounds=1, toughness=4, save="3+")
        await h.slash("unit weapon", unit=HOSTILE, name=HOSTILE, range='24"', attacks="1",
                      skill="3+", strength="4", ap="0", damage="1")  # fmt: skip
        await h.slash("cp add", amount=1, reason=HOSTILE)
        await h.slash("vp add", amount=2, reason=HOSTILE, user=BOB)
        await h.slash("game undo", user=BOB)  # re-posts the undone change in words
        await h.slash("cp spend", amount=1, reason=HOSTILE)
        [cast] = await h.slash("smite", psyker="Librarian", target="Boyz")
        await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
        await h.slash("attack", attacker=HOSTILE, weapon=HOSTILE, target="Nobz")
        await h.slash("unit show", unit=HOSTILE)
        await h.slash("unit list")
        for _ in range(8):  # into Bob's turn
            await h.slash("game next")
        await h.slash("game status")
        await h.slash("game log", count=50)
        await h.slash("game end")
        sent = h.sent
    check_all(sent)
    assert sum(HOSTILE in s.text for s in sent) >= 8
    assert {u for s in sent if s.content or s.embeds for u in allowed_users(s)} == PLAYERS


async def test_the_turn_prompt_allows_exactly_the_active_player(harness: Harness) -> None:
    prompt = await started(harness)
    assert f"<@{ALICE.id}>'s turn" in prompt.text
    assert allowed_users(prompt) == {ALICE.id}
    while f"<@{BOB.id}>'s turn" not in prompt.text:
        prompt = shown(await harness.slash("game next"))
        assert allowed_users(prompt) <= {BOB.id}  # an edit of the live prompt pings nobody
    assert allowed_users(prompt) == {BOB.id}
    [status] = await harness.slash("game status")  # names both players, asks nobody
    assert allowed_users(status) == set()


async def test_the_roll_off_winner_is_asked_to_choose_and_allowed_alone(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5])) as h:  # Bob wins 5–2
        [offer] = await h.slash("game start", opponent=BOB)
    assert f"<@{BOB.id}>, choose who takes the first turn." in offer.text
    assert allowed_users(offer) == {BOB.id}


async def test_eternum_set_up_allows_the_chooser_then_both_deploying_players(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5, 4, 4])) as h:
        [start] = await h.slash("game start", opponent=BOB, edition="eternum")
        assert allowed_users(start) == {BOB.id}  # Bob picks the Attacker
        [roles] = await h.click(start.buttons[0]["custom_id"], on=start, user=BOB)
        assert allowed_users(roles) == PLAYERS  # both deploy now
        bob = next(b for b in roles.buttons if b["custom_id"].endswith(str(BOB.id)))
        [rolloff] = await h.click(bob["custom_id"], on=roles, user=ALICE)
    assert allowed_users(rolloff) == {BOB.id}  # Bob won the first-turn roll-off


async def test_deny_the_witch_asks_the_opponent_and_allows_only_them(tmp_path: Path) -> None:
    # Smite 4+3 = 7, D3 from 5 = 3; Veil of Time 4+4 = 8; an untracked test 5+5 = 10.
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3, 5, 4, 4, 5, 5])) as h:
        await psyker_game(h)
        [cast] = await h.slash("smite", psyker="Librarian", target="Nobz")
        [psychic] = await h.slash("psychic", wc=7, power="Veil of Time", psyker="Epistolary")
        [untracked] = await h.slash("psychic", wc=7)
    assert cast.content.startswith(f"<@{BOB.id}>: deny this power with **Deny the Witch**, or ")
    assert allowed_users(cast) == {BOB.id}
    assert psychic.content == f"<@{BOB.id}>: deny this power with **Deny the Witch**."
    assert allowed_users(psychic) == {BOB.id}
    assert untracked.content == "" and allowed_users(untracked) == set()  # no game: no opponent


async def test_the_post_battle_step_allows_only_the_player_who_chooses(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)  # Bob's Boyz failed Out of Action: Bob chooses
        [_, marks] = await h.click(step.button("Devastating Blow")["custom_id"], on=step, user=BOB)
    assert f"<@{BOB.id}>, choose" in step.text
    assert allowed_users(step) == {BOB.id}
    assert f"<@{ALICE.id}>, mark one of your units" in marks.text
    assert allowed_users(marks) == {ALICE.id}


async def test_a_typed_mention_in_content_notifies_nobody(harness: Harness) -> None:
    await harness.slash("game start", opponent=BOB, first="me")
    reply = private(await harness.slash("cp add", amount=1, reason=f"<@{DAVE.id}> @everyone"))
    assert f"<@{DAVE.id}> @everyone" in reply.content
    assert reply.message["allowed_mentions"] == {"parse": []}


def test_the_mention_check_catches_each_kind_of_ping() -> None:
    def sent(**message: Any) -> Sent:
        return Sent("channel", "POST", "/channels/1/messages", message)

    assert mention_problems(sent(content="@everyone"))  # no allowed_mentions: Discord parses
    assert mention_problems(sent(content="hi", allowed_mentions={"parse": ["everyone"]}))
    assert mention_problems(sent(content="<@&1>", allowed_mentions={"parse": [], "roles": [1]}))
    assert mention_problems(sent(content="<@9>", allowed_mentions={"parse": [], "users": [9]}),
                            {1})  # fmt: skip
    assert mention_problems(sent(content="hi", allowed_mentions={"parse": [], "users": [1]}))
    assert not mention_problems(sent(content="<@1>", allowed_mentions={"parse": [], "users": [1]}))
    assert not mention_problems(sent(components=[]))  # no text: nothing to notify


def test_the_limit_check_catches_each_kind_of_overflow() -> None:
    def sent(**message: Any) -> Sent:
        return Sent("channel", "POST", "/channels/1/messages", message)

    field = {"name": "n", "value": "v"}
    assert limit_problems(sent(content="x" * 2001))
    assert limit_problems(sent(embeds=[{"title": "x" * 257}]))
    assert limit_problems(sent(embeds=[{"description": "x" * 4097}]))
    assert limit_problems(sent(embeds=[{"fields": [field] * 26}]))
    assert limit_problems(sent(embeds=[{"fields": [{"name": "n", "value": "x" * 1025}]}]))
    assert limit_problems(sent(embeds=[{"fields": [{"name": "n", "value": ""}]}]))
    assert limit_problems(sent(embeds=[{"footer": {"text": "x" * 2049}}]))
    assert limit_problems(sent(embeds=[{"description": "x" * 4000}, {"description": "x" * 2001}]))
    assert limit_problems(sent(components=[{"type": 1, "components": [
        {"type": 2, "label": "x" * 81, "custom_id": "a"}]}]))  # fmt: skip
    assert not limit_problems(sent(content="x" * 2000, embeds=[{"title": "x" * 256}]))


RAW_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("roll", {"dice": LONG}),
    ("roll", {"dice": "2D6", "target": LONG}),
    ("roll", {"dice": "2D6", "label": LONG}),
    ("game start", {"opponent": BOB, "mission": LONG}),
    ("cp add", {"amount": 1, "reason": LONG}),
    ("unit add", {"name": LONG, "models": 1, "wounds": 1, "toughness": 4, "save": "3+"}),
    ("unit show", {"unit": LONG}),
    ("attack", {"attacker": LONG, "target": LONG}),
    ("psychic", {"wc": 5, "power": LONG}),
    ("campaign create", {"name": LONG, "edition": "10th"}),
    ("campaign status", {"campaign": LONG}),
    ("campaign note", {"campaign": LONG, "battle": 1, "text": LONG}),
    ("help", {"topic": LONG}),
]


@pytest.mark.parametrize(("command", "values"), RAW_OPTIONS, ids=[c for c, _ in RAW_OPTIONS])
async def test_2001_character_options_get_replies_within_discord_limits(
    harness: Harness, command: str, values: dict[str, Any]
) -> None:
    await harness.slash("game start", opponent=BOB, first="me")
    replies = await harness.slash(command, raw=True, **values)
    assert replies
    check_all(replies)


async def test_an_import_file_with_a_2001_character_key_is_refused_in_one_short_sentence(
    harness: Harness,
) -> None:
    data = {"vox_campaign": 1, "name": "X", "edition": "10th", "players": [], "k" * 2001: 1}
    upload = Upload("c.json", json.dumps(data).encode())
    [reply] = await harness.slash("campaign import", file=upload)
    assert reply.ephemeral and "Extra inputs are not permitted" in reply.content
    assert len(reply.content) < 200


def widest_campaign(export: dict[str, Any]) -> dict[str, Any]:
    """`export` (two players, a card each) with every name, note and list at its longest."""
    name = ("Widest " + "W" * 60)[:60]
    players = export["players"]
    for p in players:
        p["label"] = "L" * 40
        p["supply_limit"] = 100_000
    cards = []
    for i in range(100):
        card = json.loads(json.dumps(export["cards"][i % 2]))
        card_name = f"{i:03} " + "C" * (36 if i < 50 else 56)  # 40 (a command's bound) or 60
        card.update(name=card_name, notes="N" * 200, xp=i % 31, battles=1, kills=i)
        card["profile"]["name"] = card_name
        card["profile"]["weapons"] = [  # the two that fight carry the most weapons
            {"name": f"{w:02} " + "G" * 57, "range": '24"', "attacks": "1", "abilities": "assault"}
            for w in range(20 if i < 2 else 0)
        ]
        card["profile"]["keywords"] = [f"KEYWORD{k:02}" + "K" * 21 for k in range(20)]
        cards.append(card)
    ids = [p["id"] for p in players]
    battles = [
        {"battle": b, "players": ids, "winner": ids[b % 2], "vp": {str(i): 100 for i in ids},
         "mission": "M" * 100, "note": ("note " * 100)[:500],
         "fielded": {str(ids[0]): [c["name"] for c in cards[0::2]],
                     str(ids[1]): [c["name"] for c in cards[1::2]]},
         "destroyed": [c["name"] for c in cards[:20]],
         "kills": {c["name"]: 3 for c in cards[:50]}}
        for b in range(1, 41)
    ]  # fmt: skip
    return {**export, "name": name, "players": players, "cards": cards, "battles": battles}


async def test_the_longest_legal_names_and_notes_fit_every_campaign_embed(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=Dice(random.Random(6))) as h:
        await two_rosters(h)
        [exported] = await h.slash("campaign export", campaign="Vigilus")
        wide = widest_campaign(json.loads(exported.files[0][1]))
        [imported] = await h.slash(
            "campaign import", file=Upload("w.json", json.dumps(wide).encode())
        )
        assert not imported.ephemeral, imported.content
        name = wide["name"]
        replies = await h.slash("campaign status", campaign=name)
        replies += await h.slash("campaign roster", campaign=name)
        replies += await h.slash("campaign roster", campaign=name, player=BOB)
        replies += await h.slash("campaign standings", campaign=name)
        replies += await h.slash("campaign history", campaign=name, count=25)
        replies += await h.slash("campaign card", campaign=name, unit=wide["cards"][49]["name"])
        await h.slash("game start", opponent=BOB, first="me", campaign=name)
        for card in wide["cards"][:30]:
            owner = ALICE if card["owner"] == ALICE.id else BOB
            await h.slash("campaign field", unit=card["name"], user=owner)
        replies += await h.slash("game status")
        attacker, target = wide["cards"][0]["name"], wide["cards"][1]["name"]
        await to_phase(h, "shooting")
        replies += await h.slash("attack", attacker=attacker, target=target)
        replies += await h.slash("odds", attacker=attacker, target=target)
        replies += await h.slash("unit list")
        replies += await h.slash("game log", count=50)
    check_all(replies)
    assert len(replies) == 11
