import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const CLIENT_OUT_DIR = 'dist/client';
const MANIFEST_ID = 'virtual:client-manifest';

/**
 * Gives the Worker the client build's manifest, so SSR can link the entry, its CSS and the current
 * route's chunk. In dev the module is null and the Worker links the sources for Vite to serve.
 */
function clientManifest(): Plugin {
  return {
    name: 'client-manifest',
    resolveId: (id) => (id === MANIFEST_ID ? `\0${MANIFEST_ID}` : undefined),
    load(id) {
      if (id !== `\0${MANIFEST_ID}`) return undefined;
      if (this.environment.mode === 'dev') return 'export default null;';
      return `export default ${readFileSync(`${CLIENT_OUT_DIR}/.vite/manifest.json`, 'utf8')};`;
    },
  };
}

export default defineConfig({
  plugins: [cloudflare(), react(), tailwindcss(), clientManifest()],
  builder: {
    // The client first: the Worker build embeds the client manifest.
    async buildApp(builder) {
      const { client, ...workers } = builder.environments;
      if (client) await builder.build(client);
      for (const environment of Object.values(workers)) await builder.build(environment);
    },
  },
  environments: {
    client: {
      build: {
        outDir: CLIENT_OUT_DIR,
        manifest: true,
        rollupOptions: {
          input: ['./src/client/main.tsx'],
          output: {
            // React and the router are needed by every route: one long-cached vendor chunk.
            manualChunks(id: string) {
              return /node_modules\/(react|react-dom|scheduler|wouter|swr|use-sync-external-store|regexparam)\//.test(id)
                ? 'vendor'
                : undefined;
            },
          },
        },
      },
    },
  },
});
