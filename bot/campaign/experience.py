"""The experience one unit gains after a battle (Crusade "After the battle", step 4)."""

from __future__ import annotations

from bot.campaign.events import Award
from bot.campaign.models import Battle, Card
from bot.campaign.rules import CrusadeRules, capped_xp


def award(rules: CrusadeRules, card: Card, battle: Battle, marked: bool) -> Award:
    """Battle Experience +1 for taking part, Marked for Greatness +3, Dealers of Death +1 for
    every third enemy unit destroyed over its career; XP beyond its cap is lost."""
    xp = rules.experience
    reasons = [f"Battle Experience +{xp.battle}"]
    gain = xp.battle
    if marked:
        reasons.append(f"Marked for Greatness +{xp.marked}")
        gain += xp.marked
    before = card.kills - battle.kills_of(card.name)
    dealt = card.kills // xp.kills_per_xp - before // xp.kills_per_xp
    if dealt:
        reasons.append(f"Dealers of Death +{dealt}")
        gain += dealt
    kept = capped_xp(rules, card, gain)
    if kept < gain:
        reasons.append(f"{gain - kept} lost to the XP cap")
    return Award(card=card.name, amount=kept, reasons=", ".join(reasons))
