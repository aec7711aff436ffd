/**
 * Anonymous visitors of public pages all get the same HTML, so it is kept for a minute: a repeat costs what a
 * static file costs, and the landing page's figures stay at most a minute old. Two tiers: the isolate's memory
 * (a hit is a Map lookup, no I/O) in front of the Workers cache (shared by the isolates of a location).
 * It wraps the whole app, so a hit runs no middleware and the stored copy carries the final headers (CSP included).
 * The memory tier also keeps each page compressed (Brotli and gzip), so a browser's hit is not compressed again
 * per request; the Workers cache keeps the HTML as it is.
 */
import { parse } from 'hono/utils/cookie';
import { matchAppRoute, PUBLIC_CACHE_PATHS } from '../../client/routes';
import { SESSION_COOKIE_NAMES } from '../auth/session';
import { clientAcceptEncoding, compress, pageEncodingFor, STORED_CODINGS, type PageEncoding } from './page-encoding';

export const PAGE_CACHE_SECONDS = 60;
export const PAGE_CACHE_HEADER = 'X-Page-Cache';
const CACHE_NAME = 'pages';
/** Travels with the stored copy only (the Cache API may set its own `Date`); never sent to the browser. */
const RENDERED_AT_HEADER = 'X-Page-Rendered-At';

let pagesCache: Promise<Cache> | undefined;
/** Opened once per isolate (a handle, not state: the entries live in Cloudflare's cache). */
const openCache = () => (pagesCache ??= caches.open(CACHE_NAME));

/**
 * Keyed by the page's address alone, one of PUBLIC_CACHE_PATHS: the HTML does not depend on the theme (chosen
 * in the browser before paint) nor on a query the page does not read, so no visitor can add keys.
 */
const cacheKey = (url: URL) => new Request(`${url.origin}${url.pathname}`, { method: 'GET' });

/** One coding of a kept page, with the headers the browser gets for it, built once so that a hit only copies them. */
interface Representation {
  body: ArrayBuffer;
  headers: Headers;
}

interface KeptPage {
  identity: Representation;
  /** Compressed once when the page is kept, so that a hit never runs a compressor. */
  compressed: ReadonlyMap<PageEncoding, Representation>;
  /** When the page was rendered, not when this isolate got it: a copy never outlives the minute. */
  expiresAt: number;
}

/** At most one copy per public address (the keys are those addresses), so nothing ever has to be evicted. */
const keptPages = new Map<string, KeptPage>();

function representation(body: ArrayBuffer, hitHeaders: Headers, encoding: PageEncoding): Representation {
  const headers = new Headers(hitHeaders);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('Content-Length', String(body.byteLength));
  if (encoding === 'identity') headers.delete('Content-Encoding');
  else headers.set('Content-Encoding', encoding);
  return { body, headers };
}

async function compressed(body: ArrayBuffer, hitHeaders: Headers): Promise<ReadonlyMap<PageEncoding, Representation>> {
  return new Map(await Promise.all(STORED_CODINGS.map(async (coding) => [coding, representation(await compress(body, coding), hitHeaders, coding)] as const)));
}

async function keep(url: URL, body: ArrayBuffer, headers: Headers): Promise<KeptPage> {
  const renderedAt = Number(headers.get(RENDERED_AT_HEADER));
  const expiresAt = (Number.isFinite(renderedAt) && renderedAt > 0 ? renderedAt : Date.now()) + PAGE_CACHE_SECONDS * 1000;
  const hitHeaders = browserHeaders(headers, 'HIT');
  const kept = { identity: representation(body, hitHeaders, 'identity'), compressed: await compressed(body, hitHeaders), expiresAt };
  if (PUBLIC_CACHE_PATHS.has(url.pathname)) keptPages.set(url.pathname, kept);
  return kept;
}

/** The coding the client asked for, as stored: `manual` keeps the runtime from compressing it again. */
function answer(kept: KeptPage, request: Request): Response {
  const { body, headers } = kept.compressed.get(pageEncodingFor(clientAcceptEncoding(request))) ?? kept.identity;
  return new Response(body, { headers, encodeBody: 'manual' });
}

function keptPage(url: URL, request: Request): Response | undefined {
  const kept = keptPages.get(url.pathname);
  if (!kept) return undefined;
  if (kept.expiresAt <= Date.now()) {
    keptPages.delete(url.pathname);
    return undefined;
  }
  return answer(kept, request);
}

/** What the browser gets: it asks again every time (so a login shows at once); the edge answers from its copy. */
const BROWSER_CACHE_CONTROL = 'public, no-cache';

function browserHeaders(headers: Headers, state: 'HIT' | 'MISS'): Headers {
  const copy = new Headers(headers);
  copy.set(PAGE_CACHE_HEADER, state);
  copy.delete(RENDERED_AT_HEADER);
  copy.set('Cache-Control', BROWSER_CACHE_CONTROL);
  return copy;
}

const hasSessionCookie = (header: string) => {
  const cookies = parse(header);
  return Object.values(SESSION_COOKIE_NAMES).some((name) => cookies[name] !== undefined);
};

/**
 * The page's URL when this request may be answered from (and stored in) the cache; only its origin and path
 * are used. Every step a visitor without cookies or a query does not need is skipped: this runs on every hit.
 */
function publicPageUrl(request: Request): URL | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  // Only a page's own address (any other spelling is redirected by canonical-url.ts after this).
  if (!PUBLIC_CACHE_PATHS.has(url.pathname)) return undefined;
  // A visitor with a session cookie gets their own page.
  const cookie = request.headers.get('Cookie');
  if (cookie !== null && hasSessionCookie(cookie)) return undefined;
  // A deep link the page reads (a library folder) renders fresh; any other query is ignored.
  if (url.search !== '' && (matchAppRoute(url.pathname).route.query ?? []).some((name) => url.searchParams.has(name))) return undefined;
  return url;
}

async function cachedPage(url: URL, request: Request): Promise<Response | undefined> {
  const inMemory = keptPage(url, request);
  if (inMemory) return inMemory;
  const hit = await (await openCache()).match(cacheKey(url));
  if (!hit) return undefined;
  return answer(await keep(url, await hit.arrayBuffer(), hit.headers), request);
}

/** Stores a rendered page (only a 200) and answers it; the store runs after the response has gone. */
function storePage(url: URL, response: Response, waitUntil: (work: Promise<unknown>) => void): Response {
  if (response.status !== 200) return response;
  const stored = response.clone();
  const headers = new Headers(stored.headers);
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_SECONDS}`);
  headers.set(RENDERED_AT_HEADER, String(Date.now()));
  // Every visitor this copy is for sends no cookie; the browser's copy keeps `Vary: Cookie`.
  headers.delete('Vary');
  waitUntil(
    stored
      .arrayBuffer()
      .then(async (body) => {
        await keep(url, body, headers);
        await (await openCache()).put(cacheKey(url), new Response(body, { headers }));
      })
      .catch((error: unknown) => console.warn('page cache write failed', error)),
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: browserHeaders(response.headers, 'MISS') });
}

/** Answers a public page from the cache, or renders it with `render` and keeps a copy. */
export async function withPageCache(request: Request, ctx: ExecutionContext, render: () => Promise<Response>): Promise<Response> {
  const url = publicPageUrl(request);
  if (!url) return render();
  const hit = await cachedPage(url, request);
  if (hit) return hit;
  return storePage(url, await render(), (work) => {
    ctx.waitUntil(work);
  });
}
