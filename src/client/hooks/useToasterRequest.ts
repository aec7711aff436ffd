import { useSyncExternalStore } from 'react';

// Once asked for, the toast container stays for the rest of the visit.
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the container (src/client/ui/toast.ts asks, with the first toast or at idle on a page that toasts). */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** Whether the container is there: once asked for; in the browser only (the server's HTML and the hydrating render have none of it). */
export const useToasterShown = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
