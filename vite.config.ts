import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudflare, type WorkerConfig } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPages } from './scripts/prerender.ts';
import { CLIENT_OUT_DIR, clientManifest } from './scripts/vite-client-manifest.ts';

const alias = [
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fileURLToPath(new URL('./src/client/use-sync-external-store-shim.ts', import.meta.url)),
  },
];

/**
 * The files `run_worker_first` leaves to the asset server: public/'s and the build's own folder. The other exclusions
 * are the prerendered pages' addresses, whose files only a build writes.
 */
function namesAFile(pattern: string): boolean {
  if (!pattern.startsWith('!')) return true;
  const path = pattern.slice(1).replace(/\/\*$/, '');
  return path === '/assets' || (path !== '/' && existsSync(`public${path}`));
}

/**
 * `npm run dev` builds no page into a file, and there the plugin answers what `run_worker_first` leaves to the assets
 * itself (a 404 where no file is): so in dev the prerendered pages' addresses go to the Worker, which renders them.
 * It also sets the public origin and, in demo mode, points the Worker at the fake Discord (scripts/dev.ts sets WORKER_VARS).
 */
function devWorker(worker: WorkerConfig): void {
  if (process.env.WORKER_VARS) Object.assign(worker.vars, JSON.parse(process.env.WORKER_VARS) as Record<string, string>);
  const routes = worker.assets?.run_worker_first;
  if (worker.assets && Array.isArray(routes)) worker.assets.run_worker_first = routes.filter(namesAFile);
}

export default defineConfig(({ command }) => ({
  plugins: [cloudflare(command === 'serve' ? { config: devWorker } : {}), react(), tailwindcss(), clientManifest()],
  resolve: { alias },
  builder: {
    // The client first: the Worker build embeds the client manifest. The prerendered pages last, into the client's output.
    async buildApp(builder) {
      const { client, ...workers } = builder.environments;
      if (client) await builder.build(client);
      for (const environment of Object.values(workers)) await builder.build(environment);
      const [worker] = Object.values(workers);
      if (client && worker) await prerenderPages(alias, worker.config.build.outDir);
    },
  },
  environments: {
    client: {
      build: {
        outDir: CLIENT_OUT_DIR,
        manifest: true,
        // The page's script loader preloads its whole chunk tree (src/client/script-loader.ts); later navigations mostly need
        // chunks the shell already loaded, so Vite's map of every chunk's dependencies stays out of the entry.
        modulePreload: false,
        rollupOptions: {
          input: ['./src/client/main.tsx'],
          output: {
            codeSplitting: {
              groups: [
                // React and the router are needed by every route: one long-cached vendor chunk.
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler|wouter|swr|dequal|regexparam)[\\/]|use-sync-external-store-shim/,
                  priority: 20,
                },
                // The small modules every page shares ride in one chunk instead of a tiny chunk (and request) each.
                {
                  name: 'shell',
                  test: /src[\\/]client[\\/](api\.ts|lazy-component\.tsx|hooks[\\/]use(Api|ToasterRequest)\.ts|features[\\/]account[\\/]useAuth\.ts|ui[\\/](Icons|LazyToaster)\.tsx|ui[\\/]top-layer\.ts)$|src[\\/]shared[\\/](constants|api-keys)\.ts$|vite[\\/]preload-helper/,
                  priority: 10,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
