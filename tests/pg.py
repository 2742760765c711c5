"""A throwaway PostgreSQL server for the tests: `initdb` in a fresh folder, started with `pg_ctl` on
a Unix socket in that folder (no TCP port), trust authentication, stopped and removed at the end.

The server's programs are found on PATH, else in `pg_config --bindir`, else in Debian's
/usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so as root the server runs as
the `postgres` user (Debian's package creates it) through `runuser`.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg
import pytest

INSTALL = (
    "PostgreSQL's server programs (initdb, pg_ctl) were not found: install them "
    "(Debian: apt install postgresql) to run the PostgreSQL tests"
)
REQUIRED = "VOX_REQUIRE_POSTGRES"  # set by .ci/run: CI fails instead of skipping
_NAMES = itertools.count(1)


def bindir() -> Path | None:
    """The folder holding initdb and pg_ctl, or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    candidates: list[Path] = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(Path(out.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


class Server:
    """A running throwaway server; `url(name)` addresses one of its databases."""

    def __init__(self, bin_dir: Path, folder: Path, runner: list[str]) -> None:
        self.bin_dir, self.folder, self.runner = bin_dir, folder, runner
        self.data = folder / "data"
        self.log = folder / "server.log"

    def _run(self, program: str, *args: str) -> None:
        command = [*self.runner, str(self.bin_dir / program), *args]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self, *settings: str) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "vox", "--auth=trust", "-E", "UTF8",
                  "--no-sync")  # fmt: skip
        options = " ".join(
            [f"-k {self.folder}", "-c listen_addresses=''", "-c max_connections=200", *settings]
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w",
                  "start")  # fmt: skip

    def stop(self) -> None:
        """Stop at once, as a crash would; a server a test stopped already is left stopped."""
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://vox@/{database}?host={self.folder}"

    async def create_database(self, template: str | None = None) -> str:
        """A new, empty database (or a copy of `template`); returns its URL."""
        name = f"vox_{os.getpid()}_{next(_NAMES)}"
        conn = await asyncpg.connect(self.url())
        try:
            copy = f" TEMPLATE {template}" if template else ""
            await conn.execute(f"CREATE DATABASE {name}{copy}")
        finally:
            await conn.close()
        return self.url(name)


@contextmanager
def running(*settings: str) -> Iterator[Server]:
    """A started server, stopped and removed afterwards; RuntimeError(INSTALL) without one."""
    folder_bin = bindir()
    if folder_bin is None:
        raise RuntimeError(INSTALL)
    folder = Path(tempfile.mkdtemp(prefix="vox-pg-"))
    runner: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        runner = ["runuser", "-u", "postgres", "--"]
    server = Server(folder_bin, folder, runner)
    try:
        server.start(*settings)
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def unavailable() -> None:
    """No PostgreSQL here: skip with the one line saying what to install, or fail under CI
    (`.ci/run` sets VOX_REQUIRE_POSTGRES=1, so the PostgreSQL tests always run there)."""
    if os.environ.get(REQUIRED):
        pytest.fail(f"{INSTALL} ({REQUIRED} is set, so they may not be skipped)")
    pytest.skip(INSTALL)


@contextmanager
def server_for_tests(*settings: str) -> Iterator[Server]:
    """`running`, or the skip (or CI failure) of `unavailable` where PostgreSQL is not installed."""
    if bindir() is None:
        unavailable()
    with running(*settings) as server:
        yield server
