"""New Recruit's JSON roster (the roster schema as JSON) read into a `tree.Roster`."""

from __future__ import annotations

from bot.armies.tree import Roster


def read_json(doc: object) -> Roster:
    """The roster in the parsed JSON value `doc` (placeholder until the reader lands)."""
    raise NotImplementedError
