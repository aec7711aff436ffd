import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import type { Theme } from '../hooks/useTheme';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

// Once asked for, the container stays for the rest of the visit.
let requested = false;
const listeners = new Set<() => void>();

/**
 * For a toast on a page that does not toast otherwise (a failed sign-out on the landing page): mounts the
 * container, then resolves once it had a frame to subscribe, so the toast is not lost.
 */
export function requestToaster(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('sonner').then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The toast container loads only on pages that toast (the route table says which) or on the first toast
 * elsewhere: the landing page and the catalogue never download sonner.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!pageToasts && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" />
    </Suspense>
  );
}
