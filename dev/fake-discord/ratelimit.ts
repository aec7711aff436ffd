/**
 * Discord-style rate-limit headers on every REST answer. The fake counts calls per bucket and major
 * parameter in fixed windows but never refuses on its own: real 429s come only from injected faults, so
 * tests stay deterministic.
 */
import type { FakeDiscordState } from './state.ts';

export const RATE_LIMIT = 50;
export const RATE_LIMIT_WINDOW_MS = 1000;

const SNOWFLAKE_SEGMENT = /\/\d{17,20}(?=\/|$)/g;

/** Discord's bucket ids are opaque hashes of the route; this is a stable one (FNV-1a, 4 seeds). */
function bucketHash(route: string): string {
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

function seconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

/** Counts this call and returns the headers to send with its answer. */
export function countCall(state: FakeDiscordState, method: string, path: string): Record<string, string> {
  const route = `${method} ${path.replace(SNOWFLAKE_SEGMENT, '/:id')}`;
  const majorId = /\/(?:guilds|channels|webhooks)\/(\d+)/.exec(path)?.[1] ?? '';
  const bucket = bucketHash(route);
  const key = `${bucket}:${majorId}`;
  const now = Date.now();
  let window = state.rateLimits.get(key);
  if (window === undefined || now - window.startedAt >= RATE_LIMIT_WINDOW_MS) {
    window = { startedAt: now, count: 0 };
    state.rateLimits.set(key, window);
  }
  window.count += 1;
  const resetAt = window.startedAt + RATE_LIMIT_WINDOW_MS;
  return {
    'X-RateLimit-Limit': String(RATE_LIMIT),
    'X-RateLimit-Remaining': String(Math.max(0, RATE_LIMIT - window.count)),
    'X-RateLimit-Reset': seconds(resetAt),
    'X-RateLimit-Reset-After': seconds(resetAt - now),
    'X-RateLimit-Bucket': bucket,
  };
}
