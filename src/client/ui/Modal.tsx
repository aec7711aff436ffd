import { useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { dialogActionsRowClass } from './DialogActions';
import { dialogClosed, dialogOpened } from './top-layer';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A sentence under the title, announced with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (DialogActions); stacked full-width on a phone. */
  footer?: ReactNode;
  /** What gets focus on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const WIDTHS = { sm: 'sm:max-w-sm', md: 'sm:max-w-md', lg: 'sm:max-w-2xl' } as const;

// The panel's own controls: the toasts moved into the dialog (./top-layer.ts) are reached with their hotkey, not Tab.
const focusables = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true');

/**
 * An accessible modal dialog on the native <dialog> (`showModal()`): it sits in the top layer and the page
 * behind is inert; labelled by its title, focus moves in on open, Tab cycles inside, Escape (the `cancel`
 * event) or a click on the backdrop closes it, and focus goes back to where it was. Dialogs may stack.
 */
export function Modal({ open, onClose, title, description, children, footer, initialFocusRef, size = 'md' }: ModalProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <ModalDialog onClose={onClose} title={title} description={description} footer={footer} initialFocusRef={initialFocusRef} size={size}>
      {children}
    </ModalDialog>,
    document.body,
  );
}

function ModalDialog({ onClose, title, description, children, footer, initialFocusRef, size = 'md' }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // Effect events: the listeners below always see the latest props without re-running the effect.
  const close = useEffectEvent(() => onClose());
  const initialFocusTarget = useEffectEvent(() => initialFocusRef?.current);

  // A layout effect: the dialog is in the top layer before the first paint, never drawn inline for a frame.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const panel = panelRef.current;
    if (!dialog || !panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    dialog.showModal();
    dialogOpened(dialog);
    document.body.style.overflow = 'hidden';
    (initialFocusTarget() ?? focusables(panel)[0] ?? panel).focus();

    // React closes the dialog by unmounting it; the browser's own closing is only asked for.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // After a refused cancel with no user action since, the browser closes without asking (close watchers).
    const onNativeClose = () => close();
    // Tab wraps inside the panel rather than leaving for the browser's toolbar.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // The dialog fills the window around its panel: a press on it, not on the panel, is one on the backdrop.
    const onBackdropPress = (event: MouseEvent) => {
      if (event.target === dialog) close();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('mousedown', onBackdropPress);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('mousedown', onBackdropPress);
      dialog.close();
      dialogClosed(dialog);
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening: the initial focus target is read when the dialog appears.
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none items-end justify-center overflow-hidden bg-transparent p-3 backdrop:bg-black/60 open:flex sm:items-center sm:p-6"
    >
      <div
        ref={panelRef}
        tabIndex={-1}
        className={`flex max-h-full w-full ${WIDTHS[size]} flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white text-gray-900 shadow-2xl outline-none dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4 dark:border-gray-800">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className="-mt-1 -mr-2 rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        {/* A question (a title, a sentence and buttons) has no body: no empty band above its buttons. */}
        {children != null && children !== false && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
        {footer && <div className={`${dialogActionsRowClass} border-t border-gray-200 px-5 py-4 dark:border-gray-800`}>{footer}</div>}
      </div>
    </dialog>
  );
}
