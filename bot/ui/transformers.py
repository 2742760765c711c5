"""Slash-option transformers: text typed in Discord → rules values (errors are RulesErrors)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.errors import VoxError
from bot.rules.names import clean_name
from bot.rules.notation import MAX_EXPRESSION_LENGTH
from bot.rules.pools import Reroll, Target, parse_target
from bot.rules.roll_spec import RollSpec, parse_spec

if TYPE_CHECKING:
    from bot.client import VoxBot


class RollSpecTransformer(app_commands.Transformer["VoxBot"]):
    """A whole roll in one string: `10D6 3+`, `3D6 dl1`, `6x 2D6`… (`bot.rules.roll_spec`)."""

    @property
    def max_value(self) -> int:
        return MAX_EXPRESSION_LENGTH

    async def transform(self, interaction: discord.Interaction[VoxBot], value: str) -> RollSpec:
        return parse_spec(value)


class TargetTransformer(app_commands.Transformer["VoxBot"]):
    """`3+` or `9-`."""

    @property
    def max_value(self) -> int:
        return 6

    async def transform(self, interaction: discord.Interaction[VoxBot], value: str) -> Target:
        return parse_target(value)


RollOption = app_commands.Transform[RollSpec, RollSpecTransformer]
TargetOption = app_commands.Transform[Target, TargetTransformer]


class BoundedText(app_commands.Transformer["VoxBot"]):
    """Free text with a length bound that Discord's client shows and Vox checks again."""

    def __init__(self, name: str, max_length: int) -> None:
        self.name = name
        self.max_length = max_length

    @property
    def min_value(self) -> int:
        return 1

    @property
    def max_value(self) -> int:
        return self.max_length

    async def transform(self, interaction: discord.Interaction[VoxBot], value: str) -> str:
        text = value.strip()
        if not text or len(text) > self.max_length:
            raise VoxError(f"Keep {self.name} between 1 and {self.max_length} characters.")
        return text


class NameText(BoundedText):
    """A name someone chooses, stored as `clean_name` makes it (no invisible characters)."""

    async def transform(self, interaction: discord.Interaction[VoxBot], value: str) -> str:
        return clean_name(value, self.name[0].upper() + self.name[1:], self.max_length)


LabelOption = app_commands.Transform[str, BoundedText("the label", 100)]


class Choice(app_commands.Transformer["VoxBot"]):
    """A fixed set of values shown as choices, checked again on arrival."""

    def __init__(self, name: str, values: tuple[str, ...]) -> None:
        self.name = name
        self.values = values

    @property
    def choices(self) -> list[app_commands.Choice[int | float | str]]:
        return [app_commands.Choice[int | float | str](name=v, value=v) for v in self.values]

    async def transform(self, interaction: discord.Interaction[VoxBot], value: str) -> str:
        if value not in self.values:
            raise VoxError(f"Pick {self.name} from: {', '.join(self.values)}.")
        return value


RerollOption = app_commands.Transform[str, Choice("a re-roll", tuple(r.value for r in Reroll))]


def last_item(current: str) -> tuple[str, str]:
    """A comma-separated option being typed (`abilities`, `units`, `weapon`): the items before
    the last, as the prefix a completion keeps (`lethal hits, `), and the last item typed."""
    before, _, last = current.rpartition(",")
    return (f"{before.strip()}, " if before.strip() else ""), last.strip()
