-- Armies belong to a player (a Discord user), not a server: they follow their player everywhere.
-- `body` is the army in Vox's JSON (bot.armies.model.Army); `name_key` is
-- bot.rules.names.name_key(name), unique per owner.
CREATE TABLE armies (
    id INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    edition TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (owner_id, name_key)
);
