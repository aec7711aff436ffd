import { DUPLICATE_SERVER_MESSAGE } from '../../shared/messages';
import type { BatchRead } from './batch';

/**
 * Licences (the `whitelist` table). Every rule that must hold under concurrency is one SQL statement
 * (or one D1 batch, which runs as a transaction), so D1's serialised writes enforce it:
 * - a server is licensed at most once: the UNIQUE server_id constraint;
 * - the per-user limit: INSERT … SELECT … WHERE (count of the user's own entries) < limit;
 * - moving a licence: one UPDATE … WHERE it is still this user's entry.
 */

export interface Licence {
  serverId: string;
  expiresAt: number;
}

/** A server's licence row, as a statement that can join a batch with other reads. */
export const licenceStatement = (db: D1Database, serverId: string) =>
  db.prepare('SELECT server_id AS serverId, expires_at AS expiresAt FROM whitelist WHERE server_id = ?').bind(serverId);

/** The licence of a server, expired or not (callers decide what an expired one means). */
export async function findLicence(db: D1Database, serverId: string): Promise<Licence | null> {
  return licenceStatement(db, serverId).first<Licence>();
}

export interface WhitelistRow {
  id: number;
  userId: string;
  userName: string;
  serverId: string;
  serverName: string | null;
  expiresAt: number;
  createdAt: number;
  adminMade: number;
}

const COLUMNS =
  'id, user_id AS userId, user_name AS userName, server_id AS serverId, server_name AS serverName, expires_at AS expiresAt, created_at AS createdAt, admin_made AS adminMade';

/** The server is already licensed (the UNIQUE constraint said so). */
export class DuplicateServerError extends Error {
  constructor() {
    super(DUPLICATE_SERVER_MESSAGE);
    this.name = 'DuplicateServerError';
  }
}

function isUniqueServerViolation(error: unknown): boolean {
  const texts: string[] = [];
  for (let e: unknown = error; e instanceof Error && texts.length < 5; e = e.cause) texts.push(e.message);
  return texts.some((t) => /UNIQUE constraint failed: whitelist\.server_id/i.test(t));
}

async function mapUnique<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueServerViolation(error)) throw new DuplicateServerError();
    throw error;
  }
}

export async function listAllEntries(db: D1Database): Promise<WhitelistRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM whitelist ORDER BY id`).all<WhitelistRow>();
  return results;
}

export async function findEntryById(db: D1Database, id: number): Promise<WhitelistRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM whitelist WHERE id = ?`).bind(id).first<WhitelistRow>();
}

