-- Every roll made in a channel, for /rolls history, /rolls stats and the Roll again button.
-- `d6_1`..`d6_6` count the physical D6 faces the roll showed (a re-rolled die's first face too),
-- so the fairness statistics are one indexed SUM. `again` is the /roll text the Roll again button
-- rolls (NULL for other commands), and `again_key` the id of the interaction that rolled it, which
-- the button names: the row is written after the answer, so the answer never waits for it. `game_id`/`game_seq`: the channel's active game and its last
-- event when the roll was made; `game_action`: the roll was itself recorded as a game event.
-- `secret` rolls are kept for their own buttons but never shown in history or counted in stats.
CREATE TABLE roll_log (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    user_name   TEXT    NOT NULL,
    command     TEXT    NOT NULL,
    what        TEXT    NOT NULL,
    label       TEXT,
    result      TEXT    NOT NULL,
    again       TEXT,
    again_key   INTEGER,
    secret      INTEGER NOT NULL DEFAULT 0,
    game_id     INTEGER,
    game_seq    INTEGER,
    game_action INTEGER NOT NULL DEFAULT 0,
    dice        INTEGER NOT NULL DEFAULT 0,
    d6_1        INTEGER NOT NULL DEFAULT 0,
    d6_2        INTEGER NOT NULL DEFAULT 0,
    d6_3        INTEGER NOT NULL DEFAULT 0,
    d6_4        INTEGER NOT NULL DEFAULT 0,
    d6_5        INTEGER NOT NULL DEFAULT 0,
    d6_6        INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL
);
-- History pages (newest first, keyset on id) and the stats' SUM since a date, per channel.
CREATE INDEX roll_log_by_channel ON roll_log (channel_id, id);
CREATE INDEX roll_log_by_channel_time ON roll_log (channel_id, created_at);
-- A game's own rolls, for /game log.
CREATE INDEX roll_log_by_game ON roll_log (game_id) WHERE game_id IS NOT NULL;
-- The Roll again button's row.
CREATE UNIQUE INDEX roll_log_by_again_key ON roll_log (again_key) WHERE again_key IS NOT NULL;
