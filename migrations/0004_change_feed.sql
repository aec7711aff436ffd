-- The bot's change feed (GET /api/bot/changes): every settings change and licence change, in order.
-- Triggers write it in the same transaction as the change itself, whichever path made it (the page, an
-- import, the legacy import, a revert), so the feed can neither miss a change nor show one that rolled back.
CREATE TABLE bot_changes (
  cursor INTEGER PRIMARY KEY AUTOINCREMENT,
  guild_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('settings', 'licence')),
  section TEXT,
  key TEXT,
  -- settings: the new value as JSON
  value TEXT,
  -- licence: {"active": bool, "expiresAt": ms} as JSON, or NULL when the server lost its licence entry
  licence TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX bot_changes_at ON bot_changes(at);

-- Until when licence expiries have been written to the feed (see db/bot-changes.ts).
CREATE TABLE bot_feed_state (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO bot_feed_state (name, value) VALUES ('expiries_until', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));

CREATE TRIGGER bot_changes_settings_insert AFTER INSERT ON guild_settings BEGIN
  INSERT INTO bot_changes (guild_id, kind, section, key, value, at) VALUES (NEW.guild_id, 'settings', NEW.section, NEW.key, NEW.value, NEW.updated_at);
END;

CREATE TRIGGER bot_changes_settings_update AFTER UPDATE OF value ON guild_settings WHEN OLD.value IS NOT NEW.value BEGIN
  INSERT INTO bot_changes (guild_id, kind, section, key, value, at) VALUES (NEW.guild_id, 'settings', NEW.section, NEW.key, NEW.value, NEW.updated_at);
END;

CREATE TRIGGER bot_changes_licence_insert AFTER INSERT ON whitelist BEGIN
  INSERT INTO bot_changes (guild_id, kind, licence, at)
  VALUES (NEW.server_id, 'licence',
    json_object('active', json(CASE WHEN NEW.expires_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) THEN 'true' ELSE 'false' END), 'expiresAt', NEW.expires_at),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

-- A replace moves the licence: the old server loses it, then the new one gets it. An edit of the expiry is a change too.
CREATE TRIGGER bot_changes_licence_update AFTER UPDATE OF server_id, expires_at ON whitelist
WHEN OLD.server_id IS NOT NEW.server_id OR OLD.expires_at IS NOT NEW.expires_at BEGIN
  INSERT INTO bot_changes (guild_id, kind, licence, at)
  SELECT OLD.server_id, 'licence', NULL, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) WHERE OLD.server_id IS NOT NEW.server_id;
  INSERT INTO bot_changes (guild_id, kind, licence, at)
  VALUES (NEW.server_id, 'licence',
    json_object('active', json(CASE WHEN NEW.expires_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) THEN 'true' ELSE 'false' END), 'expiresAt', NEW.expires_at),
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

CREATE TRIGGER bot_changes_licence_delete AFTER DELETE ON whitelist BEGIN
  INSERT INTO bot_changes (guild_id, kind, licence, at) VALUES (OLD.server_id, 'licence', NULL, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
