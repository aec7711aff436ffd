-- Dashboard access by Discord role: a role of a server may read, or read and change, that server's settings.
-- Owners and members with Manage Server / Administrator always manage; they are not stored here.
CREATE TABLE server_access (
  guild_id TEXT NOT NULL,
  role_id TEXT NOT NULL,
  level TEXT NOT NULL CHECK (level IN ('read', 'write')),
  granted_by TEXT NOT NULL,
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, role_id)
);
