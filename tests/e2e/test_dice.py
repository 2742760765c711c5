"""Slash commands and the re-roll button over the wire, answered by the real bot process."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    MESSAGE,
    UPDATE_MESSAGE,
    Callback,
    FakeDiscord,
    Rejected,
    iter_embed_fields,
)

REROLL_ID = re.compile(r"vox:reroll:\d{1,18}:\d{1,20}")
AGAIN_ID = re.compile(r"vox:again:\d{1,20}")


def assert_one_sentence(text: str) -> None:
    assert text, "empty"
    assert "\n" not in text.strip(), text
    assert text.strip().endswith((".", "!", "?")), text
    assert not re.search(r"[.!?]\s+[A-Z]", text), f"more than one sentence: {text}"
    assert "Traceback" not in text, text


def field(callback: Callback, name: str) -> str:
    embed = callback.embeds[0]
    return dict(iter_embed_fields(embed))[name]


@pytest.fixture
async def online(fake: FakeDiscord, bots: BotRunner) -> FakeDiscord:
    await bots.start()
    await fake.wait_for_session()
    return fake


async def test_roll_an_expression_answers_with_its_total(online: FakeDiscord) -> None:
    interaction = await online.dispatch_command("roll", {"dice": "2D6+1"})
    reply = await online.wait_for_callback(interaction)

    assert reply.type == MESSAGE
    assert not reply.ephemeral
    total = int(field(reply, "Total").strip("*"))
    assert 3 <= total <= 13
    (again,) = reply.custom_ids()  # no target: no Re-roll failed, only Roll again
    assert AGAIN_ID.fullmatch(again)


async def test_roll_again_posts_a_new_roll_credited_to_whoever_pressed(
    online: FakeDiscord,
) -> None:
    interaction = await online.dispatch_command("roll", {"dice": "6x 2D6", "label": "Advance"})
    reply = await online.wait_for_callback(interaction)
    assert reply.message is not None
    (again,) = reply.custom_ids()
    pressed = await online.wait_for_callback(await online.click(reply.message, again, BOB))
    assert pressed.type == MESSAGE and not pressed.ephemeral
    embed = pressed.embeds[0]
    assert embed["title"] == "🎲 Advance — 6x 2D6"
    assert embed["footer"]["text"] == "Rolled again by Bob"


async def test_secret_roll_is_ephemeral(online: FakeDiscord) -> None:
    interaction = await online.dispatch_command("roll", {"dice": "D6", "secret": True})
    reply = await online.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert reply.ephemeral


async def test_reroll_button_rerolls_for_the_roller_only(online: FakeDiscord) -> None:
    # 7+ can never succeed on a D6: every die fails, so the reply carries the button.
    interaction = await online.dispatch_command("roll", {"dice": "10D6", "target": "7+"})
    reply = await online.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert field(reply, "Successes") == "**0** of 10"
    button, again = reply.custom_ids()
    assert REROLL_ID.fullmatch(button) and AGAIN_ID.fullmatch(again)
    assert reply.message is not None

    stranger = await online.click(reply.message, button, BOB)
    refused = await online.wait_for_callback(stranger)
    assert refused.type == MESSAGE
    assert refused.ephemeral
    assert_one_sentence(refused.content)
    assert "Only the player who rolled" in refused.content

    click = await online.click(reply.message, button, ALICE)
    rerolled = await online.wait_for_callback(click)
    assert rerolled.type == UPDATE_MESSAGE
    assert field(rerolled, "Re-rolled").startswith("10 ")
    assert field(rerolled, "Successes") == "**0** of 10"
    # The same message now shows the button disabled: Discord's client cannot press it again.
    assert rerolled.message is not None
    assert rerolled.message["id"] == reply.message["id"]
    with pytest.raises(Rejected, match="disabled"):
        await online.click(reply.message, button, ALICE)


async def test_bad_dice_get_a_one_sentence_ephemeral_reply(online: FakeDiscord) -> None:
    interaction = await online.dispatch_command("roll", {"dice": "banana"})
    reply = await online.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert reply.ephemeral
    assert_one_sentence(reply.content)
    assert "banana" in reply.content


async def test_rolloff_against_a_member(online: FakeDiscord) -> None:
    interaction = await online.dispatch_command("rolloff", {"opponent": BOB})
    reply = await online.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert field(reply, "Winner").strip("*") in {"Alice", "Bob"}

    alone = await online.dispatch_command("rolloff", {"opponent": ALICE})
    refused = await online.wait_for_callback(alone)
    assert refused.ephemeral
    assert_one_sentence(refused.content)


async def test_the_fake_refuses_what_discords_client_would(online: FakeDiscord) -> None:
    with pytest.raises(Rejected, match="choices"):
        await online.dispatch_command("roll", {"dice": "D6", "reroll": "twice"})
    with pytest.raises(Rejected, match="needs option 'dice'"):
        await online.dispatch_command("roll", {})
    with pytest.raises(Rejected, match="longer than"):
        await online.dispatch_command("roll", {"dice": "D6", "label": "x" * 101})
