"""Which way the engine takes for one weapon: read by `engine` and by the estimate in `cost`.

`joint`: against a plain target, every event of a weapon with Devastating Wounds (current wording)
is one damage operator (its critical Damage is its Damage, no mortal wounds from critical hits), so
the joint count of its events is enough (`counts.event_counts`). Otherwise its waiting wounds get
an axis of their own (`queues`), capped at the unit's health when no feel-no-pain can stop them.
"""

from __future__ import annotations

from bot.rules.sequence import Steps


def joint(steps: Steps) -> bool:
    r = steps.receiving
    return (
        len(r) == 1
        and not steps.hit_mortal
        and not steps.extra_mortal
        and r[0].damage == r[0].critical_damage
    )


def devastating_cap(steps: Steps, total: int) -> int | None:
    """Without feel-no-pain each waiting Devastating Wound takes at least one wound: more than
    the unit's health cannot matter."""
    return None if any(r.critical_damage.fnp for r in steps.receiving) else total


def queue_length(most: int, cap: int | None) -> int:
    return (most if cap is None else min(most, cap)) + 1


def mortal_waits(steps: Steps) -> bool:
    """The weapon's mortal wounds wait (`mortal wounds last`) and it has some."""
    return steps.mortal_last and (
        steps.devastating == "mortal" or steps.hit_mortal or steps.extra_mortal > 0
    )


def uniform_mortal(steps: Steps) -> bool:
    """Every part rolls the same feel-no-pain against mortal wounds."""
    return len({r.mortal.fnp for r in steps.receiving}) == 1
