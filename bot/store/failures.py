"""What the database says when the disk, the file, the server or another program refuses a write,
in words.

A full disk, a read-only database, a database locked by another program, a failing disk and a
database server that cannot be reached are not bugs in Vox: the user gets one sentence saying
nothing was changed and what to do, and the operator gets a warning in the log. SQLite's errors
are read by their result code (or message); PostgreSQL's by asyncpg's exception class (its
SQLSTATE), and a connection lost under the pool as `DatabaseUnreachable`.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Literal

import asyncpg.exceptions as pg

log = logging.getLogger("vox.store")

Kind = Literal["locked", "full", "readonly", "io", "unreachable"]

# SQLite's primary result codes (the extended codes share the prefix, e.g. SQLITE_IOERR_WRITE).
_BY_CODE_NAME: tuple[tuple[str, Kind], ...] = (
    ("SQLITE_BUSY", "locked"),
    ("SQLITE_LOCKED", "locked"),
    ("SQLITE_FULL", "full"),
    ("SQLITE_READONLY", "readonly"),
    ("SQLITE_IOERR", "io"),
    ("SQLITE_CANTOPEN", "io"),
)
# The messages, for errors raised without a result code (Vox's own `DatabaseBusy`, older Pythons).
_BY_MESSAGE: tuple[tuple[str, Kind], ...] = (
    ("database is locked", "locked"),
    ("database table is locked", "locked"),
    ("database or disk is full", "full"),
    ("attempt to write a readonly database", "readonly"),
    ("disk i/o error", "io"),
    ("unable to open database file", "io"),
)
SAVE_FAILED = "Vox could not save that; nothing was changed: {why}."
_WHY: dict[Kind, str] = {
    "locked": "the database is busy, so try again in a moment",
    "full": "the disk is full, so ask whoever runs Vox to free some space",
    "readonly": "its database is read-only, so ask whoever runs Vox to make DATABASE_PATH writable",
    "io": "the disk reported an error, so ask whoever runs Vox to check it",
    "unreachable": "the database server cannot be reached, so try again in a moment",
}
# Where a database server (PostgreSQL) needs other advice than a file.
_WHY_SERVER: dict[Kind, str] = {
    "readonly": "its database server takes no writes, so ask whoever runs Vox to point "
    "DATABASE_URL at one that does",
}


class DatabaseBusy(sqlite3.OperationalError):
    """Waiting for Vox's own connection (SQLite's lock, a free connection of PostgreSQL's pool) or
    for a statement took too long."""

    def __init__(self) -> None:
        super().__init__("database is locked")


class DatabaseUnreachable(ConnectionError):
    """The PostgreSQL server could not be reached (refused, gone, its socket missing)."""


# asyncpg's errors by class, most specific first. A lock or statement timeout cancels the
# statement (QueryCanceled); a deadlock or serialization failure rolls the transaction back: each
# is a busy database, worth trying again. A server starting up, shutting down or gone is
# unreachable for now.
_BY_CLASS: tuple[tuple[type[BaseException], Kind], ...] = (
    (DatabaseUnreachable, "unreachable"),
    (pg.PostgresConnectionError, "unreachable"),
    (pg.CannotConnectNowError, "unreachable"),
    (pg.AdminShutdownError, "unreachable"),
    (pg.CrashShutdownError, "unreachable"),
    (pg.DiskFullError, "full"),
    (pg.ReadOnlySQLTransactionError, "readonly"),
    (pg.LockNotAvailableError, "locked"),
    (pg.QueryCanceledError, "locked"),
    (pg.TransactionRollbackError, "locked"),
    (pg.TooManyConnectionsError, "locked"),
    (pg.PostgresIOError, "io"),
    (pg.DataCorruptedError, "io"),
    (pg.IndexCorruptedError, "io"),
)


def failure_kind(error: BaseException) -> Kind | None:
    """ "locked", "full", "readonly", "io" or "unreachable" for a database refusing a write; None
    for anything else (a bug)."""
    for cls, kind in _BY_CLASS:
        if isinstance(error, cls):
            return kind
    if not isinstance(error, sqlite3.OperationalError | sqlite3.DatabaseError):
        return None
    name = getattr(error, "sqlite_errorname", None) or ""
    for prefix, kind in _BY_CODE_NAME:
        if name == prefix or name.startswith(prefix + "_"):
            return kind
    text = str(error).lower()
    for phrase, found in _BY_MESSAGE:
        if phrase in text:
            return found
    return None


def save_failure(error: BaseException) -> str | None:
    """The one sentence for a write the database refused (logged as a warning), or None."""
    kind = failure_kind(error)
    if kind is None:
        return None
    log.warning("the database refused a statement (%s): %s", kind, error)
    server = isinstance(error, pg.PostgresError)
    return SAVE_FAILED.format(why=(_WHY_SERVER.get(kind) if server else None) or _WHY[kind])
