/** The bot's change feed (`bot_changes`, written by the triggers of migrations/0004_change_feed.sql). */
import { DAY_MS } from '../../shared/constants';

export interface BotChangeRow {
  cursor: number;
  guild_id: string;
  kind: 'settings' | 'licence';
  section: string | null;
  key: string | null;
  value: string | null;
  licence: string | null;
  at: number;
}

/**
 * Licences that ran out since the last sweep become changes too (nothing writes a row when time passes).
 * Both statements run in one transaction, so two sweeps at once record each expiry once; the marker moves
 * only when something expired, so a quiet poll writes nothing.
 */
export async function recordExpiries(db: D1Database, now: number): Promise<void> {
  const window = `expires_at > (SELECT value FROM bot_feed_state WHERE name = 'expiries_until') AND expires_at <= ?1`;
  await db.batch([
    db
      .prepare(
        `INSERT INTO bot_changes (guild_id, kind, licence, at)
         SELECT server_id, 'licence', json_object('active', json('false'), 'expiresAt', expires_at), expires_at FROM whitelist WHERE ${window} ORDER BY expires_at, id`,
      )
      .bind(now),
    db.prepare(`UPDATE bot_feed_state SET value = ?1 WHERE name = 'expiries_until' AND EXISTS (SELECT 1 FROM whitelist WHERE ${window})`).bind(now),
  ]);
}

export async function listBotChanges(db: D1Database, after: number, limit: number): Promise<BotChangeRow[]> {
  const { results } = await db
    .prepare('SELECT cursor, guild_id, kind, section, key, value, licence, at FROM bot_changes WHERE cursor > ? ORDER BY cursor LIMIT ?')
    .bind(after, limit)
    .all<BotChangeRow>();
  return results;
}

/** Cron: the feed keeps `days` of changes. */
export async function pruneBotChanges(db: D1Database, days: number, now = Date.now()): Promise<void> {
  await db
    .prepare('DELETE FROM bot_changes WHERE at < ?')
    .bind(now - days * DAY_MS)
    .run();
}
