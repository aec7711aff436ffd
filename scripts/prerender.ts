// The pages that are the same for everyone (AppRoute.prerender), written into the client build as files, with
// their headers appended to its `_headers`: the asset server answers them without running the Worker. Run by
// `vite build` after the Worker's build (vite.config.ts), so a file is never older than the source.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type AliasOptions } from 'vite';
import { CLIENT_OUT_DIR, clientManifest } from '../vite-plugins/client-manifest.ts';

const ENTRY = 'src/worker/render/prerender.ts';
const OUT_DIR = 'dist/prerender';

/** src/worker/render/prerender.ts, as bundled. */
interface PrerenderModule {
  prerender: (origin: string) => Promise<{ files: { name: string; body: string }[]; headerRules: string }>;
}

/**
 * The site's public origin, for the pages' absolute links and their CSP: APP_ORIGIN from the environment (`npm start`
 * sets it from PORT), else the one the Worker's build was configured with (its wrangler.json, from wrangler.toml).
 */
async function siteOrigin(workerOutDir: string): Promise<string> {
  const fromEnvironment = (process.env as Record<string, string | undefined>).APP_ORIGIN;
  if (fromEnvironment !== undefined) return fromEnvironment;
  const { vars } = JSON.parse(await readFile(`${workerOutDir}/wrangler.json`, 'utf8')) as { vars?: Record<string, unknown> };
  const origin = vars?.APP_ORIGIN;
  if (typeof origin !== 'string') throw new Error('APP_ORIGIN is not set (environment or wrangler.toml [vars])');
  return origin;
}

export async function prerenderPages(alias: AliasOptions, workerOutDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    // The pages' stylesheets are the client build's (their links come from its manifest); here they would only be
    // minified unprocessed, Tailwind's at-rules warned about one by one.
    plugins: [clientManifest(), { name: 'prerender-without-stylesheets', load: (id) => (id.endsWith('.css') ? '' : undefined) }],
    resolve: { alias },
    publicDir: false,
    build: { ssr: ENTRY, outDir: OUT_DIR, emptyOutDir: true, target: 'node22', rolldownOptions: { output: { entryFileNames: 'prerender.js' } } },
  });
  const { prerender } = (await import(pathToFileURL(`${OUT_DIR}/prerender.js`).href)) as PrerenderModule;
  const { files, headerRules } = await prerender(await siteOrigin(workerOutDir));
  for (const file of files) {
    const path = `${CLIENT_OUT_DIR}/${file.name}`;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.body);
  }
  await appendFile(`${CLIENT_OUT_DIR}/_headers`, `\n# Prerendered pages (scripts/prerender.ts)\n${headerRules}`);
}
