import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Imports the app's builds and the Worker tests resolve elsewhere. */
export const moduleAliases = [
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: here('../src/client/use-sync-external-store-shim.ts'),
  },
  // The app's router is src/client/navigation.tsx. The settings pages still name its hooks by their old package, whose
  // `useLocation` and `useSearch` it answers alike: it stands in for it until they import it (then this and the
  // package go).
  { find: /^wouter$/, replacement: here('../src/client/navigation.tsx') },
];
