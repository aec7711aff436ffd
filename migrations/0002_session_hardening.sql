-- Discord tokens are stored encrypted from now on (AES-GCM, key id beside them). Sessions from before hold
-- tokens in clear and cannot be converted without the key, so they end: everyone logs in once more.
DELETE FROM sessions;
ALTER TABLE sessions ADD COLUMN token_key_id TEXT NOT NULL DEFAULT '';
-- Idle timeout: updated at most once a minute.
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
-- A short label from the User-Agent at login ("Firefox on Linux"), for the sessions list.
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
-- Single-flight token refresh: the request that sets this (conditionally) refreshes; others wait for it.
ALTER TABLE sessions ADD COLUMN refresh_lock_until INTEGER NOT NULL DEFAULT 0;

-- Login attempts now travel sealed in an HttpOnly cookie, so anonymous visitors write nothing here.
DROP TABLE oauth_states;
