"""`python -m bot export-db`: every row of Vox's tables, read at one moment, to an export file
(the format is `bot.store.transfer`'s)."""

from __future__ import annotations

from typing import TextIO

from bot.store.database import Database, Dialect
from bot.store.transfer import BATCH, TABLES, Reader, Table, columns, header, quoted, to_line


async def export(db: Database, out: TextIO, *, batch: int = BATCH) -> dict[str, int]:
    """Write every row of `TABLES` to `out`, reading `batch` rows at a time; returns the rows
    written per table."""
    out.write(to_line(header(await db.schema_version(), db.dialect)))
    rows: dict[str, int] = {}
    async with db.reading() as reader:
        for table in TABLES:
            rows[table.name] = await _export_table(reader, db.dialect, table, out, batch)
    # Read after the rows: ids only grow, so these are at least every id in the file.
    highest = {t.name: await db.highest_id(t.name) for t in TABLES if t.ids}
    out.write(to_line({"end": {"rows": rows, "highest_ids": highest}}))
    return rows


async def _export_table(
    reader: Reader, dialect: Dialect, table: Table, out: TextIO, batch: int
) -> int:
    names = list(await columns(reader, dialect, table.name))
    out.write(to_line({"table": table.name, "columns": names}))
    key = ", ".join(quoted(k) for k in table.key)
    select = f"SELECT {', '.join(quoted(n) for n in names)} FROM {quoted(table.name)}"
    after = f" WHERE ({key}) > ({', '.join('?' * len(table.key))})"
    order = f" ORDER BY {key} LIMIT {batch}"
    at = [names.index(k) for k in table.key]
    written, last = 0, None
    while True:  # keyset pages: each read starts after the last row of the one before
        page = await reader.fetch(select + (after if last else "") + order, last or ())
        out.writelines(to_line(list(row)) for row in page)
        written += len(page)
        if len(page) < batch:
            return written
        last = tuple(page[-1][i] for i in at)
