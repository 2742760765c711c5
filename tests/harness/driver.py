"""Drive the real VoxBot in-process: slash commands, button clicks and autocomplete.

Raw INTERACTION_CREATE dicts go through the bot's own `ConnectionState` parser, so the real
CommandTree, transformers, checks, error handler and view store run. Only discord.py's two HTTP
exits are replaced (see recorder.py). Like Discord's client, `slash` rejects values outside an
option's range or choices before sending, unless `raw=True` (what a raw API caller could send).
Everything the bot sends in answer is checked (limits.py): within Discord's size limits, and with
`allowed_mentions` that notify nobody but users the message itself names — so every test fails
loudly on a reply Discord would refuse or one that could ping @everyone, a role or a typed user.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.webhook.async_ import async_context

from bot.client import VoxBot
from bot.drain import in_flight
from bot.rules.dice import Dice
from bot.settings import Settings
from bot.store.connect import open_database
from bot.store.sqlite import SqliteDatabase
from tests.harness import payloads
from tests.harness.limits import limit_problems, mention_problems
from tests.harness.payloads import ALICE, CHANNEL_ID, Person
from tests.harness.recorder import Recorder, Sent

OPTION_TYPES = {
    discord.AppCommandOptionType.string: str,
    discord.AppCommandOptionType.integer: int,
    discord.AppCommandOptionType.number: float,
    discord.AppCommandOptionType.boolean: bool,
}


@dataclass(frozen=True)
class Upload:
    """A file attached to an attachment option; the bot's download of it returns `data`."""

    filename: str
    data: bytes


class Rejected(Exception):
    """Discord's own client would refuse to send this (range, choices, required option)."""


