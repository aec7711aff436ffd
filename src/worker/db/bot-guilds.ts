/**
 * Where the bot is (the `bot_guilds` table), as the bot reports it, and the state of its full resyncs.
 * The landing page's counters follow this table through triggers (migrations/0007_bot_guilds.sql).
 */
import type { BotPresence, BotSync, BotSyncRefusal } from '../../shared/bot-api';
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
  /** Until then, the guilds among these the bot is known to have left (bot_guild_absences): Discord need not be asked about them. */
  absent: ReadonlySet<string>;
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
      // The absences matter only before the first sync (after it the table decides), so once synced nothing is read.
      db
        .prepare(
          `SELECT synced_at AS syncedAt, CASE WHEN synced_at IS NULL THEN
             (SELECT json_group_array(id) FROM bot_guild_absences WHERE id IN (SELECT value FROM json_each(?))) END AS absent
           FROM stats WHERE id = 1`,
        )
        .bind(JSON.stringify(guildIds)),
    ],
    read: ([rows, stats]) => {
      const state = stats?.results[0] as { syncedAt: number | null; absent: string | null } | undefined;
      return {
        present: new Map(((rows?.results ?? []) as BotGuildRow[]).map((row) => [row.id, row])),
        synced: (state?.syncedAt ?? null) !== null,
        absent: new Set(state?.absent ? (JSON.parse(state.absent) as string[]) : []),
      };
    },
  };
}

export async function findBotGuild(db: D1Database, guildId: string): Promise<BotGuildRow | null> {
  return db.prepare(`SELECT ${ROW_COLUMNS} FROM bot_guilds WHERE id = ?`).bind(guildId).first<BotGuildRow>();
}

/** The bot is in the guild (it joined, or its name, icon or member count changed): any absence ends. */
export async function upsertBotGuild(db: D1Database, guildId: string, presence: BotPresence): Promise<void> {
  await db.batch([
    advanceClock(db),
    db
      .prepare(`INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id) VALUES (?1, ?2, ?3, ?4, ${TICK}, NULL) ${UPSERT_TAIL}`)
      .bind(guildId, presence.name, presence.icon ?? null, presence.memberCount),
    db.prepare('DELETE FROM bot_guild_absences WHERE id = ?').bind(guildId),
  ]);
}

/**
 * The bot is not in the guild (it said it left, or Discord said it is not there): its row goes (the counters follow)
 * and the absence is kept with its tick, so that a chunk of a sync started before it cannot bring the guild back.
 * The absence is kept even when there was no row: a sync under way may still report the guild. Whether a row went.
 */
export async function recordBotAbsence(db: D1Database, guildId: string): Promise<boolean> {
  const [, , removed] = await db.batch([
    advanceClock(db),
    db.prepare(`INSERT INTO bot_guild_absences (id, since) VALUES (?, ${TICK}) ON CONFLICT (id) DO UPDATE SET since = excluded.since`).bind(guildId),
    db.prepare('DELETE FROM bot_guilds WHERE id = ? RETURNING id').bind(guildId),
  ]);
  return (removed?.results.length ?? 0) > 0;
}

/** A sync's chunk as the dashboard took it: the entries to store, and those refused on their own (only their ids matter here). */
export type SyncChunk = Omit<BotSync, 'refused'> & { refused: readonly Pick<BotSyncRefusal, 'id'>[] };

/** Why a sync's chunk was refused (nothing written), or what it did. */
export type SyncChunkOutcome = { kind: 'written'; written: number; removed: number } | { kind: 'completed' } | { kind: 'superseded' };

/** The sync ?1 takes chunks: it is not completed, and no sync started after it. */
const SYNC_OPEN = `EXISTS (SELECT 1 FROM bot_guild_syncs s WHERE s.id = ?1 AND s.completed_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM bot_guild_syncs n WHERE n.started > s.started))`;
const SYNC_STARTED = '(SELECT started FROM bot_guild_syncs WHERE id = ?1)';

