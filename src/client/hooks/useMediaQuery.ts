import { useCallback, useSyncExternalStore } from 'react';

// The header reads the query alone, from the shell every page loads; the hook rides with the pages that use it.
export { PHONE_QUERY } from '../ui/breakpoints';

/** Whether a CSS media query matches, kept up to date; false on the server (no screen to measure). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
