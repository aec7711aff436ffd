import { useSyncExternalStore } from 'react';

// Once asked for, the toast container stays for the rest of the visit.
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For a toast on a page that does not toast otherwise (a failed sign-out on the landing page): mounts the
 * container. The caller loads sonner and gives it a frame to subscribe before it toasts.
 */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/**
 * Whether the container is there: on a page that toasts, or once a toast elsewhere asked for it; in the browser only,
 * after hydration (the server's HTML and the hydrating render have none of it).
 */
export const useToasterShown = (pageToasts: boolean): boolean =>
  useSyncExternalStore(
    subscribe,
    () => pageToasts || requested,
    () => false,
  );
