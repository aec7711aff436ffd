import { API_BASE } from './api-base';
import { searchOf } from './api-key';
import type { ApiRoute, ParamsOf, QueryOf } from './api-schema';

/**
 * The address of a route with parameters, as the route declares it: each `:name` (and its `{pattern}`, which the
 * Worker checks) is replaced by its value, encoded as a path segment. Apart from ./api-key.ts, whose builders the code
 * every page loads carries: no page reads such a route before any interaction.
 */
export function apiRouteHref<R extends ApiRoute<'$get'>>(route: R, params: ParamsOf<R>, query?: QueryOf<R>): string {
  const values: Readonly<Record<string, string>> = params;
  const path = route.replace(/:(\w+)(?:\{[^}]*\})?/g, (_match: string, name: string) => encodeURIComponent(values[name] ?? ''));
  return `${API_BASE}${path}${searchOf(query)}`;
}
