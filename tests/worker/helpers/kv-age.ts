import { env } from 'cloudflare:workers';

/** Every cached Discord answer (or those whose key starts with `prefix`), as if stored `ageMs` ago (past its freshness, within the day it is kept). */
export async function ageCache(ageMs: number, prefix?: string): Promise<void> {
  const { keys } = await env.CACHE.list(prefix === undefined ? undefined : { prefix });
  for (const { name } of keys) {
    const entry = await env.CACHE.get<{ value: unknown; storedAt: number }>(name, 'json');
    if (entry && typeof entry.storedAt === 'number') await env.CACHE.put(name, JSON.stringify({ ...entry, storedAt: Date.now() - ageMs }));
  }
}
