/** Live settings: who may open a guild's socket, and telling the open pages about a committed change. */
import {
  LIVE_MAX_SOCKETS_PER_SESSION,
  LIVE_SOCKET_LIFETIME_MS,
  type LiveChangeSource,
  type LiveEvent,
  type LiveSettingsEvent,
  type LiveSettingChange,
} from '../../shared/live';
import { runRead } from '../db/batch';
import { botPresenceRead } from '../db/bot-guilds';
import { pruneLiveSockets, recordLiveSocket, watchedGuilds } from '../db/live-sockets';
import { ApiError, unauthorized } from '../errors';
import type { ActiveSession } from '../hono-env';
import { guildLive, LIVE_GRANT_HEADER, type LiveGrant } from '../live/guild-live';
import { mintLiveTab, verifiedLiveTab } from '../live/tab-token';
import { requireGuildAccess } from './servers';

/** Hands deferred work to the runtime (the request's `waitUntil`), so the answer does not wait for it. */
export type Defer = (work: Promise<unknown>) => void;

/** The tab id a write came with (LIVE_TAB_HEADER), and the session that sent it. */
export interface ClaimedTab {
  sessionId: string;
  tab: string;
}

/**
 * What a write needs to announce itself: the request's `waitUntil`, and the tab it claims to come from, which
 * the event names only if the Worker made that tab for the writer's own session (live/tab-token.ts).
 */
export interface LiveOrigin {
  defer: Defer;
  tab: ClaimedTab | null;
}

const liveUnavailable = () => new ApiError(502, 'LIVE_UNAVAILABLE', 'Live updates are not available right now.');

/**
 * Opens the settings page's socket: only from our own pages (the Origin is APP_ORIGIN, against cross-site
 * WebSocket hijacking, since the cookie rides along on any site's handshake), with a session, and for a
 * guild whose settings the user may read; at most LIVE_MAX_SOCKETS_PER_SESSION per session and guild. The
 * socket serves LIVE_SOCKET_LIFETIME_MS, then the page reconnects and is checked again; the end of the session
 * closes it at once (live/session-sockets.ts), which is why the guild is recorded against the session.
 */
export async function openLiveSocket(env: Env, session: ActiveSession, serverId: string, request: Request): Promise<Response> {
  const { guild } = await requireGuildAccess(env, session, serverId, 'read');
  const owner = { sessionId: session.id, guildId: guild.id };
  const grant: LiveGrant = {
    userId: session.user.id,
    sessionId: session.id,
    expiresAt: Date.now() + LIVE_SOCKET_LIFETIME_MS,
    tab: await mintLiveTab(env.SESSION_SECRET, owner),
  };
  const live = guildLive(env, guild.id);
  const answer = await live.fetch(request.url, { headers: { Upgrade: 'websocket', [LIVE_GRANT_HEADER]: JSON.stringify(grant) } });
  if (answer.status === 429) {
    throw new ApiError(
      429,
      'LIVE_LIMIT',
      `This session already follows this server live in ${LIVE_MAX_SOCKETS_PER_SESSION} pages. Close one of them to follow it here.`,
      { 'Retry-After': '30' },
    );
  }
  if (answer.status !== 101 || !answer.webSocket) throw liveUnavailable();
  // Recorded once the object holds the socket, and only while the session exists: a sign-out running meanwhile
  // either finds the row and closes the socket, or ended the session first, and then the socket is closed here.
  let recorded: boolean;
  try {
    recorded = await recordLiveSocket(env.DB, owner, Date.now());
  } catch (error) {
    // Unrecorded, a sign-out would not find it: no socket rather than one that outlives its session. The
    // session's other pages of the guild close too (the object knows sockets by session); they ask who is
    // signed in and reconnect.
    await live.closeSessions([session.id]);
    throw error;
  }
  if (!recorded) {
    await live.closeSessions([session.id]);
    throw unauthorized();
  }
  // A fresh response: the object's answer has immutable headers, and the app's middleware adds its own.
  return new Response(null, { status: 101, webSocket: answer.webSocket });
}

/** Who a change is announced as: the session's user, by the name the audit records. */
export const liveAuthor = (session: ActiveSession) => ({ id: session.user.id, name: session.user.global_name ?? session.user.username });

/** Who made a change, as the page names them. */
export type LiveAuthor = LiveSettingsEvent['by'];

