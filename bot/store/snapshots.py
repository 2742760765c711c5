"""Stored snapshots of a folded state, so loading a long game or campaign does not replay its log.

A snapshot is the state the tracker folded at a seq (every `EVERY` events, written off the hot
path); a load reads it and applies only the later events. The log stays the truth: a snapshot of
another `format` (the format number and a fingerprint of the fold's code and data, so any change to
how events fold retires old snapshots), or one that does not load, is ignored and the log folded in
full. The state is pickled (frozen dataclasses, pydantic models): the unpickler builds only Vox's
own classes and a few builtins, and editions and Crusade rules are stored by name.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
import pickle
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import replace
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Generic, Literal, Protocol, TypeVar

from bot.rules.editions import Edition, edition
from bot.store.database import Database

log = logging.getLogger("vox.snapshots")

FORMAT = 1  # bump when the pickled shape changes in a way the fingerprint would not catch
EVERY = 500  # events between snapshots of one game or campaign
Kind = Literal["game", "campaign"]
_TABLES: dict[Kind, tuple[str, str]] = {
    "game": ("game_snapshots", "game_id"),
    "campaign": ("campaign_snapshots", "campaign_id"),
}
# What the fold depends on, each as `<package>/<path inside it>`: found through importlib.resources,
# so a wheel hashes the same files (and names) as the checkout it was built from.
_FOLD_CODE = ("bot/game", "bot/campaign", "bot/rules", "bot/eventlog.py", "data")
_BUILTINS = frozenset({"frozenset", "set", "dict", "list", "tuple", "int", "str", "bool", "object"})
S = TypeVar("S")


@functools.cache
def fingerprint() -> str:
    """FORMAT and a hash of every file the fold depends on (its code and the editions' data)."""
    digest = hashlib.sha256(f"vox-snapshot-{FORMAT}".encode())
    for part in _FOLD_CODE:
        package, *inside = part.split("/")
        node = files(package)
        for step in inside:
            node = node / step
        for name, source in _sources(part, node):
            digest.update(name.encode())
            digest.update(source.read_bytes())
    return f"{FORMAT}:{digest.hexdigest()[:32]}"


def _sources(name: str, node: Traversable) -> Iterator[tuple[str, Traversable]]:
    """The .py and .json files at or under `node`, named by their path, in path order."""
    if node.is_dir():
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            yield from _sources(f"{name}/{child.name}", child)
    elif node.is_file() and name.endswith((".py", ".json")):
        yield name, node


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        from bot.campaign.rules import CrusadeRules

        if isinstance(obj, Edition):
            return ("edition", obj.key)
        if isinstance(obj, CrusadeRules):
            return ("crusade", obj.key)
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        from bot.campaign.rules import crusade_rules

        kind, key = pid
        if kind == "edition":
            return edition(key)
        if kind == "crusade":
            return crusade_rules(key)
        raise pickle.UnpicklingError(f"unknown reference {kind!r}")

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("bot.") or (module == "builtins" and name in _BUILTINS):
            return super().find_class(module, name)
        if module == "copyreg" and name == "_reconstructor":
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a snapshot may not build {module}.{name}")


def dumps(state: object) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return buffer.getvalue()


def loads(data: bytes) -> object:
    return _Unpickler(io.BytesIO(data)).load()


async def save(db: Database, kind: Kind, owner: int, state: Any) -> None:
    """Store `state` (folded up to `state.seq`) unless a newer snapshot is there already."""
    table, column = _TABLES[kind]
    data = await asyncio.to_thread(
        dumps, state
    )  # a long campaign's takes tens of ms: not on the loop
    sql = (
        f"INSERT INTO {table} ({column}, seq, format, state) VALUES (?, ?, ?, ?) "
        f"ON CONFLICT ({column}) DO UPDATE SET seq = excluded.seq, format = excluded.format, "
        f"state = excluded.state WHERE excluded.seq > {table}.seq OR "
        f"excluded.format != {table}.format"
    )
    await db.execute(sql, (owner, state.seq, fingerprint(), data))


async def load(db: Database, kind: Kind, owner: int, cls: type[S]) -> S | None:
    """The stored snapshot if it is of this format and loads as a `cls` at its seq; else None
    (the caller folds the whole log)."""
    table, column = _TABLES[kind]
    sql = f"SELECT seq, format, state FROM {table} WHERE {column} = ?"
    found = await db.fetch(sql, (owner,))
    if not found:
        return None
    seq, form, data = found[0]
    if form != fingerprint():
        return None
    try:
        state = loads(data)
    except Exception:  # a damaged or foreign snapshot: the log is the truth
        log.warning("the snapshot of %s %d does not load; folding its log", kind, owner)
        return None
    if not isinstance(state, cls) or getattr(state, "seq", None) != seq:
        return None
    return state


class Keeper(Generic[S]):
    """One kind's snapshots as the tracker and the chronicle keep them: `loaded` notes the seq a
    state came from; `kept` saves a new snapshot every `EVERY` events, after the reply (the task is
    held until done); `flush` waits for those being saved (before the database closes)."""

    def __init__(self, db: Database, kind: Kind, cls: type[S]) -> None:
        self.db, self.kind, self.cls = db, kind, cls
        self._seq: dict[int, int] = {}  # by owner: the seq of its latest snapshot
        self._saving: set[asyncio.Task[None]] = set()

    async def load(self, owner: int) -> S | None:
        """The stored snapshot (None: fold the whole log); later saves count from its seq."""
        state = await load(self.db, self.kind, owner, self.cls)
        self._seq[owner] = getattr(state, "seq", 0) if state is not None else 0
        return state

    def kept(self, owner: int, state: S) -> None:
        seq: int = getattr(state, "seq", 0)
        if seq - self._seq.get(owner, 0) < EVERY:
            return
        self._seq[owner] = seq

        async def store() -> None:
            try:
                await save(self.db, self.kind, owner, state)
            except Exception:  # only costs a longer fold after a restart
                log.warning("could not save a snapshot of %s %d", self.kind, owner, exc_info=True)

        task = asyncio.get_running_loop().create_task(store())
        self._saving.add(task)
        task.add_done_callback(self._saving.discard)

    def forget(self, owner: int) -> None:
        self._seq.pop(owner, None)

    async def flush(self) -> None:
        while self._saving:
            await asyncio.gather(*self._saving)


class Loaded(Protocol):
    """A tracker's `Table` or a chronicle's `Book`: a record, its log after `since`, a state."""

    @property
    def record(self) -> Any: ...
    @property
    def events(self) -> tuple[Any, ...]: ...
    @property
    def since(self) -> int: ...


L = TypeVar("L", bound=Loaded)


async def whole_log(
    cache: dict[int, L], item: L, read: Callable[[int, int], Awaitable[Sequence[Any]]]
) -> tuple[Any, ...]:
    """`item`'s whole log: the events before its snapshot are read once (`read(id, until)`), and
    the cached item keeps the whole log from then on."""
    if item.since == 0:
        return item.events
    key = item.record.id
    whole = (*await read(key, item.since), *item.events)
    cached = cache.get(key)
    if cached is not None and cached.since == item.since:
        late = cached.events[len(item.events) :]
        cache[key] = replace(cached, events=(*whole, *late), since=0)  # type: ignore[type-var]
    return whole
