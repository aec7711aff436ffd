import { Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import type { Theme } from '../hooks/useTheme';
import { useToasterRequested } from '../hooks/useToasterRequest';
import { lazyComponent } from '../lazy-component';
import { toastHostElement } from './top-layer';

/** sonner's container, loaded only where it is wanted. */
export const toaster = lazyComponent<ToasterProps>(() => import('sonner').then((m) => ({ default: m.Toaster })));

// Nothing to subscribe to: the host never changes once made; only the server and the hydrating render lack it.
const noSubscription = () => () => undefined;

/**
 * The toast container loads only on pages that toast (the route table says which) or on the first toast
 * elsewhere: the landing page and the catalogue never download sonner. It renders in the browser only, into
 * the element that follows the topmost open dialog (./top-layer.ts), so a toast is never behind a modal.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  const wanted = useToasterRequested();
  const host = useSyncExternalStore(noSubscription, toastHostElement, () => null);
  if ((!pageToasts && !wanted) || !host) return null;
  return createPortal(
    <Suspense fallback={null}>
      <toaster.Component theme={theme} duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" />
    </Suspense>,
    host,
  );
}
