import { env } from 'cloudflare:workers';

/** Every cached Discord answer, as if stored `ageMs` ago (past its freshness, within the day it is kept). */
export async function ageCache(ageMs: number): Promise<void> {
  const { keys } = await env.CACHE.list();
  for (const { name } of keys) {
    const entry = await env.CACHE.get<{ value: unknown; storedAt: number }>(name, 'json');
    if (entry && typeof entry.storedAt === 'number') await env.CACHE.put(name, JSON.stringify({ ...entry, storedAt: Date.now() - ageMs }));
  }
}
