import { SONG_LIST_CACHE_SECONDS, songListCacheKey as cacheKey } from '../../shared/song-limits';
import type { Library } from '../../shared/song-paths';
import { listObjects } from './library';

export interface SongListing {
  /** The JSON array of paths, ready to send. */
  body: string;
  /** A strong ETag derived from the body. */
  etag: string;
}

async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/**
 * The library's paths, from KV when a recent listing is cached. A 20,000-song library is 20 R2 list
 * calls; the cache turns a reload into one KV read, and the ETag into a body-less 304.
 */
export async function songListing(env: Env, library: Library, bucket: R2Bucket): Promise<SongListing> {
  const cached = await env.CACHE.getWithMetadata<{ etag: string }>(cacheKey(library), 'text');
  if (cached.value !== null && cached.metadata?.etag) return { body: cached.value, etag: cached.metadata.etag };

  const objects = await listObjects(bucket, undefined);
  const body = JSON.stringify(objects.map((o) => o.key));
  const etag = await etagOf(body);
  await env.CACHE.put(cacheKey(library), body, { expirationTtl: SONG_LIST_CACHE_SECONDS, metadata: { etag } });
  return { body, etag };
}

/** Call after changing a library so the next listing is fresh. */
export async function invalidateSongList(kv: KVNamespace, library: Library): Promise<void> {
  await kv.delete(cacheKey(library));
}

/** RFC 9110 If-None-Match: a list of (weak-compared) ETags or '*'. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
