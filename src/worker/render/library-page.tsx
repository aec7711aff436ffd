import type { Context } from 'hono';
import { App } from '../../client/App';
import type { AppRoute } from '../../client/routes';
import { libraryPageViewKey } from '../../shared/library-page-view';
import { inTreeOrder } from '../../shared/songs/order';
import { pathProblem, type Library } from '../../shared/songs/paths';
import type { AppEnv } from '../hono-env';
import { clientCoding, contentEtag } from '../representations';
import { libraryBucket } from '../songs/library';
import { libraryPageView, type SizedListing } from '../songs/page-view';
import { songListing, songListVersion } from '../songs/song-list';
import { renderApp } from './app-html';
import { pageAssets } from './assets';
import { codedCopy, keepCopy, keptCopy, type LibraryPageAddress } from './library-page-cache';
import { renderDocument } from './document';
import { staticPageAddress } from './static-page';
import { PAGE_COMPRESSIONS, pageResponse } from './static-page-response';

const utf8 = new TextEncoder();

/** The address's folder ('' for the library), as the page reads it (useLibraryLocation). */
function folderOf(url: URL): string {
  const folder = url.searchParams.get('folder');
  return folder !== null && pathProblem(folder) === null ? folder : '';
}

async function readSizedListing(env: Env, library: Library, bucket: R2Bucket): Promise<SizedListing> {
  const { gzip } = await songListing(env, library, bucket, true);
  const json = await new Response(new Blob([gzip]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  return JSON.parse(json) as SizedListing;
}

/** The page for everyone at this folder, with its view in the data island (no visitor, no cookie read). */
async function renderLibraryPage(env: Env, route: AppRoute, library: Library, bucket: R2Bucket, folder: string): Promise<Uint8Array<ArrayBuffer>> {
  const view = inTreeOrder(libraryPageView(await readSizedListing(env, library, bucket), folder));
  const address = staticPageAddress(route);
  const fallback = { [libraryPageViewKey(library)]: view };
  await route.page.preload();
  const search = view.folder === '' ? '' : new URLSearchParams({ folder: view.folder }).toString();
  const page = { route, params: {} };
  const { html, failed } = await renderApp(<App ssrPath={address} ssrSearch={search} fallback={fallback} first={page} />);
  if (failed) throw new Error(`Rendering ${address} failed`);
  const meta = { title: route.title, description: route.description, origin: env.APP_ORIGIN, address };
  return utf8.encode(renderDocument({ meta, assets: pageAssets(route.source), island: { fallback }, page, appHtml: html }));
}

/** The page answered from bytes already in the request's coding: they go out as they are. */
function codedPageResponse(request: Request, body: BodyInit, plainEtag: string): Response {
  const response = pageResponse(request, body, plainEtag);
  return response.body ? new Response(response.body, { headers: response.headers, encodeBody: 'manual' }) : response;
}

/**
 * `/kenji` and `/glaive`: the folder tree and the open folder's songs in the first HTML, the same for everyone,
 * so each folder's page is rendered once per listing version and build, and each coding compressed once; then
 * it is answered from the edge cache (one KV read for the version, one cache read) with no compression work,
 * with an ETag per encoding like the prerendered pages. A coding asked for the first time is made from the kept
 * plain copy, not rendered again.
 */
export async function libraryPage(c: Context<AppEnv>, route: AppRoute, library: Library): Promise<Response> {
  const { bucket } = libraryBucket(c.env, library);
  const page: LibraryPageAddress = { library, version: await songListVersion(c.env, library, bucket), folder: folderOf(new URL(c.req.url)) };
  const coding = clientCoding(c.req.raw, PAGE_COMPRESSIONS);
  const cache = await caches.open('library-pages');
  const kept = await keptCopy(cache, c.env, page, coding);
  if (kept) {
    const response = codedPageResponse(c.req.raw, kept.body, kept.etag);
    if (response.status === 304) await kept.body.cancel();
    return response;
  }
  const plain = coding === 'identity' ? null : await keptCopy(cache, c.env, page, 'identity');
  let html: Uint8Array<ArrayBuffer>;
  let etag: string;
  if (plain) {
    html = new Uint8Array(await new Response(plain.body).arrayBuffer());
    etag = plain.etag;
  } else {
    html = await renderLibraryPage(c.env, route, library, bucket, page.folder);
    etag = await contentEtag(html);
    c.executionCtx.waitUntil(keepCopy(cache, c.env, page, 'identity', html, etag));
  }
  const body = codedCopy(html, coding);
  if (coding !== 'identity') c.executionCtx.waitUntil(keepCopy(cache, c.env, page, coding, body, etag));
  return codedPageResponse(c.req.raw, body, etag);
}
