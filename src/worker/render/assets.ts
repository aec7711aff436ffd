import manifest, { styleSheets } from 'virtual:client-manifest';

const CLIENT_ENTRY = 'src/client/main.tsx';

export interface PageAssets {
  scripts: string[];
  modulePreloads: string[];
  /** Stylesheets to link (dev: Vite serves the sources). */
  styles: string[];
  /** Built stylesheets' text, put in the page: the first paint waits for no second request. */
  inlineStyles: string[];
}

/** In dev, Vite serves the sources itself. */
const DEV_ASSETS: PageAssets = {
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
  modulePreloads: [],
  styles: ['/src/client/styles.css'],
  inlineStyles: [],
};

/**
 * Which sheets go in the page (their text is known) and which are linked: a sheet whose text could close
 * its own <style> element is linked instead.
 */
export function splitStyles(hrefs: readonly string[], sheets: Readonly<Record<string, string>>): Pick<PageAssets, 'styles' | 'inlineStyles'> {
  const inlineText = (href: string) => {
    const text = sheets[href];
    return text !== undefined && !/<\/style/i.test(text) ? text : undefined;
  };
  return { styles: hrefs.filter((href) => inlineText(href) === undefined), inlineStyles: hrefs.flatMap((href) => inlineText(href) ?? []) };
}

/** Per page module and way of styling: the manifest is fixed for the build, and a sheet's text is checked once, not per request. */
const assetsBySource = new Map<string, PageAssets>();

/**
 * The entry script, its CSS, and module preloads for the current page's chunk and everything it
 * imports, so the browser fetches them in parallel instead of discovering them one by one.
 * `styles: 'linked'` links every sheet instead of putting it in the page (a prerendered page: see static-page.tsx).
 */
export function pageAssets(pageSource: string, { styles = 'inline' }: { styles?: 'inline' | 'linked' } = {}): PageAssets {
  const key = `${styles} ${pageSource}`;
  let assets = assetsBySource.get(key);
  if (!assets) {
    assets = collectAssets(pageSource, styles);
    assetsBySource.set(key, assets);
  }
  return assets;
}

function collectAssets(pageSource: string, styling: 'inline' | 'linked'): PageAssets {
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
  const sheets = styling === 'inline' ? splitStyles([...styles], styleSheets) : { styles: [...styles], inlineStyles: [] };
  return { scripts: [`/${entry.file}`], modulePreloads, ...sheets };
}
