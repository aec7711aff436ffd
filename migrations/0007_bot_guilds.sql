-- Where the bot is, as the bot reports it (it holds the gateway; a Worker does not): one row per guild.
-- `seen` is the tick of the presence clock at which the bot last confirmed the guild (a presence call or a sync
-- chunk), `sync_id` the sync that did (null for a presence call). Ticks, not wall clocks: two isolates' clocks
-- may disagree, and two writes may share a millisecond.
CREATE TABLE bot_guilds (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  icon TEXT,
  member_count INTEGER NOT NULL,
  seen INTEGER NOT NULL,
  sync_id TEXT
) WITHOUT ROWID;
-- A completed sync removes the rows confirmed before it started and not by it, without reading the others.
CREATE INDEX bot_guilds_seen ON bot_guilds(seen);

-- One counter, advanced by every presence write in the same transaction.
CREATE TABLE bot_presence_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tick INTEGER NOT NULL
);
INSERT INTO bot_presence_clock (id, tick) VALUES (1, 0);

-- The bot's full resyncs: `started` is the tick of its first chunk; a completed sync takes no more chunks.
CREATE TABLE bot_guild_syncs (
  id TEXT PRIMARY KEY,
  started INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  completed_at INTEGER
) WITHOUT ROWID;

-- The landing page's counters follow the table as it changes, so reading them never counts rows.
-- They start again from zero: the bot's first sync fills them (the cron no longer crawls Discord).
-- `synced_at`: when the bot last completed a full sync; until then a guild missing here is asked of Discord.
ALTER TABLE stats ADD COLUMN synced_at INTEGER;
INSERT INTO stats (id, servers, users, updated_at) VALUES (1, 0, 0, 0)
  ON CONFLICT(id) DO UPDATE SET servers = 0, users = 0, updated_at = 0;

CREATE TRIGGER bot_guilds_joined AFTER INSERT ON bot_guilds BEGIN
  UPDATE stats SET servers = servers + 1, users = users + NEW.member_count, updated_at = unixepoch() * 1000 WHERE id = 1;
END;
CREATE TRIGGER bot_guilds_changed AFTER UPDATE OF member_count ON bot_guilds WHEN NEW.member_count <> OLD.member_count BEGIN
  UPDATE stats SET users = users + NEW.member_count - OLD.member_count, updated_at = unixepoch() * 1000 WHERE id = 1;
END;
CREATE TRIGGER bot_guilds_left AFTER DELETE ON bot_guilds BEGIN
  UPDATE stats SET servers = servers - 1, users = users - OLD.member_count, updated_at = unixepoch() * 1000 WHERE id = 1;
END;
