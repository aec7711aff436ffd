/**
 * Discord's per-route rate-limit headers, remembered for the life of this isolate so a request to an
 * exhausted bucket waits for its reset instead of earning a 429. Only an optimisation: isolates come and
 * go, and the retry on 429 in rest.ts is what keeps us correct.
 */

interface BucketState {
  bucket: string | null;
  remaining: number;
  resetAt: number;
}

const MAX_TRACKED_ROUTES = 1000;

const buckets = new Map<string, BucketState>();

/**
 * User tokens have their own limits, so the key includes who is asking; a hash keeps raw tokens out of
 * long-lived memory.
 */
export function bucketKey(method: string, path: string, authorization: string): string {
  return `${fnv1a(authorization)} ${method} ${path}`;
}

export function recordBucket(key: string, headers: Headers): void {
  const remaining = Number.parseInt(headers.get('X-RateLimit-Remaining') ?? '', 10);
  const resetAfter = Number.parseFloat(headers.get('X-RateLimit-Reset-After') ?? '');
  if (!Number.isFinite(remaining) || !Number.isFinite(resetAfter)) return;
  if (buckets.size >= MAX_TRACKED_ROUTES) pruneExpired();
  buckets.set(key, {
    bucket: headers.get('X-RateLimit-Bucket'),
    remaining,
    resetAt: Date.now() + resetAfter * 1000,
  });
}

/** How long to wait before this route has capacity again; 0 when it has some now. */
export function bucketWaitMs(key: string): number {
  const state = buckets.get(key);
  if (state === undefined || state.remaining > 0) return 0;
  return Math.max(0, state.resetAt - Date.now());
}

/** For tests: forget everything learned so far. */
export function clearRateLimitBuckets(): void {
  buckets.clear();
}

function pruneExpired(): void {
  const now = Date.now();
  for (const [key, state] of buckets) if (state.resetAt <= now) buckets.delete(key);
  if (buckets.size >= MAX_TRACKED_ROUTES) buckets.clear();
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
