import { libraryPageVersionKey, listedDuration, SONG_LIST_CACHE_SECONDS, songListCacheKey as cacheKey, songListCacheKeys } from '../../shared/songs/limits';
import { pathProblem, type Library } from '../../shared/songs/paths';
import { readIndexUnder } from '../db/song-index';
import { clientCoding, codingEtag, contentEtag, etagMatches } from '../representations';
import { listObjects } from './library';

export interface SongListing {
  /** The JSON array of paths, gzip-compressed once when the listing is built. */
  gzip: ArrayBuffer;
  /** A strong ETag derived from the JSON. */
  etag: string;
}

const etagOf = (body: string) => contentEtag(new TextEncoder().encode(body));

const gzipOf = (text: string) => new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();

/** What a listing is made of: each object's path, size and length (seconds, null when unknown), in R2's order. */
export interface ListedObject {
  key: string;
  size: number;
  duration?: number | null | undefined;
}

/**
 * The spec's array of paths, or (`?sizes=1`) `{paths, sizes, durations}` with the bytes and length of each, in the
 * same order.
 */
const bodyOf = (objects: readonly ListedObject[], withSizes: boolean) =>
  JSON.stringify(
    withSizes
      ? { paths: objects.map((o) => o.key), sizes: objects.map((o) => o.size), durations: objects.map((o) => listedDuration(o.duration)) }
      : objects.map((o) => o.key),
  );

async function storeVariant(kv: KVNamespace, library: Library, objects: readonly ListedObject[], withSizes: boolean) {
  const body = bodyOf(objects, withSizes);
  const etag = await etagOf(body);
  const key = cacheKey(library, withSizes);
  const cached = await kv.getWithMetadata<{ etag: string }>(key, 'arrayBuffer');
  if (cached.value !== null && cached.metadata?.etag === etag) return { listing: { gzip: cached.value, etag }, refreshed: false };
  const gzip = await gzipOf(body);
  await kv.put(key, gzip, { expirationTtl: SONG_LIST_CACHE_SECONDS, metadata: { etag } });
  return { listing: { gzip, etag }, refreshed: true };
}

/**
 * Builds both listings of these objects and caches them, unless the cache already holds exactly these
 * (`refreshed` false). Answers the variant asked for. A key that could not be requested (pathProblem:
 * '..', a right-to-left override, a second Unicode spelling of another name…) is not shown.
 */
export async function storeSongList(
  kv: KVNamespace,
  library: Library,
  stored: readonly ListedObject[],
  withSizes = false,
): Promise<{ listing: SongListing; refreshed: boolean }> {
  const objects = stored.filter((object) => pathProblem(object.key) === null);
  const [paths, sized] = await Promise.all([storeVariant(kv, library, objects, false), storeVariant(kv, library, objects, true)]);
  // The sized listing holds everything a page shows: its tag is the version of the library's cached pages.
  if (paths.refreshed || sized.refreshed) await kv.put(libraryPageVersionKey(library), sized.listing.etag);
  return { listing: (withSizes ? sized : paths).listing, refreshed: paths.refreshed || sized.refreshed };
}

/**
 * The library's paths (and sizes, when asked), from KV when cached. A 100,000-song library is 100 R2 list
 * calls and about 5 MB of JSON (300 KB gzip); the cache turns a visit into one KV read and no compression
 * work, the ETag into a 304. The upload tool and the cron's reconcile refresh the cache when the library changes.
 */
export async function songListing(env: Env, library: Library, bucket: R2Bucket, withSizes = false): Promise<SongListing> {
  const cached = await env.CACHE.getWithMetadata<{ etag: string }>(cacheKey(library, withSizes), 'arrayBuffer');
  if (cached.value !== null && cached.metadata?.etag) return { gzip: cached.value, etag: cached.metadata.etag };
  const [objects, rows] = await Promise.all([listObjects(bucket, undefined), readIndexUnder(env.DB, library, '')]);
  const durations = new Map(rows.map((row) => [row.path, row]));
  const listed = objects.map(({ key, size, etag }) => {
    const row = durations.get(key);
    return { key, size, duration: row?.etag === etag ? row.duration : null };
  });
  return (await storeSongList(env.CACHE, library, listed, withSizes)).listing;
}

/** The version of the library's listing, which names its cached pages; built (and stored) when KV has none. */
export async function songListVersion(env: Env, library: Library, bucket: R2Bucket): Promise<string> {
  const version = await env.CACHE.get(libraryPageVersionKey(library));
  if (version !== null) return version;
  const { etag } = await songListing(env, library, bucket, true);
  await env.CACHE.put(libraryPageVersionKey(library), etag);
  return etag;
}

/** Call after changing a library so the next listing is fresh. */
export async function invalidateSongList(kv: KVNamespace, library: Library): Promise<void> {
  await Promise.all(songListCacheKeys(library).map((key) => kv.delete(key)));
}

/**
 * 304 for a matching If-None-Match; otherwise the stored gzip bytes as they are (`encodeBody: 'manual'`
 * keeps the runtime from compressing again), or the JSON decompressed for a client that takes no gzip. Each
 * has its own ETag (the stored tag names the JSON; the gzip copy's adds `-gzip`).
 */
export function songListResponse(request: Request, listing: SongListing): Response {
  const coding = clientCoding(request, ['gzip']);
  const etag = codingEtag(listing.etag, coding);
  const headers = new Headers({ ETag: etag, 'Cache-Control': 'public, no-cache', Vary: 'Accept-Encoding' });
  if (etagMatches(request.headers.get('If-None-Match') ?? undefined, etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  if (coding === 'identity') {
    return new Response(new Blob([listing.gzip]).stream().pipeThrough(new DecompressionStream('gzip')), { headers });
  }
  headers.set('Content-Encoding', 'gzip');
  return new Response(listing.gzip, { headers, encodeBody: 'manual' });
}
