"""The store's interface: one `Database`, two implementations (SQLite, PostgreSQL).

Repositories write SQL both databases read (`?` placeholders, `INSERT … RETURNING id`, `ON
CONFLICT`, `LIMIT`) and call `fetch`, `execute` and `transaction`; whatever differs between the two
(placeholders, the guarded append, the highest id a table handed out, how the schema is tracked) is
the implementation's. A unique or foreign-key rule the database refuses raises `Constraint`; a
database that cannot take a write raises the driver's error, which `failures.failure_kind` names.

`bot.store.connect.open_database(target)` picks the implementation: a path, or `sqlite:///path`, is
SQLite (the default, `data/vox.sqlite3`); `postgresql://user:pass@host:port/db` is PostgreSQL
through asyncpg.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, ClassVar, Literal, Protocol, Self

Dialect = Literal["sqlite", "postgresql"]
Row = tuple[Any, ...]
DEFAULT_POOL_SIZE = 10


class UnusableDatabase(Exception):
    """The configured database is one Vox cannot use; str() is one sentence naming the problem."""


class Tx(Protocol):
    """The statements of one transaction (`Database.transaction`)."""

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]: ...
    async def execute(self, sql: str, params: Sequence[object] = ()) -> int: ...
    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    sql: str


def migrations(dialect: Dialect = "sqlite") -> list[Migration]:
    """Every bundled migration for `dialect`, in order: `NNNN_name.sql`, or
    `NNNN_name.<dialect>.sql` where the dialect needs its own. Numbers must run 1, 2, 3… without
    gaps, for both dialects."""
    shared: dict[int, Migration] = {}
    own: dict[int, Migration] = {}
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+?)(?:\.(sqlite|postgresql))?\.sql", entry.name)
        if not m:
            continue
        mig = Migration(int(m.group(1)), m.group(2), entry.read_text("utf-8"))
        if m.group(3) is None:
            shared[mig.number] = mig
        elif m.group(3) == dialect:
            own[mig.number] = mig
    found = sorted({**shared, **own}.values(), key=lambda mig: mig.number)
    for expected, mig in enumerate(found, start=1):
        if mig.number != expected:
            raise RuntimeError(f"migration {expected:04d} is missing (found {mig.number:04d})")
    return found


class Database(ABC):
    """What the repositories need of a database; see the module's text."""

    dialect: ClassVar[Dialect]
    # The numbers of the migrations `migrate` applied through this object, in order: what
    # `python -m bot migrate` reports (an up-to-date database applies none).
    applied: tuple[int, ...] = ()

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Every row of one statement."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run one statement on its own (atomic); returns the number of rows it changed."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Tx]:
        """One consistent moment of the database to read (an export), without holding up
        writers; nothing may be written through it."""

    @abstractmethod
    async def guarded_append(
        self, insert: str, params: Sequence[object], count: int, close: str | None, key: int
    ) -> int:
        """Run `insert` (all `count` rows or none: its WHERE checks the expected seq) and, if it
        inserted them and `close` is given, `close` (an UPDATE taking `key`), atomically; returns
        the number of rows inserted."""

    @abstractmethod
    async def highest_id(self, table: str) -> int:
        """The highest id `table` ever handed out (0 for none), deleted rows included."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration above `schema_version`; returns the new version."""

    @abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


def parse_target(target: str | Path) -> tuple[Dialect, str]:
    """("sqlite", a path) or ("postgresql", the URL) for a DATABASE_URL or DATABASE_PATH value."""
    if isinstance(target, Path):
        return "sqlite", str(target)
    text = target.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        return "sqlite", text
    if scheme.lower() in ("postgresql", "postgres"):
        return "postgresql", text
    if scheme.lower() == "sqlite":
        # sqlite:///data/vox.sqlite3 is relative, sqlite:////srv/vox.sqlite3 absolute (as in
        # SQLAlchemy).
        path = rest[1:] if rest.startswith("/") else rest
        if path:
            return "sqlite", path
    raise UnusableDatabase(
        f"DATABASE_URL ({redact(text)}) is not a database Vox can use; give "
        "sqlite:///data/vox.sqlite3 or postgresql://user:password@host:5432/vox."
    )


def redact(url: str) -> str:
    """The URL without its password, for messages and the log."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)
