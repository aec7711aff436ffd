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
 * guild access again. A session ended or a role removed therefore stops the changes within this time.
 */
export const LIVE_SOCKET_LIFETIME_MS = 5 * 60 * 1000;

/** The close code (private range 4000–4999) that asks the page to reconnect and be authorised again. */
export const LIVE_CLOSE_REAUTHORISE = 4001;

/** The keep-alive the page sends and the Durable Object answers without waking (its auto-response). */
export const LIVE_PING = 'ping';
export const LIVE_PONG = 'pong';

/**
 * The request header naming the browser tab that made a change (a random id per page load), so that tab can
 * leave out the event of its own change; the other tabs of the same person still hear it.
 */
export const LIVE_TAB_HEADER = 'X-Live-Tab';
const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** The tab id of a request, when it is one (anything else counts as no tab). */
export const liveTabOf = (header: string | undefined): string | null => (header !== undefined && TAB_ID_PATTERN.test(header) ? header : null);

/** How a change was made, for the sentence that announces it ('bot': a member's command in Discord). */
const LIVE_CHANGE_SOURCES = ['save', 'revert', 'import', 'bot'] as const;
export type LiveChangeSource = (typeof LIVE_CHANGE_SOURCES)[number];

/** One stored key's new value, as committed. */
export interface LiveSettingChange {
  section: string;
  key: string;
  value: unknown;
}

/** Who made a change, when and from which tab: what every live event says. */
interface LiveEventBase {
  /** Who made the change: their Discord id and the name the audit shows. */
  by: { id: string; name: string };
  /** When it was written (epoch ms). */
  at: number;
  /** The tab that made it (LIVE_TAB_HEADER), null when unknown. */
  tab: string | null;
}

/** Sent to every open settings page of the guild after a write committed. */
export interface LiveSettingsEvent extends LiveEventBase {
  type: 'settings';
  source: LiveChangeSource;
  changes: LiveSettingChange[];
}

/**
 * Sent to the guild's open settings pages after its licence changed: granted, moved to or from it, renewed,
 * deleted or restored, by its owner or an admin. The page reads its licence state again.
 */
export interface LiveLicenceEvent extends LiveEventBase {
  type: 'licence';
}

export type LiveEvent = LiveSettingsEvent | LiveLicenceEvent;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isChange = (value: unknown): value is LiveSettingChange => isRecord(value) && typeof value.section === 'string' && typeof value.key === 'string';

function hasBase(value: Record<string, unknown>): boolean {
  const by = value.by;
  if (!isRecord(by) || typeof by.id !== 'string' || typeof by.name !== 'string' || typeof value.at !== 'number') return false;
  return value.tab === null || typeof value.tab === 'string';
}

const isSettingsEvent = (value: Record<string, unknown>) =>
  value.type === 'settings' &&
  Array.isArray(value.changes) &&
  value.changes.every(isChange) &&
  (LIVE_CHANGE_SOURCES as readonly unknown[]).includes(value.source);

/** A message from the socket, if it is a live event (anything else is ignored by the page). */
export function parseLiveEvent(text: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !hasBase(value)) return null;
  if (value.type === 'licence' || isSettingsEvent(value)) return value as unknown as LiveEvent;
  return null;
}
