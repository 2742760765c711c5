"""/rolls history (paged by ◀ Newer / Older ▶) and /rolls stats (fairness) through the harness, on
rolls stored in the channel's roll log."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.rules.dice import ScriptedDice
from bot.store.roll_log import RollEntry, add_roll
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Rejected

D6 = tuple[int, int, int, int, int, int]
ONE_EACH: D6 = (1, 1, 1, 1, 1, 1)


async def stored(
    h: Harness, count: int, *, user: int = ALICE.id, d6: D6 = ONE_EACH, at: str | None = None,
    **fields: object,
) -> list[int]:  # fmt: skip
    """`count` rolls by `user` in the harness's channel; their ids, oldest first."""
    values: dict[str, object] = {"user_name": "Alice", "command": "/roll", "what": "10D6 3+"}
    values |= fields
    ids = []
    for n in range(count):
        entry = RollEntry(
            CHANNEL_ID, user, str(values["user_name"]), str(values["command"]),
            str(values["what"]), f"{n} successes of 10",
            label=values.get("label"), d6=d6, dice=sum(d6),  # type: ignore[arg-type]
        )  # fmt: skip
        ids.append(await add_roll(h.bot.db, entry, at=at))
    return ids


def lines(sent: object) -> list[str]:
    return str(getattr(sent, "embed")["description"]).splitlines()  # noqa: B009


# -- /rolls history ---------------------------------------------------------------------------


async def test_history_of_an_empty_channel_is_one_sentence_without_buttons(
    harness: Harness,
) -> None:
    [reply] = await harness.slash("rolls history")
    assert reply.embed["description"] == (
        "No rolls in this channel yet: /roll, /attack, tests and charges made here show up "
        "in /rolls history."
    )
    assert reply.buttons == []


async def test_history_shows_who_what_label_result_and_when_newest_first(
    harness: Harness,
) -> None:
    await stored(harness, 1, label="Bolter hits", at="2025-03-14T20:00:00.000Z")
    await stored(harness, 1, user=BOB.id, user_name="Bob", command="/attack",
                 what="Bolt rifle → Boyz")  # fmt: skip
    [reply] = await harness.slash("rolls history")
    newest, older = lines(reply)
    assert newest.endswith("· **Bob** · /attack Bolt rifle → Boyz — **0 successes of 10**")
    when = int(older.split(":")[1])
    assert older == (
        f"<t:{when}:R> · **Alice** · /roll 10D6 3+ (Bolter hits) — **0 successes of 10**"
    )
    assert when == 1741982400  # 2025-03-14 20:00 UTC


async def test_history_pages_older_and_newer_in_place_for_anyone(harness: Harness) -> None:
    ids = await stored(harness, 25)
    [first] = await harness.slash("rolls history")
    assert len(lines(first)) == 10
    newer, older = first.buttons
    assert (newer["label"], newer.get("disabled")) == ("◀ Newer", True)
    assert (older["label"], older["custom_id"]) == ("Older ▶", f"vox:rolls:older:{ids[15]}")

    [second] = await harness.click(older["custom_id"], on=first, user=BOB)
    assert second.callback_type == 7  # the message itself, edited
    assert lines(second)[0].endswith("**14 successes of 10**")
    [third] = await harness.click(second.button("Older ▶")["custom_id"], on=second, user=BOB)
    assert len(lines(third)) == 5 and third.button("Older ▶").get("disabled") is True
    [back] = await harness.click(third.button("◀ Newer")["custom_id"], on=third)
    assert lines(back) == lines(second)


async def test_history_buttons_keep_working_after_a_restart(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await stored(h, 15)
        [reply] = await h.slash("rolls history")
        custom_id = reply.button("Older ▶")["custom_id"]
        messages = h.recorder.messages
    async with Harness.running(tmp_path) as h:
        h.recorder.messages.update(messages)
        [edit] = await h.click(custom_id, on=reply, user=BOB)
    assert len(lines(edit)) == 5 and not edit.ephemeral


async def test_history_never_shows_a_secret_roll(harness: Harness) -> None:
    await stored(harness, 1)
    secret = RollEntry(CHANNEL_ID, ALICE.id, "Alice", "/roll", "D6", "a hidden 6", secret=True)
    await add_roll(harness.bot.db, secret)
    [reply] = await harness.slash("rolls history")
    assert "hidden" not in reply.text and len(lines(reply)) == 1


async def test_history_escapes_what_members_typed_and_fits_in_one_embed(
    harness: Harness,
) -> None:
    marked = "*_~|`>" * 40  # 240 characters that all need escaping
    await stored(harness, 10, user_name=marked[:200], what=marked[:200], label=marked[:100])
    [reply] = await harness.slash("rolls history")  # the harness checks Discord's limits
    description = reply.embed["description"]
    assert len(description) <= 4096
    for line in description.splitlines():
        name = line.split(" · ")[1]
        assert re.fullmatch(r"\*\*(\\[*_~|`]|>)+…\*\*", name), name  # a > mid-line is text
        assert 36 <= len(name) <= 44, name  # up to 40 characters, escapes and all


async def test_rolls_made_with_roll_show_in_history_and_stats_but_secret_ones_do_not(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 3, 4, 5, 6, 6, 6])) as h:
        await h.slash("roll", dice="4D6 3+", label="Bolter hits")
        await h.slash("roll", dice="2D6", secret=True)
        await h.slash("roll", dice="2D6+1", user=BOB)
        [history] = await h.slash("rolls history")
        [stats] = await h.slash("rolls stats")
    newest, older = lines(history)
    assert newest.endswith("· **Bob** · /roll 2D6+1 — **13**")
    assert older.endswith("· **Alice** · /roll 4D6 3+ (Bolter hits) — **2 successes of 4**")
    assert stats.embed["title"] == "🎲 Are the dice fair? 6 D6 rolled"  # not the secret two


