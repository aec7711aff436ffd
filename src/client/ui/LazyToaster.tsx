import { Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import type { Theme } from '../hooks/useTheme';
import { useToasterRequested } from '../hooks/useToasterRequest';
import { lazyComponent } from '../lazy-component';

/** Preloaded by the server for pages that toast, so their HTML has it whole (src/worker/render/page.tsx). */
export const toaster = lazyComponent<ToasterProps>(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast container loads only on pages that toast (the route table says which) or on the first toast
 * elsewhere: the landing page and the catalogue never download sonner.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  const wanted = useToasterRequested();
  if (!pageToasts && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <toaster.Component theme={theme} duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" />
    </Suspense>
  );
}