/**
 * One chunk of a sync, in one transaction (a chunk of 1,000 guilds is a handful of D1 queries, read through
 * json_each, not 1,000). Its first chunk records the sync's start. Only the newest started sync takes chunks, and
 * not once completed: a late or replayed chunk of an older sync is refused before anything is written. A guild the
 * bot left after the sync started is not brought back by it. The chunk with `done` removes, in the same
 * transaction, the guilds neither reported by the sync nor confirmed since it started, and forgets the absences
 * from before it started (every older sync is now superseded).
 */
export async function writeSyncChunk(db: D1Database, { syncId, guilds, refused, done }: SyncChunk, now: number): Promise<SyncChunkOutcome> {
  const rows = JSON.stringify(guilds.map((g) => [g.id, g.name, g.icon ?? null, g.memberCount]));
  const ids = 'SELECT value ->> 0 FROM json_each(?2)';
  // The chunk's guilds, but not one the bot left after this sync started (its list was older than the leave).
  const upsert = db
    .prepare(
      `INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, ${TICK}, ?1 FROM json_each(?2)
       WHERE ${SYNC_OPEN} AND NOT EXISTS (SELECT 1 FROM bot_guild_absences a WHERE a.id = value ->> 0 AND a.since > ${SYNC_STARTED})
       ${UPSERT_TAIL} RETURNING id`,
    )
    .bind(syncId, rows);
  const statements = [
    // The sync as it was before this chunk: every statement below is conditional on the same test.
    db
      .prepare(
        `SELECT completed_at AS completedAt, EXISTS (SELECT 1 FROM bot_guild_syncs n WHERE n.started > s.started) AS superseded
         FROM bot_guild_syncs s WHERE id = ?1`,
      )
      .bind(syncId),
    db
      .prepare(`UPDATE bot_presence_clock SET tick = tick + 1 WHERE id = 1 AND (NOT EXISTS (SELECT 1 FROM bot_guild_syncs WHERE id = ?1) OR ${SYNC_OPEN})`)
      .bind(syncId),
    db.prepare(`INSERT INTO bot_guild_syncs (id, started, started_at) VALUES (?1, ${TICK}, ?2) ON CONFLICT (id) DO NOTHING`).bind(syncId, now),
    upsert,
    // Reported with a refused name (say): the row stays as it was, but counts as reported, so the last chunk keeps it.
    db
      .prepare(`UPDATE bot_guilds SET seen = ${TICK}, sync_id = ?1 WHERE ${SYNC_OPEN} AND id IN (SELECT value FROM json_each(?2))`)
      .bind(syncId, JSON.stringify(refused.map((entry) => entry.id))),
    // Reported by a sync that started after it: that absence is over.
    db.prepare(`DELETE FROM bot_guild_absences WHERE ${SYNC_OPEN} AND since < ${SYNC_STARTED} AND id IN (${ids})`).bind(syncId, rows),
  ];
  // The guilds neither reported by this sync nor confirmed since it started.
  const removal = db.prepare(`DELETE FROM bot_guilds WHERE ${SYNC_OPEN} AND seen < ${SYNC_STARTED} AND sync_id IS NOT ?1 RETURNING id`).bind(syncId);
  if (done) {
    statements.push(
      db.prepare(`UPDATE stats SET synced_at = ?2 WHERE id = 1 AND ${SYNC_OPEN}`).bind(syncId, now),
      removal,
      db.prepare(`DELETE FROM bot_guild_absences WHERE ${SYNC_OPEN} AND since < ${SYNC_STARTED}`).bind(syncId),
      db.prepare(`UPDATE bot_guild_syncs SET completed_at = ?2 WHERE id = ?1 AND ${SYNC_OPEN}`).bind(syncId, now),
    );
  }
  const results = await db.batch(statements);
  const before = results[0]?.results[0] as { completedAt: number | null; superseded: number } | undefined;
  if (before?.completedAt != null) return { kind: 'completed' };
  if (before?.superseded) return { kind: 'superseded' };
  // Counted from the rows themselves: `changes` also counts what the counters' triggers wrote.
  const count = (statement: D1PreparedStatement) => results[statements.indexOf(statement)]?.results.length ?? 0;
  return { kind: 'written', written: count(upsert), removed: done ? count(removal) : 0 };
}

/**
 * Syncs started before `olderThan` are forgotten (one never completed removed nothing, so its guilds stay). Until
 * then a chunk naming one is refused; after, it would start a new sync.
 */
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
