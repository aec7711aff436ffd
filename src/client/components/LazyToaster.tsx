import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import type { Theme } from '../hooks/useTheme';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast container loads after hydration: no page needs it for the first paint, and keeping sonner
 * out of the entry chunk keeps the landing page within its JavaScript budget.
 */
export function LazyToaster({ theme }: { theme: Theme }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" />
    </Suspense>
  );
}
