"""What a roll is called in the channel's roll log (/rolls history, /game log): what was rolled,
and what came of it, in the few words of one line of a list — `Bolt rifle → Boyz`, `4 hits ·
2 wounds · 3 damage · 1 destroyed`. The embeds say the same at length, with every die.

Each use case passes its result to one of these once the result is known, and says the words with
`bot.tally.describe`; a roll nobody names is logged as "N dice rolled". They take the rules' own
results, so any use case (standalone or on a tracked unit) words a roll the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game.describe import plural
from bot.rules.attack import AttackResult
from bot.rules.deployment import FirstTurnRollOff, ReserveRolls
from bot.rules.hazardous import Hazard
from bot.rules.morale import BattleShockTest, DesperateEscape, MoraleTest
from bot.rules.movement import AdvanceRoll, ChargeRoll
from bot.rules.pools import RollOff
from bot.rules.profiles import AttackSpec
from bot.rules.psychic import DenyTest, MortalWoundsRoll, PsychicTest
from bot.rules.psychic7 import WarpDeny, WarpPool, WarpTest

Words = tuple[str, str]  # what was rolled, what came of it


def _count(n: int, one: str, many: str) -> str:
    """`1 die`, `3 dice`; `1 success`, `2 successes`."""
    return f"{n} {one if n == 1 else many}"


def _by(unit: str | None, what: str) -> str:
    """`Boyz Morale test`, or `Morale test` when no unit of the game took it."""
    return f"{unit} {what}" if unit else what[:1].upper() + what[1:]


def attack(
    spec: AttackSpec, target: str | None, result: AttackResult, hazard: Hazard | None
) -> Words:
    """`Bolt rifle → Boyz`: `4 hits · 2 wounds · 3 damage · 1 destroyed` (an unnamed target by its
    profile: `10 × T5 W1`)."""
    names = ", ".join(dict.fromkeys(w.name or "Attack" for w in spec.weapons))
    t = spec.target
    aimed = target or f"{t.models} × T{t.toughness} W{t.wounds}"
    outcome = [
        plural(result.hits, "hit"),
        plural(result.wounds, "wound"),
        f"{result.damage_dealt} damage",
        f"{result.models_destroyed} destroyed",
    ]
    if hazard is not None and hazard.failed:
        outcome.append(f"{hazard.failed} Hazardous failed")
    return f"{names} → {aimed}", " · ".join(outcome)


def charge(unit: str | None, roll: ChargeRoll) -> Words:
    """`Intercessors charge 7"`: `rolled 8: made it` (`rolled 4, re-rolled 8: …`)."""
    first = f"rolled {roll.first_total}, re-rolled" if roll.first_total is not None else "rolled"
    verdict = "made it" if roll.succeeded else "failed"
    return _by(unit, f'charge {roll.distance}"'), f"{first} {roll.total}: {verdict}"


def morale(unit: str | None, test: MoraleTest) -> Words:
    """`Boyz Morale test (Ld 7)`: `rolled 4+2=6: failed, 2 fled`."""
    rolled = f"rolled {test.die.value}+{test.destroyed_this_turn}={test.total}"
    verdict = "passed" if test.passed else f"failed, {test.models_fled} fled"
    return _by(unit, f"Morale test (Ld {test.leadership})"), f"{rolled}: {verdict}"


def battle_shock(unit: str | None, test: BattleShockTest) -> Words:
    """`Boyz Battle-shock test (Ld 7+)`: `rolled 5: battle-shocked`."""
    what = _by(unit, f"Battle-shock test (Ld {test.leadership}+)")
    verdict = "passed" if test.passed else "battle-shocked"
    return what, f"rolled {test.total}: {verdict}"


def escape(unit: str | None, rolled: DesperateEscape) -> Words:
    """`Boyz Desperate Escape (5 tests)`: `2 of 5 models destroyed`."""
    tests = len(rolled.dice)
    what = _by(unit, f"Desperate Escape ({plural(tests, 'test')})")
    return what, f"{rolled.models_destroyed} of {plural(tests, 'model')} destroyed"


def advance(unit: str | None, roll: AdvanceRoll) -> Words:
    """`Intercessors advance`: `rolled 4: Move 10"`."""
    what = _by(unit, "advance") if unit else f'Advance (Move {roll.move}")'
    return what, f'rolled {roll.die.value}: Move {roll.total}"'


def moved(unit: str, how: str, total: int) -> Words:
    """A move /unit move rolled for: `Intercessors advance`: `rolled 4`."""
    return f"{unit} {how.replace('_', ' ')}", f"rolled {total}"


def reserves(unit: str | None, rolls: ReserveRolls) -> Words:
    """`Reserve Rolls (3 units, turn 2)`: `2 of 3 arrive`; a unit's: `rolled 4: arrives`."""
    if unit is not None:
        verdict = "arrives" if rolls.arrives[0] else "stays in Reserve"
        return f"{unit} Reserve Roll (turn {rolls.turn})", f"rolled {rolls.results[0]}: {verdict}"
    what = f"Reserve Rolls ({plural(rolls.units, 'unit')}, turn {rolls.turn})"
    return what, f"{rolls.arrived} of {rolls.units} arrive"


