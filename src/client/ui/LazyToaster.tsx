import { Suspense } from 'react';
import type { ToasterProps } from 'sonner';
import type { Theme } from '../hooks/useTheme';
import { useToasterShown } from '../hooks/useToasterRequest';
import { lazyComponent } from '../lazy-component';

/** sonner's container (./Toaster.tsx), loaded only where it is wanted. */
export const toaster = lazyComponent<ToasterProps>(() => import('./Toaster'));

/**
 * The toast container loads only on pages that toast (the route table says which) or on the first toast
 * elsewhere: the landing page and the catalogue never download it. It renders in the browser only, right after
 * hydration: the server's HTML and the hydrating render have none of it.
 */
export function LazyToaster({ theme, pageToasts }: { theme: Theme; pageToasts: boolean }) {
  if (!useToasterShown(pageToasts)) return null;
  return (
    <Suspense fallback={null}>
      <toaster.Component theme={theme} />
    </Suspense>
  );
}
