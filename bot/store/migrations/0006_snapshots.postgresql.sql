-- PostgreSQL's 0006_snapshots.sql: the same tables, the state as BYTEA (see that file).
CREATE TABLE game_snapshots (
    game_id BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    format  TEXT    NOT NULL,
    state   BYTEA   NOT NULL
);

CREATE TABLE campaign_snapshots (
    campaign_id BIGINT  PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    format      TEXT    NOT NULL,
    state       BYTEA   NOT NULL
);
