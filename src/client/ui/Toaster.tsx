import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import { toasterListens } from './toast';
import { toastHostElement } from './top-layer';

/**
 * sonner's container, in the element that follows the topmost open dialog (./top-layer.ts), so a toast is never
 * behind a modal. Browser only: ./LazyToaster.tsx mounts it after hydration, when a toast or the page asks. Its settings ride here, with
 * sonner, rather than in the shell every page loads.
 */
export default function Toaster(props: ToasterProps) {
  // After sonner's own effects, which subscribe it to the toasts (a child's effects run before its parent's).
  useEffect(toasterListens, []);
  return createPortal(
    <SonnerToaster duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" {...props} />,
    toastHostElement(),
  );
}
