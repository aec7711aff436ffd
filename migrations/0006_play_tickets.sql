-- Play tickets (src/worker/songs/play-ticket.ts): what one counted play of a song may still move. The balance
-- lives here, not in the ticket, so that every isolate spends from the same one; the cron drops expired rows.
CREATE TABLE play_tickets (
  id TEXT PRIMARY KEY,
  budget INTEGER NOT NULL,
  spent INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX play_tickets_by_expiry ON play_tickets (expires_at);
