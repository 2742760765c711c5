"""A part of the target's own rules against attacks (an imported unit's `-1 damage`, `worsen ap 1`,
`reroll saves: 1s`, a Feel No Pain against mortal wounds) joined to what each attack brings.

They are read per part, so a Bodyguard's `-1 damage` does not protect its Leader. The same rule
typed in `abilities:` as well does not count twice: a flag is a flag, `worsen ap` takes the larger,
a re-roll the broader, a Feel No Pain the better.
"""

from __future__ import annotations

from dataclasses import replace

from bot.rules.abilities import Abilities, broader, parse_abilities
from bot.rules.rulesets import Ruleset


def defended(attack: Abilities, defences: str, rules: Ruleset) -> Abilities:
    """The attack's abilities with the part's defence phrases (checked like typed ones) added."""
    if not defences.strip():
        return attack
    own = parse_abilities(defences, rules)
    fnp = [x for x in (attack.fnp_mortal, own.fnp_mortal) if x is not None]
    return replace(
        attack,
        flags=attack.flags | own.flags,
        worsen_ap=max(attack.worsen_ap, own.worsen_ap),
        reroll_saves=broader(attack.reroll_saves, own.reroll_saves),
        reroll_armour_saves=broader(attack.reroll_armour_saves, own.reroll_armour_saves),
        reroll_invulnerable_saves=broader(
            attack.reroll_invulnerable_saves, own.reroll_invulnerable_saves
        ),
        fnp_mortal=min(fnp) if fnp else None,
    )
