"""The processes a bot process started (read from Linux's /proc), so that a test which kills the bot
can check whether they went with it, and end the ones left behind, each by its own id."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Started:
    """A process, with its start time so that a reused pid is never mistaken for it."""

    pid: int
    start: str


def _stat(pid: int) -> list[str] | None:
    """/proc/<pid>/stat from the state field on (the command name may hold spaces)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def descendants(pid: int) -> list[Started]:
    """Every live process below `pid` (children, their children…)."""
    parents: dict[int, list[Started]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            child = Started(int(entry.name), fields[19])  # starttime, field 22 of stat
            parents.setdefault(int(fields[1]), []).append(child)
    found: list[Started] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child.pid)
    return found


def alive(process: Started) -> bool:
    """Still running (a zombie, or another process now holding the pid, is not)."""
    fields = _stat(process.pid)
    return fields is not None and fields[19] == process.start and fields[0] not in "ZXx"


def end(processes: list[Started]) -> None:
    """SIGKILL those still alive, each by its pid."""
    for process in processes:
        if alive(process):
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)


async def gone(processes: list[Started], *, within: float) -> bool:
    """Whether every one of `processes` has exited within `within` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while any(alive(p) for p in processes):
        if loop.time() >= deadline:
            return False
        await asyncio.sleep(0.05)
    return True
