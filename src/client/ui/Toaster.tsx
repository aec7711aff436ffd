import { createPortal } from 'react-dom';
import { Toaster as SonnerToaster, type ToasterProps } from 'sonner';
import { toastHostElement } from './top-layer';

/**
 * sonner's container, in the element that follows the topmost open dialog (./top-layer.ts), so a toast is never
 * behind a modal. Browser only: ./LazyToaster.tsx mounts it once the page has hydrated.
 */
export default function Toaster(props: ToasterProps) {
  return createPortal(<SonnerToaster {...props} />, toastHostElement());
}
