import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const CLIENT_OUT_DIR = 'dist/client';
const MANIFEST_ID = 'virtual:client-manifest';

/**
 * Gives the Worker the client build's manifest, so SSR can link the entry and the current route's chunk
 * and their CSS. In dev the module is null and the Worker links the sources for Vite to serve.
 */
export function clientManifest(): Plugin {
  return {
    name: 'client-manifest',
    resolveId: (id) => (id === MANIFEST_ID ? `\0${MANIFEST_ID}` : undefined),
    load(id) {
      if (id !== `\0${MANIFEST_ID}`) return undefined;
      if (this.environment.mode !== 'build') return 'export default null;';
      return `export default ${readFileSync(`${CLIENT_OUT_DIR}/.vite/manifest.json`, 'utf8')};`;
    },
  };
}
