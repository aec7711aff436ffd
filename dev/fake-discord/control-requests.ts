/** Parsing the bodies and queries of the test controls that take more than a flag. */
import type { PageRequest } from './directory.ts';
import type { InvalidRequestLimit } from './invalid-requests.ts';
import type { RateLimitConfig, RouteLimit } from './ratelimit.ts';

export const MAX_BOT_GUILDS_PER_PAGE = 1000;

/** `?after=<snowflake>&limit=<1…1000>` of `/__demo/bot-guilds`, or what is wrong with it. */
export function parseBotGuildsQuery(after: string | undefined, limitParam: string | undefined): PageRequest | string {
  if (after !== undefined && !/^\d{1,20}$/.test(after)) return 'after must be a guild id';
  const limit = limitParam === undefined ? MAX_BOT_GUILDS_PER_PAGE : Number(limitParam);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_BOT_GUILDS_PER_PAGE) return `limit must be a whole number from 1 to ${MAX_BOT_GUILDS_PER_PAGE}`;
  return { after, limit };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

function parseRouteLimit(value: unknown, name: string): RouteLimit | string {
  if (typeof value !== 'object' || value === null) return `${name} must be {limit, windowMs}`;
  const { limit, windowMs } = { limit: undefined, windowMs: undefined, ...value };
  if (!isCount(limit) || !isCount(windowMs)) return `${name} needs a whole limit ≥ 1 and a whole windowMs ≥ 1`;
  return { limit, windowMs };
}

/** `{limit?, windowMs?, banMs?}` over the limit in force. */
function parseInvalidRequestLimit(value: unknown, current: InvalidRequestLimit): InvalidRequestLimit | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'invalidRequests must be {limit?, windowMs?, banMs?}';
  const merged = { ...current, ...value };
  const { limit, windowMs, banMs } = merged;
  if (!isCount(limit) || !isCount(windowMs) || !isCount(banMs)) return 'invalidRequests needs a whole limit, windowMs and banMs ≥ 1';
  return { limit, windowMs, banMs };
}

/**
 * The limits in force with the request's changes:
 * `{enabled?, globalPerSecond?, defaultRoute?, routes?: {[route]: {limit, windowMs}}, invalidRequests?: {limit?, windowMs?, banMs?}}`.
 * A route in one of `sharedBuckets` sets that bucket's limit.
 */
export function mergeRateLimits(current: RateLimitConfig, body: Record<string, unknown>): RateLimitConfig | string {
  const merged = structuredClone(current);
  const { enabled, globalPerSecond, defaultRoute, routes, invalidRequests } = body;
  if (invalidRequests !== undefined) {
    const parsed = parseInvalidRequestLimit(invalidRequests, merged.invalidRequests);
    if (typeof parsed === 'string') return parsed;
    merged.invalidRequests = parsed;
  }
  if (enabled !== undefined) {
    if (typeof enabled !== 'boolean') return 'enabled must be true or false';
    merged.enabled = enabled;
  }
  if (globalPerSecond !== undefined) {
    if (!isCount(globalPerSecond)) return 'globalPerSecond must be a whole number ≥ 1';
    merged.globalPerSecond = globalPerSecond;
  }
  if (defaultRoute !== undefined) {
    const parsed = parseRouteLimit(defaultRoute, 'defaultRoute');
    if (typeof parsed === 'string') return parsed;
    merged.defaultRoute = parsed;
  }
  if (routes !== undefined) {
    if (typeof routes !== 'object' || routes === null || Array.isArray(routes)) return 'routes must map "METHOD /route/{template}" to {limit, windowMs}';
    for (const [route, value] of Object.entries(routes)) {
      if (!/^(GET|POST|PUT|PATCH|DELETE) \//.test(route)) return `routes: "${route}" is not "METHOD /path"`;
      const parsed = parseRouteLimit(value, `routes["${route}"]`);
      if (typeof parsed === 'string') return parsed;
      // A route of a shared bucket has no limit of its own: the one given is the bucket's, for all its routes.
      const shared = Object.values(merged.sharedBuckets).find((bucket) => bucket.routes.includes(route));
      if (shared === undefined) merged.routes[route] = parsed;
      else Object.assign(shared, parsed);
    }
  }
  return merged;
}
