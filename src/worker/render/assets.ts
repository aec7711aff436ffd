import manifest from 'virtual:client-manifest';
import type { IslandPage } from '../../client/data-island';
import type { RouteMatch } from '../../client/routes';

const CLIENT_ENTRY = 'src/client/main.tsx';
/** The account menu's chunk (src/client/layout/Header.tsx): a signed-in visitor's page hydrates with it. */
const ACCOUNT_MENU = 'src/client/features/account/AccountMenu.tsx';

/** What the page hydrates with beyond its own module. */
export interface PageNeeds {
  signedIn: boolean;
  /** What the page draws at its address from chunks of their own (RouteDeclaration.modules), by their paths in the manifest. */
  modules?: readonly string[];
}

export interface PageAssets {
  scripts: string[];
  /** Every module the page runs before it is interactive, the entry first (dev: none, Vite serves the sources). */
  modulePreloads: string[];
  /**
   * Stylesheets to link (dev: Vite serves the sources). Linked, not put in the page: the built sheet is one
   * immutable file that every page shares, so a visitor fetches it once, and a page is a quarter of its bytes.
   */
  styles: string[];
}

/** In dev, Vite serves the sources itself. */
const DEV_ASSETS: PageAssets = {
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  modulePreloads: [],
  styles: ['/src/client/styles.css'],
};

/** Per page module: the manifest is fixed for the build. */
const assetsBySource = new Map<string, PageAssets>();

/**
 * The entry script, its CSS, and module preloads for the entry, the current page's chunk and everything they
 * import, so the browser fetches them in parallel with the page instead of discovering them one by one.
 */
export function pageAssets(pageSource: string, needs: PageNeeds = { signedIn: false }): PageAssets {
  const key = `${pageSource} ${needs.signedIn} ${needs.modules?.join(' ') ?? ''}`;
  let assets = assetsBySource.get(key);
  if (!assets) {
    assets = manifest ? assetsIn(manifest, pageSource, needs) : DEV_ASSETS;
    assetsBySource.set(key, assets);
  }
  return assets;
}

/** A page's assets in a client build's manifest (pageAssets). */
export function assetsIn(chunks: NonNullable<typeof manifest>, pageSource: string, { signedIn, modules = [] }: PageNeeds): PageAssets {
  const entry = chunks[CLIENT_ENTRY];
  if (!entry) throw new Error(`Client manifest has no ${CLIENT_ENTRY}`);
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((c) => styles.add(`/${c}`));
    chunk.imports?.forEach(visit);
  };
  visit(CLIENT_ENTRY);
  visit(pageSource);
  for (const module of modules) {
    if (!chunks[module]) throw new Error(`Client manifest has no ${module}`);
    visit(module);
  }
  if (signedIn) visit(ACCOUNT_MENU);
  const modulePreloads = [...seen].map((k) => `/${chunks[k]?.file}`);
  return { scripts: [`/${entry.file}`], modulePreloads, styles: [...styles] };
}

/** A page module's URL in the client build's manifest: its built chunk (dev, no manifest: its source, which Vite serves). */
export function pageModuleIn(built: typeof manifest, pageSource: string): string {
  if (built === null) return `/${pageSource}`;
  const chunk = built[pageSource];
  if (!chunk) throw new Error(`Client manifest has no ${pageSource}`);
  return `/${chunk.file}`;
}

/** Per route: what the island says of it is fixed for the build, like its assets. */
const islandRoutes = new Map<string, Omit<IslandPage, 'params'>>();

/** The page the server rendered, as the browser hydrates it without the route table (IslandPage). */
export function islandPage({ route, params }: RouteMatch): IslandPage {
  let fixed = islandRoutes.get(route.id);
  if (!fixed) {
    const { id, title, chrome, toasts } = route;
    fixed = { route: { id, title, chrome, ...(toasts === true ? { toasts } : {}) }, source: route.source, module: pageModuleIn(manifest, route.source) };
    islandRoutes.set(route.id, fixed);
  }
  return { route: fixed.route, params, source: fixed.source, module: fixed.module };
}
