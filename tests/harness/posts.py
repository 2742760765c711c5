"""What a channel sees: Vox's public posts, and the live prompt as an answer left it.

A quiet channel (issue 13) is measured in public posts, the new messages everyone sees:
`public_posts` keeps them from a list of `Sent` — interaction answers that create a message
(callback type 4, or 5, the "thinking" placeholder that becomes it) unless ephemeral,
follow-ups unless ephemeral, and channel messages (POST). Edits never count: a component's
type 7 answer, a PATCH of a message (the live prompt edited or collapsed), an edit of the
original response; nor do ephemeral answers and autocomplete choices.

    before = len(h.sent)
    ...  # play
    assert len(public_posts(h.sent[before:])) == 6

`shown` is what one command or click left on screen: the live prompt as posted or edited (or
the result that ended the game), whichever way it was sent; `private` is its one ephemeral line.
A private confirmation starts with a mark (`CONFIRMED`: ✅ done, ➡️ the prompt moved on);
`refusals` are the other ephemeral lines, the one-sentence errors.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.ui.replies import CONFIRMATIONS
from tests.harness.recorder import Sent

NEW_MESSAGE = (4, 5)  # callback types that create a message
CONFIRMED = CONFIRMATIONS  # how a private confirmation begins (a refusal never does)


def is_public_post(one: Sent) -> bool:
    if one.ephemeral:
        return False
    if one.kind == "callback":
        return one.callback_type in NEW_MESSAGE
    return one.kind == "followup" or (one.kind == "channel" and one.method == "POST")


def public_posts(sent: Iterable[Sent]) -> list[Sent]:
    """The new public messages among `sent`, in order (edits and ephemeral answers left out)."""
    return [one for one in sent if is_public_post(one)]


def shown(sent: Sequence[Sent]) -> Sent:
    """The last public post or edit of `sent` that shows embeds: the live prompt (a new one, or
    the one edited) or the game's result. A click on it acts on the message as it now stands."""
    found = [one for one in sent if not one.ephemeral and one.embeds]
    assert found, f"nothing shown: {[(s.kind, s.content) for s in sent]}"
    return found[-1]


def private(sent: Sequence[Sent]) -> Sent:
    """The one ephemeral answer among `sent`."""
    [one] = [s for s in sent if s.ephemeral]
    return one


def refusals(sent: Iterable[Sent]) -> list[str]:
    """The one-sentence refusals among `sent`: ephemeral text that confirms nothing and offers
    nothing to press (a private choice or warning carries its buttons)."""
    return [
        one.content
        for one in sent
        if one.ephemeral
        and not one.embeds
        and not one.buttons
        and not one.selects
        and not one.content.startswith(CONFIRMED)
    ]
