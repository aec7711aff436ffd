-- Where a session has opened live sockets (src/worker/live/session-sockets.ts): one row per session and guild,
-- written when a socket opens, so that the end of a session closes its sockets at once in each of those guilds'
-- Durable Objects, and a full sync that drops a guild tells the open pages of it. No foreign key: the rows of a
-- session are read right after its row is deleted. The cron drops rows of sockets opened more than a day ago.
CREATE TABLE live_sockets (
  session_id TEXT NOT NULL,
  guild_id TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  PRIMARY KEY (session_id, guild_id)
) WITHOUT ROWID;

CREATE INDEX live_sockets_by_opened ON live_sockets (opened_at);
