"""The live prompt's embed: short, stable, within Discord's limits, and worded by the edition."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.game import add_weapon, damage, move_unit, phase_prompt, score_vp, weapon
from bot.game.events import EngagementChanged
from bot.game.units import NAME_LENGTH
from bot.ui.game.prompt import capped, prompt_embed
from tests.game.conftest import ALICE, BOB, Table

FIELD_LIMIT = 1024  # Discord's limit on a field
BUDGET = 4000  # of Discord's 6000 per message: room left for a round summary and test results


@pytest.fixture
def table() -> Table:
    return Table()


def fields(embed: discord.Embed) -> dict[str, str]:
    return {f.name or "": f.value or "" for f in embed.fields}


def embed_of(table: Table) -> discord.Embed:
    return prompt_embed(phase_prompt(table.state))


def test_a_shooting_prompt_reads_as_a_player_needs_it(table: Table) -> None:
    table.start("10th")
    table.unit(ALICE, "Intercessors", models=5)
    rifle = weapon(name="Bolt rifle", range='24"', abilities="assault")
    table.do(add_weapon, "Intercessors", rifle)
    table.unit(ALICE, "Devastators", models=5)
    table.unit(ALICE, "Terminators", models=5)
    table.do(add_weapon, "Terminators", weapon(name="Power fist"))
    table.unit(BOB, "Boyz", models=20)
    table.goto("movement")
    table.do(move_unit, "Intercessors", "advance", roll=4)
    table.do(score_vp, ALICE, 5)
    table.goto("shooting")
    embed = embed_of(table)
    assert embed.title == "Battle round 1/5 — Shooting phase"
    assert embed.description == f"<@{ALICE}>'s turn · 10th edition"
    shown = fields(embed)
    assert list(shown) == ["Checklist", "Eligible to shoot", "Cannot shoot", "This turn", "Points"]
    assert shown["Eligible to shoot"] == (
        "**Devastators**\n**Intercessors** — Advanced: Assault weapons only · can fire Bolt rifle"
    )
    assert shown["Cannot shoot"] == "**Terminators** — no ranged weapons"
    assert shown["This turn"] == f'Advanced: Intercessors +4"\nVP: <@{ALICE}> +5'


def test_after_the_first_turn_the_checklist_folds_into_the_footer(table: Table) -> None:
    table.start("9th")
    assert "Checklist" in fields(embed_of(table))
    table.goto("command", BOB)
    embed = embed_of(table)
    assert "Checklist" not in fields(embed)
    assert embed.footer.text is not None
    assert embed.footer.text.startswith("Checklist as in battle round 1 · ")


def test_empty_lists_are_left_out(table: Table) -> None:
    table.start("9th")
    assert list(fields(embed_of(table))) == ["Checklist", "Points"]


def test_7th_says_game_turn_and_shows_no_cp(table: Table) -> None:
    # seed 001: "In a complete game turn, each player gets a player turn"
    table.start("7th")
    table.goto("psychic", BOB)
    table.goto("psychic", ALICE)
    embed = embed_of(table)
    assert embed.title == "Game turn 2/5 — Psychic phase"
    assert "CP" not in fields(embed)["Points"]


def test_a_phase_with_nothing_to_do_says_so_in_the_description(table: Table) -> None:
    table.start("9th")
    table.unit(ALICE, "Tacticals", models=10)
    table.goto("psychic")
    assert embed_of(table).description == (
        f"<@{ALICE}>'s turn · 9th edition\nNothing to do: no PSYKER units — press Next phase."
    )


def test_the_fight_order_names_both_players_units_and_their_foes(table: Table) -> None:
    table.start("9th")
    table.unit(ALICE, "Terminators")
    table.unit(BOB, "Nobz")
    table.append([EngagementChanged(unit="Terminators", enemies=("Nobz",))])
    table.goto("fight")
    assert fields(embed_of(table))["Fight order"] == (
        f"**Nobz** (<@{BOB}>) — vs Terminators\n**Terminators** (<@{ALICE}>) — vs Nobz"
    )


def crowded(table: Table, edition: str, phase: str) -> discord.Embed:
    """60 units with the longest names, every one in combat and hurt: every list at its fullest."""
    table.start(edition)
    for i in range(30):
        for owner, side in ((ALICE, "A"), (BOB, "B")):
            name = f"{side}{i:02d}".ljust(NAME_LENGTH, "x")
            table.unit(owner, name, models=10)
            table.do(add_weapon, name, weapon(name="P".ljust(NAME_LENGTH, "p"), range='12"',
                                              abilities="pistol"))  # fmt: skip
    names = list(table.state.units)
    for a, b in zip(names[::2], names[1::2], strict=True):
        table.append([EngagementChanged(unit=a, enemies=(b,))])
    table.goto("movement")
    for name in names[::2][:10]:
        table.do(move_unit, name, "fall_back")
    for name in names:
        table.do(damage, name, [1])
    table.goto(phase)
    return embed_of(table)


def check_limits(embed: discord.Embed) -> None:
    assert len(embed) <= BUDGET
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert len(field.value or "") <= FIELD_LIMIT


def test_a_crowded_table_stays_within_discords_limits() -> None:
    for edition, phase in (("9th", "shooting"), ("9th", "fight"), ("9th", "morale"),
                           ("10th", "charge"), ("10th", "movement")):  # fmt: skip
        embed = crowded(Table(), edition, phase)
        check_limits(embed)
        assert any("…and " in (f.value or "") for f in embed.fields), (edition, phase)


def test_capped_names_how_many_it_left_out() -> None:
    parts: list[Any] = [f"unit {i}" for i in range(100)]
    text = capped(parts, limit=100)
    assert len(text) <= 100
    shown = text.count("\n")
    assert text.endswith(f"…and {100 - shown} more")
    assert capped(["a", "b"], limit=100) == "a\nb"
