"""/campaign names and cards through the command harness: names that hide characters or only look
like another are refused, and nothing a game could not read is stored."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.store import campaigns as store
from tests.harness import BOB, GUILD_ID, Harness, Upload

STERNGUARD: dict[str, Any] = {
    "campaign": "Vigilus", "name": "Sternguard", "points": 10, "models": 5, "wounds": 2,
    "toughness": 4, "save": "3+",
}  # fmt: skip


async def names(h: Harness) -> list[str]:
    return [r.name for r in await store.list_campaigns(h.bot.db, GUILD_ID)]


async def roster(h: Harness) -> list[str]:
    book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    return [c.name for c in book.state.cards.values()]


@pytest.mark.parametrize(
    "name", ["Vi\u200bgilus", "Vigilus\n", "Vi\x00gilus", "\u202eVigilus", "\u3164", "Vi\tgilus"]
)
async def test_a_campaign_name_with_hidden_characters_is_refused_and_nothing_created(
    harness: Harness, name: str
) -> None:
    [refused] = await harness.slash("campaign create", name=name)
    assert refused.ephemeral
    assert refused.content.startswith("The campaign name cannot contain ")
    assert refused.content.endswith(".") and refused.content.isprintable()
    assert await names(harness) == []


@pytest.mark.parametrize(
    "lookalike", ["Ｖｉｇｉｌｕｓ", "Vıgilus", "VİGİLUS", "Vіgіlus", "vigilus"]
)
async def test_a_campaign_name_that_only_looks_different_is_a_duplicate(
    harness: Harness, lookalike: str
) -> None:
    await harness.slash("campaign create", name="Vigilus")
    [refused] = await harness.slash("campaign create", name=lookalike)
    assert refused.ephemeral and "already exists in this server" in refused.content
    assert await names(harness) == ["Vigilus"]
    [found] = await harness.slash("campaign status", campaign=lookalike)
    assert not found.ephemeral and "Vigilus" in found.text


async def test_a_full_width_campaign_name_is_stored_in_plain_letters(harness: Harness) -> None:
    [created] = await harness.slash("campaign create", name="Ｖｉｇｉｌｕｓ  Ｐｒｉｍｅ")
    assert "**Vigilus Prime** begins" in created.content
    assert await names(harness) == ["Vigilus Prime"]
    choices = await harness.autocomplete("campaign status", "campaign", campaign="vigilus p")
    assert [c["value"] for c in choices] == ["Vigilus Prime"]


async def test_a_player_label_or_card_name_with_hidden_characters_is_refused(
    harness: Harness,
) -> None:
    await harness.slash("campaign create", name="Vigilus")
    [label] = await harness.slash("campaign join", campaign="Vigilus", label="Orks\n", user=BOB)
    assert label.ephemeral and label.content.startswith("The label cannot contain a line break")
    [card] = await harness.slash("campaign unit add", **{**STERNGUARD, "name": "Stern\u200bguard"})
    assert card.ephemeral and "cannot contain" in card.content
    await harness.slash("campaign unit add", **STERNGUARD)
    [twin] = await harness.slash(
        "campaign unit add", **{**STERNGUARD, "name": "ＳＴＥＲＮＧＵＡＲＤ"}
    )
    assert twin.ephemeral and "already exists" in twin.content
    [renamed] = await harness.slash(
        "campaign unit edit", campaign="Vigilus", unit="sternguard", name="Stern\x00guard"
    )
    assert renamed.ephemeral and "cannot contain" in renamed.content
    assert await roster(harness) == ["Sternguard"]


@pytest.mark.parametrize(
    ("option", "low", "high"),
    [("models", 1, 100), ("wounds", 1, 50), ("toughness", 1, 20), ("leadership", 1, 12),
     ("oc", 0, 20), ("move", 0, 60)],
)  # fmt: skip
async def test_card_numbers_are_accepted_at_their_bounds_and_refused_beyond(
    harness: Harness, option: str, low: int, high: int
) -> None:
    await harness.slash("campaign create", name="Vigilus", edition="10th")
    for value in (low - 1, high + 1):
        [refused] = await harness.slash(
            "campaign unit add", raw=True, **{**STERNGUARD, option: value}
        )
        assert refused.ephemeral
    assert await roster(harness) == []
    for n, value in enumerate((low, high)):
        [ok] = await harness.slash(
            "campaign unit add", **{**STERNGUARD, "name": f"U{n}", "points": 0, option: value}
        )
        assert not ok.ephemeral, ok.content
    assert await roster(harness) == ["U0", "U1"]


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [("save", "1+", "Save `1+`"), ("invuln", "7+", "Invulnerable"), ("fnp", "1", "Feel no pain"),
     ("keywords", ",".join(f"k{i}" for i in range(21)), "at most 20 keywords")],
)  # fmt: skip
async def test_card_characteristics_a_game_cannot_read_are_refused(
    harness: Harness, option: str, value: str, says: str
) -> None:
    await harness.slash("campaign create", name="Vigilus")
    [refused] = await harness.slash("campaign unit add", **{**STERNGUARD, option: value})
    assert refused.ephemeral and says in refused.content
    assert await roster(harness) == []


async def exported(h: Harness) -> dict[str, Any]:
    await h.slash("campaign create", name="Vigilus", edition="10th")
    await h.slash("campaign unit add", **STERNGUARD)
    [reply] = await h.slash("campaign export", campaign="Vigilus")
    [(_, data)] = reply.files
    doc: dict[str, Any] = json.loads(data)
    return doc


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"name": "Vigilus II\u200b"}, "name: A campaign name cannot contain"),
        ({"cards.0.name": "Stern\nguard"}, "cards.0.name: A unit name cannot contain a line break"),
        ({"cards.0.profile.keywords": [f"K{i}" for i in range(25)]}, "at most 20 keywords"),
        ({"cards.0.profile.weapons": [{"name": "Gun", "strength": "4abc"}]}, "Strength `4abc`"),
        ({"cards.0.honours": ["Hunters\x00"]}, "cards.0.honours: A Battle Honour cannot contain"),
        ({"players.0.label": "\u202eOrks"}, "players.0.label: A player label cannot contain"),
    ],
)
async def test_an_import_with_a_bad_name_or_profile_changes_nothing(
    harness: Harness, change: dict[str, Any], says: str
) -> None:
    doc = await exported(harness)
    [(path, value)] = change.items()
    *parents, leaf = path.split(".")
    node: Any = doc
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    node[leaf] = value
    if parents:
        doc["name"] = "Vigilus II"  # not refused as a duplicate of the exported one
    data = json.dumps(doc).encode()
    [refused] = await harness.slash("campaign import", file=Upload("v.json", data))
    assert refused.ephemeral and says in refused.content, refused.content
    assert "\n" not in refused.content
    assert await names(harness) == ["Vigilus"]


async def test_an_imported_full_width_name_is_a_duplicate_of_the_plain_one(
    harness: Harness,
) -> None:
    doc = await exported(harness)
    data = json.dumps({**doc, "name": "Ｖｉｇｉｌｕｓ"}).encode()
    [refused] = await harness.slash("campaign import", file=Upload("v.json", data))
    assert refused.ephemeral and "already exists" in refused.content
    [ok] = await harness.slash(
        "campaign import", file=Upload("v.json", data), name="Ｖｉｇｉｌｕｓ Ⅱ"
    )
    assert "Imported **Vigilus II**" in ok.content
    assert await names(harness) == ["Vigilus", "Vigilus II"]
