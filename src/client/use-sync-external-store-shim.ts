// swr imports the React 17 shim of useSyncExternalStore; React 19 has it built in, so the shim's fallback
// code would only cost bytes on every page (vite.config.ts points the import here).
export { useSyncExternalStore } from 'react';