def psychic(
    psyker: str | None,
    power: str,
    test: PsychicTest,
    perils: MortalWoundsRoll | None,
    wounds: MortalWoundsRoll | None,
) -> Words:
    """`Librarian: Smite (WC 5)`: `rolled 7: manifested · 3 mortal wounds · Perils: 1 mortal
    wound`."""
    named = f"{psyker}: {power}" if psyker else power
    outcome = [f"rolled {test.total}: {'manifested' if test.passed else 'failed'}"]
    if wounds is not None:
        outcome.append(plural(wounds.mortal_wounds, "mortal wound"))
    if perils is not None:
        outcome.append(f"Perils: {plural(perils.mortal_wounds, 'mortal wound')}")
    return f"{named} (WC {test.warp_charge})", " · ".join(outcome)


def deny(roll: DenyTest) -> Words:
    """`Deny the Witch (beat 7)`: `rolled 8: denied`."""
    verdict = "denied" if roll.denied else "not denied"
    return f"Deny the Witch (beat {roll.psychic_result})", f"rolled {roll.total}: {verdict}"


def blast(hits: Sequence[tuple[str, int]]) -> Words:
    """`Perils of the Warp blast`: `Boyz 2 · Gretchin 3 mortal wounds`."""
    return "Perils of the Warp blast", " · ".join(f"{u} {w}" for u, w in hits) + " mortal wounds"


def warp_test(psyker: str | None, power: str, test: WarpTest) -> Words:
    """7th: `Librarian: Force Dome (WC 2, 3 dice)`: `2 successes: manifested · Perils`."""
    named = f"{psyker}: {power}" if psyker else power
    verdict = "manifested" if test.passed else "failed"
    perils = " · Perils of the Warp" if test.perils else ""
    what = f"{named} (WC {test.warp_charge}, {_count(len(test.dice), 'die', 'dice')})"
    return what, f"{_count(test.successes, 'success', 'successes')}: {verdict}{perils}"


def warp_deny(roll: WarpDeny) -> Words:
    """7th: `Deny the Witch (3 dice on 6+)`: `1 cancelled: denied`."""
    verdict = "denied" if roll.denied else "not denied"
    what = f"Deny the Witch ({_count(len(roll.dice), 'die', 'dice')} on {roll.deny_on}+)"
    return what, f"{roll.cancelled} cancelled: {verdict}"


def warp_pool(pool: WarpPool) -> Words:
    """7th: `Warp Charge pools`: `rolled 4: 6 and 5 points`."""
    points = f"{pool.points} and {pool.opponent_points} points"
    return "Warp Charge pools", f"rolled {pool.die.value}: {points}"


def roll_off(why: str, rolled: RollOff | FirstTurnRollOff, players: Sequence[str]) -> Words:
    """`Roll-off for the first turn`: `3–3, 5+1–2: <@1> wins` (the +1: who deployed first);
    `players` as the line names them (mentions, or names)."""
    bonus = rolled.bonus_player if isinstance(rolled, FirstTurnRollOff) else None
    rounds = [
        "–".join(f"{v}+1" if bonus == i else str(v) for i, v in enumerate(faces))
        for faces in rolled.rounds
    ]
    return f"Roll-off for {why}", f"{', '.join(rounds)}: {players[rolled.winner]} wins"


def mentions(players: Sequence[int]) -> list[str]:
    """The players as mentions (an embed shows them as names and notifies nobody)."""
    return [f"<@{p}>" for p in players]
