import type { SessionUser } from '../../shared/account';
import type { BatchRead } from './batch';

/** A session as stored. The Discord tokens are sealed (see crypto/token-cipher.ts); this layer never opens them. */
export interface SessionRow {
  id: string;
  user: SessionUser;
  sealedAccessToken: string;
  sealedRefreshToken: string;
  tokenKeyId: string;
  tokenExpiresAt: number;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  device: string;
  refreshLockUntil: number;
}

/** The rules that make a session live at `now`; rows outside them are as good as deleted. */
export interface SessionLimits {
  now: number;
  idleMs: number;
  lifetimeMs: number;
}

interface RawSessionRow {
  id: string;
  user_json: string;
  access_token: string;
  refresh_token: string;
  token_key_id: string;
  token_expires_at: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  device: string;
  refresh_lock_until: number;
}

const fromRaw = (r: RawSessionRow): SessionRow => ({
  id: r.id,
  user: JSON.parse(r.user_json) as SessionUser,
  sealedAccessToken: r.access_token,
  sealedRefreshToken: r.refresh_token,
  tokenKeyId: r.token_key_id,
  tokenExpiresAt: r.token_expires_at,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  device: r.device,
  refreshLockUntil: r.refresh_lock_until,
});

const LIVE = 'expires_at > ? AND created_at > ? AND last_seen_at > ?';
// The same rule with numbered parameters ?2–?4, for statements that bind the user as ?1.
const LIVE_NUMBERED = 'expires_at > ?2 AND created_at > ?3 AND last_seen_at > ?4';
const liveParams = (l: SessionLimits) => [l.now, l.now - l.lifetimeMs, l.now - l.idleMs];

/**
 * Stores a new session and, in the same transaction, ends what it replaces: the session this browser had
 * (`replaces`) and the user's oldest live sessions beyond `maxLive`. Answers the rows that ended.
 */
