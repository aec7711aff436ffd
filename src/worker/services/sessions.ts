/** A user's own sessions: list them, end one, end all. Each end revokes the Discord grant with the last session. */
import type { SessionInfo } from '../../shared/sessions';
import { afterSessionsEnded, type Defer } from '../auth/session-end';
import { sessionLimits } from '../auth/session-limits';
import { deleteAllUserSessions, deleteDeadSessions, deleteUserSession, listLiveUserSessions } from '../db/sessions';
import { notFound } from '../errors';
import type { ActiveSession } from '../hono-env';

export async function listSessions(env: Env, session: ActiveSession): Promise<SessionInfo[]> {
  const rows = await listLiveUserSessions(env.DB, session.user.id, sessionLimits(env));
  return rows.map((row) => ({ id: row.id, current: row.id === session.id, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, device: row.device }));
}

/** Ends one of the user's sessions (another user's id is unknown here: 404). Says whether it was this one. */
export async function revokeSession(env: Env, defer: Defer, session: ActiveSession, id: string): Promise<{ current: boolean }> {
  const ended = await deleteUserSession(env.DB, id, session.user.id);
  if (!ended) throw notFound('There is no such session.', 'SESSION_NOT_FOUND');
  afterSessionsEnded(env, defer, [ended]);
  return { current: ended.id === session.id };
}

export async function endAllSessions(env: Env, defer: Defer, session: ActiveSession): Promise<void> {
  afterSessionsEnded(env, defer, await deleteAllUserSessions(env.DB, session.user.id));
}

/** The cron's sweep: sessions past their idle timeout or lifetime go, and with a user's last one, the grant. */
export async function pruneSessions(env: Env, defer: Defer): Promise<void> {
  afterSessionsEnded(env, defer, await deleteDeadSessions(env.DB, sessionLimits(env)));
}
