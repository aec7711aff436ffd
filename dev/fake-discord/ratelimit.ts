/**
 * Discord's rate limits, enforced: a global limit per token (50 requests a second for a bot) and buckets, each
 * counted per token and per major parameter (the guild, channel or webhook id in the path). A bucket is a route's
 * own, or one several routes share (Discord's `X-RateLimit-Bucket` names it; clients learn which routes share one
 * only from that header). Refusals are Discord's 429s, with its headers and body. Windows are fixed: they start at
 * a bucket's first call and reset `windowMs` later, as Discord's `X-RateLimit-Reset-After` counts down.
 */
import { DISCORD_INVALID_REQUEST_LIMIT, noInvalidRequests } from './invalid-requests.ts';
import type { InvalidRequestLimit, InvalidRequests } from './invalid-requests.ts';

export interface RouteLimit {
  limit: number;
  windowMs: number;
}

/** A bucket several routes share: one count (per token and major parameter) for calls to any of them. */
export interface SharedBucket extends RouteLimit {
  /** Route templates, e.g. `GET /guilds/{guild_id}/roles`. */
  routes: string[];
}

export interface RateLimitConfig {
  /** Off: no 429 of any kind, and invalid requests are not counted. */
  enabled: boolean;
  /** Requests per second per token, whatever the route. */
  globalPerSecond: number;
  /** Per route template, e.g. `GET /users/@me/guilds`, for a route in a bucket of its own. */
  routes: Record<string, RouteLimit>;
  /** Buckets by name, for routes that share one; a route in one of these takes its limit from it. */
  sharedBuckets: Record<string, SharedBucket>;
  /** For routes neither table names. */
  defaultRoute: RouteLimit;
  /** The ban at Discord's edge for too many 401, 403 and 429 answers (see invalid-requests.ts). */
  invalidRequests: InvalidRequestLimit;
}

/** Discord's global limit for a bot token. */
export const GLOBAL_REQUESTS_PER_SECOND = 50;

/**
 * Discord publishes no per-route numbers (they change, and clients must read the headers); these are the
 * limits its headers commonly show for these routes.
 */
export function defaultRateLimits(): RateLimitConfig {
  return {
    enabled: true,
    globalPerSecond: GLOBAL_REQUESTS_PER_SECOND,
    routes: {
      'GET /users/@me': { limit: 5, windowMs: 1000 },
      'GET /users/@me/guilds': { limit: 1, windowMs: 1000 },
      'GET /users/@me/guilds/{guild_id}/member': { limit: 5, windowMs: 1000 },
    },
    // Routes that share: a guild's member reads, and its role and channel lists.
    sharedBuckets: {
      'guild members': {
        limit: 5,
        windowMs: 1000,
        routes: ['GET /guilds/{guild_id}/members/{user_id}', 'GET /guilds/{guild_id}/members', 'GET /guilds/{guild_id}/members/search'],
      },
      'guild roles and channels': { limit: 5, windowMs: 1000, routes: ['GET /guilds/{guild_id}/roles', 'GET /guilds/{guild_id}/channels'] },
    },
    defaultRoute: { limit: 5, windowMs: 1000 },
    invalidRequests: { ...DISCORD_INVALID_REQUEST_LIMIT },
  };
}

interface Window {
  startedAt: number;
  count: number;
}

export interface RateLimiter {
  config: RateLimitConfig;
  windows: Map<string, Window>;
  invalid: InvalidRequests;
  now: () => number;
}

export function createRateLimiter(config: RateLimitConfig, now: () => number): RateLimiter {
  return { config, windows: new Map(), invalid: noInvalidRequests(), now };
}

/** The answer to one call: the headers to send, and whether it is refused (with the 429 to send instead). */
export interface RateLimitVerdict {
  headers: Record<string, string>;
  refusal: RateLimitRefusal | null;
}

export interface RateLimitRefusal {
  scope: 'global' | 'user';
  retryAfterSeconds: number;
  headers: Record<string, string>;
}

const ID_NAMES: Record<string, string> = {
  guilds: 'guild_id',
  channels: 'channel_id',
  webhooks: 'webhook_id',
  users: 'user_id',
  members: 'user_id',
  roles: 'role_id',
  messages: 'message_id',
};

const MAJOR_RESOURCES = new Set(['guilds', 'channels', 'webhooks']);

