/** A read-through KV cache for Discord answers, so page loads do not spend Discord's rate limits. */
import { ApiError } from '../errors';
import { callerKey, type DiscordAuth } from './caller';
import type { Aged } from './data-age';
import { discordTimeout } from './rest';
import { loadUnderWay, sharedLoad, untilAborted } from './shared-load';

interface CacheEntry<T> {
  value: T;
  storedAt: number;
}

export interface CacheOptions {
  /** Skip the stored value and store a newly loaded one. */
  fresh?: boolean;
  /** Reads this request started early (see ReadAhead): a key found there is not read again. */
  readAhead?: ReadAhead;
  /**
   * The answer decides a change (a save, a revert, an import, an access change): a last known copy older than
   * the normal lifetime may show a page, never authorise one, so Discord's failure is the caller's 503.
   */
  authorises?: boolean;
  /**
   * When the caller stops waiting (the page's loader budget): the Discord call it started or joined still ends,
   * and its answer is stored for the next request (see shared-load.ts).
   */
  signal?: AbortSignal;
  /** Asked before this request starts a Discord call (not when it joins one under way): see CallGate. */
  gate?: CallGate;
}

/**
 * Who may make Discord answer now: a closed gate keeps the call from being made, and the last known copy answers
 * instead (as it does while Discord is down), or `closed()`'s error when there is none.
 */
export interface CallGate {
  open: () => Promise<boolean>;
  closed: () => Error;
}

/** Where a Discord answer is kept, how long it is fresh, and whose credentials its load sends. */
export interface CachedAnswer {
  key: string;
  ttlSeconds: number;
  caller: DiscordAuth;
}

/** Why a change is refused while Discord is down: its last known answer is too old to decide who may do what. */
export const authorityUnavailable = () =>
  new ApiError(
    503,
    'DISCORD_UNAVAILABLE',
    'Discord is not answering, so we cannot confirm your permissions on this server right now. Nothing was changed; please try again in a minute.',
    { 'Retry-After': '30' },
  );

/**
 * KV reads a request starts before it knows it needs them (a page starts the user's guild list and the server's
 * roles and channels before the session is confirmed). The keys started in one turn are read in one KV call.
 * Each is used once: a later read of the key goes to KV.
 */
export class ReadAhead {
  readonly #kv: KVNamespace;
  readonly #reads = new Map<string, Promise<CacheEntry<unknown> | null>>();
  #waiting: { key: string; settle: (entry: CacheEntry<unknown> | null) => void }[] = [];

  constructor(kv: KVNamespace) {
    this.#kv = kv;
  }

