import { apiKeys } from '../shared/api-keys';
import type { ServerSettingsResponse } from '../shared/settings/index';
import { canonicalModuleSlug, sectionOfSlug, serverSettingsTitle } from '../shared/settings/paths';
import { lazyPage, type LazyPage } from './lazy-component';

export interface AppRoute {
  /**
   * Names the page; the Worker's first-paint data for it is `PAGE_DATA[id]` (src/worker/render/loaders.ts), or, for
   * the two libraries (their ids are their names), their view (src/worker/render/library-page.tsx).
   */
  id: string;
  /** Exact paths, or patterns with `:name` segments. */
  paths: readonly string[];
  title: string;
  /**
   * The title naming what the page shows, from its first-paint data (null: `title`; the Worker's PAGE_DATA loads it). The server render uses it;
   * in the browser the page sets it once its data is there.
   */
  titleFrom?: (params: Readonly<Record<string, string>>, data: Readonly<Record<string, unknown>>) => string | null;
  /** The search result's and the shared link's text (meta description, Open Graph, Twitter card). */
  description: string;
  /** The page module, for the build manifest (module preloads). */
  source: string;
  page: LazyPage;
  /** Library pages have their own transparent header. */
  chrome: 'main' | 'music';
  /** Page requires admin rights (redirect to / otherwise). */
  adminOnly?: boolean;
  /** The page shows toasts, so the toast container loads with it (src/client/ui/LazyToaster.tsx). */
  toasts?: boolean;
  /**
   * The same HTML for everyone: built into a file at build time (scripts/prerender) and answered by the asset
   * server without running the Worker. Its data, and who is signed in, are asked for after hydration.
   */
  prerender?: boolean;
  /** The one spelling of a `:name` segment (null: no page has it); segments without one are kept as given. */
  canonicalParams?: Readonly<Record<string, (segment: string) => string | null>>;
}

const withHtml = (...paths: string[]) => paths.flatMap((p) => [p, `${p}.html`]);

export const ROUTES = [
  {
    id: 'landing',
    paths: ['/', '/index.html'],
    title: 'ServerManager | Discord bot for moderation, fun and Last.fm',
    description:
      'ServerManager is a Discord bot for moderation, anti-nuke, welcome messages, logs, starboard and Last.fm, with a dashboard that saves every setting the moment you change it.',
    source: 'src/client/pages/Landing.tsx',
    page: lazyPage(() => import('./pages/Landing')),
    chrome: 'main',
    prerender: true,
  },
  {
    id: 'commands',
    paths: withHtml('/commands'),
    title: 'Commands | ServerManager',
    description:
      'Every ServerManager command with its aliases, syntax, an example and its cooldown, in five categories: LastFM, fun, info, moderation and utility.',
    source: 'src/client/pages/Commands.tsx',
    page: lazyPage(() => import('./pages/Commands')),
    chrome: 'main',
    prerender: true,
  },
  {
    id: 'servers',
    paths: withHtml('/servers', '/bite', '/servermanager'),
    title: 'Your Servers | ServerManager',
    description: 'The Discord servers you manage with ServerManager, and their licences.',
    source: 'src/client/pages/ServerList.tsx',
    page: lazyPage(() => import('./pages/ServerList')),
    chrome: 'main',
    toasts: true,
  },
  {
    id: 'server',
    // The overview, and one module per address.
    paths: ['/server/:serverId', '/server/:serverId/:module'],
    title: 'Server Settings | ServerManager',
    titleFrom: ({ serverId = '', module }, data) => {
      // Only the settings name the server: a visitor who may not open it (a 403's data) keeps the generic title.
      const settings = data[apiKeys.serverSettings(serverId)] as ServerSettingsResponse | undefined;
      return settings ? serverSettingsTitle(settings.name, module === undefined ? null : sectionOfSlug(module)) : null;
    },
    description: "ServerManager's settings for one of your Discord servers, saved the moment you change them.",
    source: 'src/client/pages/ServerSettings.tsx',
    page: lazyPage(() => import('./pages/ServerSettings')),
    chrome: 'main',
    toasts: true,
    canonicalParams: { module: canonicalModuleSlug },
  },
  {
    id: 'admin',
    paths: withHtml('/admin'),
    title: 'Admin | ServerManager',
    description: "Licence management for ServerManager's administrators.",
    source: 'src/client/pages/Admin.tsx',
    page: lazyPage(() => import('./pages/Admin')),
    chrome: 'main',
    toasts: true,
    adminOnly: true,
  },
  {
    id: 'privacy',
    paths: withHtml('/privacy-policy'),
    title: 'Privacy Policy | ServerManager',
    description: 'What ServerManager stores about you and your server, for how long, and how to have a copy or have it deleted.',
    source: 'src/client/pages/PrivacyPolicy.tsx',
    page: lazyPage(() => import('./pages/PrivacyPolicy')),
    chrome: 'main',
    prerender: true,
  },
  {
    id: 'terms',
    paths: withHtml('/terms-of-service', '/tos'),
    title: 'Terms of Service | ServerManager',
    description: 'The terms under which you may use the ServerManager bot and its dashboard.',
    source: 'src/client/pages/TermsOfService.tsx',
    page: lazyPage(() => import('./pages/TermsOfService')),
    chrome: 'main',
    prerender: true,
  },
  {
    id: 'contact',
    paths: withHtml('/contact'),
    title: 'Contact | ServerManager',
    description: 'How to reach the people behind ServerManager: support, bug reports and data requests.',
    source: 'src/client/pages/Contact.tsx',
    page: lazyPage(() => import('./pages/Contact')),
    chrome: 'main',
    prerender: true,
  },
  {
    id: 'kenji',
    paths: withHtml('/kenji'),
    title: 'Kenji Library | ServerManager',
    description: 'Browse, search, play and download the songs of the Kenji Library.',
    source: 'src/client/pages/Library.tsx',
    page: lazyPage(() => import('./pages/Library')),
    chrome: 'music',
    toasts: true,
  },
  {
    id: 'glaive',
    paths: withHtml('/glaive'),
    title: 'Glaive Library | ServerManager',
    description: 'Browse, search, play and download the songs of the Glaive Library.',
    source: 'src/client/pages/Library.tsx',
    page: lazyPage(() => import('./pages/Library')),
    chrome: 'music',
    toasts: true,
  },
] as const satisfies readonly AppRoute[];

/** The pages of the route table, by id. */
export type RouteId = (typeof ROUTES)[number]['id'];

export const NOT_FOUND_ROUTE: AppRoute = {
  id: 'not-found',
  paths: [],
  title: 'Page Not Found | ServerManager',
  description: 'There is no page at this address on ServerManager.',
  source: 'src/client/pages/NotFound.tsx',
  page: lazyPage(() => import('./pages/NotFound')),
  chrome: 'main',
};

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
 * or spelled by the route's `canonicalParams`).
 */
function spelledAs(route: AppRoute, pattern: string, got: readonly string[]): string | null {
  const want = segmentsOf(pattern);
  if (want.length !== got.length) return null;
  const out = want.map((w, i) => {
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      const canonical = route.canonicalParams?.[w.slice(1)];
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
export function canonicalPath(pathname: string): string | null {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  const path = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  if (path === '/') return '/';
  const got = segmentsOf(path);
  for (const route of ROUTES) {
    for (const pattern of route.paths) {
      const spelled = spelledAs(route, pattern, got);
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
