/** A read-through KV cache for Discord answers, so page loads do not spend Discord's rate limits. */

interface CacheEntry<T> {
  value: T;
  storedAt: number;
}

export interface CacheOptions {
  /** Skip the stored value and store a newly loaded one. */
  fresh?: boolean;
}

// KV refuses expirationTtl below 60 s; shorter freshness is enforced with `storedAt` on read.
const KV_MIN_TTL_SECONDS = 60;

/** The stored value if younger than `ttlSeconds`, else `load()`'s answer, which is then stored. */
export async function cached<T>(kv: KVNamespace, key: string, ttlSeconds: number, load: () => Promise<T>, options: CacheOptions = {}): Promise<T> {
  if (options.fresh !== true) {
    const hit = await readFresh<T>(kv, key, ttlSeconds);
    if (hit !== null) return hit.value;
  }
  const value = await load();
  await store(kv, key, ttlSeconds, value);
  return value;
}

async function readFresh<T>(kv: KVNamespace, key: string, ttlSeconds: number): Promise<CacheEntry<T> | null> {
  let entry: CacheEntry<T> | null;
  try {
    entry = await kv.get<CacheEntry<T>>(key, 'json');
  } catch (error) {
    // A cache that cannot be read is a miss, not a failed page.
    console.warn(`KV read of ${key} failed`, error);
    return null;
  }
  if (entry === null || typeof entry.storedAt !== 'number') return null;
  return Date.now() - entry.storedAt < ttlSeconds * 1000 ? entry : null;
}

async function store(kv: KVNamespace, key: string, ttlSeconds: number, value: unknown): Promise<void> {
  const entry: CacheEntry<unknown> = { value, storedAt: Date.now() };
  try {
    await kv.put(key, JSON.stringify(entry), { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(ttlSeconds)) });
  } catch (error) {
    // KV allows one write per key per second; losing a cache write only costs a later Discord call.
    console.warn(`KV write of ${key} failed`, error);
  }
}
