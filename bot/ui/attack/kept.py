"""What /attack's buttons need beyond their custom_id, kept in the bot's memo under a token: the
options a member typed (for the weapon choice and "Resolve anyway"), and an attack's dice (for
Details and Chart). Bounded in number and time; after a restart each button says so in one
sentence."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import NotAllowed, Stale
from bot.play.attack import Attacked, Offered, Typed
from bot.ui.components import VoxInteraction

ASK_TTL = 15 * 60  # seconds a choice of weapons or a warning can still be answered
SHOWN_TTL = 6 * 60 * 60  # seconds an attack's dice stay behind Details and Chart
ASK_GONE = (
    "This /attack is no longer kept (Vox keeps it 15 minutes and forgets it on a restart); "
    "type /attack again."
)
SHOWN_GONE = (
    "The dice of this attack are no longer kept (Vox keeps them 6 hours and forgets them on a "
    "restart); the damage it did is in /game log."
)
NOT_YOURS = "Only the member who typed this /attack can answer it; type your own /attack."


@dataclass(frozen=True, slots=True)
class Asked:
    """An /attack waiting for its member: the options typed, who typed them, and how to answer."""

    owner: int
    typed: Typed
    secret: bool
    phase_seq: int | None = None
    offered: Offered | None = None  # the weapon choice shown, to redraw it as it changes


@dataclass(frozen=True, slots=True)
class Shown:
    """An attack on the channel's card: its dice, who rolled, the tracked target after."""

    done: Attacked
    roller: str
    tracked: str | None


def keep_asked(interaction: VoxInteraction, asked: Asked, phase_seq: int) -> str:
    """Keep `asked` (as it was asked in the phase `phase_seq`) for the buttons; its token."""
    return interaction.client.memo.put(replace(asked, phase_seq=phase_seq), ASK_TTL)


def asked(interaction: VoxInteraction, token: str, *, done: bool = False) -> Asked:
    """The /attack kept under `token`, answered only by the member who typed it; `done` forgets
    it (an attack resolves once)."""
    memo = interaction.client.memo
    found = memo.get(token, Asked)
    if found is None:
        raise Stale(ASK_GONE)
    if found.owner != interaction.user.id:
        raise NotAllowed(NOT_YOURS)
    if done:
        memo.pop(token, Asked)
    return found


def keep_shown(interaction: VoxInteraction, shown: Shown) -> str:
    return interaction.client.memo.put(shown, SHOWN_TTL)


def shown(interaction: VoxInteraction, token: str) -> Shown:
    found = interaction.client.memo.get(token, Shown)
    if found is None:
        raise Stale(SHOWN_GONE)
    return found
