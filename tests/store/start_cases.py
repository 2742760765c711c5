"""Unusable DATABASE_PATHs for the start-up tests, and a way to try one as an ordinary user."""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from bot.store.database import migrations

NOBODY = 65534


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under `folder`, with the bytes of each file: "nothing changed"."""
    return {
        str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def vox_file(path: Path, *, version: int | None = None, application_id: int = 0) -> None:
    """A Vox database as the migrations make it (to `version`), without Vox's own code."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        for mig in migrations()[:version]:
            conn.executescript(f"BEGIN;\n{mig.sql}\nPRAGMA user_version = {mig.number};\nCOMMIT;")
        conn.executemany(
            "INSERT INTO rolls (owner_id, payload) VALUES (?, ?)", [(1, "x" * 900)] * 400
        )
        conn.execute("INSERT INTO meta (key, value) VALUES ('k', 'kept')")
        conn.execute(f"PRAGMA application_id = {application_id}")
    finally:
        conn.close()


def damage(path: Path, page: int) -> None:
    """Scribble over one page (4096 bytes) of a database file, as a failing disk would."""
    data = bytearray(path.read_bytes())
    start = 4096 * (page - 1)
    data[start : start + 4096] = b"\x55" * 4096
    path.write_bytes(bytes(data))


def as_ordinary_user(folder: Path, attempt: Callable[[], int]) -> tuple[int, str]:
    """Run `attempt` as a user file permissions apply to; returns its result and its stderr.

    Root ignores chmod (a 0444 file is writable for root, and Vox then really works), so as
    root the attempt runs in a forked child that has become `nobody`, with `folder` handed to
    it; as anyone else it runs here. Everything the attempt imports must already be imported:
    `nobody` may not be able to read the Python installation.
    """
    if os.geteuid() != 0:
        read, write = os.pipe()
        saved, sys.stderr = sys.stderr, os.fdopen(write, "w")
        try:
            code = attempt()
        finally:
            sys.stderr.close()
            sys.stderr = saved
        with os.fdopen(read) as err:
            return code, err.read()
    for p in [folder, *folder.rglob("*")]:
        os.chown(p, NOBODY, NOBODY, follow_symlinks=False)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 99
        try:
            os.close(read)
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            sys.stderr = os.fdopen(write, "w")
            code = attempt()
            sys.stderr.flush()
        except BaseException as error:  # reported through the pipe
            os.write(write, f"child failed: {error!r}".encode())
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as err:
        text = err.read()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), text
