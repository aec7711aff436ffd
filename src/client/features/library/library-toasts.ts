import type { toast as sonnerToast } from 'sonner';
import { requestToaster } from '../../hooks/useToasterRequest';

export type Toast = typeof sonnerToast;

let loading: Promise<Toast> | undefined;

/**
 * sonner for the libraries' toasts, loaded after hydration rather than with the page: its module inserts its
 * stylesheet when it runs, which cost the throttled page about 8 ms between first paint and hydration
 * (docs/performance.md). Asking for it mounts the toast container; a toast made before the container listens is
 * shown when it does (sonner hands a new listener the toasts still active).
 */
export function libraryToast(): Promise<Toast> {
  requestToaster();
  loading ??= import('sonner').then(({ toast }) => toast);
  return loading;
}

/** Loads sonner and the container once the page is idle, so the first toast does not wait for them. */
export function preloadLibraryToasts(): () => void {
  const load = () => void libraryToast();
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 200);
  return () => clearTimeout(timer);
}
