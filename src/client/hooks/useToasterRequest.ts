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

/** Whether a toast outside the toasting pages asked for the container. */
export const useToasterRequested = () =>
  useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
