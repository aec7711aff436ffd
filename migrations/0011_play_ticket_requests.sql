-- A play ticket also counts the requests it has answered (the counted one that opened it included), so that it
-- pays for at most PLAY_TICKET_REQUESTS of them (src/shared/song-limits.ts) however few bytes each moves.
-- Tickets open at the deploy start from none; they expire within the hour.
ALTER TABLE play_tickets ADD COLUMN requests INTEGER NOT NULL DEFAULT 0;
