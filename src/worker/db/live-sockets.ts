/** Where sessions have opened live sockets (the `live_sockets` table): one row per session and guild. */

export interface LiveSocketRow {
  sessionId: string;
  guildId: string;
}

/**
 * Records that the session opened a socket on the guild, only while its session row exists: false when the
 * session ended since it was checked (its end did not see this row, so the caller closes the socket itself).
 */
export async function recordLiveSocket(db: D1Database, { sessionId, guildId }: LiveSocketRow, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO live_sockets (session_id, guild_id, opened_at)
       SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?1)
       ON CONFLICT (session_id, guild_id) DO UPDATE SET opened_at = excluded.opened_at`,
    )
    .bind(sessionId, guildId, now)
    .run();
  return result.meta.changes > 0;
}

/** Removes and answers the rows of these (ended) sessions: the guilds whose objects may hold their sockets. */
export async function takeLiveSockets(db: D1Database, sessionIds: readonly string[]): Promise<LiveSocketRow[]> {
  if (sessionIds.length === 0) return [];
  const { results } = await db
    .prepare('DELETE FROM live_sockets WHERE session_id IN (SELECT value FROM json_each(?)) RETURNING session_id AS sessionId, guild_id AS guildId')
    .bind(JSON.stringify(sessionIds))
    .all<LiveSocketRow>();
  return results;
}

/** The guilds someone has opened a socket on (since the last prune), at most `limit` of them. */
export async function watchedGuilds(db: D1Database, limit: number): Promise<string[]> {
  const { results } = await db.prepare('SELECT DISTINCT guild_id AS guildId FROM live_sockets LIMIT ?').bind(limit).all<{ guildId: string }>();
  return results.map((row) => row.guildId);
}

export async function pruneLiveSockets(db: D1Database, openedBefore: number): Promise<void> {
  await db.prepare('DELETE FROM live_sockets WHERE opened_at < ?').bind(openedBefore).run();
}
