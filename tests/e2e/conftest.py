"""End-to-end fixtures: the fake Discord, and the real bot (`python -m bot`) as a subprocess."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Generator
from pathlib import Path

import pytest

from bot.settings import Settings
from tests.e2e.fake_discord import TOKEN, FakeDiscord

REPO_ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 10.0  # interpreter start, imports, login, sync, gateway handshake
STOP_TIMEOUT = 5.0

_RUNNER_KEY = pytest.StashKey["BotRunner"]()
_FAKE_KEY = pytest.StashKey[FakeDiscord]()


def clean_env(fake: FakeDiscord, database: Path, **overrides: str) -> dict[str, str]:
    """An explicit environment: every setting is given, so neither the developer's shell nor a
    `.env` in the repository can change what the bot does (real variables beat `.env` values)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for name, info in Settings.model_fields.items():
        if not info.is_required():
            env[name.upper()] = "" if info.default is None else str(info.default)
    env.update(
        DISCORD_TOKEN=TOKEN,
        DATABASE_PATH=str(database),
        DISCORD_API_BASE=fake.api_base,
        DISCORD_GATEWAY_URL=fake.gateway_url,
        LOG_LEVEL="DEBUG",
    )
    env.update(overrides)
    return env


class BotProcess:
    """One `python -m bot` run; its stderr (the log) is collected line by line."""

    def __init__(self, label: str, proc: asyncio.subprocess.Process, fake: FakeDiscord) -> None:
        self.label = label
        self.proc = proc
        self.fake = fake
        self.stderr_lines: list[str] = []
        self.stdout_lines: list[str] = []
        self.stopping = False
        self.started_at = time.monotonic()
        assert proc.stderr is not None
        assert proc.stdout is not None
        self._readers = [
            asyncio.create_task(self._read(proc.stderr, self.stderr_lines)),
            asyncio.create_task(self._read(proc.stdout, self.stdout_lines)),
        ]
        self._watch = asyncio.create_task(self._watch_exit())

    async def _read(self, stream: asyncio.StreamReader, into: list[str]) -> None:
        while line := await stream.readline():
            into.append(line.decode(errors="replace").rstrip("\n"))
            self.fake.notify()

    async def _watch_exit(self) -> None:
        code = await self.proc.wait()
        if not self.stopping:
            # Fail the test's current wait at once instead of letting it time out.
            self.fake.abort_waits(f"the bot ({self.label}) exited with code {code}")

    @property
    def stderr(self) -> str:
        return "\n".join(self.stderr_lines)

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode

    async def wait_for_log(self, text: str, *, within: float = START_TIMEOUT) -> str:
        """The first log line containing `text`."""
        return await self.fake.wait_for(
            lambda: next((ln for ln in self.stderr_lines if text in ln), None),
            what=f"the log line {text!r}",
            within=within,
        )

    async def wait_exit(self, *, within: float = START_TIMEOUT) -> int:
        """Wait for the process to end on its own; its output is then complete."""
        self.stopping = True
        try:
            code = await asyncio.wait_for(self.proc.wait(), within)
        except TimeoutError:
            await self.kill()
            raise AssertionError(
                f"the bot ({self.label}) did not exit within {within:g}s"
            ) from None
        await asyncio.wait_for(asyncio.gather(*self._readers, self._watch), 2.0)
        return code

    async def stop(
        self, sig: signal.Signals = signal.SIGTERM, *, within: float = STOP_TIMEOUT
    ) -> int:
        """Send `sig` (SIGTERM by default) and return the exit code."""
        self.stopping = True
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
        return await self.wait_exit(within=within)

    async def kill(self) -> None:
        self.stopping = True
        if self.proc.returncode is None:
            self.proc.kill()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.proc.wait(), 2.0)
        for task in (*self._readers, self._watch):
            task.cancel()
        await asyncio.gather(*self._readers, self._watch, return_exceptions=True)


class BotRunner:
    """Starts bot processes against the test's fake Discord and stops them at teardown."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path, database_url: str = "") -> None:
        self.fake = fake
        self.tmp_path = tmp_path
        self.database = tmp_path / "data" / "vox.sqlite3"
        self.database_url = database_url  # wins over `database` when given (PostgreSQL)
        self.processes: list[BotProcess] = []

    def env(self, **overrides: str) -> dict[str, str]:
        given = {"DATABASE_URL": self.database_url, **overrides}
        return clean_env(self.fake, self.database, **given)

    async def start(self, *args: str, own_group: bool = False, **env: str) -> BotProcess:
        """`python -m bot *args` from the repository root, with `env` over the clean environment;
        `own_group` starts it in a process group of its own, like a shell's foreground job (so a
        test can send the group a terminal's Ctrl-C without reaching pytest)."""
        self.fake.clear_abort()
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            *args,
            cwd=REPO_ROOT,
            env=self.env(**env),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            limit=1 << 22,  # a DEBUG line holds a whole gateway payload
            process_group=0 if own_group else None,
        )
        label = f"run {len(self.processes) + 1}" + (f" ({' '.join(args)})" if args else "")
        process = BotProcess(label, proc, self.fake)
        self.processes.append(process)
        return process

    async def close(self) -> None:
        for process in self.processes:
            if process.returncode is None:
                try:
                    await process.stop()
                except AssertionError:
                    await process.kill()
            else:
                await process.kill()  # only collects the reader tasks


@pytest.fixture
async def fake(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A fake Discord on 127.0.0.1; at teardown, anything it did not expect fails the test."""
    async with FakeDiscord() as server:
        request.node.stash[_FAKE_KEY] = server
        yield server
        assert not server.errors, f"the fake Discord failed: {server.errors}"
        assert not server.unexpected, f"the bot made unexpected requests: {server.unexpected}"


@contextlib.asynccontextmanager
async def reported(runner: BotRunner, request: pytest.FixtureRequest) -> AsyncIterator[BotRunner]:
    """`runner`, whose processes' logs a failed test shows; every process stopped at the end."""
    request.node.stash[_RUNNER_KEY] = runner
    try:
        yield runner
    finally:
        await runner.close()


@pytest.fixture
async def bots(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[BotRunner]:
    async with reported(BotRunner(fake, tmp_path), request) as runner:
        yield runner


@pytest.fixture
async def pg_bots(
    fake: FakeDiscord, tmp_path: Path, request: pytest.FixtureRequest, postgres_url: str
) -> AsyncIterator[BotRunner]:
    """Bot processes on a fresh, empty PostgreSQL database (`runner.database_url`; the run's one
    throwaway server, see tests/conftest.py), migrated first by `python -m bot migrate` as an
    operator would (the bot itself refuses an unmigrated one)."""
    url = postgres_url
    async with reported(BotRunner(fake, tmp_path, url), request) as runner:
        migrate = await runner.start("migrate")
        assert await migrate.wait_exit() == 0, migrate.stderr
        yield runner


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """On failure, show each bot process's log and what the fake received."""
    report = yield
    if report.failed:
        runner = item.stash.get(_RUNNER_KEY, None)
        for process in runner.processes if runner else []:
            code = process.returncode
            report.sections.append(
                (f"bot {process.label} stderr (exit code {code})", process.stderr or "(empty)")
            )
        server = item.stash.get(_FAKE_KEY, None)
        if server is not None:
            lines = [str(r) for r in server.requests] or ["(none)"]
            report.sections.append(("fake Discord requests", "\n".join(lines)))
    return report
