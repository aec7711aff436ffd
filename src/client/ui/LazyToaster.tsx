import { Suspense, useEffect } from 'react';
import type { ToasterProps } from 'sonner';
import type { Theme } from '../hooks/useTheme';
import { requestToaster, useToasterShown } from '../hooks/useToasterRequest';
import { lazyComponent } from '../lazy-component';
import { whenIdle } from '../when-idle';

/** sonner's container (./Toaster.tsx), loaded only where it is wanted. */
export const toaster = lazyComponent<ToasterProps>(() => import('./Toaster'));

/**
 * The toast container loads with the first toast (./toast.ts), and on a page that toasts (the route says so) once the
 * browser is idle after hydration, so its first toast shows at once: the landing page and the catalogue never
 * download it, and no page's hydration waits for it.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  useEffect(() => {
    if (pageToasts) whenIdle(requestToaster);
  }, [pageToasts]);
  if (!useToasterShown()) return null;
  return (
    <Suspense fallback={null}>
      <toaster.Component theme={theme} />
    </Suspense>
  );
}
