/**
 * The route table: matching only. Every page is a folder of src/client/pages/ whose `route.ts` declares its routes
 * (src/client/page-route.ts) and whose `page.tsx` is the page; both are found here by their file names.
 */
import type { ComponentType } from 'react';
import { pageOf, type LazyPage, type PageProps } from './lazy-component';
import type { RouteDeclaration } from './page-route';
import { notFoundRoute } from './pages/not-found/route';

export interface AppRoute extends RouteDeclaration {
  /** The page module, for the build manifest (module preloads): the `page.tsx` beside the route's module. */
  source: string;
  page: LazyPage;
}

const routeModules = import.meta.glob<Readonly<Record<string, RouteDeclaration>>>('./pages/*/route.ts', { eager: true });
const pageModules = import.meta.glob<{ default: ComponentType<PageProps> }>('./pages/*/page.tsx');

/** The routes a `route.ts` exports (it exports nothing else), each with the page beside it. */
function routesOf(routeModule: string, declarations: Readonly<Record<string, RouteDeclaration>>): AppRoute[] {
  const pageModule = routeModule.replace(/route\.ts$/, 'page.tsx');
  const load = pageModules[pageModule];
  if (!load) throw new Error(`${routeModule} has no page.tsx beside it`);
  const source = `src/client/${pageModule.slice('./'.length)}`;
  const page = pageOf(source, load);
  return Object.values(declarations).map((route) => ({ ...route, source, page }));
}

const ALL_ROUTES = Object.entries(routeModules).flatMap(([file, declarations]) => routesOf(file, declarations));

/** The pages with addresses. */
export const ROUTES: readonly AppRoute[] = ALL_ROUTES.filter((route) => route.paths.length > 0);

function theNotFoundRoute(): AppRoute {
  const route = ALL_ROUTES.find((r) => r.id === notFoundRoute.id);
  if (!route) throw new Error('src/client/pages/not-found has no page');
  return route;
}
export const NOT_FOUND_ROUTE: AppRoute = theNotFoundRoute();

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (!g) return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

/** The one route table lookup, used by the server renderer and the client router alike. */
export function matchAppRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of ROUTES) {
    for (const pattern of route.paths) {
      const params = matchPattern(pattern, path);
      if (params) return { route, params };
    }
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

const segmentsOf = (path: string) => path.split('/').slice(1);

/**
 * The address of `pattern` spelled by `got` when they differ only in case (a `:name` segment is kept as given,
 * or spelled by the route's `canonicalParams`, RouteRules).
 */
async function spelledAs(route: AppRoute, pattern: string, got: readonly string[]): Promise<string | null> {
  const want = segmentsOf(pattern);
  if (want.length !== got.length) return null;
  const rules = pattern.includes('/:') ? await route.rules?.() : undefined;
  const out = want.map((w, i) => {
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      const canonical = rules?.canonicalParams?.[w.slice(1)];
      return g === '' ? null : canonical ? canonical(g) : g;
    }
    return w.toLowerCase() === g.toLowerCase() ? w : null;
  });
  return out.includes(null) ? null : `/${out.join('/')}`;
}

/**
 * The one address of the page at `pathname`: `/Commands/`, `//commands` and `/COMMANDS` are `/commands`.
 * Null when no page has it (a 404). Aliases of the spec (`/tos`, `/bite.html`) are addresses of their own.
 */
export async function canonicalPath(pathname: string): Promise<string | null> {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  const path = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  if (path === '/') return '/';
  const got = segmentsOf(path);
  for (const route of ROUTES) {
    for (const pattern of route.paths) {
      const spelled = await spelledAs(route, pattern, got);
      if (spelled !== null) return spelled;
    }
  }
  return null;
}

/**
 * The address a page is known by (a shared link's `og:url`, the canonical link): the route's first path, so
 * `/tos` and `/index.html` name `/terms-of-service` and `/`; a path with parameters is its own.
 */
export function pageAddress(route: AppRoute, pathname: string): string {
  const [first] = route.paths;
  return first === undefined || first.includes(':') ? pathname : first;
}
