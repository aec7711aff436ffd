/** Live settings: who may open a guild's socket, and telling the open pages about a committed change. */
import { LIVE_SOCKET_LIFETIME_MS, type LiveChangeSource, type LiveEvent, type LiveSettingChange } from '../../shared/live';
import { ApiError, forbidden } from '../errors';
import type { ActiveSession } from '../hono-env';
import { LIVE_GRANT_HEADER, type GuildLive, type LiveGrant } from '../live/guild-live';
import { requireGuildAccess } from './servers';

/** Hands deferred work to the runtime (the request's `waitUntil`), so the answer does not wait for it. */
export type Defer = (work: Promise<unknown>) => void;

/** What a write needs to announce itself: the request's `waitUntil`, and the tab that made it (LIVE_TAB_HEADER). */
export interface LiveOrigin {
  defer: Defer;
  tab: string | null;
}

// `wrangler types` names the class only in a comment (typing it would need the Worker's module in every project
// that reads worker-configuration.d.ts); the binding is the GuildLive class of live/guild-live.ts (wrangler.toml).
const guildLive = (env: Env, guildId: string) => (env.GUILD_LIVE as unknown as DurableObjectNamespace<GuildLive>).getByName(guildId);

/**
 * Opens the settings page's socket: only from our own pages (the Origin is APP_ORIGIN, against cross-site
 * WebSocket hijacking, since the cookie rides along on any site's handshake), with a session, and for a
 * guild whose settings the user may read. The socket serves LIVE_SOCKET_LIFETIME_MS, then the page
 * reconnects and is checked again.
 */
export async function openLiveSocket(env: Env, session: ActiveSession, serverId: string, request: Request): Promise<Response> {
  const { guild } = await requireGuildAccess(env, session, serverId, 'read');
  const grant: LiveGrant = { userId: session.user.id, expiresAt: Date.now() + LIVE_SOCKET_LIFETIME_MS };
  const answer = await guildLive(env, guild.id).fetch(request.url, { headers: { Upgrade: 'websocket', [LIVE_GRANT_HEADER]: JSON.stringify(grant) } });
  if (answer.status !== 101 || !answer.webSocket) throw new ApiError(502, 'LIVE_UNAVAILABLE', 'Live updates are not available right now.');
  // A fresh response: the object's answer has immutable headers, and the app's middleware adds its own.
  return new Response(null, { status: 101, webSocket: answer.webSocket });
}

/** Refuses a handshake from any page but ours, and a request that is not a WebSocket handshake. */
export function checkLiveHandshake(env: Env, request: Request): void {
  if (request.headers.get('Origin') !== env.APP_ORIGIN) throw forbidden('Live updates are only for pages of this site.');
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'UPGRADE_REQUIRED', 'This address takes a WebSocket.');
}

/** Who a change is announced as: the session's user, by the name the audit records. */
export const liveAuthor = (session: ActiveSession) => ({ id: session.user.id, name: session.user.global_name ?? session.user.username });

/** Who made a change, as the page names them. */
export type LiveAuthor = LiveEvent['by'];

/**
 * Tells the guild's open settings pages about a change that committed. Deferred past the answer and never
 * failing it: the change is stored either way, and a page that missed it catches up when it reconnects.
 * A guild nobody watches costs one call that finds no socket (the object stores nothing).
 */
function announce(env: Env, defer: Defer, guildId: string, event: LiveEvent): void {
  defer(
    guildLive(env, guildId)
      .broadcast(event)
      .catch((error: unknown) => console.warn(`live update of guild ${guildId} failed`, error)),
  );
}

/** Announces the settings a save, a revert or an import wrote (nothing when it wrote none). */
export function announceChanges(
  env: Env,
  { defer, tab }: LiveOrigin,
  guildId: string,
  source: LiveChangeSource,
  by: LiveAuthor,
  at: number,
  changes: readonly LiveSettingChange[],
): void {
  if (changes.length === 0) return;
  announce(env, defer, guildId, { type: 'settings', source, by, at, tab, changes: [...changes] });
}

/** Announces that these guilds' licence changed (a move changes two), so their open pages read it again. */
export function announceLicenceChange(env: Env, { defer, tab }: LiveOrigin, guildIds: readonly string[], by: LiveAuthor, at = Date.now()): void {
  for (const guildId of new Set(guildIds)) announce(env, defer, guildId, { type: 'licence', by, at, tab });
}
