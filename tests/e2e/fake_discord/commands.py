"""Pushing interactions as Discord's client would: slash commands (checked against the commands the
bot synced), autocomplete and button clicks."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.protocol import (
    AUTOCOMPLETE_INTERACTION,
    BOOLEAN,
    COMMAND_INTERACTION,
    COMPONENT_INTERACTION,
    INTEGER,
    NUMBER,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    USER,
    Rejected,
)
from tests.e2e.fake_discord.records import Interaction
from tests.e2e.fake_discord.world import (
    ALICE,
    CHANNEL_ID,
    JSON,
    WORLD,
    Person,
    custom_ids,
    find_component,
    snowflake,
)


class Commands(Gateway):
    """`dispatch_interaction`, `dispatch_command`, `dispatch_autocomplete` and `click`."""

    async def dispatch_interaction(
        self,
        kind: int,
        data: JSON,
        user: Person = ALICE,
        *,
        channel_id: int = CHANNEL_ID,
        message: JSON | None = None,
        dm: bool = False,
    ) -> Interaction:
        """Send an INTERACTION_CREATE as Discord builds it for a text channel of one of the fake's
        guilds (or, with `dm`, for a direct message with the bot in channel `channel_id`)."""
        world = WORLD if dm else self.world_of_channel(channel_id)
        if world is None:
            raise Rejected(f"channel {channel_id} is in none of the fake's guilds")
        payload = world.interaction(kind, data, user, channel_id=channel_id, msg=message, dm=dm)
        interaction_id = int(payload["id"])
        interaction = Interaction(interaction_id, payload["token"], payload, user, time.monotonic())
        self.interactions[interaction_id] = interaction
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def dispatch_command(
        self, name: str, options: dict[str, Any] | None = None, user: Person = ALICE, *,
        channel_id: int = CHANNEL_ID, validate: bool = True, dm: bool = False,
    ) -> Interaction:  # fmt: skip
        """A slash command as a user types it: `dispatch_command("roll", {"dice": "2D6"})`.

        `name` may hold subcommands ("game start"). Options are checked against the synced
        command unless `validate=False` (a raw API caller, which Discord's client never is).
        `channel_id` picks the guild (a further guild's `World.channel_id`); `dm` sends it from
        a direct message instead.
        """
        data = self._command_data(name, options or {}, validate=validate, focused=None)
        if not dm:
            data["guild_id"] = str(self._guild_of_channel(channel_id))
        return await self.dispatch_interaction(
            COMMAND_INTERACTION, data, user, channel_id=channel_id, dm=dm
        )

    async def dispatch_autocomplete(
        self, name: str, options: dict[str, Any], focused: str, user: Person = ALICE, *,
        channel_id: int = CHANNEL_ID,
    ) -> Interaction:  # fmt: skip
        """What the client sends while the user types option `focused` (answered by a type 8)."""
        data = self._command_data(name, options, validate=False, focused=focused)
        data["guild_id"] = str(self._guild_of_channel(channel_id))
        return await self.dispatch_interaction(
            AUTOCOMPLETE_INTERACTION, data, user, channel_id=channel_id
        )

    async def click(self, message: JSON, custom_id: str, user: Person = ALICE) -> Interaction:
        """A button press on `message` (as the fake stores it), like Discord's client allows."""
        component = find_component(message, custom_id)
        if component is None:
            raise Rejected(f"the message has no component {custom_id!r}: {custom_ids(message)}")
        if component.get("disabled"):
            raise Rejected(f"the button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": int(component.get("type", 2))}
        return await self.dispatch_interaction(
            COMPONENT_INTERACTION,
            data,
            user,
            channel_id=int(message["channel_id"]),
            message=message,
        )

    def _guild_of_channel(self, channel_id: int) -> int:
        world = self.world_of_channel(channel_id)
        if world is None:
            raise Rejected(f"channel {channel_id} is in none of the fake's guilds")
        return world.guild_id

    # ---- option checks (Discord's client does them, discord.py does not) -------------------------

    def synced_command(self, name: str) -> JSON:
        for sync in reversed(self.command_syncs):
            for command in sync.commands:
                if command["name"] == name:
                    return command
        raise Rejected(f"/{name} is not a synced command (the bot never synced it to this fake)")

    def _command_data(
        self, name: str, options: dict[str, Any], *, validate: bool, focused: str | None
    ) -> JSON:
        path = name.split()
        resolved: JSON = {}
        try:
            command = self.synced_command(path[0])
        except Rejected:
            if validate:
                raise
            command = {"id": str(snowflake()), "name": path[0], "options": []}
        schema = command.get("options") or []
        leaf: list[JSON] = []
        top: list[JSON] = leaf
        for part in path[1:]:
            sub = next((o for o in schema if o["name"] == part), None)
            if sub is None or sub.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise Rejected(f"/{name}: {part!r} is not a subcommand")
            inner: list[JSON] = []
            leaf.append({"name": part, "type": sub["type"], "options": inner})
            leaf, schema = inner, sub.get("options") or []
        leaf.extend(_options(name, schema, options, resolved, validate=validate, focused=focused))
        data: JSON = {
            "id": command.get("id", str(snowflake())),
            "name": path[0],
            "type": 1,
            "options": top,
        }
        if resolved:
            data["resolved"] = resolved
        return data


def _options(
    name: str,
    schema: list[JSON],
    given: dict[str, Any],
    resolved: JSON,
    *,
    validate: bool,
    focused: str | None,
) -> list[JSON]:
    by_name = {o["name"]: o for o in schema}
    if validate:
        unknown = sorted(set(given) - set(by_name))
        if unknown:
            raise Rejected(f"/{name} has no option {unknown[0]!r} (has {sorted(by_name)})")
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
        if missing:
            raise Rejected(f"/{name} needs option {missing[0]!r}")
    out: list[JSON] = []
    for key, value in given.items():
        spec = by_name.get(key, {"type": STRING})
        kind = int(spec["type"])
        if validate:
            _check_option(name, key, spec, value)
        if isinstance(value, Person):
            resolved.setdefault("users", {})[str(value.id)] = value.user()
            member = value.member()
            member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
            value = str(value.id)
        option: JSON = {"name": key, "type": kind, "value": value}
        if key == focused:
            option["focused"] = True
        out.append(option)
    return out


def _check_option(command: str, key: str, spec: JSON, value: Any) -> None:
    kind = int(spec["type"])
    where = f"/{command} {key}"
    if kind == STRING:
        if not isinstance(value, str):
            raise Rejected(f"{where}: expected text, got {value!r}")
        if len(value) < int(spec.get("min_length", 0)):
            raise Rejected(f"{where}: shorter than {spec['min_length']} characters")
        if "max_length" in spec and len(value) > int(spec["max_length"]):
            raise Rejected(f"{where}: longer than {spec['max_length']} characters")
    elif kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Rejected(f"{where}: expected a number, got {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise Rejected(f"{where}: expected an integer, got {value!r}")
        if "min_value" in spec and value < spec["min_value"]:
            raise Rejected(f"{where}: below the minimum {spec['min_value']}")
        if "max_value" in spec and value > spec["max_value"]:
            raise Rejected(f"{where}: above the maximum {spec['max_value']}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise Rejected(f"{where}: expected true or false, got {value!r}")
    elif kind == USER:
        if not isinstance(value, Person):
            raise Rejected(f"{where}: pass a Person for a user option, got {value!r}")
    else:
        raise Rejected(f"{where}: option type {kind} is not supported by the fake yet")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        allowed = [c["value"] for c in choices]
        raise Rejected(f"{where}: {value!r} is not one of the choices {allowed}")
