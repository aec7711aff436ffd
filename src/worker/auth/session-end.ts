/**
 * What follows the end of sessions: their open settings pages stop hearing the guild's changes at once (their
 * live sockets close), and when a user has no live session left, their Discord grant is revoked, so tokens we
 * no longer need stop working at Discord too. While another session lives it keeps the grant (revoking would
 * end that session's access as well).
 */
import { countLiveUserSessions, type SessionRow } from '../db/sessions';
import { revokeToken } from '../discord/oauth-token';
import { closeSessionSockets } from '../live/session-sockets';
import { sessionLimits } from './session-limits';
import { keyringOf, openRefreshToken } from './session-tokens';

/** Runs work after the response (ExecutionContext.waitUntil). */
export type Defer = (work: Promise<unknown>) => void;

async function revokeIfLast(env: Env, userId: string, ended: SessionRow[]): Promise<void> {
  if ((await countLiveUserSessions(env.DB, userId, sessionLimits(env))) > 0) return;
  const keyring = await keyringOf(env);
  for (const row of ended) {
    const refreshToken = await openRefreshToken(keyring, row);
    if (refreshToken !== null) await revokeToken(env, refreshToken);
  }
}

export function afterSessionsEnded(env: Env, defer: Defer, ended: SessionRow[]): void {
  const endedIds = ended.map((row) => row.id);
  if (endedIds.length > 0) defer(closeSessionSockets(env, endedIds));
  const byUser = new Map<string, SessionRow[]>();
  for (const row of ended) byUser.set(row.user.id, [...(byUser.get(row.user.id) ?? []), row]);
  for (const [userId, rows] of byUser) {
    // A courtesy to Discord: our side is already done, so a failure is only logged.
    defer(
      revokeIfLast(env, userId, rows).catch((error: unknown) =>
        console.warn('Discord grant revocation failed', error instanceof Error ? error.message : error),
      ),
    );
  }
}
