import { useEffect, useRef, type RefObject } from 'react';
import type { SectionName } from '../../../shared/settings/registry';

/** Moving between the overview and a module puts the focus (and the screen) at the start of the new view. */
export function useFocusOnViewChange(view: RefObject<HTMLDivElement | null>, section: SectionName | null) {
  const shown = useRef(section);
  useEffect(() => {
    if (shown.current === section) return;
    shown.current = section;
    const element = view.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    if (element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [view, section]);
}
