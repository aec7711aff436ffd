import type { Plugin } from 'vite';

/** Vite's module of `__vitePreload`, which wraps every dynamic import of the client build. */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * With module preloads off (vite.config.ts), the files Vite lists for a dynamic import are only the stylesheets its
 * chunks bring (a page's own, src/client/pages/<id>/page.css). Vite's helper (half a KiB gzip, in the shell chunk
 * every page loads before it hydrates) would also preload modules. This one links those stylesheets, fetched beside
 * the module, and resolves once both have loaded: a page reached by a client-side navigation never shows unstyled.
 * A sheet already linked (by the Worker, for the page it served) is not linked again.
 */
export const PRELOAD_HELPER = `const sheets = {};
export const __vitePreload = (load, deps = []) =>
  Promise.all([
    load(),
    ...deps.map((dep) => (sheets[dep] ??= new Promise((onload, onerror) => {
      if (document.querySelector(\`link[href="/\${dep}"]\`)) return onload();
      document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/' + dep, onload, onerror }));
    }))),
  ]).then(([module]) => module);`;

export function clientPreloadHelper(): Plugin {
  return {
    name: 'client-preload-helper',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: (id) => (id === PRELOAD_HELPER_ID ? { code: PRELOAD_HELPER, moduleSideEffects: false } : undefined),
  };
}
