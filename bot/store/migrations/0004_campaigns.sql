-- Crusade campaigns per server and their append-only event logs (bot/campaign).
-- A campaign's state is a fold over its events; nothing here is ever updated.
CREATE TABLE campaigns (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    name_key   TEXT    NOT NULL,  -- the case-folded name (Python's str.casefold)
    edition    TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    UNIQUE (guild_id, name_key)
);

-- seq runs 1, 2, 3… per campaign; UNIQUE (campaign_id, seq) is what makes appends optimistic.
CREATE TABLE campaign_events (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    kind        TEXT    NOT NULL,
    actor       INTEGER,
    payload     TEXT    NOT NULL CHECK (json_valid(payload)),
    at          TEXT    NOT NULL,
    UNIQUE (campaign_id, seq)
);

-- A tracked game played as a campaign battle: each game belongs to at most one campaign.
CREATE TABLE campaign_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE
);

CREATE INDEX campaign_games_by_campaign ON campaign_games (campaign_id);