# -- /rolls stats -------------------------------------------------------------------------------


async def test_stats_show_the_hand_computed_chi_square_and_p_value(harness: Harness) -> None:
    """Faces 8, 12, 9, 11, 14, 6 of 60 dice (expected 10 each): χ² = (4+4+1+1+16+16)/10 = 4.2,
    p = Q(4.2) = 0.521 (see tests/rules/test_fairness.py for the arithmetic)."""
    await stored(harness, 1, d6=(8, 12, 9, 11, 14, 6))
    [reply] = await harness.slash("rolls stats")
    text = reply.embed["description"]
    assert "χ² = **4.20** (5 degrees of freedom) · p = **0.52**" in text
    assert "p = 0.52: fair dice give a spread at least this uneven 52% of the time" in text
    assert "5           14   23.3%" in text and "fair      10.0   16.7%" in text
    assert reply.embed["title"] == "🎲 Are the dice fair? 60 D6 rolled"
    [(name, png)] = reply.files
    assert name == "faces.png" and reply.embed["image"]["url"] == "attachment://faces.png"
    assert Image.open(io.BytesIO(png)).format == "PNG"


@pytest.mark.parametrize(
    ("d6", "words"),
    [
        ((18, 12, 10, 8, 4, 8), "p = 0.05: fair dice give a spread at least this uneven only 5%"),
        ((30, 6, 6, 6, 6, 6), "less than 1% of the time — very unusual"),
    ],
)
async def test_stats_say_how_unusual_an_uneven_spread_is(
    harness: Harness, d6: D6, words: str
) -> None:
    """(18, 12, 10, 8, 4, 8): χ² = (64+4+0+4+36+4)/10 = 11.2, p = 0.048;
    (30, 6, 6, 6, 6, 6): χ² = (400 + 5·16)/10 = 48, p < 0.001."""
    await stored(harness, 1, d6=d6)
    [reply] = await harness.slash("rolls stats")
    assert words in reply.embed["description"]


async def test_stats_with_too_few_dice_say_so_instead_of_a_p_value(harness: Harness) -> None:
    await stored(harness, 1, d6=(5, 5, 5, 5, 5, 4))  # 29 dice: under 5 expected per face
    [reply] = await harness.slash("rolls stats")
    assert "Too few dice to judge: the test needs at least 30 D6" in reply.embed["description"]
    assert "χ²" not in reply.text and len(reply.files) == 1


async def test_stats_of_a_channel_without_dice_say_so_in_one_sentence(harness: Harness) -> None:
    [reply] = await harness.slash("rolls stats")
    assert "No D6 has been rolled here yet" in reply.embed["description"]
    assert not reply.ephemeral and reply.files == []


async def test_stats_count_one_players_rolls_since_a_day(harness: Harness) -> None:
    await stored(harness, 1, d6=(6, 0, 0, 0, 0, 0), at="2025-03-01T12:00:00.000Z")
    await stored(harness, 1, user=BOB.id, d6=(0, 5, 0, 0, 0, 0), at="2025-03-01T12:00:00.000Z")
    await stored(harness, 1, user=BOB.id, d6=(0, 0, 4, 0, 0, 0), at="2025-03-02T12:00:00.000Z")
    [reply] = await harness.slash("rolls stats", player=BOB, since="2025-03-02")
    assert reply.embed["title"] == "🎲 Are the dice fair? 4 D6 rolled"
    assert "Bob's public rolls in this channel since 2025-03-02." in reply.embed["description"]


@pytest.mark.parametrize(
    ("since", "sentence"),
    [
        ("2025-02-30", "2025-02-30 is not a date on the calendar"),
        ("2099-01-01", "since can't be in the future"),
        ("2014-12-31", "Vox has no rolls from before 2015: pick 2015-01-01 or later."),
        ("yesterday", "Give since as year-month-day, like 2025-03-14."),
    ],
)
async def test_stats_since_out_of_bounds_is_one_private_sentence(
    harness: Harness, since: str, sentence: str
) -> None:
    await stored(harness, 1)
    [reply] = await harness.slash("rolls stats", since=since)
    assert reply.refused and reply.content.startswith(sentence)


async def test_stats_since_length_is_bounded_by_discord_and_checked_again(
    harness: Harness,
) -> None:
    with pytest.raises(Rejected):
        await harness.slash("rolls stats", since="2025-1-")  # 8 characters at least
    with pytest.raises(Rejected):
        await harness.slash("rolls stats", since="2025-01-011")  # 10 at most
    [reply] = await harness.slash("rolls stats", since="2025-03-14" * 200, raw=True)
    assert reply.refused and reply.content == "Give since as year-month-day, like 2025-03-14."
