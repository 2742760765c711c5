"""Every row of Vox's tables to a portable file and back (`python -m bot export-db` / `import-db`),
so a server can move from SQLite to PostgreSQL, or back, without losing history.

The file is JSON lines: a header (`FORMAT`, its version, the schema version of the database it
came from); then, table by table in foreign-key order, a line naming the table and its columns
followed by one JSON array per row; then an end line with each table's row count and the highest
id it ever handed out. Rows go through in batches of `BATCH`, so a big database never sits in
memory. Bytes would be written as {"base64": ...}; no exported column holds any today.

The export reads one moment of the database (a read-only transaction), so a bot still writing to
it cannot leave an event in the file without its game. The import is one transaction into a
migrated database holding no Vox data: it keeps every id, and moves each table's id sequence to
the highest id the source had handed out, so new rows never take an old id (a roll that expired
before the move still reads as expired, never as somebody else's roll). Snapshots are derived
data, a fold of the events that Vox rebuilds when it needs one, so they are left out.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store.database import Dialect, Row

FORMAT = "vox-database-export"
FORMAT_VERSION = 1
BATCH = 1_000


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    key: tuple[str, ...]  # the primary key (or unique key): the order rows are read in
    ids: bool = False  # `id` comes from the table's own sequence


# Foreign-key order: a row's parent is always loaded before it.
TABLES = (
    Table("meta", ("key",)),
    Table("games", ("id",), ids=True),
    Table("events", ("game_id", "seq")),
    Table("campaigns", ("id",), ids=True),
    Table("campaign_events", ("campaign_id", "seq")),
    Table("campaign_games", ("game_id",)),
    Table("armies", ("id",), ids=True),
    Table("rolls", ("id",), ids=True),
    Table("roll_log", ("id",), ids=True),
)
DERIVED = ("game_snapshots", "campaign_snapshots")  # rebuilt from the events: not exported

_COLUMNS: dict[Dialect, str] = {
    "sqlite": "SELECT name, type FROM pragma_table_info(?) ORDER BY cid",
    "postgresql": "SELECT column_name, data_type FROM information_schema.columns "
    "WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
}
KINDS: dict[type, str] = {int: "a whole number", str: "text", bytes: "bytes"}


class TransferRefused(Exception):
    """An export file or a database the transfer will not use; str() is one sentence."""


class Reader(Protocol):
    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def to_line(item: object) -> str:
    """One line of the file."""
    return json.dumps(item, ensure_ascii=False, separators=(",", ":"), default=_bytes) + "\n"


def _bytes(value: object) -> object:
    if isinstance(value, bytes | bytearray | memoryview):
        return {"base64": base64.b64encode(bytes(value)).decode("ascii")}
    raise TypeError(f"{type(value).__name__} cannot be exported")


def from_value(value: object, kind: type) -> object:
    """A row's value as read from the file, for a column holding `kind` (int, str or bytes);
    ValueError for a value export-db never writes there (SQLite would take text for a number)."""
    if value is None:
        return None  # NOT NULL is the database's to check
    if kind is bytes and isinstance(value, dict) and isinstance(value.get("base64"), str):
        return base64.b64decode(value["base64"], validate=True)
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    raise ValueError(f"{json.dumps(value, ensure_ascii=False)[:40]} is not {KINDS[kind]}")


async def columns(reader: Reader, dialect: Dialect, table: str) -> dict[str, type]:
    """The table's columns in order, each with the Python type of its values."""
    found = await reader.fetch(_COLUMNS[dialect], (table,))
    return {str(name): _kind(str(declared).upper()) for name, declared in found}


def _kind(declared: str) -> type:
    if "INT" in declared:
        return int
    if "BLOB" in declared or "BYTEA" in declared:
        return bytes
    return str


def header(schema: int, dialect: Dialect) -> dict[str, Any]:
    """The file's first line: what it is, and the schema of the database it came from."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "schema": schema,
        "from": dialect,
        "left_out": list(DERIVED),
    }


def read_header(text: str, source: str) -> int:
    """The schema version of an export whose first line is `text`; `TransferRefused` if it is
    not one this Vox reads."""
    try:
        found = json.loads(text)
    except ValueError:
        found = None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        raise TransferRefused(
            f"{source} is not a Vox database export (its first line is not export-db's); "
            "give import-db a file that export-db wrote."
        )
    version, schema = found.get("version"), found.get("schema")
    if version != FORMAT_VERSION or not isinstance(schema, int):
        raise TransferRefused(
            f"{source} is a Vox export of format {version!r}, and this Vox reads format "
            f"{FORMAT_VERSION}; export the database again with this Vox."
        )
    return schema
