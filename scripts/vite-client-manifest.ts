import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const CLIENT_OUT_DIR = 'dist/client';
const MANIFEST_ID = 'virtual:client-manifest';

interface ManifestChunk {
  css?: string[];
}

/** The text of every stylesheet the client build emitted, by its URL path, for SSR to inline. */
function styleSheets(manifest: Record<string, ManifestChunk>): Record<string, string> {
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  return Object.fromEntries([...files].map((file) => [`/${file}`, readFileSync(`${CLIENT_OUT_DIR}/${file}`, 'utf8')]));
}

/**
 * Gives the Worker the client build's manifest, so SSR can link the entry and the current route's chunk
 * and inline their CSS. In dev the module is null and the Worker links the sources for Vite to serve.
 */
export function clientManifest(): Plugin {
  return {
    name: 'client-manifest',
    resolveId: (id) => (id === MANIFEST_ID ? `\0${MANIFEST_ID}` : undefined),
    load(id) {
      if (id !== `\0${MANIFEST_ID}`) return undefined;
      if (this.environment.mode !== 'build') return 'export default null;\nexport const styleSheets = {};';
      const manifest = JSON.parse(readFileSync(`${CLIENT_OUT_DIR}/.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
      return `export default ${JSON.stringify(manifest)};\nexport const styleSheets = ${JSON.stringify(styleSheets(manifest))};`;
    },
  };
}
