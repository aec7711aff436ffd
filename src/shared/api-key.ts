/**
 * How an API key is built: the typed URL of a GET resource the pages read, taking its path and query as the API app
 * declares them (`api-schema.ts`, registered by src/worker/api-app.ts), so a key cannot name a path, a query or an
 * answer the Worker does not have. The addresses the browser goes to (login, invite) are built alike; those of routes
 * with parameters in ./api-route-href.ts. The keys themselves are in ./api-keys.ts.
 */
import type { Answer, ApiPath, QueryOf } from './api-schema';
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

/** The query part of a key or an address: `?` and the entries given, or nothing. */
export function searchOf(query: Readonly<Record<string, string | number | undefined>> | undefined): string {
  const search = Object.entries(query ?? {})
    .flatMap(([name, value]) => (value === undefined || value === '' ? [] : [`${name}=${encodeURIComponent(value)}`]))
    .join('&');
  return search ? `?${search}` : '';
}

/** An API address the browser goes to rather than fetches (a redirect, a download), built as a key is. */
export const apiHref: <P extends ApiPath<'$get'>>(path: P, query?: QueryOf<P>) => string = apiKey;

/** The login link; after Discord the visitor comes back to `returnTo` (a path of this site; the Worker checks it). */
export const loginHref = (returnTo?: string): string => apiHref('/auth', { next: returnTo === '/' ? undefined : returnTo });

/** The bot's invite link, with a server preselected when `guildId` is given. */
export const inviteHref = (guildId?: string): string => apiHref('/invite', { guild_id: guildId });
