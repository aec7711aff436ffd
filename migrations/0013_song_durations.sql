-- Each song's length, read when it enters the index (upload-songs, the demo seeding) or by the cron's reconcile,
-- so the library pages show it from their first paint. duration: seconds, NULL when unknown. duration_read: 1 once
-- the file was read for it (a NULL then means the length cannot be read: not audio, or damaged); rows checksummed
-- before this migration, or by a folder zip, have 0 until the reconcile reads their headers.
ALTER TABLE song_index ADD COLUMN duration REAL;
ALTER TABLE song_index ADD COLUMN duration_read INTEGER NOT NULL DEFAULT 0;
