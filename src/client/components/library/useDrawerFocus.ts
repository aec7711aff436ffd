import { useEffect, useEffectEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An off-canvas drawer's keyboard contract: focus moves in when it opens (to its tree's Tab stop), Tab and
 * Shift+Tab stay inside, Escape closes it, and focus returns to the button that opened it.
 */
export function useDrawerFocus(drawer: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, opener: RefObject<HTMLElement | null>) {
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    const el = drawer.current;
    if (!open || !el) return;
    const inside = () => [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((f) => f.tabIndex >= 0);
    (el.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]') ?? inside()[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = inside();
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !el.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !el.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const returnTo = opener.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      returnTo?.focus();
    };
  }, [drawer, open, opener]);
}