/** Passes an event to the guild's open pages; a failure is only logged (a page that missed it catches up when it reconnects). */
async function broadcast(env: Env, guildId: string, event: LiveEvent): Promise<void> {
  try {
    await guildLive(env, guildId).broadcast(event);
  } catch (error) {
    console.warn(`live update of guild ${guildId} failed`, error);
  }
}

/** The claimed tab if the Worker made it for the writer's session on this guild, else null (the event names no tab). */
const tabOf = async (env: Env, claimed: ClaimedTab | null, guildId: string) =>
  claimed === null ? null : verifiedLiveTab(env.SESSION_SECRET, { sessionId: claimed.sessionId, guildId }, claimed.tab);

/**
 * Tells the guild's open settings pages about a change that committed. Deferred past the answer and never
 * failing it: the change is stored either way. A guild nobody watches costs one call that finds no socket
 * (the object stores nothing).
 */
function announce(env: Env, { defer, tab }: LiveOrigin, guildId: string, event: (tab: string | null) => LiveEvent): void {
  defer(tabOf(env, tab, guildId).then((verified) => broadcast(env, guildId, event(verified))));
}

/** Announces the settings a save, a revert or an import wrote (nothing when it wrote none). */
export function announceChanges(
  env: Env,
  origin: LiveOrigin,
  guildId: string,
  source: LiveChangeSource,
  by: LiveAuthor,
  at: number,
  changes: readonly LiveSettingChange[],
): void {
  if (changes.length === 0) return;
  announce(env, origin, guildId, (tab) => ({ type: 'settings', source, by, at, tab, changes: [...changes] }));
}

/** Announces that these guilds' licence changed (a move changes two), so their open pages read it again. */
export function announceLicenceChange(env: Env, origin: LiveOrigin, guildIds: readonly string[], at = Date.now()): void {
  for (const guildId of new Set(guildIds)) announce(env, origin, guildId, (tab) => ({ type: 'licence', at, tab }));
}

/**
 * Tells the open pages of a guild the bot left that its settings can no longer change (they turn read-only).
 * Awaited by the bot's call (one call to the object) and never failing it: the departure is stored either way.
 */
export const announceBotLeft = (env: Env, guildId: string, at = Date.now()) => broadcast(env, guildId, { type: 'bot-left', at });

/** The most watched guilds a completed sync checks for the bot's absence (one D1 statement of their ids). */
const WATCHED_GUILDS_CHECKED = 1000;

/**
 * After a completed sync removed guilds: the open pages of each watched guild the bot is no longer in hear that
 * it left. Asked of the watched guilds (live_sockets), not of the removed ones, so a sync dropping thousands of
 * guilds nobody has open costs no call to their objects. Never fails the sync, which is stored either way.
 */
export async function announceDeparturesAfterSync(env: Env, at = Date.now()): Promise<void> {
  try {
    const watched = await watchedGuilds(env.DB, WATCHED_GUILDS_CHECKED);
    if (watched.length === 0) return;
    const { present } = await runRead(env.DB, botPresenceRead(env.DB, watched));
    await Promise.all(watched.filter((guildId) => !present.has(guildId)).map((guildId) => announceBotLeft(env, guildId, at)));
  } catch (error) {
    console.warn('announcing the guilds a sync removed failed', error);
  }
}

/**
 * After a grant of the guild was removed or lowered: every open page of it reconnects through the access check,
 * so those who lost access stop hearing its changes now, and those who lost write see their page turn
 * read-only. Which members hold the role is Discord's to say (a call per member): closing all is cheaper.
 */
export function reauthoriseGuild(env: Env, defer: Defer, guildId: string): void {
  defer(
    guildLive(env, guildId)
      .reauthoriseAll()
      .catch((error: unknown) => console.warn(`closing the live sockets of guild ${guildId} failed`, error)),
  );
}

/**
 * How long a session's record of a guild it opened sockets on is kept. Its pages' sockets stay open (idle,
 * hibernating) past their grant, and its end closes those too, so the record outlives the grant; a page open
 * longer than this without reconnecting is left to its grant, and cannot reconnect once the session is over.
 */
const LIVE_SOCKET_RECORD_RETENTION_MS = 24 * 60 * 60 * 1000;

/** The cron: records of sockets opened longer ago than the retention go. */
export const pruneLiveSocketRecords = (env: Env, now = Date.now()) => pruneLiveSockets(env.DB, now - LIVE_SOCKET_RECORD_RETENTION_MS);
