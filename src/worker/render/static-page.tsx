import { App } from '../../client/App';
import { pageAddress, ROUTES, type AppRoute } from '../../client/routes';
import { renderApp } from './app-html';
import { pageAssets } from './assets';
import { renderDocument } from './document';

/** The browser asks again each time (a new deploy shows at once); the file's ETag makes that a 304. */
export const STATIC_PAGE_CACHE_CONTROL = 'public, no-cache';

/** The pages that are the same for everyone, built into files (AppRoute.prerender). */
export const PRERENDERED_ROUTES: readonly AppRoute[] = ROUTES.filter((route: AppRoute) => route.prerender === true);

/** The address a prerendered page is known by: its route's first path. */
export const staticPageAddress = (route: AppRoute): string => pageAddress(route, route.paths[0] ?? '/');

/** Its file in the assets directory, which the asset server answers at the address (`html_handling`'s default). */
export const staticPageFile = (route: AppRoute): string => {
  const address = staticPageAddress(route);
  return address === '/' ? 'index.html' : `${address.slice(1)}.html`;
};

/**
 * A prerendered page as the build writes it: no visitor and no loader data, so the page asks who is signed in
 * (and the landing page its figures) after hydration, and hydrates first without the address's query.
 */
export async function renderStaticPage(route: AppRoute, origin: string): Promise<string> {
  const address = staticPageAddress(route);
  await route.page.preload();
  const page = { route, params: {} };
  const { html, failed } = await renderApp(<App ssrPath={address} ssrSearch="" fallback={{}} first={page} />);
  if (failed) throw new Error(`Rendering ${address} failed`);
  const meta = { title: route.title, description: route.description, origin, address };
  return renderDocument({ meta, assets: pageAssets(route.source), island: { fallback: {}, prerendered: true }, page, appHtml: html });
}
