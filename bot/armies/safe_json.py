"""JSON parsed with its nesting bounded: the depth is measured on the text, without recursion,
before Python's parser (which recurses once per level) ever sees it."""

from __future__ import annotations

import json
import re
from itertools import accumulate

from bot.armies.limits import MAX_DEPTH
from bot.errors import BadFile

# A JSON string, escapes included (written unrolled, so long strings cost no backtracking).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}

DAMAGED = (
    "That JSON file is damaged ({problem}); export the list again from New Recruit "
    "or Vox's /army export."
)
TOO_DEEP = (
    "That JSON file is nested more than {limit} levels deep; no army list is, so Vox does "
    "not read it."
)


def depth(text: str) -> int:
    """How deeply `text`'s arrays and objects nest (strings skipped), or `BadFile` when a string
    never ends."""
    bare = _STRING.sub("", text)
    if '"' in bare:
        raise BadFile(DAMAGED.format(problem="a string never ends"))
    brackets = _NOT_BRACKET.sub("", bare)
    return max(accumulate(_STEP[c] for c in brackets), default=0)


def loads(text: str) -> object:
    """The JSON value in `text`, or `BadFile` with one sentence: too deep, or not JSON."""
    if depth(text) > MAX_DEPTH:
        raise BadFile(TOO_DEEP.format(limit=MAX_DEPTH))
    try:
        return json.loads(text)
    except json.JSONDecodeError as bad:
        where = f"line {bad.lineno}, column {bad.colno}: {bad.msg.lower()}"
        raise BadFile(DAMAGED.format(problem=where)) from bad
    except (ValueError, RecursionError) as bad:  # e.g. an integer of thousands of digits
        raise BadFile(DAMAGED.format(problem="a value Vox cannot read")) from bad
