"""Short-lived values kept in memory under random tokens: what a button needs that does not fit in
its custom_id (the options a member typed, an attack's dice). Bounded in number and in time; a
restart forgets them, and the buttons that named them say so in one sentence."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

MEMO_SIZE = 500  # values kept at most; the oldest goes first
TOKEN_PATTERN = r"[A-Za-z0-9_-]{12}"  # what `put` returns (9 random bytes, URL-safe)


class Memo:
    """Values by token, each kept for its own time to live, at most `size` of them."""

    def __init__(self, size: int = MEMO_SIZE, clock: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        self._clock = clock
        self._kept: OrderedDict[str, tuple[float, object]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def put(self, value: object, ttl: float) -> str:
        """Keep `value` for `ttl` seconds; the token that finds it again."""
        token = secrets.token_urlsafe(9)
        self._kept[token] = (self._clock() + ttl, value)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return token

    def get(self, token: str, kind: type[T]) -> T | None:
        """The value kept under `token` if it is a `kind` and its time has not run out."""
        found = self._kept.get(token)
        if found is None:
            return None
        expires, value = found
        if expires <= self._clock():
            del self._kept[token]
            return None
        return value if isinstance(value, kind) else None

    def pop(self, token: str, kind: type[T]) -> T | None:
        """Like `get`, and forget it: a value used once."""
        value = self.get(token, kind)
        if value is not None:
            del self._kept[token]
        return value
