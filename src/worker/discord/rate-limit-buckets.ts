/**
 * Discord's rate limits as its headers describe them, remembered for the life of this isolate so a request to
 * an exhausted bucket waits for its reset instead of earning a 429. Discord's model: a route (method and path,
 * ids other than the major parameter left out) belongs to a bucket named by `X-RateLimit-Bucket`; several
 * routes may share one; the limit applies per bucket and major parameter (guild, channel or webhook id) and
 * per token. A global 429 pauses every call of the token. Only an optimisation: isolates come and go, and
 * the retry on 429 in rest.ts is what keeps us correct.
 */
import { fnv1a } from './caller';

interface BucketState {
  remaining: number;
  resetAt: number;
}

const MAX_TRACKED = 1000;

/** `token route` → Discord's bucket hash, learned from answers. */
const bucketOfRoute = new Map<string, string>();
/** `token bucket major` → what is left until when. */
const states = new Map<string, BucketState>();
/** token → when its global limit lifts. */
const globalUntil = new Map<string, number>();
/**
 * When a refusal at Discord's edge lifts: a 429 without `X-RateLimit-Scope` comes from Cloudflare in front of
 * the API (a ban for too many invalid requests, of this Worker's address, which other Workers may share) and
 * holds every call, whatever its token. Calls sent meanwhile would only be refused too.
 */
let edgeBlockedUntil = 0;

const MAJOR_PARAMETER = /^\/(guilds|channels|webhooks)\/(\d+)/;
const ID_SEGMENT = /\/\d{17,20}(?=\/|$)/g;

/** Where a call stands in Discord's model: who asks, which route, which major parameter. */
export interface RouteKey {
  /** A hash of the Authorization header: limits are per token, and raw tokens stay out of long-lived memory. */
  token: string;
  route: string;
  major: string;
}

export function routeKey(method: string, path: string, authorization: string): RouteKey {
  const bare = path.split('?', 1)[0] ?? path;
  const major = MAJOR_PARAMETER.exec(bare);
  const rest = major ? bare.slice(major[0].length) : bare;
  const template = `${major ? `/${major[1]}/:major` : ''}${rest.replace(ID_SEGMENT, '/:id')}`;
  return { token: fnv1a(authorization), route: `${method} ${template}`, major: major?.[2] ?? '' };
}

function stateKey(key: RouteKey): string | null {
  const bucket = bucketOfRoute.get(`${key.token} ${key.route}`);
  return bucket === undefined ? null : `${key.token} ${bucket} ${key.major}`;
}

/** Learns the route's bucket and its state from an answer's headers; a global 429 pauses the whole token. */
export function recordBucket(key: RouteKey, headers: Headers, status: number, retryAfterMs: number): void {
  const now = Date.now();
  if (status === 429 && headers.get('X-RateLimit-Global') === 'true') globalUntil.set(key.token, now + retryAfterMs);
  if (status === 429 && !headers.has('X-RateLimit-Scope')) edgeBlockedUntil = Math.max(edgeBlockedUntil, now + retryAfterMs);
  const bucket = headers.get('X-RateLimit-Bucket');
  const remaining = Number.parseInt(headers.get('X-RateLimit-Remaining') ?? '', 10);
  const resetAfter = Number.parseFloat(headers.get('X-RateLimit-Reset-After') ?? '');
  if (bucket === null || !Number.isFinite(remaining) || !Number.isFinite(resetAfter)) return;
  if (states.size >= MAX_TRACKED || bucketOfRoute.size >= MAX_TRACKED) pruneExpired(now);
  bucketOfRoute.set(`${key.token} ${key.route}`, bucket);
  states.set(`${key.token} ${bucket} ${key.major}`, { remaining, resetAt: now + resetAfter * 1000 });
}

/** How long to wait before this call has capacity (a refusal at the edge, its token's global limit, its bucket); 0 when it has some now. */
export function bucketWaitMs(key: RouteKey): number {
  const now = Date.now();
  const global = Math.max(0, edgeBlockedUntil - now, (globalUntil.get(key.token) ?? 0) - now);
  const state = stateKey(key);
  const bucket = state === null ? undefined : states.get(state);
  const local = bucket === undefined || bucket.remaining > 0 ? 0 : Math.max(0, bucket.resetAt - now);
  return Math.max(global, local);
}

/** Spends one of the bucket's remaining calls before the answer says so, so calls started together do not all go out on the last one. */
export function takeFromBucket(key: RouteKey): void {
  const state = stateKey(key);
  const bucket = state === null ? undefined : states.get(state);
  if (bucket !== undefined && bucket.remaining > 0) bucket.remaining -= 1;
}

/** For tests: forget everything learned so far. */
export function clearRateLimitBuckets(): void {
  bucketOfRoute.clear();
  states.clear();
  globalUntil.clear();
  edgeBlockedUntil = 0;
}

function pruneExpired(now: number): void {
  for (const [key, state] of states) if (state.resetAt <= now) states.delete(key);
  for (const [key, until] of globalUntil) if (until <= now) globalUntil.delete(key);
  if (states.size >= MAX_TRACKED) states.clear();
  if (bucketOfRoute.size >= MAX_TRACKED) bucketOfRoute.clear();
}
