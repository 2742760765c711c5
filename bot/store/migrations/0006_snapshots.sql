-- A folded state saved at a seq of its log (bot/store/snapshots.py), so a restart reads the latest
-- snapshot and only the events after it. Derived data: deleting a row only costs a full fold.
CREATE TABLE game_snapshots (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    format  TEXT    NOT NULL,
    state   BLOB    NOT NULL
);

CREATE TABLE campaign_snapshots (
    campaign_id INTEGER PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    format      TEXT    NOT NULL,
    state       BLOB    NOT NULL
);
