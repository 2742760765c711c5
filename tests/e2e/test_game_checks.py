"""Over the wire: a 9th-edition Morale prompt with its per-unit test button after Shooting
casualties, and Perils of the Warp taking wounds off a tracked psyker (seeded dice)."""

from __future__ import annotations

import json

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    UPDATE_MESSAGE,
    Callback,
    FakeDiscord,
    iter_embed_fields,
)
from tests.e2e.game_wire import acted, answer, online, press_next, read_log, start_game, titles


def fields(reply: Callback) -> dict[str, str]:
    return {name: value for embed in reply.embeds for name, value in iter_embed_fields(embed)}


async def test_units_that_lost_models_in_shooting_get_a_morale_button_in_the_morale_phase(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    await online(fake, bots)
    prompt = await start_game(fake, first="me")
    boyz = {"name": "Boyz", "models": 10, "wounds": 1, "toughness": 5, "save": "6+"}
    await acted(fake, await fake.dispatch_command("unit add", boyz, BOB))
    for _ in range(3):  # Movement, Psychic, Shooting
        prompt = await press_next(fake, prompt)
    assert titles(prompt) == ["Battle round 1/5 — Shooting phase"]
    shot = {"unit": "Boyz", "wounds": 3}
    await acted(fake, await fake.dispatch_command("unit damage", shot, ALICE))
    for _ in range(3):  # Charge, Fight, Morale
        prompt = await press_next(fake, prompt)
    assert titles(prompt) == ["Battle round 1/5 — Morale phase"]
    assert "**Boyz**" in fields(prompt)["Morale tests"]
    [button] = [c for c in prompt.custom_ids() if c.startswith("vox:test:m:")]
    assert button.endswith(":Boyz")

    assert prompt.message is not None
    rolled = await acted(fake, await fake.click(prompt.message, button, BOB))
    assert rolled.type == UPDATE_MESSAGE  # the result is shown on the prompt itself
    assert titles(rolled) == ["Battle round 1/5 — Morale phase"]
    assert "Boyz" in fields(rolled)["🎲 Boyz — Morale test"]
    assert not [c for c in rolled.custom_ids() if c.startswith("vox:test:")]  # Boyz tested
    _, log = read_log(bots.database)
    [test] = [json.loads(e.payload) for e in log if e.kind == "test_taken"]
    assert test["unit"] == "Boyz"
    assert test["test"] == "morale"


async def test_perils_of_the_warp_takes_wounds_off_the_tracked_psyker(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    await bots.start(DICE_SEED="2")  # its first dice: 1, 1 (Perils), then a D3 of 1
    await fake.wait_for_session(1)
    await start_game(fake, first="me")
    librarian = {"name": "Librarian", "models": 1, "wounds": 5, "toughness": 4, "save": "3+",
                 "keywords": "psyker, character"}  # fmt: skip
    await acted(fake, await fake.dispatch_command("unit add", librarian, ALICE))
    options = {"wc": 5, "power": "Veil of Time", "psyker": "Librarian"}
    cast = await answer(fake, await fake.dispatch_command("psychic", options, ALICE))
    shown = fields(cast)
    assert "D3 = **1** mortal wounds" in shown["⚠️ Perils of the Warp"]
    assert (
        "Perils: **Librarian** — 1/1 models (5 W each), 4/5 W on the damaged model"
        in (shown["Tracked unit"])
    )
    _, log = read_log(bots.database)
    [hurt] = [json.loads(e.payload) for e in log if e.kind == "damage_applied"]
    assert (hurt["unit"], hurt["wounds_before"], hurt["wounds_after"]) == ("Librarian", 5, 4)
    assert hurt["source"] == "Perils of the Warp"
