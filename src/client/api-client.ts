/**
 * The typed client of the JSON API (Hono's `hc`): each call's path, input and answer come from the routes, as
 * the Worker registers them (`RegisteredApi`, src/shared/api-schema.ts). Used for the changes pages make; reads
 * (SWR, one-off, links) go by the keys of src/shared/api-keys.ts, so the pages that only read (the landing page)
 * do not carry the client.
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { API_BASE } from '../shared/api-base';
import type { RegisteredApi } from '../shared/api-schema';
import { LIVE_TAB_HEADER } from '../shared/live';
import { readJson } from './api';
import { currentLiveTab } from './live-tabs';

export const api = hc<RegisteredApi>(API_BASE, {
  // The live tab id lets this page's own changes be told apart when they come back over the socket.
  headers: (): Record<string, string> => {
    const tab = currentLiveTab();
    return tab === null ? { accept: 'application/json' } : { accept: 'application/json', [LIVE_TAB_HEADER]: tab };
  },
});

/** What the call answers when it succeeds (null for a 204). */
type SuccessOf<R> = R extends ClientResponse<infer T, infer S> ? ([Extract<S, SuccessStatusCode>] extends [never] ? never : T) : never;

/** The answer of a typed call, or an ApiClientError carrying the server's `{error, code}`. */
export async function answerOf<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<SuccessOf<R>> {
  return readJson<SuccessOf<R>>(await call);
}
