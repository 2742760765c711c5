"""Campaign events as stored: JSON payloads without the kind, and back."""

from __future__ import annotations

import pytest

from bot.campaign import EVENT_TYPES, fold, from_json, to_json
from tests.campaign.log import Log, played


def test_every_event_of_a_played_campaign_survives_json() -> None:
    for entry in played().records:
        event = entry.event
        assert '"kind"' not in to_json(event)
        assert from_json(event.kind, to_json(event)) == event


def test_every_event_kind_is_registered_once() -> None:
    assert len(EVENT_TYPES) == 19
    assert all(cls.model_fields["kind"].default == kind for kind, cls in EVENT_TYPES.items())


def test_an_unknown_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown campaign event kind"):
        from_json("nope", "{}")


def test_a_log_must_start_with_the_campaign() -> None:
    log = Log()
    with pytest.raises(ValueError, match="starts with campaign_created"):
        fold(log.records[1:])
