-- A channel's games in order, so its latest game (active or ended: /game status, log and summary
-- of a finished game) is found without reading every game.
CREATE INDEX games_by_channel ON games (channel_id, id);
