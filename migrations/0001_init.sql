-- Sessions: the cookie carries only a signed session id; Discord tokens stay here.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  user_json TEXT NOT NULL,
  access_token TEXT NOT NULL,
  refresh_token TEXT NOT NULL,
  token_expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expiry ON sessions(expires_at);

-- OAuth login attempts: a state is usable once, briefly.
CREATE TABLE oauth_states (
  state TEXT PRIMARY KEY,
  code_verifier TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Bot settings, one row per (guild, section, key) so concurrent saves of different keys never clash.
CREATE TABLE guild_settings (
  guild_id TEXT NOT NULL,
  section TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (guild_id, section, key)
);

CREATE TABLE settings_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  guild_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  section TEXT NOT NULL,
  key TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX settings_audit_guild ON settings_audit(guild_id, id DESC);

-- Licences. A server is licensed at most once; admin-made entries do not count towards a user's limit.
CREATE TABLE whitelist (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  server_id TEXT NOT NULL UNIQUE,
  server_name TEXT,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  admin_made INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX whitelist_user ON whitelist(user_id);

-- Public counters shown on the landing page, refreshed by the cron trigger.
CREATE TABLE stats (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  servers INTEGER NOT NULL,
  users INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
