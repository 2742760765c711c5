"""A defending unit's rule that changes every attack against it, read as the ability phrase Vox's
attack rules take: `-1 damage`, `halve damage`, `worsen ap 1`, `reroll saves: 1s|failed` (and
`reroll armour saves` / `reroll invulnerable saves`).

Only a rule whose whole text is one such effect, in the wording the datasheets use, is read:
"Each time an attack is allocated to a model in this unit, subtract 1 from the Damage
characteristic of that attack (to a minimum of 1)." (9th Disgustingly Resilient), "Each time an
attack is allocated to this model, subtract 1 from that attack's Damage characteristic." (10th
Implacable Resilience), "..., worsen the Armour Penetration characteristic of that attack by 1."
(10th Armour of Contempt-style datasheet abilities), "..., the Armour Penetration characteristic
of that attack is reduced by 1 (to a minimum of 0)." (9th), "..., halve the Damage characteristic
of that attack.", "Each time a saving throw is made for a model in this unit, you can re-roll a
saving throw of 1.". A text that states such an effect beside anything else (a condition, a
second effect, an exception) is only `mentions` one: it is shown, never applied. Nothing is
guessed from other prose.
"""

from __future__ import annotations

import re

_WHO = r"(?:a model in this unit|models in this unit|this model|this unit)"
_ALLOCATED = rf"each time an attack is allocated to {_WHO}, "
_SAVING = (
    rf"(?:each time (?:a|an) (?P<kind>armour |invulnerable )?saving throw is made for {_WHO}|"
    rf"each time {_WHO} makes? (?:a|an) (?P<kind2>armour |invulnerable )?saving throw), "
)
_DAMAGE = r"(?:the damage characteristic of that attack|that attack's damage characteristic)"
_AP = r"the armour penetration characteristic of that attack"

# (whole text, phrase); `{n}` is the number the text gives.
_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), phrase)
    for pattern, phrase in (
        (rf"{_ALLOCATED}subtract 1 from {_DAMAGE}(?: \(to a minimum of 1\))?", "-1 damage"),
        (rf"{_ALLOCATED}halve {_DAMAGE}(?: \(rounding up\))?", "halve damage"),
        (rf"{_ALLOCATED}worsen {_AP} by (?P<n>[1-3])", "worsen ap {n}"),
        (
            rf"{_ALLOCATED}{_AP} is (?:reduced|worsened) by (?P<n>[1-3])"
            r"(?: \(to a minimum of 0\))?",
            "worsen ap {n}",
        ),
        (rf"{_SAVING}you can re-roll (?:that|the) saving throw", "reroll {kind}saves: failed"),
        (rf"{_SAVING}you can re-roll a saving throw of 1", "reroll {kind}saves: 1s"),
    )
)
# Every phrase the rules above can give (for the tests that the attack rules take each one).
PHRASES = tuple(
    sorted({t.format(n=1, kind=k) for _, t in _RULES for k in ("", "armour ", "invulnerable ")})
)
# A defender's effect of the kinds above, stated somewhere in a text (for the shown-only notes).
_MENTION = re.compile(
    r"subtract 1 from (?:the damage|that attack's damage)|halve the damage characteristic of "
    rf"that attack|(?:worsen|reduce)\w* {_AP}|{_AP} is (?:reduced|worsened)|"
    r"armour penetration \w+ of 0 instead|"
    r"re-roll (?:a|the|that) (?:armour |invulnerable )?saving throw"
)


def _plain(text: str) -> str:
    """Lower case, plain quotes, single spaces, `re-roll` spelled one way, no closing full stop;
    a list's typo `minmum` (9e Relentless Hatred) read as `minimum`."""
    text = text.lower().replace("’", "'").replace("‘", "'").replace("minmum", "minimum")
    text = re.sub(r"\brerolls?\b", "re-roll", text)
    return " ".join(text.split()).strip(" .")


def phrase(text: str) -> str | None:
    """The phrase of a rule whose whole text is one effect on attacks against the unit, else
    None."""
    plain = _plain(text)
    for pattern, template in _RULES:
        m = pattern.fullmatch(plain)
        if m is not None:
            found = m.groupdict()
            kind = found.get("kind") or found.get("kind2") or ""
            return template.format(n=found.get("n"), kind=kind)
    return None


def mentions(text: str) -> bool:
    """Whether `text` states such an effect somewhere (shown, not applied, when not `phrase`)."""
    return _MENTION.search(_plain(text)) is not None