class Harness:
    def __init__(self, bot: VoxBot, recorder: Recorder, db_path: Path) -> None:
        self.bot = bot
        self.recorder = recorder
        self.db_path = db_path

    @property
    def sqlite(self) -> SqliteDatabase:
        """The bot's database, as the SQLite file it is in these tests (its connection, pragmas)."""
        assert isinstance(self.bot.db, SqliteDatabase)
        return self.bot.db

    @classmethod
    @asynccontextmanager
    async def running(
        cls, tmp_path: Path, *, dice: Dice | None = None, database: str | None = None,
        **settings: Any,
    ) -> AsyncIterator[Harness]:  # fmt: skip
        """A bot on a fresh (or existing) SQLite database in `tmp_path`, closed afterwards; or,
        with `database` (a DATABASE_URL such as a throwaway PostgreSQL's), on that database, its
        migrations applied first as `python -m bot migrate` would."""
        db_path = tmp_path / "vox.sqlite3"
        if database is not None:
            settings["database_url"] = database
        config = Settings(_env_file=None, discord_token="test", database_path=db_path, **settings)
        db = await open_database(
            config.database, pool_size=config.database_pool_size, migrate=database is not None
        )
        recorder = Recorder()
        bot = VoxBot(
            config,
            db,
            dice=dice,
            sync_on_start=False,
            compute_processes=0,
        )
        try:
            bot.http.request = recorder.rest  # type: ignore[method-assign]
            bot.http.get_from_cdn = recorder.cdn  # type: ignore[method-assign]
            state = bot._connection
            state.application_id = payloads.APP_ID
            state.user = discord.ClientUser(state=state, data=payloads.bot_user())  # type: ignore[arg-type]
            await bot._async_setup_hook()
            await bot.setup_hook()
            state._add_guild(discord.Guild(data=payloads.guild(), state=state))  # type: ignore[arg-type]
            yield cls(bot, recorder, db_path)
        finally:
            await bot.close()
            await db.close()

    @property
    def sent(self) -> list[Sent]:
        return self.recorder.sent

    async def _dispatch(self, payload: dict[str, Any]) -> list[Sent]:
        before = len(self.recorder.sent)
        token = async_context.set(self.recorder)
        try:
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        finally:
            async_context.reset(token)
        await self.settle()
        sent = self.recorder.sent[before:]
        for one in sent:  # every message, in every test: Discord would take it, it pings nobody
            problems = limit_problems(one) + mention_problems(one)
            assert not problems, f"{one.kind} {one.path}: {'; '.join(problems)}\n{one.text}"
        return sent

    async def settle(self, limit: float = 10.0) -> None:
        """Wait (bounded) for the tasks discord.py spawned to handle interactions (the ones the
        bot itself waits for when it shuts down)."""
        async with asyncio.timeout(limit):
            while True:
                pending = in_flight()
                if not pending:
                    return
                await asyncio.gather(*pending, return_exceptions=True)

    def _command(self, name: str) -> app_commands.Command[Any, ..., Any]:
        cmd = self.bot.tree.get_command(name.split()[0])
        for part in name.split()[1:]:
            if not isinstance(cmd, app_commands.Group):
                raise KeyError(name)
            cmd = cmd.get_command(part)
        if not isinstance(cmd, app_commands.Command):
            raise KeyError(f"no slash command /{name}")
        return cmd

    def _options(self, cmd: app_commands.Command[Any, ..., Any], values: dict[str, Any], raw: bool
                 ) -> tuple[list[dict[str, Any]], dict[str, Any]]:  # fmt: skip
        params = {p.display_name: p for p in cmd.parameters}
        unknown = set(values) - set(params)
        if unknown:
            raise Rejected(f"/{cmd.qualified_name} has no option {sorted(unknown)}")
        options: list[dict[str, Any]] = []
        resolved: dict[str, Any] = {}
        for name, param in params.items():
            if name not in values:
                if param.required and not raw:
                    raise Rejected(f"/{cmd.qualified_name} needs {name}")
                continue
            value = values[name]
            if not raw:
                _check(param, value)
            if isinstance(value, Upload):
                aid = str(payloads.snowflake())
                url = f"https://cdn.example/attachments/{aid}/{value.filename}"
                self.recorder.uploads[url] = value.data
                resolved.setdefault("attachments", {})[aid] = {
                    "id": aid, "filename": value.filename, "size": len(value.data),
                    "url": url, "proxy_url": url,
                }  # fmt: skip
                value = aid
            elif isinstance(value, Person):
                resolved.setdefault("users", {})[str(value.id)] = value.user()
                member = {k: v for k, v in value.member().items() if k != "user"}
                resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            options.append({"name": name, "type": param.type.value, "value": value})
        return options, resolved

    async def slash(
        self,
        name: str,
        /,
        *,
        user: Person = ALICE,
        channel_id: int = CHANNEL_ID,
        raw: bool = False,
        dm: bool = False,
        **values: Any,
    ) -> list[Sent]:
        """Run `/name` (subcommands as "game start") with option values; returns what was sent.
        `dm=True` sends it from a direct message with the bot instead of the guild's channel."""
        cmd = self._command(name)
        options, resolved = self._options(cmd, values, raw)
        for part in reversed(name.split()[1:]):
            options = [{"name": part, "type": 1, "options": options}]
        data: dict[str, Any] = {"id": str(payloads.snowflake()), "name": name.split()[0], "type": 1,
                                "options": options}  # fmt: skip
        if resolved:
            data["resolved"] = resolved
        return await self._dispatch(
            payloads.interaction(2, data, user, channel_id=channel_id, dm=dm)
        )

    async def autocomplete(
        self, name: str, focused: str, /, *, user: Person = ALICE, channel_id: int = CHANNEL_ID,
        **values: Any,
    ) -> list[dict[str, Any]]:  # fmt: skip
        """The choices offered while typing option `focused` (its current text in `values`)."""
        cmd = self._command(name)
        options, _ = self._options(cmd, values, raw=True)
        for opt in options:
            if opt["name"] == focused:
                opt["focused"] = True
        for part in reversed(name.split()[1:]):
            options = [{"name": part, "type": 1, "options": options}]
        data = {"id": str(payloads.snowflake()), "name": name.split()[0], "type": 1,
                "options": options}  # fmt: skip
        sent = await self._dispatch(payloads.interaction(4, data, user, channel_id=channel_id))
        assert sent, "no autocomplete answer"
        assert sent[-1].callback_type == 8, f"no autocomplete answer: {sent}"
        return list(sent[-1].body["data"]["choices"])

    async def click(
        self,
        custom_id: str,
        *,
        on: Sent,
        user: Person = ALICE,
        channel_id: int = CHANNEL_ID,
        values: list[str] | None = None,
    ) -> list[Sent]:
        """Press the button `custom_id` on the message `on` was sent as (or last edited to);
        with `values`, choose those options of the select menu `custom_id` instead."""
        assert on.message_id is not None, "that reply has no message to click on"
        msg = self.recorder.messages[on.message_id]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload = payloads.interaction(3, data, user, channel_id=channel_id, msg=msg)
        self.recorder.clicked[payload["token"]] = on.message_id
        return await self._dispatch(payload)

    async def submit(
        self, form: Sent, values: dict[str, str], *, user: Person = ALICE,
        channel_id: int = CHANNEL_ID,
    ) -> list[Sent]:  # fmt: skip
        """Submit the modal `form` (a callback of type 9) with its text inputs set to `values`."""
        assert form.callback_type == 9, f"not a modal: {form}"
        data = form.body["data"]
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": c["custom_id"],
                                        "value": values.get(c["custom_id"], "")}]}
            for row in data["components"] for c in row["components"]
        ]  # fmt: skip
        submitted = {"custom_id": data["custom_id"], "components": rows}
        return await self._dispatch(payloads.interaction(5, submitted, user, channel_id=channel_id))


def _check(param: app_commands.Parameter, value: Any) -> None:
    """What Discord's client enforces: types, choices, min/max value and length."""
    if param.choices and value not in [c.value for c in param.choices]:
        raise Rejected(f"{param.display_name}: {value!r} is not one of the choices")
    expected = OPTION_TYPES.get(param.type)
    if expected is not None and not isinstance(value, expected):
        raise Rejected(f"{param.display_name}: {value!r} is not a {param.type.name}")
    size = len(value) if isinstance(value, str) else value
    if isinstance(size, int | float) and not isinstance(size, bool):
        if param.min_value is not None and size < param.min_value:
            raise Rejected(f"{param.display_name}: {value!r} is below {param.min_value}")
        if param.max_value is not None and size > param.max_value:
            raise Rejected(f"{param.display_name}: {value!r} is above {param.max_value}")
