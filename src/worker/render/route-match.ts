import { matchAppRoute, type RouteMatch } from '../../client/routes';
import { IsolateMemo } from '../isolate-memo';

/** A path's route and parameters, as every request for it shares them. */
export interface KnownRouteMatch extends RouteMatch {
  params: Readonly<Record<string, string>>;
}

/**
 * Each path's route and parameters, fixed for the build: walking the route table cost a settings page about 1% of its
 * render's CPU on every request (docs/performance.md). The parameters are frozen, since later requests get them too.
 */
const routeMatches = new IsolateMemo<KnownRouteMatch>(1000);

export function knownRouteMatch(pathname: string): KnownRouteMatch {
  const known = routeMatches.get(pathname);
  if (known) return known;
  const { route, params } = matchAppRoute(pathname);
  const match = { route, params: Object.freeze(params) };
  routeMatches.set(pathname, match);
  return match;
}
