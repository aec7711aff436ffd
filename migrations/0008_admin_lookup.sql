-- The admin console picks servers and users by name. Both are found by the start of a name
-- (LIKE 'prefix%' ESCAPE '\'), which SQLite answers from a NOCASE index: a bot in 100,000 guilds costs
-- one index range and a LIMIT, never a scan.
CREATE INDEX bot_guilds_name ON bot_guilds(name COLLATE NOCASE);

-- The users the dashboard knows: everyone who has logged in (with their username and avatar) and everyone
-- who holds a licence (their display name only, as the licence recorded it). Kept by the triggers below.
CREATE TABLE known_users (
  id TEXT PRIMARY KEY,
  username TEXT,
  display_name TEXT NOT NULL,
  avatar TEXT,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX known_users_username ON known_users(username COLLATE NOCASE);
CREATE INDEX known_users_display_name ON known_users(display_name COLLATE NOCASE);

-- A login brings the user's current names (a row without a username, which Discord always sends, is not a user to offer).
CREATE TRIGGER known_users_login AFTER INSERT ON sessions
WHEN CASE WHEN json_valid(NEW.user_json) THEN NEW.user_json ->> '$.username' END IS NOT NULL BEGIN
  INSERT INTO known_users (id, username, display_name, avatar, updated_at)
  VALUES (
    NEW.user_id,
    NEW.user_json ->> '$.username',
    coalesce(NEW.user_json ->> '$.global_name', NEW.user_json ->> '$.username'),
    NEW.user_json ->> '$.avatar',
    NEW.created_at
  )
  ON CONFLICT (id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name, avatar = excluded.avatar,
    updated_at = excluded.updated_at;
END;

-- A licence holder who never logged in is known by the name the licence recorded ('' when Discord did not know them).
CREATE TRIGGER known_users_licence_insert AFTER INSERT ON whitelist WHEN NEW.user_name <> '' BEGIN
  INSERT INTO known_users (id, username, display_name, avatar, updated_at) VALUES (NEW.user_id, NULL, NEW.user_name, NULL, NEW.created_at)
  ON CONFLICT (id) DO NOTHING;
END;
CREATE TRIGGER known_users_licence_update AFTER UPDATE OF user_id ON whitelist WHEN NEW.user_name <> '' BEGIN
  INSERT INTO known_users (id, username, display_name, avatar, updated_at) VALUES (NEW.user_id, NULL, NEW.user_name, NULL, NEW.created_at)
  ON CONFLICT (id) DO NOTHING;
END;

INSERT INTO known_users (id, username, display_name, avatar, updated_at)
  SELECT user_id, user_json ->> '$.username', coalesce(user_json ->> '$.global_name', user_json ->> '$.username'), user_json ->> '$.avatar', max(created_at)
  FROM sessions WHERE CASE WHEN json_valid(user_json) THEN user_json ->> '$.username' END IS NOT NULL GROUP BY user_id;
INSERT INTO known_users (id, username, display_name, avatar, updated_at)
  SELECT user_id, NULL, user_name, NULL, max(created_at) FROM whitelist WHERE user_name <> '' GROUP BY user_id
  ON CONFLICT (id) DO NOTHING;

-- Deleted licences, kept briefly so the admin's Undo restores exactly what was deleted (same id, user,
-- server, expiry, creation date and kind). Rows older than the undo window are removed by the next delete.
CREATE TABLE whitelist_deleted (
  id INTEGER PRIMARY KEY,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  server_id TEXT NOT NULL,
  server_name TEXT,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  admin_made INTEGER NOT NULL,
  deleted_at INTEGER NOT NULL
);
CREATE INDEX whitelist_deleted_at ON whitelist_deleted(deleted_at);