/** `GET /guilds/{guild_id}/members/{user_id}` for `GET /guilds/1…/members/2…` (the path relative to /api/v10). */
export function routeTemplate(method: string, path: string): string {
  const segments = path.split('/');
  const named = segments.map((segment, index) => (/^\d{15,21}$/.test(segment) ? `{${ID_NAMES[segments[index - 1] ?? ''] ?? 'id'}}` : segment));
  return `${method} ${named.join('/')}`;
}

/** The top-level resource id that splits a bucket (`''` when the route has none). */
export function majorParameter(path: string): string {
  const segments = path.split('/');
  for (let index = 1; index < segments.length; index += 1) {
    if (MAJOR_RESOURCES.has(segments[index - 1] ?? '') && /^\d+$/.test(segments[index] ?? '')) return segments[index] ?? '';
  }
  return '';
}

/** Discord's bucket ids are opaque hashes; this is a stable one (FNV-1a, 4 seeds) of the bucket's name or route. */
export function bucketHash(route: string): string {
  let hex = '';
  for (const seed of [0x811c9dc5, 0x01000193, 0x050c5d1f, 0x2f3a8b27]) {
    let hash = seed;
    for (let index = 0; index < route.length; index += 1) {
      hash ^= route.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hex += hash.toString(16).padStart(8, '0');
  }
  return hex;
}

/** The bucket a route counts in: the shared one that lists it, else its own. */
export function bucketOf(config: RateLimitConfig, route: string): { id: string; limit: RouteLimit } {
  for (const [name, shared] of Object.entries(config.sharedBuckets)) {
    if (shared.routes.includes(route)) return { id: bucketHash(name), limit: { limit: shared.limit, windowMs: shared.windowMs } };
  }
  return { id: bucketHash(route), limit: config.routes[route] ?? config.defaultRoute };
}

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

const PRUNE_AT = 10000;

/** The live window of `key`, a new one if the last has ended. */
function windowOf(limiter: RateLimiter, key: string, windowMs: number): Window {
  const now = limiter.now();
  const current = limiter.windows.get(key);
  if (current !== undefined && now - current.startedAt < windowMs) return current;
  if (limiter.windows.size >= PRUNE_AT) prune(limiter, now);
  const fresh = { startedAt: now, count: 0 };
  limiter.windows.set(key, fresh);
  return fresh;
}

/** Windows older than the longest configured window are over. */
function prune(limiter: RateLimiter, now: number): void {
  const { defaultRoute, routes, sharedBuckets } = limiter.config;
  const longest = Math.max(1000, defaultRoute.windowMs, ...[...Object.values(routes), ...Object.values(sharedBuckets)].map((bucket) => bucket.windowMs));
  for (const [key, window] of limiter.windows) if (now - window.startedAt >= longest) limiter.windows.delete(key);
}

function refusal(scope: 'global' | 'user', waitMs: number, headers: Record<string, string>): RateLimitRefusal {
  const retryAfterSeconds = Math.round(waitMs) / 1000;
  return {
    scope,
    retryAfterSeconds,
    headers: {
      ...headers,
      // Whole seconds in the header, the precise figure in the body, as Discord sends them.
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
      'X-RateLimit-Scope': scope,
      ...(scope === 'global' ? { 'X-RateLimit-Global': 'true' } : {}),
    },
  };
}

/** Counts a call by `token` (the Authorization header, or '' for none) and decides on it. */
export function checkCall(limiter: RateLimiter, token: string, method: string, path: string): RateLimitVerdict {
  const { config } = limiter;
  const { id: bucket, limit } = bucketOf(config, routeTemplate(method, path));
  const routeWindow = windowOf(limiter, `route ${token} ${bucket} ${majorParameter(path)}`, limit.windowMs);
  const now = limiter.now();
  const resetAt = routeWindow.startedAt + limit.windowMs;
  const headers = (used: number): Record<string, string> => ({
    'X-RateLimit-Limit': String(limit.limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit.limit - used)),
    'X-RateLimit-Reset': seconds(resetAt),
    'X-RateLimit-Reset-After': seconds(resetAt - now),
    'X-RateLimit-Bucket': bucket,
  });
  if (!config.enabled) return { headers: headers(0), refusal: null };

  const globalWindow = windowOf(limiter, `global ${token}`, 1000);
  globalWindow.count += 1;
  if (globalWindow.count > config.globalPerSecond) return { headers: {}, refusal: refusal('global', globalWindow.startedAt + 1000 - now, {}) };

  if (routeWindow.count >= limit.limit) return { headers: headers(routeWindow.count), refusal: refusal('user', resetAt - now, headers(routeWindow.count)) };
  routeWindow.count += 1;
  return { headers: headers(routeWindow.count), refusal: null };
}
