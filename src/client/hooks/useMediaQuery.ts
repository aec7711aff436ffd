import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `max-md` breakpoint: the widths where the page lays itself out for a phone. */
export const PHONE_QUERY = '(width < 48rem)';

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