export async function insertSession(
  db: D1Database,
  s: SessionRow,
  bounds: { limits: SessionLimits; maxLive: number; replaces?: string },
): Promise<SessionRow[]> {
  const insert = db
    .prepare(
      `INSERT INTO sessions (id, user_id, user_json, access_token, refresh_token, token_key_id, token_expires_at, created_at, last_seen_at, expires_at, device)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      s.id,
      s.user.id,
      JSON.stringify(s.user),
      s.sealedAccessToken,
      s.sealedRefreshToken,
      s.tokenKeyId,
      s.tokenExpiresAt,
      s.createdAt,
      s.lastSeenAt,
      s.expiresAt,
      s.device,
    );
  const replaced = db.prepare('DELETE FROM sessions WHERE id = ? AND id != ? RETURNING *').bind(bounds.replaces ?? null, s.id);
  const beyondLimit = db
    .prepare(
      `DELETE FROM sessions WHERE user_id = ?1 AND ${LIVE_NUMBERED} AND id NOT IN (
         SELECT id FROM sessions WHERE user_id = ?1 AND ${LIVE_NUMBERED} ORDER BY created_at DESC, id DESC LIMIT ?5
       ) RETURNING *`,
    )
    .bind(s.user.id, ...liveParams(bounds.limits), bounds.maxLive);
  const [ended, , evicted] = await db.batch<RawSessionRow>([replaced, insert, beyondLimit]);
  return [...(ended?.results ?? []), ...(evicted?.results ?? [])].map(fromRaw);
}

/** A live session of that user, or null when deleted, expired, idle too long or not theirs. */
/** The session `id` of `userId` if it is live, as a read that can share a D1 batch with others. */
export function liveSessionRead(db: D1Database, id: string, userId: string, limits: SessionLimits): BatchRead<SessionRow | null> {
  return {
    statements: [db.prepare(`SELECT * FROM sessions WHERE id = ? AND user_id = ? AND ${LIVE}`).bind(id, userId, ...liveParams(limits))],
    read: ([result]) => {
      const [row] = (result?.results ?? []) as RawSessionRow[];
      return row ? fromRaw(row) : null;
    },
  };
}

export async function findSessionById(db: D1Database, id: string): Promise<SessionRow | null> {
  const row = await db.prepare('SELECT * FROM sessions WHERE id = ?').bind(id).first<RawSessionRow>();
  return row ? fromRaw(row) : null;
}

/** Records use, at most once per `intervalMs`, so a busy session does not write on every request. */
export async function touchSession(db: D1Database, id: string, now: number, intervalMs: number): Promise<void> {
  await db
    .prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at <= ?')
    .bind(now, id, now - intervalMs)
    .run();
}

/**
 * Takes the right to refresh this session's Discord token. Conditional on the refresh token the caller read
 * and on no other live lease, so of many concurrent requests exactly one wins; the others wait for its result.
 */
export async function claimTokenRefresh(db: D1Database, id: string, sealedRefreshToken: string, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .prepare('UPDATE sessions SET refresh_lock_until = ? WHERE id = ? AND refresh_token = ? AND refresh_lock_until <= ?')
    .bind(leaseUntil, id, sealedRefreshToken, now)
    .run();
  return result.meta.changes === 1;
}

export async function releaseTokenRefresh(db: D1Database, id: string, sealedRefreshToken: string): Promise<void> {
  await db.prepare('UPDATE sessions SET refresh_lock_until = 0 WHERE id = ? AND refresh_token = ?').bind(id, sealedRefreshToken).run();
}

export interface SealedTokens {
  sealedAccessToken: string;
  sealedRefreshToken: string;
  tokenKeyId: string;
  tokenExpiresAt: number;
}

/** Stores refreshed tokens over the ones they replace (and only over those), releasing the lease. */
export async function storeRefreshedTokens(db: D1Database, id: string, previousSealedRefreshToken: string, t: SealedTokens): Promise<boolean> {
  const result = await db
    .prepare(
      'UPDATE sessions SET access_token = ?, refresh_token = ?, token_key_id = ?, token_expires_at = ?, refresh_lock_until = 0 WHERE id = ? AND refresh_token = ?',
    )
    .bind(t.sealedAccessToken, t.sealedRefreshToken, t.tokenKeyId, t.tokenExpiresAt, id, previousSealedRefreshToken)
    .run();
  return result.meta.changes === 1;
}

export async function deleteSession(db: D1Database, id: string): Promise<SessionRow | null> {
  const row = await db.prepare('DELETE FROM sessions WHERE id = ? RETURNING *').bind(id).first<RawSessionRow>();
  return row ? fromRaw(row) : null;
}

/** Deletes one session only if it is this user's (another user's id finds nothing). */
export async function deleteUserSession(db: D1Database, id: string, userId: string): Promise<SessionRow | null> {
  const row = await db.prepare('DELETE FROM sessions WHERE id = ? AND user_id = ? RETURNING *').bind(id, userId).first<RawSessionRow>();
  return row ? fromRaw(row) : null;
}

export async function deleteAllUserSessions(db: D1Database, userId: string): Promise<SessionRow[]> {
  const { results } = await db.prepare('DELETE FROM sessions WHERE user_id = ? RETURNING *').bind(userId).all<RawSessionRow>();
  return results.map(fromRaw);
}

export async function listLiveUserSessions(db: D1Database, userId: string, limits: SessionLimits): Promise<SessionRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM sessions WHERE user_id = ? AND ${LIVE} ORDER BY last_seen_at DESC, created_at DESC`)
    .bind(userId, ...liveParams(limits))
    .all<RawSessionRow>();
  return results.map(fromRaw);
}

export async function countLiveUserSessions(db: D1Database, userId: string, limits: SessionLimits): Promise<number> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM sessions WHERE user_id = ? AND ${LIVE}`)
    .bind(userId, ...liveParams(limits))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Removes every session that is no longer live and returns them (their grants may need revoking). */
export async function deleteDeadSessions(db: D1Database, limits: SessionLimits): Promise<SessionRow[]> {
  const { results } = await db
    .prepare(`DELETE FROM sessions WHERE NOT (${LIVE}) RETURNING *`)
    .bind(...liveParams(limits))
    .all<RawSessionRow>();
  return results.map(fromRaw);
}
