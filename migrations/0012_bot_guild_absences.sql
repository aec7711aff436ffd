-- Where the bot is known not to be, since a tick of the presence clock: it said it left (a presence DELETE), or
-- Discord answered a call about the guild as the bot with 403 50001 Missing Access or 404 10004 Unknown Guild.
-- Such a guild has no row in bot_guilds (the counters follow), so pages answer BOT_NOT_IN_SERVER without asking
-- Discord again. A chunk of a sync that started before `since` cannot bring the guild back (the bot's list was
-- older than the leave); a presence PUT, or a chunk of a sync started after it, does, and ends the absence.
-- A completed sync forgets the absences older than its start: every sync before it is superseded, and the table
-- then decides.
CREATE TABLE bot_guild_absences (
  id TEXT PRIMARY KEY,
  since INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX bot_guild_absences_since ON bot_guild_absences(since);

-- Only the newest started sync takes chunks: which one that is, by an index seek rather than a scan of the kept ids.
CREATE INDEX bot_guild_syncs_started ON bot_guild_syncs(started);
