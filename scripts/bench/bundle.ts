// Bundle report: JavaScript and CSS each route downloads before interaction, gzip, against the budgets.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Issue 38: the landing page downloads at most 72 KiB of gzip JavaScript before any interaction. */
export const BUDGET_JS_LANDING = 72 * 1024;
const BUDGET_CSS = 15 * 1024;
const DIST = 'dist/client';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;
// Read when the report runs, not on import: `npm run bench` imports this before its server has built dist/.
const readManifest = () => JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')) as Manifest;
const gz = (file: string) => gzipSync(readFileSync(`${DIST}/${file}`), { level: 9 }).length;

function closure(manifest: Manifest, keys: string[]) {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  const chunks = [...seen].map((k) => manifest[k] as Chunk);
  return { js: [...new Set(chunks.map((c) => c.file))], css: [...new Set(chunks.flatMap((c) => c.css ?? []))] };
}

// The folders of src/client/pages/.
const PAGES = ['landing', 'commands', 'servers', 'server', 'admin', 'library', 'privacy', 'not-found'];
export interface BundleRow {
  page: string;
  jsGzip: number;
  cssGzip: number;
}

export function bundleReport(): BundleRow[] {
  const manifest = readManifest();
  return PAGES.map((page) => {
    const { js, css } = closure(manifest, ['src/client/main.tsx', `src/client/pages/${page}/page.tsx`]);
    return { page, jsGzip: js.reduce((s, f) => s + gz(f), 0), cssGzip: css.reduce((s, f) => s + gz(f), 0) };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
export function printBundleReport(rows: BundleRow[]) {
  console.log('\nBundle (gzip, before interaction)');
  console.log('| page | JS | CSS |');
  console.log('|---|---|---|');
  for (const r of rows) console.log(`| ${r.page} | ${kb(r.jsGzip)} | ${kb(r.cssGzip)} |`);
  const landing = rows.find((r) => r.page === 'landing');
  if (landing) {
    console.log(`Landing JS ${kb(landing.jsGzip)} of ${kb(BUDGET_JS_LANDING)} budget: ${landing.jsGzip <= BUDGET_JS_LANDING ? 'within' : 'OVER'}`);
    console.log(`CSS ${kb(landing.cssGzip)} of ${kb(BUDGET_CSS)} budget: ${landing.cssGzip <= BUDGET_CSS ? 'within' : 'OVER'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printBundleReport(bundleReport());
