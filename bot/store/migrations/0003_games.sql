-- Games tracked per channel and their append-only event logs (DESIGN.md, "Game state").
-- A game's state is a fold over its events; nothing here is ever updated except `games.status`.
CREATE TABLE games (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER,
    channel_id INTEGER NOT NULL,
    edition    TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ended')),
    created_at TEXT    NOT NULL
);

-- At most one active game per channel; ended games stay for the record.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status = 'active';

-- seq runs 1, 2, 3… per game; UNIQUE (game_id, seq) is what makes appends optimistic.
CREATE TABLE events (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    kind    TEXT    NOT NULL,
    actor   INTEGER,
    payload TEXT    NOT NULL CHECK (json_valid(payload)),
    at      TEXT    NOT NULL,
    UNIQUE (game_id, seq)
);
