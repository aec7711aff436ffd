import type { Context } from 'hono';
import { App } from '../../client/App';
import { accountMenu } from '../../client/layout/Header';
import { namedAnswers, routeRules, type RouteRules } from '../../client/page-route';
import { NOT_FOUND_ROUTE, pageAddress, type AppRoute } from '../../client/routes';
import { apiKeys } from '../../shared/api-keys';
import { isLibrary } from '../../shared/songs/paths';
import { checkAuth } from '../auth/check-auth';
import { cookieClaims, resolveSessionWith } from '../auth/session';
import type { AppEnv } from '../hono-env';
import { renderApp } from './app-html';
import { pageAssets } from './assets';
import { renderDocument } from './document';
import { libraryPage } from './library-page';
import { PageForbidden, PageNotFound } from '../pages/page-loader';
import { loadPage, pageDataOf, readAheadFor } from './loaders';
import { knownRouteMatch } from './route-match';
import { renderStaticPage, staticPageAddress } from './static-page';
import { staticPageResponse } from './static-page-response';

const utf8 = new TextEncoder();

/** Each route's rules, imported once per isolate: an `import()` of a loaded module still costs 10–15 µs a call. */
const rulesByRoute = new Map<string, Promise<RouteRules>>();
function rulesOf(route: AppRoute): Promise<RouteRules> {
  let rules = rulesByRoute.get(route.id);
  if (!rules) {
    rules = routeRules(route);
    rulesByRoute.set(route.id, rules);
  }
  return rules;
}

/**
 * A prerendered page reaches the Worker only by another of its addresses (`/tos`, `/index.html`: the asset server
 * would redirect them), or where no file was built (`npm run dev`): the built file, else the same render.
 */
async function prerenderedPage(c: Context<AppEnv>, route: AppRoute): Promise<Response> {
  const file = await c.env.ASSETS.fetch(new URL(staticPageAddress(route), c.req.url));
  if (file.ok) return staticPageResponse(c.req.raw, new Uint8Array(await file.arrayBuffer()));
  await file.body?.cancel();
  return staticPageResponse(c.req.raw, utf8.encode(await renderStaticPage(route, c.env.APP_ORIGIN)));
}

/** Server-side render of any page: route → loaders → React → HTML with the data island. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { route, params } = knownRouteMatch(url.pathname);
  if (isLibrary(route.id)) return libraryPage(c, route, route.id);
  if (route.prerender === true) return prerenderedPage(c, route);
  // The route's own 404 rule (RouteRules.notFound): no loader runs for an address no one has a page at.
  const rules = await rulesOf(route);
  const missing = rules.notFound?.(params) === true;
  const claims = await cookieClaims(c);
  const pageData = missing ? undefined : pageDataOf(route.id);
  const ahead = claims ? readAheadFor(pageData, c.env, claims.sub, params) : undefined;
  const { session, alongside: loadAhead } = await resolveSessionWith(c, await ahead?.alongside);
  const auth = checkAuth(c);
  if (route.adminOnly && !(auth.authenticated && auth.isAdmin)) return c.redirect('/', 302);

  const [loaded] = await Promise.all([
    (missing
      ? Promise.reject(new PageNotFound())
      : loadPage(route.id, loadAhead ?? pageData?.load, { env: c.env, session, params, readAhead: ahead?.readAhead })
    ).then(
      (data) => ({ status: 200 as const, data }),
      (error: unknown) => {
        if (error instanceof PageNotFound) return { status: 404 as const, data: {} };
        if (error instanceof PageForbidden) return { status: 403 as const, data: error.fallback };
        throw error;
      },
    ),
    route.page.preload(params),
    auth.authenticated ? accountMenu.preload() : undefined,
  ]);
  // A loader can decide the page does not exist for this visitor (a server they are not in), or that they may not see it.
  const notFound = loaded.status === 404 || route === NOT_FOUND_ROUTE;
  if (notFound) await NOT_FOUND_ROUTE.page.preload();
  const fallback = { ...loaded.data, [apiKeys.checkAuth]: auth };

  const shown = notFound ? { route: NOT_FOUND_ROUTE, params: {} } : { route, params };
  const { html: appHtml, failed } = await renderApp(<App ssrPath={url.pathname} ssrSearch={url.search.slice(1)} fallback={fallback} first={shown} />);

  const meta = {
    title: (loaded.status === 200 && !notFound ? rules.titleFrom?.(params, namedAnswers(route, params, loaded.data)) : null) ?? shown.route.title,
    description: shown.route.description,
    origin: c.env.APP_ORIGIN,
    address: notFound ? undefined : pageAddress(route, url.pathname),
  };
  const assets = pageAssets(shown.route.source, { signedIn: auth.authenticated, modules: shown.route.modules?.(shown.params) });
  const html = renderDocument({ meta, assets, island: { fallback }, page: shown, appHtml });
  const status = failed ? 500 : notFound ? 404 : loaded.status;
  // As bytes: the runtime takes a string body at several times the cost of encoding it here (docs/performance.md).
  return c.body(utf8.encode(html), status, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
}
