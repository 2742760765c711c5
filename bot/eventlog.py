"""What every event log shares (a game's and a campaign's): the event base, the stored entry,
JSON in and out of the payload column, and `chain` for one action of several events."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from bot.errors import NotAllowed
from bot.rules.errors import IllegalAction


class BaseEvent(BaseModel):
    """`follows=True` marks an event caused by the one before it in the same action (appended
    together, undone together)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    follows: bool = False


E = TypeVar("E", bound=BaseEvent)


@dataclass(frozen=True)  # no slots: generic dataclasses with slots break `super()`
class Entry(Generic[E]):
    """An event as stored: its place in the log, who caused it (user id; None: Vox) and when."""

    seq: int
    actor: int | None
    at: str
    event: E


def to_json(event: BaseEvent) -> str:
    """The payload column: every field except `kind`, which has its own column."""
    return event.model_dump_json(exclude={"kind"})


def from_json(types: Mapping[str, type[E]], kind: str, payload: str, what: str = "event") -> E:
    cls = types.get(kind)
    if cls is None:
        raise ValueError(f"unknown {what} kind {kind!r}")
    return cls.model_validate_json(payload)


def chain(*events: E) -> list[E]:
    """One action: the first event is its cause, the rest follow from it (undone together)."""
    return [e if i == 0 else e.model_copy(update={"follows": True}) for i, e in enumerate(events)]


def check_undo(
    latest: tuple[int, int | None, str],
    actor: int,
    *,
    moderator: bool,
    naming: int | None = None,
) -> None:
    """Who may take back the latest change `(its first seq, who made it, what it was)`.

    Undo is scoped: by default a member takes back only a change of their own; a moderator takes
    back someone else's only by naming it (`naming`, its number), so nobody removes another
    player's change by accident. Only the latest change can be taken back (the log is a stack).
    Raises `IllegalAction` (not the latest) or `NotAllowed` (someone else's) with one sentence;
    returns None when allowed.
    """
    seq, author, what = latest
    if naming is not None and naming != seq:
        raise IllegalAction(
            f"Change #{naming} is not the latest one; only the latest can be taken back: "
            f"#{seq}, {what}."
        )
    if author == actor or (moderator and naming == seq):
        return
    whose = "Vox's" if author is None else f"<@{author}>'s"
    if moderator:
        raise NotAllowed(
            f"The latest change is {whose}: #{seq}, {what}. To take back someone else's change, "
            f"name it: add change:{seq}."
        )
    raise NotAllowed(
        f"The latest change is {whose}: #{seq}, {what}. Only they can take it back (or a "
        "moderator naming it)."
    )
