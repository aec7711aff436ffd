import { useEffect, useLayoutEffect, useRef, type FocusEvent } from 'react';

/**
 * A typed field's draft is not lost however the person leaves: it is saved when the page is hidden (another tab, the
 * phone's home screen) or left (`pagehide`, and an in-app move that takes the field away), and when what is typed
 * cannot be saved the browser asks before the page is left.
 */
export function useSaveOnLeave(commit: () => void, unsaveable: boolean): void {
  const latest = useRef(commit);
  useLayoutEffect(() => {
    latest.current = commit;
  });
  useEffect(() => {
    const save = () => latest.current();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
      save();
    };
  }, []);
  useEffect(() => {
    if (!unsaveable) return;
    // Listened to only while needed: a page with a beforeunload listener may be kept out of the back/forward cache.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaveable]);
}

/** A focusout handler for a field's group (the field and its buttons): `leave` runs once focus is outside the group. */
export const onLeaveGroup =
  (leave: () => void) =>
  (event: FocusEvent<HTMLElement>): void => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) leave();
  };
