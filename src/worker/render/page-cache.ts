/**
 * Anonymous visitors of public pages all get the same HTML, so it is kept in the Workers cache for a
 * minute: a repeat costs what a static file costs, and the landing page's figures stay at most a minute old.
 * It wraps the whole app, so a hit runs no middleware and the stored copy carries the final headers (CSP included).
 */
import { parse } from 'hono/utils/cookie';
import { matchAppRoute } from '../../client/routes';
import { SESSION_COOKIE_NAMES } from '../auth/session';

export const PAGE_CACHE_SECONDS = 60;
export const PAGE_CACHE_HEADER = 'X-Page-Cache';
const CACHE_NAME = 'pages';

let pagesCache: Promise<Cache> | undefined;
/** Opened once per isolate (a handle, not state: the entries live in Cloudflare's cache). */
const openCache = () => (pagesCache ??= caches.open(CACHE_NAME));

/** Keyed by path alone: the HTML does not depend on the theme (chosen in the browser before paint). */
const cacheKey = (url: URL) => new Request(`${url.origin}${url.pathname}`, { method: 'GET' });

/** What the browser gets: it asks again every time (so a login shows at once); the edge answers from its copy. */
const BROWSER_CACHE_CONTROL = 'public, no-cache';

function marked(response: Response, state: 'HIT' | 'MISS'): Response {
  const copy = new Response(response.body, response);
  copy.headers.set(PAGE_CACHE_HEADER, state);
  copy.headers.set('Cache-Control', BROWSER_CACHE_CONTROL);
  return copy;
}

/** The page's URL when this request may be answered from (and stored in) the cache. */
function publicPageUrl(request: Request): URL | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  // A deep link with a query renders fresh; a visitor with a session cookie gets their own page.
  if (url.search !== '' || url.pathname.startsWith('/api/')) return undefined;
  const cookies = parse(request.headers.get('Cookie') ?? '');
  if (Object.values(SESSION_COOKIE_NAMES).some((name) => cookies[name] !== undefined)) return undefined;
  return matchAppRoute(url.pathname).route.publicCache === true ? url : undefined;
}

async function cachedPage(url: URL): Promise<Response | undefined> {
  const hit = await (await openCache()).match(cacheKey(url));
  return hit ? marked(hit, 'HIT') : undefined;
}

/** Stores a rendered page (only a 200) and answers it; the store runs after the response has gone. */
function storePage(url: URL, response: Response, waitUntil: (work: Promise<unknown>) => void): Response {
  if (response.status !== 200) return response;
  const stored = response.clone();
  stored.headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_SECONDS}`);
  // Every visitor this copy is for sends no cookie; the browser's copy keeps `Vary: Cookie`.
  stored.headers.delete('Vary');
  waitUntil(
    openCache()
      .then((cache) => cache.put(cacheKey(url), stored))
      .catch((error: unknown) => console.warn('page cache write failed', error)),
  );
  return marked(response, 'MISS');
}

/** Answers a public page from the cache, or renders it with `render` and keeps a copy. */
export async function withPageCache(request: Request, ctx: ExecutionContext, render: () => Promise<Response>): Promise<Response> {
  const url = publicPageUrl(request);
  if (!url) return render();
  const hit = await cachedPage(url);
  if (hit) return hit;
  return storePage(url, await render(), (work) => {
    ctx.waitUntil(work);
  });
}
