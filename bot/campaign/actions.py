"""A campaign's live actions (what undo reverts), kept as a persistent stack so folding a long
campaign stays linear."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Action:
    """Events appended together (the first one and those that follow it): what undo reverts."""

    seqs: tuple[int, ...]
    kinds: tuple[str, ...]
    actor: int | None


@dataclass(frozen=True, slots=True, eq=False)
class _Link:
    action: Action
    rest: _Link | None


class Actions:
    """The live actions, a persistent stack: pushing one or joining an event to the newest is
    O(1) and shares the rest (a tuple rebuilt per event made folding a long campaign O(n²)).
    Iterates oldest first like a tuple; `reversed()` walks newest first without copying."""

    __slots__ = ("_len", "_top")

    def __init__(self, actions: Iterable[Action] = ()) -> None:
        self._top: _Link | None = None
        self._len = 0
        for action in actions:
            self._top, self._len = _Link(action, self._top), self._len + 1

    @classmethod
    def _of(cls, top: _Link | None, length: int) -> Actions:
        made = cls.__new__(cls)
        made._top, made._len = top, length
        return made

    def push(self, action: Action) -> Actions:
        return Actions._of(_Link(action, self._top), self._len + 1)

    def replace_last(self, action: Action) -> Actions:
        assert self._top is not None
        return Actions._of(_Link(action, self._top.rest), self._len)

    def __reversed__(self) -> Iterator[Action]:
        link = self._top
        while link is not None:
            yield link.action
            link = link.rest

    def __iter__(self) -> Iterator[Action]:
        return iter(list(reversed(self))[::-1])

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: int) -> Action:
        if index == -1 and self._top is not None:
            return self._top.action
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Actions):
            if self._len != other._len:
                return False
            a, b = self._top, other._top
            while a is not None and b is not None and a is not b:
                if a.action != b.action:
                    return False
                a, b = a.rest, b.rest
            return True
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Callable[..., Actions], tuple[tuple[Any, ...], ...]]:
        """Flat columns (a deep chain of links would exhaust the pickler's stack; plain tuples
        pickle in C, many times faster than as many dataclasses)."""
        every = tuple(self)
        return _actions, (
            tuple(a.seqs for a in every),
            tuple(a.kinds for a in every),
            tuple(a.actor for a in every),
        )

    def __repr__(self) -> str:
        return f"Actions({tuple(self)!r})"


def _actions(
    seqs: tuple[tuple[int, ...], ...], kinds: tuple[tuple[str, ...], ...], actors: tuple[int | None]
) -> Actions:
    return Actions(map(Action, seqs, kinds, actors))
