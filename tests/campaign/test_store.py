"""Campaigns per server and their logs: unique names, optimistic appends, linked games."""

from __future__ import annotations

import asyncio

import pytest

from bot.campaign import create_campaign, fold, join
from bot.campaign.events import PlayerJoined, RequisitionChanged
from bot.game import start_game
from bot.store import campaigns, games, postgres, sqlite
from bot.store.connect import open_database
from bot.store.database import Database, Dialect, Migration, migrations
from bot.store.errors import Conflict, Duplicate, Missing
from tests.campaign.log import ALICE, BOB

AT = "2024-06-01T18:00:00.000Z"


async def new_campaign(
    store: Database, name: str = "Vigilus", guild: int = 1
) -> campaigns.CampaignRecord:
    created = create_campaign(name, "9th", guild=guild, creator=ALICE)
    return await campaigns.create_campaign(
        store, guild, created, actor=ALICE, follow=[PlayerJoined(player=ALICE)], at=AT
    )


def spend(amount: int = 1) -> RequisitionChanged:
    return RequisitionChanged(player=ALICE, amount=-amount)


async def test_a_new_campaign_is_found_by_name_in_any_case(store: Database) -> None:
    record = await new_campaign(store)
    assert await campaigns.find_campaign(store, 1, " VIGILUS ") == record
    assert await campaigns.find_campaign(store, 2, "Vigilus") is None
    assert await campaigns.load_campaign(store, record.id) == record
    log = await campaigns.load_events(store, record.id)
    assert [(r.seq, r.actor, r.event.kind) for r in log] == [
        (1, ALICE, "campaign_created"),
        (2, ALICE, "player_joined"),
    ]
    assert fold(log).players[ALICE].rp == 5


async def test_a_campaign_name_is_unique_per_server_in_any_case(store: Database) -> None:
    await new_campaign(store)
    with pytest.raises(Duplicate, match="has a campaign called 'VIGILUS'"):
        await new_campaign(store, "VIGILUS")
    await new_campaign(store, "Vigilus", guild=2)  # another server is fine


async def test_list_campaigns_by_prefix_for_autocomplete(store: Database) -> None:
    for name in ("Vigilus", "Vigil", "Armageddon", "Vraks"):
        await new_campaign(store, name)
    await new_campaign(store, "Victory", guild=2)
    assert [r.name for r in await campaigns.list_campaigns(store, 1, "vi")] == ["Vigil", "Vigilus"]
    assert len(await campaigns.list_campaigns(store, 1)) == 4
    assert len(await campaigns.list_campaigns(store, 1, limit=2)) == 2


async def test_append_numbers_events_after_the_expected_seq(store: Database) -> None:
    record = await new_campaign(store)
    state = fold(await campaigns.load_events(store, record.id))
    recorded = await campaigns.append(
        store, record.id, state.seq, join(state, BOB), actor=BOB, at=AT
    )
    assert [r.seq for r in recorded] == [3]
    assert await campaigns.load_events(store, record.id, after=2) == recorded
    assert BOB in fold(await campaigns.load_events(store, record.id)).players


async def test_an_append_at_a_stale_seq_is_a_conflict(store: Database) -> None:
    record = await new_campaign(store)
    await campaigns.append(store, record.id, 2, [spend()])
    with pytest.raises(Conflict) as caught:
        await campaigns.append(store, record.id, 2, [spend(), spend()])
    assert caught.value.stream == "campaign"
    assert (caught.value.expected, caught.value.actual) == (2, 3)
    with pytest.raises(Conflict):
        await campaigns.append(store, record.id, 7, [spend()])
    with pytest.raises(Missing):
        await campaigns.append(store, 999, 0, [spend()])
    with pytest.raises(ValueError, match="1 to"):
        await campaigns.append(store, record.id, 3, [])
    assert await campaigns.last_seq(store, record.id) == 3


async def test_concurrent_appends_at_the_same_seq_exactly_one_wins(store: Database) -> None:
    record = await new_campaign(store)

    async def attempt() -> bool:
        try:
            await campaigns.append(store, record.id, 2, [spend()])
        except Conflict:
            return False
        return True

    assert (await asyncio.gather(*(attempt() for _ in range(20)))).count(True) == 1


async def test_a_game_links_to_one_campaign(store: Database) -> None:
    record = await new_campaign(store)
    game = await games.create_game(
        store, guild_id=1, channel_id=10, started=start_game("9th", (ALICE, BOB)), actor=ALICE
    )
    assert await campaigns.campaign_for_game(store, game.id) is None
    await campaigns.link_game(store, game.id, record.id)
    assert await campaigns.campaign_for_game(store, game.id) == record
    other = await new_campaign(store, "Vraks")
    with pytest.raises(Duplicate, match="linked already"):
        await campaigns.link_game(store, game.id, other.id)


def up_to_games(dialect: Dialect) -> list[Migration]:
    return [m for m in migrations(dialect) if m.number <= 3]


async def test_the_campaign_migration_applies_to_an_existing_games_database(
    empty_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in (sqlite, postgres):  # a Vox from before campaigns, on either backend
        monkeypatch.setattr(module, "migrations", up_to_games)
    async with await open_database(empty_target, migrate=True) as old:
        assert await old.schema_version() == 3
        started = start_game("9th", (ALICE, BOB))
        game = await games.create_game(old, guild_id=1, channel_id=10, started=started, actor=1)
    monkeypatch.undo()
    async with await open_database(empty_target, migrate=True) as store:
        assert await store.schema_version() == len(migrations()) >= 4
        assert await games.load_game(store, game.id) == game
        record = await new_campaign(store)
        await campaigns.link_game(store, game.id, record.id)
        assert await campaigns.campaign_for_game(store, game.id) == record
        with pytest.raises(Duplicate):  # the new table's foreign key holds: no such game
            await campaigns.link_game(store, game.id + 1, record.id)


async def test_a_campaign_keyed_before_name_key_is_still_found_and_still_taken(
    store: Database,
) -> None:
    # Rows written before bot/rules/names.py hold name.casefold(); "Vıgilus" (dotless ı) kept
    # "vıgilus", which the new key folds to "vigilus".
    legacy = await new_campaign(store, "Vıgilus")
    await store.execute("UPDATE campaigns SET name_key = 'vıgilus' WHERE id = ?", (legacy.id,))
    assert await campaigns.find_campaign(store, 1, "Vigilus") == legacy
    assert await campaigns.find_campaign(store, 1, "VIGILUS") == legacy
    assert await campaigns.find_campaign(store, 1, "Vıgilus") == legacy
    assert [r.id for r in await campaigns.list_campaigns(store, 1, "vig")] == [legacy.id]
    with pytest.raises(Duplicate, match="has a campaign called"):
        await new_campaign(store, "Vigilus")
    assert [r.name for r in await campaigns.list_campaigns(store, 1)] == ["Vıgilus"]
