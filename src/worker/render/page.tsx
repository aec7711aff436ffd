import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import { App } from '../../client/App';
import { AUTH_KEY } from '../../client/hooks/useAuth';
import { matchAppRoute, NOT_FOUND_ROUTE } from '../../client/routes';
import { checkAuth } from '../auth/check-auth';
import type { AppEnv } from '../hono-env';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { runLoaders } from './loaders';

const DESCRIPTION = 'ServerManager: a Discord bot for moderation, anti-nuke, fun, info, utility and Last.fm, with a dashboard for every setting.';

/** Server-side render of any page: route → loaders → React → HTML with the data island. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { route, params } = matchAppRoute(url.pathname);
  const auth = await checkAuth(c);
  if (route.adminOnly && !(auth.authenticated && auth.isAdmin)) return c.redirect('/', 302);

  const [fallback] = await Promise.all([runLoaders(route.loaders, c, params), route.page.preload()]);
  fallback[AUTH_KEY] = auth;

  const nonce = c.get('secureHeadersNonce');
  let failed = false;
  const stream = await renderToReadableStream(<App ssrPath={url.pathname} ssrSearch={url.search.slice(1)} fallback={fallback} />, {
    nonce,
    // Never outline large Suspense content into a script-swapped chunk: pages must read without JS.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed = true;
      console.error('SSR failed', error);
    },
  });
  await stream.allReady;
  const appHtml = await new Response(stream).text();

  const html = renderDocument({
    title: route.title,
    description: DESCRIPTION,
    nonce,
    assets: pageAssets(route.source),
    island: { fallback },
    appHtml,
  });
  const status = failed ? 500 : route === NOT_FOUND_ROUTE ? 404 : 200;
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Cookie');
  return c.html(html, status);
}
