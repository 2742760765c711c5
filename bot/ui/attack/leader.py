"""What the answers say of an attached Leader: its profile on the target line, and its fate."""

from __future__ import annotations

from bot.rules.attack import AttackResult
from bot.rules.targets import Part


def part_text(part: Part) -> str:
    """`W5 Sv3+ 4++ FNP 5+` (`2 × ` in front for two Leader models)."""
    count = f"{part.models} × " if part.models > 1 else ""
    save = f"Sv{part.save}+" if part.save else "no save"
    extras = [f"{part.invuln}++" if part.invuln else "", f"FNP {part.fnp}+" if part.fnp else ""]
    return " ".join([f"{count}W{part.wounds} {save}", *(e for e in extras if e)])


def leader_text(part: Part, name: str | None = None) -> str:
    """`+ Leader: Captain W5 Sv3+ 4++`."""
    return f"+ Leader: {name + ' ' if name else ''}{part_text(part)}"


def leader_fate(result: AttackResult) -> str | None:
    """`the Leader is destroyed`, `the Leader has 2 of 5 wounds left`, `the Leader takes no
    damage`; None without a Leader (or before the engine says)."""
    part, after = result.target.leader, result.leader_after
    if part is None or after is None:
        return None
    alive = part.alive(after)
    if not alive:
        return "the Leader is destroyed"
    if after == part.health:
        return "the Leader takes no damage"
    bits = []
    if alive < part.models:
        bits.append(f"{part.models - alive} of {part.models} Leader models destroyed")
    left = part.wounds_on(after)
    if left < part.wounds:
        bits.append(f"the Leader has {left} of {part.wounds} wounds left")
    return ", ".join(bits)


def wiped(result: AttackResult) -> bool:
    """Every model of the unit is destroyed, the Leader's included."""
    part, after = result.target.leader, result.leader_after
    leader_gone = part is None or (after is not None and part.alive(after) == 0)
    return not result.models_left and leader_gone
