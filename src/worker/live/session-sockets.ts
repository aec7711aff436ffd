/** The end of a session closes its live sockets at once, in every guild it has them open. */
import { takeLiveSockets } from '../db/live-sockets';
import { guildLive } from './guild-live';

/**
 * Closes the sockets of these ended sessions (LIVE_CLOSE_SESSION_ENDED: the page stops and shows it is signed
 * out) in each guild `live_sockets` names for them, and forgets those rows. Meant for `waitUntil`: it never
 * rejects, since the session is over either way; a socket it fails to close hears nothing once its grant runs
 * out (LIVE_SOCKET_LIFETIME_MS), and cannot reconnect.
 */
export async function closeSessionSockets(env: Env, sessionIds: readonly string[]): Promise<void> {
  try {
    const rows = await takeLiveSockets(env.DB, sessionIds);
    const byGuild = new Map<string, string[]>();
    for (const { guildId, sessionId } of rows) byGuild.set(guildId, [...(byGuild.get(guildId) ?? []), sessionId]);
    const results = await Promise.allSettled([...byGuild].map(([guildId, ids]) => guildLive(env, guildId).closeSessions(ids)));
    for (const result of results) if (result.status === 'rejected') console.warn('closing the live sockets of an ended session failed', result.reason);
  } catch (error) {
    console.warn('closing the live sockets of ended sessions failed', error);
  }
}
