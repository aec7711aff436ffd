/**
 * Every GET resource the pages read with SWR, as typed URL builders. Each takes its path and query as the API
 * app declares them (`api-schema.ts`, registered by src/worker/api-app.ts), and its answer type is the route's
 * own, so a key cannot name a path, a query or an answer the Worker does not have. The Worker's SSR loaders fill
 * SWR's fallback under these same strings (`PAGE_DATA`, src/worker/render/loaders.ts), so the first paint never
 * refetches.
 *
 * Strings only, with no runtime import of the typed client (src/client/api-client.ts): the landing page reads
 * `stats` and `checkAuth`, and carries nothing more for it.
 */
import type { AccessDeniedResponse } from './server-access';
import type { Answer, ApiPath, ApiRoute, ParamsOf, QueryOf } from './api-schema';
import { API_BASE } from './api-base';

declare const answer: unique symbol;
/** A URL that answers `T` as JSON. The phantom field only carries the type. */
export type ApiKey<T> = string & { readonly [answer]?: T };

/**
 * The key of GET `path`: the query's entries in the order given, empty ones left out, so a key with more
 * filters starts with the key that has fewer.
 */
export function apiKey<P extends ApiPath<'$get'>>(path: P, query?: QueryOf<P>): ApiKey<Answer<P>> {
  return `${API_BASE}${path}${searchOf(query)}`;
}

function searchOf(query: Readonly<Record<string, string | number | undefined>> | undefined): string {
  const search = Object.entries(query ?? {})
    .flatMap(([name, value]) => (value === undefined || value === '' ? [] : [`${name}=${encodeURIComponent(value)}`]))
    .join('&');
  return search ? `?${search}` : '';
}

/**
 * The address of a route with parameters, as the route declares it: each `:name` (and its `{pattern}`, which the
 * Worker checks) is replaced by its value, encoded as a path segment.
 */
export function apiRouteHref<R extends ApiRoute<'$get'>>(route: R, params: ParamsOf<R>, query?: QueryOf<R>): string {
  const values: Readonly<Record<string, string>> = params;
  const path = route.replace(/:(\w+)(?:\{[^}]*\})?/g, (_match: string, name: string) => encodeURIComponent(values[name] ?? ''));
  return `${API_BASE}${path}${searchOf(query)}`;
}

export const apiKeys = {
  checkAuth: apiKey('/check-auth'),
  stats: apiKey('/stats'),
  allowedServers: apiKey('/allowed-servers'),
  invitableServers: apiKey('/invitable-servers'),
  whitelist: apiKey('/whitelisted-servers'),
  allWhitelist: apiKey('/all-whitelisted-servers'),
  sessions: apiKey('/sessions'),
  serverSettings: (serverID: string) => apiKey('/server-settings', { serverID }),
  /** Never fetched: where the server's first paint puts the 403 of a settings page the user may not open. */
  serverSettingsDenied: (serverID: string): ApiKey<AccessDeniedResponse> => `${apiKey('/server-settings', { serverID })}#denied`,
  /** One page of the audit; every filtered page's key starts with the unfiltered first page's. */
  settingsAudit: (serverID: string, filter: { section?: string | undefined; userID?: string | undefined; before?: number | undefined } = {}) =>
    apiKey('/server-settings/audit', { serverID, ...filter }),
  /** The settings as a file: the transfer's download link, and the settings copied from another server. */
  exportSettings: (serverID: string) => apiKey('/server-settings/export', { serverID }),
  /** Read by the settings page's Access panel. */
  serverAccess: (serverID: string) => apiKey('/server-access', { serverID }),
  /** Read by the admin console's pickers. */
  adminServerSearch: (q: string) => apiKey('/admin-server-search', { q }),
  adminUserSearch: (q: string) => apiKey('/admin-user-search', { q }),
  /** Whether the bot is in a server, asked before an admin licenses it. */
  adminServerCheck: (serverID: string) => apiKey('/admin-server-check', { serverID }),
} as const;

/** An API address the browser goes to rather than fetches (a redirect, a download), built as a key is. */
export const apiHref = <P extends ApiPath<'$get'>>(path: P, query?: QueryOf<P>): string => apiKey(path, query);

/** The login link; after Discord the visitor comes back to `returnTo` (a path of this site; the Worker checks it). */
export const loginHref = (returnTo?: string): string => apiHref('/auth', { next: returnTo === '/' ? undefined : returnTo });

/** The bot's invite link, with a server preselected when `guildId` is given. */
export const inviteHref = (guildId?: string): string => apiHref('/invite', { guild_id: guildId });
