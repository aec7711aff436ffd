import type { SessionUser } from '../../shared/api-types';

export interface SessionRow {
  id: string;
  user: SessionUser;
  accessToken: string;
  refreshToken: string;
  tokenExpiresAt: number;
  expiresAt: number;
}

interface RawSessionRow {
  id: string;
  user_json: string;
  access_token: string;
  refresh_token: string;
  token_expires_at: number;
  expires_at: number;
}

const fromRaw = (r: RawSessionRow): SessionRow => ({
  id: r.id,
  user: JSON.parse(r.user_json) as SessionUser,
  accessToken: r.access_token,
  refreshToken: r.refresh_token,
  tokenExpiresAt: r.token_expires_at,
  expiresAt: r.expires_at,
});

export async function insertSession(db: D1Database, s: SessionRow, now = Date.now()): Promise<void> {
  await db
    .prepare(
      'INSERT INTO sessions (id, user_id, user_json, access_token, refresh_token, token_expires_at, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(s.id, s.user.id, JSON.stringify(s.user), s.accessToken, s.refreshToken, s.tokenExpiresAt, now, s.expiresAt)
    .run();
}

/** A live session of that user, or null when deleted, expired or not theirs. */
export async function findSession(db: D1Database, id: string, userId: string, now = Date.now()): Promise<SessionRow | null> {
  const row = await db.prepare('SELECT * FROM sessions WHERE id = ? AND user_id = ? AND expires_at > ?').bind(id, userId, now).first<RawSessionRow>();
  return row ? fromRaw(row) : null;
}

export async function updateSessionTokens(db: D1Database, id: string, accessToken: string, refreshToken: string, tokenExpiresAt: number): Promise<void> {
  await db
    .prepare('UPDATE sessions SET access_token = ?, refresh_token = ?, token_expires_at = ? WHERE id = ?')
    .bind(accessToken, refreshToken, tokenExpiresAt, id)
    .run();
}

export async function deleteSession(db: D1Database, id: string): Promise<SessionRow | null> {
  const row = await db.prepare('DELETE FROM sessions WHERE id = ? RETURNING *').bind(id).first<RawSessionRow>();
  return row ? fromRaw(row) : null;
}

export async function deleteExpiredSessions(db: D1Database, now = Date.now()): Promise<void> {
  await db.batch([db.prepare('DELETE FROM sessions WHERE expires_at <= ?').bind(now), db.prepare('DELETE FROM oauth_states WHERE expires_at <= ?').bind(now)]);
}

export async function insertOAuthState(db: D1Database, state: string, verifier: string, expiresAt: number): Promise<void> {
  await db.prepare('INSERT INTO oauth_states (state, code_verifier, expires_at) VALUES (?, ?, ?)').bind(state, verifier, expiresAt).run();
}

/** Takes a login attempt's verifier exactly once: a replayed or expired state finds nothing. */
export async function consumeOAuthState(db: D1Database, state: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .prepare('DELETE FROM oauth_states WHERE state = ? RETURNING code_verifier, expires_at')
    .bind(state)
    .first<{ code_verifier: string; expires_at: number }>();
  return row && row.expires_at > now ? row.code_verifier : null;
}
