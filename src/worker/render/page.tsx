import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { renderToReadableStream } from 'react-dom/server';
import { App } from '../../client/App';
import { matchAppRoute, NOT_FOUND_ROUTE, type AppRoute } from '../../client/routes';
import { apiKeys } from '../../shared/api-keys';
import { checkAuth } from '../auth/check-auth';
import { resolveSession, sessionCookieName } from '../auth/session';
import type { AppEnv } from '../hono-env';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { runLoaders } from './loaders';
import { cachedPage, storePage } from './page-cache';

const DESCRIPTION = 'ServerManager: a Discord bot for moderation, anti-nuke, fun, info, utility and Last.fm, with a dashboard for every setting.';

/** Public pages for a visitor without a session cookie; deep links with a query render fresh. */
function servesFromCache(c: Context<AppEnv>, route: AppRoute, url: URL): boolean {
  return route.publicCache === true && c.req.method === 'GET' && url.search === '' && getCookie(c, sessionCookieName(c)) === undefined;
}

/** Server-side render of any page: route → loaders → React → HTML with the data island. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { route, params } = matchAppRoute(url.pathname);
  if (servesFromCache(c, route, url)) {
    const hit = await cachedPage(url);
    if (hit) return hit;
    return storePage(url, await render(c, url, route, params), (work) => c.executionCtx.waitUntil(work));
  }
  return render(c, url, route, params);
}

async function render(c: Context<AppEnv>, url: URL, route: AppRoute, params: Record<string, string>): Promise<Response> {
  const session = await resolveSession(c);
  const auth = checkAuth(c);
  if (route.adminOnly && !(auth.authenticated && auth.isAdmin)) return c.redirect('/', 302);

  const [fallback] = await Promise.all([runLoaders(route.loaders, { env: c.env, session, params }), route.page.preload()]);
  fallback[apiKeys.checkAuth] = auth;

  const errors: unknown[] = [];
  const stream = await renderToReadableStream(<App ssrPath={url.pathname} ssrSearch={url.search.slice(1)} fallback={fallback} />, {
    // Never outline large Suspense content into a script-swapped chunk: pages must read without JS, and the
    // CSP allows no inline script but the theme boot script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      errors.push(error);
      console.error('SSR failed', error);
    },
  });
  await stream.allReady;
  const appHtml = await new Response(stream).text();

  const html = renderDocument({ title: route.title, description: DESCRIPTION, assets: pageAssets(route.source), island: { fallback }, appHtml });
  const status = errors.length > 0 ? 500 : route === NOT_FOUND_ROUTE ? 404 : 200;
  return c.html(html, status, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
}
