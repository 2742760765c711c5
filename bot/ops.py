"""`python -m bot migrate`, `export-db FILE` and `import-db FILE`: the database's chores, run with
the bot's settings (DATABASE_URL or DATABASE_PATH; they need no DISCORD_TOKEN).

Each prints one line and exits 0. Anything it cannot do is one sentence on stderr and exit 2, with
nothing changed: a failed export removes its half-written file, and an import is one transaction.
Files are opened here, outside the event loop; the work itself is `bot.store.exporter` and
`bot.store.importer`.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from bot.settings import Settings
from bot.store.connect import open_database
from bot.store.database import Database, UnusableDatabase, parse_target, redact
from bot.store.exporter import export
from bot.store.importer import import_rows
from bot.store.transfer import DERIVED, TransferRefused, read_header

USAGE = {
    "migrate": "Usage: python -m bot migrate   (apply the database's migrations, then exit)",
    "export-db": "Usage: python -m bot export-db FILE   (write every game, campaign, army and "
    "roll to a new file)",
    "import-db": "Usage: python -m bot import-db FILE   (load a file export-db wrote into a "
    "database without Vox data)",
}
ARGUMENTS = {"migrate": 0, "export-db": 1, "import-db": 1}
EXISTS = "{path} already exists, and export-db never overwrites a file; give it a new file name."
UNWRITABLE = "Vox cannot create {path} ({reason}); give export-db a path in a folder it can write."
WRITE_FAILED = "Vox could not write {path} ({reason}), so it removed it; nothing was exported."
NO_SOURCE = (
    "DATABASE_PATH ({path}) does not exist, so there is nothing to export; point DATABASE_PATH "
    "or DATABASE_URL at the database to export."
)
NO_FILE = "There is no file at {path}; give import-db the path of a file export-db wrote."
A_FOLDER = "{path} is a folder; give import-db the path of a file export-db wrote."
UNREADABLE = "Vox cannot read {path} ({reason}); check its permissions."
NOT_TEXT = (
    "{path} is not a Vox database export (it is not UTF-8 text); nothing was imported: give "
    "import-db a file export-db wrote."
)


def usage(args: list[str]) -> str | None:
    """The command's usage line if `args` (the command, then its arguments) is not a call of it."""
    rest = args[1:]
    if len(rest) != ARGUMENTS[args[0]] or any(arg.startswith("-") for arg in rest):
        return USAGE[args[0]]
    return None


def run(args: list[str], settings: Settings) -> int:
    """Run the command `args` names (its arguments checked by `usage`); the exit status."""
    try:
        if args[0] == "migrate":
            line = asyncio.run(_migrate(settings))
        elif args[0] == "export-db":
            line = _export(settings, Path(args[1]))
        else:
            line = _import(settings, Path(args[1]))
    except (UnusableDatabase, TransferRefused) as refused:
        print(refused, file=sys.stderr)
        return 2
    print(line)
    return 0


def where(settings: Settings) -> str:
    """The configured database as messages name it: its path, or its URL without the password."""
    kind, place = parse_target(settings.database)
    return redact(place) if kind == "postgresql" else place


async def _open(settings: Settings, *, migrate: bool = False) -> Database:
    size = settings.database_pool_size
    return await open_database(settings.database, pool_size=size, migrate=migrate)


async def _migrate(settings: Settings) -> str:
    async with await _open(settings, migrate=True) as db:
        version, applied = await db.schema_version(), db.applied
    if not applied:
        return f"Database {where(settings)} is at schema {version}, already up to date."
    span = f"{applied[0]:04d}" + (f"-{applied[-1]:04d}" if len(applied) > 1 else "")
    return f"Database {where(settings)} is at schema {version} (applied {span})."


def _export(settings: Settings, path: Path) -> str:
    if path.exists() or path.is_symlink():
        raise TransferRefused(EXISTS.format(path=path))
    kind, place = parse_target(settings.database)
    if kind == "sqlite" and not Path(place).exists():  # opening it would make an empty one
        raise TransferRefused(NO_SOURCE.format(path=place))
    try:
        out = path.open("x", encoding="utf-8", newline="\n")
    except OSError as error:
        raise TransferRefused(UNWRITABLE.format(path=path, reason=_reason(error))) from error
    try:
        with out:
            return asyncio.run(_export_to(settings, out, path))
    except OSError as error:  # the file's writes: the database's failures are not OSErrors
        path.unlink(missing_ok=True)
        raise TransferRefused(WRITE_FAILED.format(path=path, reason=_reason(error))) from error
    except BaseException:
        path.unlink(missing_ok=True)
        raise


async def _export_to(settings: Settings, out: TextIO, path: Path) -> str:
    async with await _open(settings) as db:
        rows = await export(db, out)
        schema = await db.schema_version()
    return (
        f"Exported {sum(rows.values()):,} rows of {len(rows)} tables from {where(settings)} "
        f"(schema {schema}) to {path}; {' and '.join(DERIVED)} are left out: Vox rebuilds them "
        "from the events."
    )


def _import(settings: Settings, path: Path) -> str:
    try:
        source = path.open(encoding="utf-8")
    except FileNotFoundError as error:
        raise TransferRefused(NO_FILE.format(path=path)) from error
    except IsADirectoryError as error:
        raise TransferRefused(A_FOLDER.format(path=path)) from error
    except OSError as error:
        raise TransferRefused(UNREADABLE.format(path=path, reason=_reason(error))) from error
    try:
        with source:
            lines = enumerate(source, start=1)
            schema = read_header(next(lines, (1, ""))[1], str(path))
            return asyncio.run(_import_into(settings, lines, schema, path))
    except UnicodeDecodeError as error:
        raise TransferRefused(NOT_TEXT.format(path=path)) from error
    except OSError as error:
        raise TransferRefused(UNREADABLE.format(path=path, reason=_reason(error))) from error


async def _import_into(
    settings: Settings, lines: Iterator[tuple[int, str]], schema: int, path: Path
) -> str:
    target = where(settings)
    async with await _open(settings) as db:
        rows = await import_rows(db, lines, schema=schema, source=str(path), target=target)
    return (
        f"Imported {sum(rows.values()):,} rows of {len(rows)} tables from {path} into {target} "
        f"(schema {schema})."
    )


def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).rstrip(".").lower()
