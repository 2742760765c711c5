"""What Discord accepts in a message, and who a message may notify: checks for anything Vox sent.

`assert_within_discord_limits` holds a `Sent` to Discord's documented size limits (a reply over
them is refused with a 400, so the user sees "The application did not respond");
`assert_no_mentions_beyond` holds it to Vox's mention policy: no @everyone, @here or roles ever,
and only the given users. `mention_problems` is the same policy as a list, for the recorder.
"""

from __future__ import annotations

from typing import Any

from tests.harness.recorder import Sent

CONTENT = 2000
EMBEDS = 10
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000  # all embeds of one message together
ROWS = 5
BUTTONS_PER_ROW = 5
LABEL = 80
CUSTOM_ID = 100
OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
MODAL_TITLE = 45
CHOICES = 25
CHOICE_TEXT = 100


def _too_long(problems: list[str], what: str, text: Any, limit: int) -> None:
    if text is not None and len(str(text)) > limit:
        problems.append(f"{what} is {len(str(text))} characters (the limit is {limit})")


def _embed_problems(problems: list[str], i: int, embed: dict[str, Any]) -> int:
    """Add this embed's problems; return its characters towards the message's 6,000."""
    where = f"embed {i}"
    title, description = embed.get("title"), embed.get("description")
    footer = (embed.get("footer") or {}).get("text")
    author = (embed.get("author") or {}).get("name")
    _too_long(problems, f"{where} title", title, TITLE)
    _too_long(problems, f"{where} description", description, DESCRIPTION)
    _too_long(problems, f"{where} footer", footer, FOOTER)
    _too_long(problems, f"{where} author", author, AUTHOR)
    fields = list(embed.get("fields") or [])
    if len(fields) > FIELDS:
        problems.append(f"{where} has {len(fields)} fields (the limit is {FIELDS})")
    total = sum(len(str(t)) for t in (title, description, footer, author) if t)
    for j, f in enumerate(fields):
        name, value = str(f.get("name") or ""), str(f.get("value") or "")
        if not name.strip() or not value.strip():
            problems.append(f"{where} field {j} has an empty name or value")
        _too_long(problems, f"{where} field {j} name", name, FIELD_NAME)
        _too_long(problems, f"{where} field {j} value", value, FIELD_VALUE)
        total += len(name) + len(value)
    return total


def _component_problems(problems: list[str], components: list[dict[str, Any]]) -> None:
    if len(components) > ROWS:
        problems.append(f"{len(components)} rows of components (the limit is {ROWS})")
    stack = list(components)
    while stack:
        c = stack.pop()
        children = list(c.get("components") or [])
        if c.get("type") == 1 and len(children) > BUTTONS_PER_ROW:
            problems.append(f"a row has {len(children)} components (the limit is 5)")
        stack.extend(children)
        _too_long(problems, "a custom_id", c.get("custom_id"), CUSTOM_ID)
        _too_long(problems, "a button label", c.get("label"), LABEL)
        _too_long(problems, "a placeholder", c.get("placeholder"), PLACEHOLDER)
        options = list(c.get("options") or [])
        if len(options) > OPTIONS:
            problems.append(f"a select menu has {len(options)} options (the limit is {OPTIONS})")
        for o in options:
            for key in ("label", "value", "description"):
                _too_long(problems, f"a select option's {key}", o.get(key), OPTION_TEXT)


def limit_problems(sent: Sent) -> list[str]:
    """Every way `sent` breaks one of Discord's limits (empty when it is fine)."""
    problems: list[str] = []
    if sent.callback_type == 8:  # autocomplete choices
        choices = list(sent.message.get("choices") or [])
        if len(choices) > CHOICES:
            problems.append(f"{len(choices)} autocomplete choices (the limit is {CHOICES})")
        for c in choices:
            _too_long(problems, "a choice name", c.get("name"), CHOICE_TEXT)
            _too_long(problems, "a choice value", c.get("value"), CHOICE_TEXT)
        return problems
    if sent.callback_type == 9:  # a modal
        _too_long(problems, "the modal title", sent.message.get("title"), MODAL_TITLE)
        _component_problems(problems, list(sent.message.get("components") or []))
        return problems
    _too_long(problems, "content", sent.message.get("content"), CONTENT)
    embeds = sent.embeds
    if len(embeds) > EMBEDS:
        problems.append(f"{len(embeds)} embeds (the limit is {EMBEDS})")
    total = sum(_embed_problems(problems, i, e) for i, e in enumerate(embeds))
    if total > EMBED_TOTAL:
        problems.append(f"the embeds hold {total} characters (the limit is {EMBED_TOTAL})")
    _component_problems(problems, list(sent.message.get("components") or []))
    return problems


def assert_within_discord_limits(sent: Sent) -> None:
    """Fail if Discord would refuse `sent` for its size (content, embeds, components…)."""
    problems = limit_problems(sent)
    assert not problems, f"{sent.kind} {sent.path}: " + "; ".join(problems)


def mention_problems(sent: Sent, allowed_users: set[int] | None = None) -> list[str]:
    """Every way `sent` could notify more than it should: a message (content or embeds) needs
    `allowed_mentions` with an empty `parse` (no @everyone/@here, roles or any user named in
    text) and no roles; users it does allow must be in `allowed_users` (when given) and be
    mentioned by the message itself."""
    message = sent.message
    if not sent.content and not sent.embeds:
        return []
    mentions = message.get("allowed_mentions")
    if mentions is None:
        return ["no allowed_mentions: Discord would notify everyone the text names"]
    problems = []
    if mentions.get("parse"):
        problems.append(f"allowed_mentions parses {mentions['parse']}")
    if mentions.get("roles"):
        problems.append(f"allowed_mentions lets roles {mentions['roles']} be notified")
    users = {int(u) for u in mentions.get("users") or []}
    if allowed_users is not None and users - allowed_users:
        problems.append(f"allowed_mentions lets users {sorted(users - allowed_users)} be notified")
    unnamed = {u for u in users if f"<@{u}>" not in sent.text}
    if unnamed:
        problems.append(f"allowed_mentions allows users {sorted(unnamed)} it does not name")
    return problems


def assert_no_mentions_beyond(sent: Sent, allowed_users: set[int]) -> None:
    """Fail unless `sent` notifies nobody but (some of) `allowed_users`: never @everyone,
    @here or a role, whatever its text says."""
    problems = mention_problems(sent, allowed_users)
    assert not problems, f"{sent.kind} {sent.path}: " + "; ".join(problems) + f"\n{sent.text}"
