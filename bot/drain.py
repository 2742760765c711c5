"""Shutting down without dropping commands: while Vox drains, interactions already running finish
(for up to `SHUTDOWN_GRACE` seconds) and each new one is told to try again instead of being run."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.state import AutoShardedConnectionState

log = logging.getLogger("vox")

SHUTDOWN_GRACE = 5.0  # seconds the commands in flight get to finish after SIGTERM or Ctrl-C
RESTARTING = "Vox is restarting; try again in a minute."
# The tasks discord.py starts for an interaction: slash commands, buttons, select menus, modals,
# and the listener that logs a finished command's dice (`VoxBot.on_app_command_completion`).
INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal-dispatch",
    "discord.py: on_app_command_completion",
)
REFUSAL_TASK = "vox-restarting-reply"


class DrainingState(AutoShardedConnectionState[Any]):
    """discord.py's connection state (of a sharded client); while `draining`, a new interaction
    only gets `RESTARTING`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draining = False
        self._refusals: set[asyncio.Task[None]] = set()  # strong references until each is done

    def parse_interaction_create(self, data: Any) -> None:
        if not self.draining:
            super().parse_interaction_create(data)
            return
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self)
        task = asyncio.get_running_loop().create_task(_refuse(interaction), name=REFUSAL_TASK)
        self._refusals.add(task)
        task.add_done_callback(self._refusals.discard)


async def _refuse(interaction: discord.Interaction[Any]) -> None:
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif interaction.type is not discord.InteractionType.ping:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
    except discord.HTTPException as error:  # expired or already answered: nothing more to say
        log.info("could not answer an interaction while shutting down: %s", error)


def in_flight() -> list[asyncio.Task[Any]]:
    """The interaction tasks still running (the caller's own task excluded)."""
    current = asyncio.current_task()
    names = (*INTERACTION_TASKS, REFUSAL_TASK)
    return [
        t
        for t in asyncio.all_tasks()
        if t is not current and not t.done() and t.get_name().startswith(names)
    ]


async def drain(state: DrainingState, grace: float = SHUTDOWN_GRACE) -> None:
    """Refuse new interactions, then wait (at most `grace` seconds) for those in flight."""
    state.draining = True
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    while (running := in_flight()) and (left := deadline - loop.time()) > 0:
        log.info("waiting up to %.1fs for %d interactions in flight", left, len(running))
        await asyncio.wait(running, timeout=left)
    if running:
        log.warning("%d interactions still running after %gs; closing anyway", len(running), grace)