export async function findEntryByServer(db: D1Database, serverId: string): Promise<WhitelistRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM whitelist WHERE server_id = ?`).bind(serverId).first<WhitelistRow>();
}

/** D1 caps bound parameters per statement at 100; a user manages at most 200 guilds, so the ids go in chunks. */
const SERVER_IDS_PER_STATEMENT = 90;

/**
 * A user's own entries and the licences of the servers they manage, in one round trip: one statement
 * (`user_id = ? OR server_id IN …`), or one batch when the servers need more than one.
 */
export function ownerLicenceRead(db: D1Database, userId: string, serverIds: readonly string[]): BatchRead<{ entries: WhitelistRow[]; licences: Licence[] }> {
  const chunks: string[][] = [];
  for (let i = 0; i < serverIds.length; i += SERVER_IDS_PER_STATEMENT) chunks.push(serverIds.slice(i, i + SERVER_IDS_PER_STATEMENT));
  const statements = (chunks.length > 0 ? chunks : [[]]).map((ids, index) => {
    const among = ids.length > 0 ? `server_id IN (${ids.map(() => '?').join(',')})` : '0';
    const where = index === 0 ? `user_id = ? OR ${among}` : among;
    return db.prepare(`SELECT ${COLUMNS} FROM whitelist WHERE ${where} ORDER BY id`).bind(...(index === 0 ? [userId, ...ids] : ids));
  });
  return {
    statements,
    read: (results) => {
      const rows = new Map(results.flatMap((r) => r.results as WhitelistRow[]).map((row) => [row.id, row]));
      const managed = new Set(serverIds);
      const sorted = [...rows.values()].sort((x, y) => x.id - y.id);
      return {
        entries: sorted.filter((row) => row.userId === userId),
        licences: sorted.filter((row) => managed.has(row.serverId)).map(({ serverId, expiresAt }) => ({ serverId, expiresAt })),
      };
    },
  };
}

export interface NewEntry {
  userId: string;
  userName: string;
  serverId: string;
  serverName: string | null;
  expiresAt: number;
}

/** How many entries count towards a user's limit (their own, expired ones too). */
export async function countUserMadeEntries(db: D1Database, userId: string): Promise<number> {
  return (await db.prepare('SELECT COUNT(*) AS n FROM whitelist WHERE user_id = ? AND admin_made = 0').bind(userId).first<number>('n')) ?? 0;
}

/**
 * A user-made entry, only while the user has fewer than `limit` user-made entries (expired ones count:
 * they are renewed through support, not by adding another server). Null when the limit was reached.
 * Throws DuplicateServerError when the server is already licensed.
 */
export async function insertUserEntryWithinLimit(db: D1Database, entry: NewEntry, limit: number, now = Date.now()): Promise<WhitelistRow | null> {
  return mapUnique(() =>
    db
      .prepare(
        `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, 0
         WHERE (SELECT COUNT(*) FROM whitelist WHERE user_id = ?1 AND admin_made = 0) < ?7
         RETURNING ${COLUMNS}`,
      )
      .bind(entry.userId, entry.userName, entry.serverId, entry.serverName, entry.expiresAt, now, limit)
      .first<WhitelistRow>(),
  );
}

/**
 * Moves one of the user's own user-made entries to another server, keeping its expiry. Null when the old
 * server is not (or no longer) such an entry. Throws DuplicateServerError when the new server is licensed.
 */
export async function moveUserEntry(
  db: D1Database,
  userId: string,
  oldServerId: string,
  newServerId: string,
  newServerName: string | null,
): Promise<WhitelistRow | null> {
  return mapUnique(() =>
    db
      .prepare(`UPDATE whitelist SET server_id = ?, server_name = ? WHERE user_id = ? AND server_id = ? AND admin_made = 0 RETURNING ${COLUMNS}`)
      .bind(newServerId, newServerName, userId, oldServerId)
      .first<WhitelistRow>(),
  );
}

/** An admin-made entry: not bound by the per-user limit. Throws DuplicateServerError when the server is licensed. */
export async function insertAdminEntry(db: D1Database, entry: NewEntry, now = Date.now()): Promise<WhitelistRow> {
  const row = await mapUnique(() =>
    db
      .prepare(
        `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made)
         VALUES (?, ?, ?, ?, ?, ?, 1) RETURNING ${COLUMNS}`,
      )
      .bind(entry.userId, entry.userName, entry.serverId, entry.serverName, entry.expiresAt, now)
      .first<WhitelistRow>(),
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row;
}

/**
 * Rewrites an entry, reading the old state in the same transaction, so the answer says exactly what
 * changed. Null when there is no such entry. Throws DuplicateServerError when the server is taken.
 */
export async function updateEntry(db: D1Database, id: number, next: NewEntry): Promise<{ before: WhitelistRow; after: WhitelistRow } | null> {
  const [before, after] = await mapUnique(() =>
    db.batch<WhitelistRow>([
      db.prepare(`SELECT ${COLUMNS} FROM whitelist WHERE id = ?`).bind(id),
      db
        .prepare(`UPDATE whitelist SET user_id = ?, user_name = ?, server_id = ?, server_name = ?, expires_at = ? WHERE id = ? RETURNING ${COLUMNS}`)
        .bind(next.userId, next.userName, next.serverId, next.serverName, next.expiresAt, id),
    ]),
  );
  const old = before?.results[0];
  const now = after?.results[0];
  return old && now ? { before: old, after: now } : null;
}

const ROW_FIELDS = 'user_id, user_name, server_id, server_name, expires_at, created_at, admin_made';
const KEPT_FIELDS = 'd.user_id, d.user_name, d.server_id, d.server_name, d.expires_at, d.created_at, d.admin_made';

/**
 * Deletes an entry and answers it, or null when there was none. In the same transaction the row is kept aside
 * for `restoreEntry`, and rows kept aside before `keepSince` are dropped.
 */
export async function deleteEntry(db: D1Database, id: number, now: number, keepSince: number): Promise<WhitelistRow | null> {
  const [, , deleted] = await db.batch<WhitelistRow>([
    db.prepare('DELETE FROM whitelist_deleted WHERE deleted_at < ? OR id = ?').bind(keepSince, id),
    db.prepare(`INSERT INTO whitelist_deleted (id, ${ROW_FIELDS}, deleted_at) SELECT id, ${ROW_FIELDS}, ? FROM whitelist WHERE id = ?`).bind(now, id),
    db.prepare(`DELETE FROM whitelist WHERE id = ? RETURNING ${COLUMNS}`).bind(id),
  ]);
  return deleted?.results[0] ?? null;
}

export type RestoreOutcome =
  | { restored: WhitelistRow }
  /** Nothing kept aside under this id since `keepSince` (never deleted, restored already, or too long ago). */
  | { restored: null; reason: 'GONE' }
  /** The user holds `limit` entries of their own again: restoring a user-made one would put them over it. */
  | { restored: null; reason: 'LIMIT'; userId: string };

/**
 * Puts a deleted entry back exactly as it was (same id, user, server, expiry, creation date and kind), in one
 * transaction, while the user-made limit allows it. Throws DuplicateServerError when the server was licensed
 * again since; then nothing changes.
 */
export async function restoreEntry(db: D1Database, id: number, keepSince: number, limit: number): Promise<RestoreOutcome> {
  const kept = 'FROM whitelist_deleted AS d WHERE d.id = ?1 AND d.deleted_at >= ?2';
  const [inserted, check] = await mapUnique(() =>
    db.batch<WhitelistRow>([
      db
        .prepare(
          `INSERT INTO whitelist (id, ${ROW_FIELDS}) SELECT d.id, ${KEPT_FIELDS} ${kept}
             AND (d.admin_made = 1 OR (SELECT COUNT(*) FROM whitelist AS w WHERE w.user_id = d.user_id AND w.admin_made = 0) < ?3)
           RETURNING ${COLUMNS}`,
        )
        .bind(id, keepSince, limit),
      db.prepare(`SELECT d.user_id AS userId ${kept}`).bind(id, keepSince),
      db.prepare('DELETE FROM whitelist_deleted WHERE id = ?1 AND EXISTS (SELECT 1 FROM whitelist WHERE id = ?1)').bind(id),
    ]),
  );
  const restored = inserted?.results[0];
  if (restored) return { restored };
  const userId = (check?.results[0] as { userId: string } | undefined)?.userId;
  return userId === undefined ? { restored: null, reason: 'GONE' } : { restored: null, reason: 'LIMIT', userId };
}

/** The entry that now holds the server of a deleted entry kept aside, if any. */
export async function findEntryHoldingDeletedServer(db: D1Database, deletedId: number): Promise<WhitelistRow | null> {
  return db
    .prepare(`SELECT ${COLUMNS} FROM whitelist WHERE server_id = (SELECT server_id FROM whitelist_deleted WHERE id = ?)`)
    .bind(deletedId)
    .first<WhitelistRow>();
}

/** Drops the entries kept aside for an undo once their window has passed (the cron: no delete may come for days). */
export async function pruneDeletedEntries(db: D1Database, keepSince: number): Promise<void> {
  await db.prepare('DELETE FROM whitelist_deleted WHERE deleted_at < ?').bind(keepSince).run();
}
