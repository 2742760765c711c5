"""Checks of DATABASE_PATH before SQLite touches it (see `bot.store.sqlite`).

A folder, a path under a file, a file or folder Vox may not write, a file that is not SQLite, a
damaged one (`PRAGMA quick_check`), another application's database or one from a newer Vox is
refused with `UnusableDatabase`, whose text is the one sentence to print, and nothing on disk is
touched (the check opens the file read-only and immutable, so SQLite creates no -wal or -shm file
beside it).
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

from bot.store.database import UnusableDatabase, migrations
from bot.store.failures import failure_kind

APPLICATION_ID = 0x566F7821  # "Vox!": PRAGMA application_id of every Vox database
QUICK_CHECK_LINES = 3  # quick_check stops after this many problems: one is enough to refuse


def _vox_tables() -> set[str]:
    """The tables the bundled migrations create: what a Vox file from before application_id has."""
    pattern = re.compile(r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.IGNORECASE)
    return {name for mig in migrations() for name in pattern.findall(mig.sql)}


def _refuse(path: Path, problem: str) -> UnusableDatabase:
    return UnusableDatabase(f"DATABASE_PATH ({path}) {problem}.")


def check_path(path: Path) -> bool:
    """Refuse a path Vox cannot use, before touching anything; True if the file already exists."""
    if path.is_dir():
        raise _refuse(
            path, f"is a folder, not a file; point it at a file such as {path / 'vox.sqlite3'}"
        )
    if path.exists():
        if not path.is_file():
            raise _refuse(
                path, "is not a regular file; point it at a file such as data/vox.sqlite3"
            )
        if not os.access(path, os.R_OK | os.W_OK):
            raise _refuse(path, "is read-only for Vox; make it writable or pick another path")
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise _refuse(
                path,
                f"is in a folder Vox cannot write to ({path.parent}), and SQLite "
                "keeps files beside the database; make the folder writable or "
                "pick another path",
            )
        return True
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise _refuse(
            path, f"is inside {ancestor}, which is a file, not a folder; pick another path"
        )
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise _refuse(
            path,
            f"cannot be created, because Vox cannot write to the folder {ancestor}; "
            "make it writable or pick another path",
        )
    return False


def inspect_file(path: Path) -> None:
    """Read-only checks of an existing file: SQLite, undamaged, Vox's (or new), not too new."""
    uri = path.absolute().as_uri() + "?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"  # no -wal/-shm is created; an existing -wal must be read, though
    newest = len(migrations())
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            problems = [row[0] for row in conn.execute(f"PRAGMA quick_check({QUICK_CHECK_LINES})")]
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            anything = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        name = getattr(error, "sqlite_errorname", "")
        if name == "SQLITE_NOTADB":
            raise _refuse(
                path,
                "is not a SQLite database; point it at Vox's database or at a path "
                "that does not exist yet",
            ) from error
        if name.startswith("SQLITE_CORRUPT"):
            raise _damaged(path) from error
        raise failed(path, error) from error
    if problems != ["ok"]:
        raise _damaged(path)
    if app_id == APPLICATION_ID:
        if version > newest:
            raise newer(path, version, newest)
        return
    tables.discard("sqlite_sequence")
    if app_id == 0 and version == 0 and anything == 0:
        return  # an empty database: Vox claims it
    if app_id == 0 and version >= 1 and "meta" in tables and tables <= _vox_tables():
        if version > newest:
            raise newer(path, version, newest)
        return  # Vox's, from before application_id: migrating claims it
    raise _refuse(
        path,
        "is another application's SQLite database; point DATABASE_PATH at Vox's "
        "own database or at a path that does not exist yet",
    )


def _damaged(path: Path) -> UnusableDatabase:
    return _refuse(
        path,
        "is damaged (SQLite's integrity check failed); restore it from a backup, "
        "or move it away and Vox starts a new one",
    )


def newer(path: Path, version: int, newest: int) -> UnusableDatabase:
    return _refuse(
        path,
        f"was written by a newer Vox (schema {version}; this one knows up to "
        f"{newest}); update Vox, or point DATABASE_PATH at another file",
    )


_AT_START = {
    "locked": "is locked by another program (is another Vox running on it?); stop that program "
    "and start again",
    "full": "cannot be written because the disk is full; free some space and start again",
    "readonly": "is read-only; make it and its folder writable, or pick another path",
    "io": "cannot be read or written (a disk I/O error); check the disk, or pick another path",
}


def failed(path: Path, error: BaseException) -> UnusableDatabase:
    kind = failure_kind(error)
    if kind is None:
        return _refuse(path, f"cannot be opened ({error}); pick another path")
    return _refuse(path, _AT_START[kind])
