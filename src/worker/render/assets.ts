import manifest from 'virtual:client-manifest';

const CLIENT_ENTRY = 'src/client/main.tsx';

export interface PageAssets {
  scripts: string[];
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
 * The entry script, its CSS, and module preloads for the current page's chunk and everything it
 * imports, so the browser fetches them in parallel instead of discovering them one by one.
 */
export function pageAssets(pageSource: string): PageAssets {
  let assets = assetsBySource.get(pageSource);
  if (!assets) {
    assets = collectAssets(pageSource);
    assetsBySource.set(pageSource, assets);
  }
  return assets;
}

function collectAssets(pageSource: string): PageAssets {
  if (!manifest) return DEV_ASSETS;
  const chunks = manifest;
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
  const modulePreloads = [...seen].filter((k) => k !== CLIENT_ENTRY).map((k) => `/${chunks[k]?.file}`);
  return { scripts: [`/${entry.file}`], modulePreloads, styles: [...styles] };
}
