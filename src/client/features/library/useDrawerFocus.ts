import { useEffect, useEffectEvent, type RefObject } from 'react';
import { TOAST_HOST_ATTRIBUTE } from '../../ui/top-layer';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * An off-canvas drawer's keyboard contract: focus moves in when it opens (to the element marked
 * `data-initial-focus`, else its tree's Tab stop, else the first control), Tab and Shift+Tab stay inside,
 * Escape closes it, and focus returns to the button that opened it.
 */
export function useDrawerFocus(drawer: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, opener: RefObject<HTMLElement | null>) {
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    const el = drawer.current;
    if (!open || !el) return;
    const inside = () => [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((f) => f.tabIndex >= 0);
    (el.querySelector<HTMLElement>('[data-initial-focus]') ?? el.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]') ?? inside()[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from the drawer (a folder's download question) sits above it and keeps its keys.
      if (event.target instanceof Element && event.target.closest('dialog')) return;
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

/** Marks a drawer's backdrop: it stays clickable (a click on it closes the drawer) while the rest behind is inert. */
export const DRAWER_BACKDROP_ATTRIBUTE = 'data-drawer-backdrop';

/** Makes everything outside `inside` inert; returns what gives it back. */
function makeInertBehind(inside: Element): () => void {
  const made: Element[] = [];
  for (let node: Element = inside; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (
        sibling === node ||
        sibling.hasAttribute('inert') ||
        sibling.matches(`script, [aria-live], [${TOAST_HOST_ATTRIBUTE}], [${DRAWER_BACKDROP_ATTRIBUTE}]`)
      )
        continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const sibling of made) sibling.removeAttribute('inert');
  };
}

/**
 * Makes everything outside `el` inert while `active` (what `aria-modal` promises but browsers do not do for
 * an element that is not a <dialog>): no Tab stop, no click and nothing for a screen reader behind it.
 * Toasts stay live so their messages are still heard. With `where`, only while that media query matches, read
 * once `active` and followed from then on: a page that asked for the query while rendering would render again
 * right after hydrating, in a browser whose answer differs from the server's.
 */
export function useInertBehind(el: RefObject<HTMLElement | null>, active: boolean, where?: string) {
  useEffect(() => {
    const inside = el.current;
    if (!active || !inside) return;
    if (where === undefined) return makeInertBehind(inside);
    const media = window.matchMedia(where);
    let restore = media.matches ? makeInertBehind(inside) : undefined;
    const follow = () => {
      restore?.();
      restore = media.matches ? makeInertBehind(inside) : undefined;
    };
    media.addEventListener('change', follow);
    return () => {
      media.removeEventListener('change', follow);
      restore?.();
    };
  }, [el, active, where]);
}
