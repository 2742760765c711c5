"""bot/memo.py: values kept under random tokens, bounded in number and in time."""

from __future__ import annotations

import re

from bot.memo import TOKEN_PATTERN, Memo


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_value_is_found_by_its_token_and_kind_until_its_time_runs_out() -> None:
    clock = Clock()
    memo = Memo(clock=clock)
    token = memo.put("kept", ttl=10)
    assert re.fullmatch(TOKEN_PATTERN, token)
    assert memo.get(token, str) == "kept" and memo.get(token, int) is None
    clock.now = 10
    assert memo.get(token, str) is None and len(memo) == 0


def test_the_oldest_value_goes_first_past_the_bound() -> None:
    memo = Memo(size=2)
    first, second, third = (memo.put(n, ttl=60) for n in (1, 2, 3))
    assert memo.get(first, int) is None
    assert (memo.get(second, int), memo.get(third, int)) == (2, 3)


def test_pop_forgets_a_value_used_once() -> None:
    memo = Memo()
    token = memo.put("once", ttl=60)
    assert memo.pop(token, str) == "once" and memo.pop(token, str) is None
