"""What SQLite says when the disk, the file or another program refuses a write, in words.

A full disk, a read-only database, a database locked by another program and a failing disk are
not bugs in Vox: the user gets one sentence saying nothing was changed and what to do, and the
operator gets a warning in the log.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Literal

log = logging.getLogger("vox.store")

Kind = Literal["locked", "full", "readonly", "io"]

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
}


class DatabaseBusy(sqlite3.OperationalError):
    """Waiting for Vox's own connection took too long (see `Database.lock`)."""

    def __init__(self) -> None:
        super().__init__("database is locked")


def failure_kind(error: BaseException) -> Kind | None:
    """ "locked", "full", "readonly" or "io" for SQLite refusing a write; None for anything else."""
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
    return SAVE_FAILED.format(why=_WHY[kind])
