import type { Context } from 'hono';
import { App } from '../../client/App';
import type { AppRoute } from '../../client/routes';
import { libraryPageViewKey } from '../../shared/library-page-view';
import { pathProblem, type Library } from '../../shared/songs/paths';
import type { AppEnv } from '../hono-env';
import { contentEtag } from '../representations';
import { libraryBucket } from '../songs/library';
import { libraryPageView, type SizedListing } from '../songs/page-view';
import { songListing, songListVersion } from '../songs/song-list';
import { renderApp } from './app-html';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { staticPageAddress } from './static-page';
import { pageResponse } from './static-page-response';

const utf8 = new TextEncoder();

/** How long the edge keeps a rendered page: a new listing version names new pages long before this. */
const EDGE_CACHE_SECONDS = 7 * 24 * 3600;

/** The address's folder ('' for the library), as the page reads it (useLibraryLocation). */
function folderOf(url: URL): string {
  const folder = url.searchParams.get('folder');
  return folder !== null && pathProblem(folder) === null ? folder : '';
}

/**
 * The edge cache's key of a page: the library, the version of its listing (the sized listing's tag, which
 * changes with any path, size or length), the build's assets, and the folder. A change to the library names new
 * keys (songs/song-list.ts stores the version whenever it stores a new listing), so no page is ever purged, and
 * in every data centre at once; the old ones age out.
 */
function cacheKey(origin: string, library: Library, version: string, route: AppRoute, folder: string): Request {
  const build = pageAssets(route.source).scripts.join(',');
  const query = new URLSearchParams({ version, build, folder });
  return new Request(`${origin}/__edge-cache/library/${library}?${query.toString()}`);
}

async function readSizedListing(env: Env, library: Library, bucket: R2Bucket): Promise<SizedListing> {
  const { gzip } = await songListing(env, library, bucket, true);
  const json = await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(json) as SizedListing;
}

/** The page for everyone at this folder, with its view in the data island (no visitor, no cookie read). */
async function renderLibraryPage(env: Env, route: AppRoute, library: Library, bucket: R2Bucket, folder: string): Promise<Uint8Array<ArrayBuffer>> {
  const view = libraryPageView(await readSizedListing(env, library, bucket), folder);
  const address = staticPageAddress(route);
  const fallback = { [libraryPageViewKey(library)]: view };
  await route.page.preload();
  const search = view.folder === '' ? '' : new URLSearchParams({ folder: view.folder }).toString();
  const { html, failed } = await renderApp(<App ssrPath={address} ssrSearch={search} fallback={fallback} />);
  if (failed) throw new Error(`Rendering ${address} failed`);
  const meta = { title: route.title, description: route.description, origin: env.APP_ORIGIN, address };
  return utf8.encode(
    renderDocument({ meta, assets: pageAssets(route.source, { signedIn: false, toasts: route.toasts === true }), island: { fallback }, appHtml: html }),
  );
}

/**
 * `/kenji` and `/glaive`: the folder tree and the open folder's songs in the first HTML, the same for everyone,
 * so each folder's page is rendered once per listing version and then answered from the edge cache (one KV read
 * for the version, one cache read), with an ETag per encoding like the prerendered pages.
 */
export async function libraryPage(c: Context<AppEnv>, route: AppRoute, library: Library): Promise<Response> {
  const { bucket } = libraryBucket(c.env, library);
  const folder = folderOf(new URL(c.req.url));
  const key = cacheKey(c.env.APP_ORIGIN, library, await songListVersion(c.env, library, bucket), route, folder);
  const cache = await caches.open('library-pages');
  const cached = await cache.match(key);
  const cachedEtag = cached?.headers.get('ETag');
  if (cached?.body && cachedEtag) {
    const response = pageResponse(c.req.raw, cached.body, cachedEtag);
    if (response.status === 304) await cached.body.cancel();
    return response;
  }
  const html = await renderLibraryPage(c.env, route, library, bucket, folder);
  const etag = await contentEtag(html);
  const stored = new Response(html, {
    headers: { ETag: etag, 'Cache-Control': `public, max-age=${EDGE_CACHE_SECONDS}`, 'Content-Type': 'text/html; charset=UTF-8' },
  });
  c.executionCtx.waitUntil(cache.put(key, stored));
  return pageResponse(c.req.raw, html, etag);
}
