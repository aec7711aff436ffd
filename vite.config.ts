import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devWorker } from './scripts/dev-worker.ts';
import { prerenderPages } from './scripts/prerender.ts';
import { CLIENT_OUT_DIR, clientManifest } from './vite-plugins/client-manifest.ts';
import { clientPreloadHelper } from './vite-plugins/client-preload-helper.ts';
import { clientRouteModules } from './vite-plugins/client-route-modules.ts';
import { moduleAliases } from './vite-plugins/module-aliases.ts';

/**
 * What the `app` chunk below leaves out: the pages, the entry, the sheets, and shared modules that one or two pages
 * use, which the settings page's lazy parts (its module view, checks and markdown preview: entries too) would make
 * look shared by four, and so load with the landing and every dashboard page.
 */
const OUTSIDE_APP_CHUNK =
  /pages[\\/][^\\/]+[\\/]page\.tsx$|main\.tsx$|\.css$|shared[\\/](constants|count-format|commands|visible-text)\.ts$|settings[\\/]inputs\.ts$/;

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare(command === 'serve' ? { config: devWorker } : {}),
    react(),
    tailwindcss(),
    clientManifest(),
    clientRouteModules(),
    clientPreloadHelper(),
  ],
  resolve: { alias: moduleAliases },
  builder: {
    // The client first: the Worker build embeds the client manifest. The prerendered pages last, into the client's output.
    async buildApp(builder) {
      const { client, ...workers } = builder.environments;
      if (client) await builder.build(client);
      for (const environment of Object.values(workers)) await builder.build(environment);
      const [worker] = Object.values(workers);
      if (client && worker) await prerenderPages(moduleAliases, worker.config.build.outDir);
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
        rolldownOptions: {
          input: ['./src/client/main.tsx'],
          output: {
            codeSplitting: {
              groups: [
                // React is needed by every route: one long-cached vendor chunk. SWR is not (the landing page reads none).
                {
                  name: 'vendor',
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 20,
                },
                // The toast container rides with sonner, which every page that toasts imports: the Worker's module
                // preloads of such a page bring both. Their dependencies stay out: the dialogs share the toasts' host
                // element (ui/top-layer.ts), and a dialog opened where nothing toasts does not fetch sonner for it.
                {
                  name: 'sonner',
                  test: /node_modules[\\/]sonner[\\/]|src[\\/]client[\\/]ui[\\/]Toaster\.tsx$/,
                  priority: 15,
                  includeDependenciesRecursively: false,
                },
                // How a route is declared (`defineRoute`, `withHtml`): the route table uses it, and so do the pages that
                // read their own route's keys (the settings page, the server list). Riding in the table's chunk, it had
                // those pages load and build the whole table before they could hydrate.
                {
                  name: 'page-route',
                  test: /src[\\/]client[\\/]page-route\.ts$/,
                  priority: 12,
                },
                // The modules the entry imports statically (every page runs them before it hydrates) ride in one chunk
                // instead of a tiny chunk (and request) each: on HTTP/1.1 a browser fetches six at a time. The entry
                // itself stays out, a one-call file (src/client/main.tsx): captured, it would leave an entry chunk of
                // its stylesheet alone, which Vite drops. So does the stylesheet, which keeps the entry's name.
                {
                  name: 'shell',
                  test: /src[\\/](client|shared)[\\/](?!main\.tsx$|styles\.css$)|vite[\\/]preload-helper/,
                  tags: ['$initial'],
                  priority: 10,
                  includeDependenciesRecursively: false,
                },
                // What most dashboard pages share (the data hooks, SWR, the dialog, small shared modules) rides in one
                // chunk: the settings page fetched 24 chunks before it could hydrate, and on HTTP/1.1 (six at a time,
                // as wrangler serves them) the last arrived 0.9 s after the first. A page still loads its own modules alone.
                {
                  name: 'app',
                  test: (id) => /src[\\/](client|shared)[\\/]|node_modules[\\/](swr|dequal)[\\/]/.test(id) && !OUTSIDE_APP_CHUNK.test(id),
                  minShareCount: 4,
                  priority: 5,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
