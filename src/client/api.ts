import type { ApiErrorBody } from '../shared/api-error';
import type { SettingConflictBody } from '../shared/settings/index';
import type { ApiKey } from '../shared/api-keys';

/**
 * The tab ids the server gave the open settings page's live socket, newest last (each connection gets its own).
 * The newest goes with every change (LIVE_TAB_HEADER); an event naming any of them is this page's own, so a change
 * sent just before a reconnect is still known as its own when it comes back on the new socket.
 */
const liveTabs: string[] = [];
const LIVE_TABS_KEPT = 8;

/** The tab id a change is sent with, null before the socket said it (the change's event then names no tab). */
export const currentLiveTab = (): string | null => liveTabs.at(-1) ?? null;
/** This page's tab ids, to leave its own changes out of what the socket reports. */
export const ownLiveTabs = (): readonly string[] => liveTabs;

export function addLiveTab(tab: string): void {
  liveTabs.push(tab);
  if (liveTabs.length > LIVE_TABS_KEPT) liveTabs.shift();
}

/** The page closed its socket (another server's page, or none, comes next). */
export function forgetLiveTabs(): void {
  liveTabs.length = 0;
}

/** A failed API call, carrying the server's sentence and code. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error body, for codes that carry more than the sentence (a settings CONFLICT). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}

/** A response's JSON, or the ApiClientError its `{error, code}` describes. */
export async function readJson<T>(response: Pick<Response, 'ok' | 'status' | 'json'>): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = isErrorBody(body) ? body.error : `Request failed (${response.status}).`;
    const code = isErrorBody(body) ? body.code : 'HTTP_ERROR';
    throw new ApiClientError(response.status, code, message, body);
  }
  return body as T;
}

/** The SWR fetcher, and the one-off reads of a key: GET a JSON resource with the session cookie. */
export async function getJson<T>(key: ApiKey<T>): Promise<T> {
  return readJson<T>(await fetch(key, { credentials: 'same-origin', headers: { accept: 'application/json' } }));
}

/**
 * Whether the server refused the request itself (a value it does not take, a permission the user lacks): sending
 * it again unchanged gets the same answer. A conflict, a rate limit, a timeout or a failure of ours or Discord's may
 * pass on a retry.
 */
export function isRefusal(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![408, 409, 429].includes(error.status);
}

/** The body of a 409 CONFLICT (a save, revert or import that would overwrite a newer value), or null. */
export function conflictOf(error: unknown): SettingConflictBody | null {
  if (!(error instanceof ApiClientError) || error.code !== 'CONFLICT') return null;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'current' in body ? (body as SettingConflictBody) : null;
}
