"""A store's schema as both backends can be compared: tables, columns, keys, indexes.

Each backend is read through its own catalogue (SQLite's pragma functions, PostgreSQL's pg_catalog)
and reduced to what the migrations decide: a column's type family (integer, text or bytes: SQLite's
INTEGER is PostgreSQL's INTEGER or BIGINT, BLOB is BYTEA), whether it may be NULL, the primary key,
the unique rules and other indexes with their columns and whether they are partial (the predicate's
text is each server's own rewording), and the foreign keys with what a delete does. Each backend's
own bookkeeping (sqlite_sequence, schema_migrations) is left out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from bot.store.database import Database

BOOKKEEPING = {"sqlite_sequence", "schema_migrations"}
# An index is named by its migration (CREATE INDEX name), or it backs a UNIQUE rule written in the
# table, whose name each backend makes up: those are compared by their columns only.
Index = tuple[str | None, tuple[str, ...], bool, bool]  # name, columns, unique, partial
ForeignKey = tuple[
    tuple[str, ...], str, tuple[str, ...], str
]  # columns, table, its columns, on delete
_ON_DELETE = {
    "a": "NO ACTION",
    "r": "RESTRICT",
    "c": "CASCADE",
    "n": "SET NULL",
    "d": "SET DEFAULT",
}


@dataclass
class Table:
    columns: list[tuple[str, str, bool]] = field(default_factory=list)  # name, family, not null
    primary_key: tuple[str, ...] = ()
    indexes: set[Index] = field(default_factory=set)
    foreign_keys: set[ForeignKey] = field(default_factory=set)


def family(declared: str) -> str:
    text = declared.lower()
    if "int" in text:
        return "integer"
    if "char" in text or "text" in text:
        return "text"
    if "blob" in text or "bytea" in text:
        return "bytes"
    return text


async def describe(db: Database) -> dict[str, Table]:
    """The schema of `db`, by table name."""
    tables = await (_sqlite(db) if db.dialect == "sqlite" else _postgresql(db))
    return {name: table for name, table in tables.items() if name not in BOOKKEEPING}


async def _sqlite(db: Database) -> dict[str, Table]:
    tables: dict[str, Table] = {}
    sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    for (name,) in await db.fetch(sql):
        table = tables[name] = Table()
        info = await db.fetch('SELECT name, type, "notnull", pk FROM pragma_table_info(?)', (name,))
        keyed = sorted((pk, column) for column, _, _, pk in info if pk)
        table.primary_key = tuple(column for _, column in keyed)
        # A PRIMARY KEY column is NOT NULL in PostgreSQL; SQLite says so only for INTEGER ones, and
        # Vox never stores a NULL key in the others.
        table.columns = [
            (column, family(kind), bool(notnull) or column in table.primary_key)
            for column, kind, notnull, _ in info
        ]
        listed = 'SELECT name, "unique", origin, partial FROM pragma_index_list(?)'
        for index, unique, origin, partial in await db.fetch(listed, (name,)):
            if origin == "pk":
                continue
            found = await db.fetch("SELECT name FROM pragma_index_info(?) ORDER BY seqno", (index,))
            named = index if origin == "c" else None
            table.indexes.add((named, tuple(c for (c,) in found), bool(unique), bool(partial)))
        table.foreign_keys = await _sqlite_foreign_keys(db, name)
    return tables


async def _sqlite_foreign_keys(db: Database, table: str) -> set[ForeignKey]:
    sql = 'SELECT id, "table", "from", "to", on_delete FROM pragma_foreign_key_list(?)'
    sql += " ORDER BY id, seq"
    grouped: dict[int, list[Any]] = defaultdict(list)
    for row in await db.fetch(sql, (table,)):
        grouped[row[0]].append(row)
    keys: set[ForeignKey] = set()
    for rows in grouped.values():
        parent, on_delete = rows[0][1], rows[0][4]
        keys.add((tuple(r[2] for r in rows), parent, tuple(r[3] for r in rows), on_delete))
    return keys


_PG_COLUMNS = """
SELECT table_name, column_name, data_type, is_nullable = 'NO' FROM information_schema.columns
WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position
"""
# Column names of an index's or a constraint's attribute numbers, in order.
_NAMES = """ARRAY(SELECT a.attname FROM unnest({keys}::int2[]) WITH ORDINALITY AS k(num, pos)
JOIN pg_attribute a ON a.attrelid = {rel} AND a.attnum = k.num ORDER BY k.pos)"""
_PG_INDEXES = f"""
SELECT t.relname, i.relname, x.indisprimary, x.indisunique, x.indpred IS NOT NULL,
  EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid
          AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u')),
  {_NAMES.format(keys="x.indkey", rel="t.oid")}
FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = current_schema()
"""
_PG_FOREIGN_KEYS = f"""
SELECT t.relname, p.relname, c.confdeltype::text,
  {_NAMES.format(keys="c.conkey", rel="c.conrelid")},
  {_NAMES.format(keys="c.confkey", rel="c.confrelid")}
FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class p ON p.oid = c.confrelid
JOIN pg_namespace n ON n.oid = c.connamespace
WHERE c.contype = 'f' AND n.nspname = current_schema()
"""


async def _postgresql(db: Database) -> dict[str, Table]:
    tables: dict[str, Table] = defaultdict(Table)
    for name, column, kind, notnull in await db.fetch(_PG_COLUMNS):
        tables[name].columns.append((column, family(kind), notnull))
    for name, index, primary, unique, partial, backs_rule, columns in await db.fetch(_PG_INDEXES):
        if primary:
            tables[name].primary_key = tuple(columns)
        else:
            named = None if backs_rule else index
            tables[name].indexes.add((named, tuple(columns), unique, partial))
    for name, parent, on_delete, columns, referenced in await db.fetch(_PG_FOREIGN_KEYS):
        key = (tuple(columns), parent, tuple(referenced), _ON_DELETE[on_delete])
        tables[name].foreign_keys.add(key)
    return dict(tables)
