"""Text that has to fit: a typed value echoed in a sentence, a reply within Discord's limits.

Every sentence that repeats what someone typed goes through `quoted`, so a raw API caller's
2,001-character option cannot make the sentence longer than Discord takes.
"""

from __future__ import annotations

QUOTE = 60  # the longest name Vox accepts (a campaign's, a tracked unit's) is echoed whole
ELLIPSIS = "…"


def shorten(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters, else cut at a word boundary and ended with "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    space = cut.rfind(" ")
    if space > limit // 2:
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS


def quoted(value: object) -> str:
    """A typed value as an error sentence repeats it: at most `QUOTE` characters."""
    return shorten(str(value), QUOTE)
