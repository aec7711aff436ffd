import { createPortal } from 'react-dom';
import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { TOAST_DURATION_MS, TOAST_MAX } from '../../shared/constants';
import { toastHostElement } from './top-layer';

/**
 * sonner's container, in the element that follows the topmost open dialog (./top-layer.ts), so a toast is never
 * behind a modal. Browser only: ./LazyToaster.tsx mounts it once the page has hydrated. Its settings ride here, with
 * sonner, rather than in the shell every page loads.
 */
export default function Toaster(props: ToasterProps) {
  return createPortal(
    <SonnerToaster duration={TOAST_DURATION_MS} visibleToasts={TOAST_MAX} closeButton position="bottom-right" {...props} />,
    toastHostElement(),
  );
}
