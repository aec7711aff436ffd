/** Who last changed a guild's settings, from their audit: what a conflict's answer names. */

/** Who last changed something (their id and the name the audit shows), and when. */
interface LastChangeRow {
  userId: string;
  userName: string;
  at: number;
}

/** Who last changed a key, and when (null when it was never changed through the dashboard). */
export async function lastChangeOf(db: D1Database, guildId: string, section: string, key: string): Promise<LastChangeRow | null> {
  return db
    .prepare(
      'SELECT user_id AS userId, user_name AS userName, created_at AS at FROM settings_audit WHERE guild_id = ? AND section = ? AND key = ? ORDER BY id DESC LIMIT 1',
    )
    .bind(guildId, section, key)
    .first<LastChangeRow>();
}

/** Who last changed any key of these sections, and when. */
export async function lastChangeIn(db: D1Database, guildId: string, sections: readonly string[]): Promise<LastChangeRow | null> {
  return db
    .prepare(
      'SELECT user_id AS userId, user_name AS userName, created_at AS at FROM settings_audit WHERE guild_id = ? AND section IN (SELECT value FROM json_each(?)) ORDER BY id DESC LIMIT 1',
    )
    .bind(guildId, JSON.stringify(sections))
    .first<LastChangeRow>();
}
