import type { Plugin } from 'vite';

/** Vite's module of `__vitePreload`, which wraps every dynamic import of the client build. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * With module preloads off (vite.config.ts) and one stylesheet, linked by the Worker, every dynamic import's list of
 * files to preload is empty, yet Vite's helper (half a KiB gzip, in the shell chunk every page loads before it
 * hydrates) still wraps each. Here it only imports. The build fails if a lazy chunk ever brings a stylesheet of its
 * own, which the helper would have linked.
 */
export function clientPreloadHelper(): Plugin {
  return {
    name: 'client-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) => (id === PRELOAD_HELPER_ID ? { code: 'export const __vitePreload = (load) => load();', moduleSideEffects: false } : undefined),
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && !chunk.isEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0) {
          this.error(`${chunk.fileName} imports a stylesheet of its own: vite-plugins/client-preload-helper.ts would not load it`);
        }
      }
    },
  };
}
