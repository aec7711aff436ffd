import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Imports the app's builds and the Worker tests resolve elsewhere. */
export const moduleAliases = [
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: here('../src/client/use-sync-external-store-shim.ts'),
  },
];
