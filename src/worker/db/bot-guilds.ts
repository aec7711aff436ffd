/**
 * Where the bot is (the `bot_guilds` table), as the bot reports it, and the state of its full resyncs.
 * The landing page's counters follow this table through triggers (migrations/0007_bot_guilds.sql).
 */
import type { BotPresence, BotSyncGuild } from '../../shared/bot-api';
import type { BatchRead } from './batch';
import { firstDistinct, idPrefixRange, likePrefix } from './prefix-search';

export interface BotGuildRow {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
}

/** What a page learns from the table about the user's guilds: which have the bot, and whether a missing one is known to be absent. */
export interface BotPresenceView {
  present: Map<string, BotGuildRow>;
  /** Whether the bot has completed a full sync: until it has, a guild missing here may still have the bot. */
  synced: boolean;
}

const ROW_COLUMNS = 'id, name, icon, member_count AS memberCount';

const UPSERT_TAIL = `ON CONFLICT (id) DO UPDATE SET name = excluded.name, icon = excluded.icon, member_count = excluded.member_count,
  seen = excluded.seen, sync_id = excluded.sync_id`;
const TICK = '(SELECT tick FROM bot_presence_clock WHERE id = 1)';
const advanceClock = (db: D1Database) => db.prepare('UPDATE bot_presence_clock SET tick = tick + 1 WHERE id = 1');

/** The bot's presence in any of these guilds (one statement, whatever their number), and whether it has synced. */
export function botPresenceRead(db: D1Database, guildIds: readonly string[]): BatchRead<BotPresenceView> {
  return {
    statements: [
      db.prepare(`SELECT ${ROW_COLUMNS} FROM bot_guilds WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(guildIds)),
      db.prepare('SELECT synced_at AS syncedAt FROM stats WHERE id = 1'),
    ],
    read: ([rows, stats]) => {
      const syncedAt = (stats?.results[0] as { syncedAt: number | null } | undefined)?.syncedAt ?? null;
      return {
        present: new Map(((rows?.results ?? []) as BotGuildRow[]).map((row) => [row.id, row])),
        synced: syncedAt !== null,
      };
    },
  };
}

export async function findBotGuild(db: D1Database, guildId: string): Promise<BotGuildRow | null> {
  return db.prepare(`SELECT ${ROW_COLUMNS} FROM bot_guilds WHERE id = ?`).bind(guildId).first<BotGuildRow>();
}

export async function upsertBotGuild(db: D1Database, guildId: string, presence: BotPresence): Promise<void> {
  await db.batch([
    advanceClock(db),
    db
      .prepare(`INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id) VALUES (?1, ?2, ?3, ?4, ${TICK}, NULL) ${UPSERT_TAIL}`)
      .bind(guildId, presence.name, presence.icon ?? null, presence.memberCount),
  ]);
}

/** Whether a row was removed. */
export async function deleteBotGuild(db: D1Database, guildId: string): Promise<boolean> {
  const { results } = await db.prepare('DELETE FROM bot_guilds WHERE id = ? RETURNING id').bind(guildId).all();
  return results.length > 0;
}

/**
 * One chunk of a sync in one statement (a JSON array read by json_each), so a chunk of 1,000 guilds is one
 * of D1's queries, not 1,000. The first chunk records the sync's start; a completed sync takes no more
 * ('completed', nothing written).
 */
export async function writeSyncChunk(db: D1Database, syncId: string, guilds: readonly BotSyncGuild[], now: number): Promise<'written' | 'completed'> {
  const rows = guilds.map((g) => [g.id, g.name, g.icon ?? null, g.memberCount]);
  const [, , , sync] = await db.batch([
    advanceClock(db),
    db.prepare(`INSERT INTO bot_guild_syncs (id, started, started_at) VALUES (?, ${TICK}, ?) ON CONFLICT (id) DO NOTHING`).bind(syncId, now),
    db
      .prepare(
        `INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ${TICK}, ?2 FROM json_each(?1)
         WHERE NOT EXISTS (SELECT 1 FROM bot_guild_syncs WHERE id = ?2 AND completed_at IS NOT NULL) ${UPSERT_TAIL}`,
      )
      .bind(JSON.stringify(rows), syncId),
    db.prepare('SELECT completed_at AS completedAt FROM bot_guild_syncs WHERE id = ?').bind(syncId),
  ]);
  return (sync?.results[0] as { completedAt: number | null } | undefined)?.completedAt == null ? 'written' : 'completed';
}

/**
 * Completes a sync, in one transaction: the guilds neither reported by it nor confirmed since it started are
 * gone. Null when the sync was already completed; then nothing changes.
 */
export async function completeSync(db: D1Database, syncId: string, now: number): Promise<number | null> {
  const open = 'EXISTS (SELECT 1 FROM bot_guild_syncs WHERE id = ?1 AND completed_at IS NULL)';
  const [, removed, ended] = await db.batch([
    db.prepare(`UPDATE stats SET synced_at = ?2 WHERE id = 1 AND ${open}`).bind(syncId, now),
    db
      .prepare(
        `DELETE FROM bot_guilds WHERE ${open}
           AND seen < (SELECT started FROM bot_guild_syncs WHERE id = ?1) AND sync_id IS NOT ?1 RETURNING id`,
      )
      .bind(syncId),
    db.prepare('UPDATE bot_guild_syncs SET completed_at = ?2 WHERE id = ?1 AND completed_at IS NULL').bind(syncId, now),
  ]);
  if ((ended?.meta.changes ?? 0) === 0) return null;
  // Counted from the rows themselves: `changes` also counts what the counters' triggers wrote.
  return removed?.results.length ?? 0;
}

/** Syncs started before `olderThan` are forgotten; one never completed removed nothing, so its guilds stay. */
export async function pruneStaleSyncs(db: D1Database, olderThan: number): Promise<void> {
  await db.prepare('DELETE FROM bot_guild_syncs WHERE started_at < ?').bind(olderThan).run();
}

/** Names of the bot's guilds among these ids. */
export async function botGuildNames(db: D1Database, guildIds: readonly string[]): Promise<Map<string, string>> {
  if (guildIds.length === 0) return new Map();
  const { results } = await db
    .prepare('SELECT id, name FROM bot_guilds WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(guildIds))
    .all<{ id: string; name: string }>();
  return new Map(results.map((row) => [row.id, row.name]));
}

/**
 * The bot's guilds whose id starts with `text` (digits only) or whose name starts with it, ignoring ASCII case:
 * id matches first, then names in order. Two index ranges of at most `limit` rows each (migrations/0008).
 */
export async function searchBotGuilds(db: D1Database, text: string, limit: number): Promise<BotGuildRow[]> {
  const [from, to] = idPrefixRange(text);
  const { results } = await db
    .prepare(
      `SELECT * FROM (SELECT ${ROW_COLUMNS} FROM bot_guilds WHERE id >= ?2 AND id < ?3 ORDER BY id LIMIT ?4)
       UNION ALL
       SELECT * FROM (SELECT ${ROW_COLUMNS} FROM bot_guilds WHERE name LIKE ?1 ESCAPE '\\' ORDER BY name COLLATE NOCASE LIMIT ?4)`,
    )
    .bind(likePrefix(text), from, to, limit)
    .all<BotGuildRow>();
  return firstDistinct(results, limit);
}
