import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Library } from '../../shared/songs/paths';
import type { Compression, ContentCoding } from '../representations';

/** How long the edge keeps a copy: a new listing version or a new build names new copies long before this. */
const EDGE_CACHE_SECONDS = 7 * 24 * 3600;

/**
 * Brotli's quality for a kept copy. 5 takes about what gzip takes and is a third smaller; 11, the library's
 * default, took 150 times longer on a 74 KB page (341 ms against 1.3), far past a request's CPU budget.
 */
const BROTLI_QUALITY = 5;

const COMPRESS: Record<Compression, (bytes: Uint8Array) => Uint8Array<ArrayBuffer>> = {
  gzip: (bytes) => gzipSync(bytes),
  br: (bytes) =>
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
};

/** A page's bytes in one coding. */
export const codedCopy = (html: Uint8Array<ArrayBuffer>, coding: ContentCoding): Uint8Array<ArrayBuffer> =>
  coding === 'identity' ? html : COMPRESS[coding](html);

/** One folder's page of one version of a library's listing. */
export interface LibraryPageAddress {
  library: Library;
  /** The sized listing's tag (songs/song-list.ts). */
  version: string;
  folder: string;
}

/**
 * The edge cache's key of one coding's copy of a page: the library, the version of its listing (which changes
 * with any path, size or length), the build (the deployed version's id: its assets, its render, its CSP), the
 * folder and the coding. A change to the library names new keys (songs/song-list.ts stores the version whenever
 * it stores a new listing), so no page is ever purged, and in every data centre at once; the old ones age out.
 */
export function libraryPageCacheKey(env: Env, page: LibraryPageAddress, coding: ContentCoding): Request {
  const query = new URLSearchParams({ version: page.version, build: env.CF_VERSION_METADATA.id, folder: page.folder });
  return new Request(`${env.APP_ORIGIN}/__edge-cache/library/${page.library}/${coding}?${query.toString()}`);
}

export interface KeptCopy {
  /** The copy's bytes, in its coding. */
  body: ReadableStream<Uint8Array>;
  /** The tag of the plain page, whatever the copy's coding (static-page-response.ts derives each coding's). */
  etag: string;
}

/**
 * The kept copy of a page in one coding, or null. A copy is kept as opaque bytes, without Content-Encoding: a
 * cache that knows the coding decodes (workerd's Cache API) or codes again (Miniflare's) what it hands back, and the
 * point of the copy is that its bytes go out as they are (`encodeBody: 'manual'`), compressed once.
 */
export async function keptCopy(cache: Cache, env: Env, page: LibraryPageAddress, coding: ContentCoding): Promise<KeptCopy | null> {
  const kept = await cache.match(libraryPageCacheKey(env, page, coding));
  const etag = kept?.headers.get('ETag');
  if (!kept?.body || !etag) return null;
  return { body: kept.body, etag };
}

export function keepCopy(cache: Cache, env: Env, page: LibraryPageAddress, coding: ContentCoding, bytes: Uint8Array<ArrayBuffer>, etag: string): Promise<void> {
  const headers = { ETag: etag, 'Cache-Control': `public, max-age=${EDGE_CACHE_SECONDS}, no-transform`, 'Content-Type': 'application/octet-stream' };
  return cache.put(libraryPageCacheKey(env, page, coding), new Response(bytes, { headers }));
}
