/**
 * Live settings: what an open settings page hears about changes saved elsewhere (another tab, another editor,
 * a revert, an import), over a WebSocket to its guild's Durable Object.
 */

import { apiRouteHref } from './api-keys';

/** The socket of a server's settings page. */
export const livePath = (serverId: string) => apiRouteHref('/servers/:id/live', { id: serverId });

/**
 * A socket is authorised when it opens and serves this long: past it, it gets no more changes and is closed
 * with LIVE_CLOSE_REAUTHORISE at the next one, and the page reconnects, which checks the session and the
 * guild access again. What can be seen at once (a session ended, a grant removed or lowered) closes the
 * sockets at once; this bounds what cannot (a role taken away in Discord).
 */
export const LIVE_SOCKET_LIFETIME_MS = 5 * 60 * 1000;

/**
 * The most sockets one session may hold open on one guild: enough for a person's tabs, and a bound on what one
 * session can make every save cost. The next handshake is refused (429 LIVE_LIMIT) until one of them closes;
 * evicting the oldest instead would let two pages evict each other forever.
 */
export const LIVE_MAX_SOCKETS_PER_SESSION = 10;

/**
 * Close codes (private range 4000–4999). REAUTHORISE asks the page to reconnect and be authorised again (its
 * grant ran out, or a grant of the guild was removed or lowered); SESSION_ENDED tells it its session is over
 * (signed out here or elsewhere), so it stops instead of reconnecting.
 */
export const LIVE_CLOSE_REAUTHORISE = 4001;
export const LIVE_CLOSE_SESSION_ENDED = 4002;

/** The keep-alive the page sends and the Durable Object answers without waking (its auto-response). */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';

/**
 * The request header carrying the tab id a page got from its socket (LiveHello), so that page can leave out the
 * event of its own change; the other tabs of the same person still hear it. The server made the id for the
 * page's session and guild and checks it against the writer's session: another session's id counts as no tab.
 */
export const LIVE_TAB_HEADER = 'X-Live-Tab';

/** How a change was made, for the sentence that announces it ('bot': a member's command in Discord). */
const LIVE_CHANGE_SOURCES = ['save', 'revert', 'import', 'bot'] as const;
export type LiveChangeSource = (typeof LIVE_CHANGE_SOURCES)[number];

/** One stored key's new value, as committed. */
export interface LiveSettingChange {
  section: string;
  key: string;
  value: unknown;
}

/** Sent to every open settings page of the guild after a write committed. */
export interface LiveSettingsEvent {
  type: 'settings';
  source: LiveChangeSource;
  /** Who made the change: their Discord id and the name the audit shows (readers see it in the history too). */
  by: { id: string; name: string };
  /** When it was written (epoch ms). */
  at: number;
  /** The tab that made it (LIVE_TAB_HEADER, checked by the server), null when none or not the writer's own. */
  tab: string | null;
  changes: LiveSettingChange[];
}

/**
 * Sent to the guild's open settings pages after its licence changed: granted, moved to or from it, renewed,
 * deleted or restored, by its owner or an admin. The page reads its licence state again. It names nobody: an
 * admin's identity is not for the server's readers.
 */
export interface LiveLicenceEvent {
  type: 'licence';
  at: number;
  tab: string | null;
}

/** Sent when the bot left the guild (it told us, or a full sync no longer lists it): the page turns read-only. */
export interface LiveBotLeftEvent {
  type: 'bot-left';
  at: number;
}

export type LiveEvent = LiveSettingsEvent | LiveLicenceEvent | LiveBotLeftEvent;

/** The socket's first message: the id of this page's tab, for the LIVE_TAB_HEADER of its changes. */
export interface LiveHello {
  type: 'hello';
  tab: string;
}

/** Anything the socket sends the page. */
export type LiveMessage = LiveEvent | LiveHello;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isChange = (value: unknown): value is LiveSettingChange => isRecord(value) && typeof value.section === 'string' && typeof value.key === 'string';
const isTab = (value: unknown) => value === null || typeof value === 'string';
const isAuthor = (value: unknown) => isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';

const isSettingsEvent = (value: Record<string, unknown>) =>
  isAuthor(value.by) &&
  isTab(value.tab) &&
  Array.isArray(value.changes) &&
  value.changes.every(isChange) &&
  (LIVE_CHANGE_SOURCES as readonly unknown[]).includes(value.source);

/** What each message must carry besides its type. */
const SHAPES: Record<LiveMessage['type'], (value: Record<string, unknown>) => boolean> = {
  settings: (value) => typeof value.at === 'number' && isSettingsEvent(value),
  licence: (value) => typeof value.at === 'number' && isTab(value.tab),
  'bot-left': (value) => typeof value.at === 'number',
  hello: (value) => typeof value.tab === 'string',
};

const isMessageType = (type: unknown): type is LiveMessage['type'] => typeof type === 'string' && Object.hasOwn(SHAPES, type);

/** A message from the socket, if it is one the page knows (anything else is ignored by the page). */
export function parseLiveMessage(text: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isMessageType(value.type) || !SHAPES[value.type](value)) return null;
  return value as unknown as LiveMessage;
}
