-- Pool rolls that carry a "Re-roll failed" button: the button's custom_id names the row, so the
-- button keeps working after a restart. `version` makes the re-roll an optimistic update.
CREATE TABLE rolls (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id   INTEGER NOT NULL,
    channel_id INTEGER,
    payload    TEXT    NOT NULL,
    version    INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