  start(key: string): void {
    if (this.#reads.has(key)) return;
    const entry = new Promise<CacheEntry<unknown> | null>((settle) => {
      // A resolved promise's turn rather than queueMicrotask, which costs workerd several µs a call (docs/performance.md).
      if (this.#waiting.push({ key, settle }) === 1) void Promise.resolve().then(() => this.#readWaiting());
    });
    this.#reads.set(key, entry);
  }

  #readWaiting(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    const [only] = waiting;
    if (waiting.length === 1 && only) {
      void read(this.#kv, only.key).then(only.settle);
      return;
    }
    void readMany(
      this.#kv,
      waiting.map(({ key }) => key),
    ).then((entries) => {
      for (const { key, settle } of waiting) settle(entries.get(key) ?? null);
    });
  }

  /** The value of a read started here, if it is younger than `ttlSeconds`; the read stays for `take`. */
  async fresh<T>(key: string, ttlSeconds: number): Promise<T | null> {
    const entry = (await this.#reads.get(key)) as CacheEntry<T> | null | undefined;
    return entry && isFresh(entry, ttlSeconds) ? entry.value : null;
  }

  take<T>(key: string): Promise<CacheEntry<T> | null> | undefined {
    const started = this.#reads.get(key) as Promise<CacheEntry<T> | null> | undefined;
    this.#reads.delete(key);
    return started;
  }
}

// KV refuses expirationTtl below 60 s; shorter freshness is enforced with `storedAt` on read.
const KV_MIN_TTL_SECONDS = 60;

/** How long the last known copy is kept to answer while Discord is down. */
export const LAST_KNOWN_TTL_SECONDS = 24 * 60 * 60;

// Discord's failures that say nothing about the data (it is down, slow or limiting us): the last known copy
// may answer. A 401, 403 or 404 is an answer about the data and is never papered over.
const TRANSIENT_CODES = new Set(['DISCORD_UNAVAILABLE', 'DISCORD_TIMEOUT', 'DISCORD_RATE_LIMITED', 'DISCORD_REJECTED']);
export const isTransient = (error: unknown) => error instanceof ApiError && TRANSIENT_CODES.has(error.code);

/**
 * The stored value if younger than `ttlSeconds`, else `load()`'s answer, which is then stored. Requests of this
 * isolate missing the same entry with the same caller meanwhile share one load (shared-load.ts). When Discord
 * fails for a while, a copy up to a day old answers instead, with the time it was stored as its `asOf`; never
 * when the answer `authorises` a change.
 */
export async function cached<T>(kv: KVNamespace, answer: CachedAnswer, load: () => Promise<T>, options: CacheOptions = {}): Promise<Aged<T>> {
  const entry = await (options.readAhead?.take<T>(answer.key) ?? read<T>(kv, answer.key));
  if (options.fresh !== true && entry !== null && isFresh(entry, answer.ttlSeconds)) return { value: entry.value, asOf: null };
  const loadKey = `${answer.key} ${callerKey(answer.caller)}`;
  if (options.gate && !loadUnderWay(loadKey) && !(await options.gate.open())) {
    if (entry === null || options.authorises === true) throw options.gate.closed();
    return { value: entry.value, asOf: entry.storedAt };
  }
  let value: T;
  try {
    const loadAndStore = async () => {
      const loaded = await load();
      await store(kv, answer.key, loaded);
      return loaded;
    };
    value = await untilAborted(sharedLoad(loadKey, loadAndStore, { late: discordTimeout }), options.signal);
  } catch (error) {
    if (!isTransient(error)) throw error;
    if (options.authorises === true) throw authorityUnavailable();
    if (entry === null) throw error;
    return { value: entry.value, asOf: entry.storedAt };
  }
  return { value, asOf: null };
}

const isFresh = (entry: CacheEntry<unknown>, ttlSeconds: number) => Date.now() - entry.storedAt < ttlSeconds * 1000;

/** A stored entry, if it is one and still within the day a last known copy may stand in. */
function usable<T>(entry: CacheEntry<T> | null | undefined): CacheEntry<T> | null {
  if (!entry || typeof entry.storedAt !== 'number') return null;
  return Date.now() - entry.storedAt < LAST_KNOWN_TTL_SECONDS * 1000 ? entry : null;
}

async function read<T>(kv: KVNamespace, key: string): Promise<CacheEntry<T> | null> {
  try {
    return usable(await kv.get<CacheEntry<T>>(key, 'json'));
  } catch (error) {
    // A cache that cannot be read is a miss, not a failed page.
    console.warn(`KV read of ${key} failed`, error);
    return null;
  }
}

/** Several keys in one KV call (KV reads up to 100 at once). */
async function readMany(kv: KVNamespace, keys: string[]): Promise<Map<string, CacheEntry<unknown> | null>> {
  try {
    const found = await kv.get<CacheEntry<unknown>>(keys, 'json');
    return new Map(keys.map((key) => [key, usable(found.get(key))]));
  } catch (error) {
    console.warn(`KV read of ${keys.join(', ')} failed`, error);
    return new Map();
  }
}

async function store(kv: KVNamespace, key: string, value: unknown): Promise<void> {
  const entry: CacheEntry<unknown> = { value, storedAt: Date.now() };
  try {
    await kv.put(key, JSON.stringify(entry), { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, LAST_KNOWN_TTL_SECONDS) });
  } catch (error) {
    // KV allows one write per key per second; losing a cache write only costs a later Discord call.
    console.warn(`KV write of ${key} failed`, error);
  }
}
