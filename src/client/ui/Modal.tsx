import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A sentence under the title, announced with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom; stacked full-width on a phone. */
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

/** Open dialogs, innermost last: only the top one reacts to Escape and holds focus. */
const stack: HTMLElement[] = [];

const focusables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true');

/**
 * An accessible modal dialog: labelled by its title, focus moves in on open, Tab cycles inside,
 * Escape or a click on the backdrop closes it, and focus goes back to where it was. Dialogs may stack.
 */
export function Modal({ open, onClose, title, description, children, footer, initialFocusRef, size = 'md' }: ModalProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(
    <ModalPanel onClose={onClose} title={title} description={description} footer={footer} initialFocusRef={initialFocusRef} size={size}>
      {children}
    </ModalPanel>,
    document.body,
  );
}

function ModalPanel({ onClose, title, description, children, footer, initialFocusRef, size = 'md' }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Effect events: the listeners below always see the latest props without re-running the effect.
  const closeFromEscape = useEffectEvent(() => onClose());
  const initialFocusTarget = useEffectEvent(() => initialFocusRef?.current);

  useEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(dialog);
    const isTop = () => stack.at(-1) === dialog;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    (initialFocusTarget() ?? focusables(dialog)[0] ?? dialog).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        closeFromEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that lands outside (a click on the page behind, a toast) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || !(event.target instanceof Node) || dialog.contains(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) return;
      (focusables(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(dialog), 1);
      if (stack.length === 0) document.body.style.overflow = previousOverflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening: the initial focus target is read when the dialog appears.
  }, []);

  return (
    <div
      // The backdrop is only a click target to close the dialog (Escape and the close button do the same from the keyboard).
      role="presentation"
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-3 sm:items-center sm:p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`flex max-h-[calc(100dvh-1.5rem)] w-full ${WIDTHS[size]} flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white text-gray-900 shadow-2xl outline-none dark:border-gray-800 dark:bg-gray-900 dark:text-gray-100`}
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
            className="-mr-2 -mt-1 rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        {/* A question (a title, a sentence and buttons) has no body: no empty band above its buttons. */}
        {children != null && children !== false && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end dark:border-gray-800">{footer}</div>
        )}
      </div>
    </div>
  );
}
