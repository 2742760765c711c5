"""`python -m bot import-db`: an export file's rows into a migrated database without Vox data,
in one transaction, ids kept and id sequences moved past them (see `bot.store.transfer`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import asyncpg

from bot.store.database import Database, Dialect, Tx
from bot.store.errors import Constraint
from bot.store.transfer import (
    BATCH,
    DERIVED,
    TABLES,
    Table,
    TransferRefused,
    columns,
    from_value,
    quoted,
)

# The id a table's next row gets follows the highest one recorded here (see `_advance`).
_ADVANCE: dict[Dialect, tuple[str, ...]] = {
    "sqlite": (
        "UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?",
        # Only AUTOINCREMENT tables keep a sequence in SQLite (the others reuse the top id).
        "INSERT INTO sqlite_sequence (seq, name) SELECT ?, name FROM sqlite_master "
        "WHERE type = 'table' AND name = ? AND sql LIKE '%AUTOINCREMENT%' "
        "AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = sqlite_master.name)",
    ),
    "postgresql": ("SELECT setval(s, ?) FROM pg_get_serial_sequence(?, 'id') AS s",),
}
# A row the database refuses (`Constraint` once the transaction has rolled back, the others as
# they are): a broken rule, or a value it cannot take (asyncpg checks each
# argument's type: ValueError; SQLite an integer's size: OverflowError; PostgreSQL a text's
# form, such as a payload that is not JSON: DataError). Only a file edited by hand gets these.
_REFUSED = (Constraint, ValueError, OverflowError, asyncpg.DataError)


async def import_rows(
    db: Database,
    lines: Iterator[tuple[int, str]],
    *,
    schema: int,
    source: str,
    target: str,
    batch: int = BATCH,
) -> dict[str, int]:
    """Load the numbered lines after an export's header (of `schema`) into `db`, named `target`
    in messages, in one transaction, `batch` rows to a statement; returns the rows loaded per
    table. `TransferRefused`, with nothing changed, for a database of another schema or holding
    Vox data, or a file that is not what `export` writes."""
    current = await db.schema_version()
    if schema != current:
        raise TransferRefused(
            f"{source} holds a database of schema {schema} and {target} is at schema {current}; "
            "export and import with the same version of Vox (opening a database with this Vox "
            "brings it up to date)."
        )
    loader = _Loader(db.dialect, source, batch)
    try:
        async with db.transaction() as tx:
            await _refuse_vox_data(tx, target)
            await loader.load(tx, lines)
    except _REFUSED as error:  # raised inside the transaction, so it was rolled back
        if loader.writing is None:
            raise
        raise loader.refused(error) from error
    return loader.rows


async def _refuse_vox_data(tx: Tx, target: str) -> None:
    """Ids are kept, so they must be free: only a database without Vox data takes an import."""
    for name in (*(t.name for t in TABLES), *DERIVED):
        if await tx.fetch(f"SELECT 1 FROM {quoted(name)} LIMIT 1"):
            raise TransferRefused(
                f"{target} already holds Vox data ({name} has rows), so nothing was imported; "
                "import-db fills only a database without any: point Vox at a new one."
            )


class _Loader:
    """Takes an export's lines one at a time and loads their rows in batches (`import_rows`)."""

    def __init__(self, dialect: Dialect, source: str, size: int) -> None:
        self.dialect, self.source, self.size = dialect, source, size
        self.tx: Tx
        self.rows: dict[str, int] = {}
        self.table: Table | None = None
        self.names: list[str] = []
        self.kinds: list[type] = []
        self.insert = ""
        self.batch: list[list[object]] = []
        self.lines = (0, 0)  # the first and last line numbers of the batch
        self.writing: str | None = None  # the table whose batch the database is taking

    async def load(self, tx: Tx, lines: Iterator[tuple[int, str]]) -> None:
        """Every line up to the end line (and only blank ones after it) into `tx`."""
        self.tx = tx
        for number, text in lines:
            if await self.take(number, text):
                break
        else:
            raise TransferRefused(
                f"{self.source} ends before export-db's last line, so it is incomplete; "
                "nothing was imported."
            )
        for number, text in lines:
            if text.strip():
                raise self.bad(number, "there is more after the end line")

    def refused(self, error: BaseException) -> TransferRefused:
        """The sentence for a row of the batch being written that the database refused."""
        first, last = self.lines
        reason = str(error).strip().splitlines()[0].rstrip(".")
        return TransferRefused(
            f"The database refused a row of {self.writing} in lines {first}-{last} of "
            f"{self.source} ({reason}); nothing was imported."
        )

    def bad(self, number: int, problem: str) -> TransferRefused:
        return TransferRefused(
            f"{self.source} line {number} is not what export-db writes ({problem}); "
            "nothing was imported."
        )

    async def take(self, number: int, text: str) -> bool:
        """Load one line; True if it was the end line."""
        try:
            item = json.loads(text)
        except ValueError:
            raise self.bad(number, "it is not JSON") from None
        if isinstance(item, list):
            await self._row(number, item)
            return False
        if isinstance(item, dict) and "table" in item:
            await self._start(number, item)
            return False
        if isinstance(item, dict) and isinstance(item.get("end"), dict):
            await self._end(number, item["end"])
            return True
        raise self.bad(number, "it is neither a row, a table's start nor the end")

    async def _row(self, number: int, values: list[object]) -> None:
        if self.table is None:
            raise self.bad(number, "a row before any table")
        if len(values) != len(self.names):
            raise self.bad(number, f"{len(values)} values for {len(self.names)} columns")
        row = []
        for name, kind, value in zip(self.names, self.kinds, values, strict=True):
            try:
                row.append(from_value(value, kind))
            except ValueError as error:
                raise self.bad(number, f"{name}: {error}") from None
        self.batch.append(row)
        self.lines = (self.lines[0] if len(self.batch) > 1 else number, number)
        if len(self.batch) >= self.size:
            await self._flush()

    async def _flush(self) -> None:
        if not self.batch or self.table is None:
            return
        self.writing = self.table.name  # a refusal surfaces as the transaction ends
        await self.tx.executemany(self.insert, self.batch)
        self.writing = None
        self.rows[self.table.name] += len(self.batch)
        self.batch = []

    async def _start(self, number: int, item: dict[str, Any]) -> None:
        await self._flush()
        if len(self.rows) == len(TABLES):
            raise self.bad(number, "a table after the last one")
        table = TABLES[len(self.rows)]
        if item["table"] != table.name:
            raise self.bad(number, f"table {table.name} was next, not {item['table']!r}")
        names = item.get("columns")
        target = await columns(self.tx, self.dialect, table.name)
        if not isinstance(names, list) or sorted(map(str, names)) != sorted(target):
            raise self.bad(number, f"its columns are not those of this database's {table.name}")
        self.table, self.names, self.rows[table.name] = table, names, 0
        self.kinds = [target[name] for name in names]
        self.insert = (
            f"INSERT INTO {quoted(table.name)} ({', '.join(quoted(n) for n in names)}) "
            f"VALUES ({', '.join('?' * len(names))})"
        )

    async def _end(self, number: int, end: dict[str, Any]) -> None:
        await self._flush()
        if len(self.rows) < len(TABLES):
            raise self.bad(number, f"table {TABLES[len(self.rows)].name} is missing")
        if end.get("rows") != self.rows:
            raise self.bad(number, "its row counts are not those of the rows above it")
        highest = end.get("highest_ids")
        if not isinstance(highest, dict) or not all(isinstance(v, int) for v in highest.values()):
            raise self.bad(number, "its highest ids are not whole numbers")
        for table in TABLES:
            if table.ids:
                await self._advance(table.name, int(highest.get(table.name, 0)))

    async def _advance(self, table: str, highest: int) -> None:
        """Make the table's next id follow both `highest` and every id it now holds."""
        found = await self.tx.fetch(f"SELECT COALESCE(MAX(id), 0) FROM {quoted(table)}")
        top = max(int(found[0][0]), highest)
        if top > 0:
            for sql in _ADVANCE[self.dialect]:
                await self.tx.execute(sql, (top, table))
