import { Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import type { Theme } from '../hooks/useTheme';
import { useToasterRequested } from '../hooks/useToasterRequest';
import { lazyComponent } from '../lazy-component';

/** sonner's container (./Toaster.tsx), loaded only where it is wanted. */
export const toaster = lazyComponent<ToasterProps>(() => import('./Toaster'));

// Nothing to subscribe to: only the server and the hydrating render are not in a browser.
const noSubscription = () => () => undefined;

/**
 * The toast container loads only on pages that toast (the route table says which) or on the first toast
 * elsewhere: the landing page and the catalogue never download it. It renders in the browser only, right after
 * hydration: the server's HTML and the hydrating render have none of it.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  const wanted = useToasterRequested();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if ((!pageToasts && !wanted) || !inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <toaster.Component theme={theme} duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" />
    </Suspense>
  );
}
