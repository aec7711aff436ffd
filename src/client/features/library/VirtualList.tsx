import { useEffect, useRef, useState, type ReactNode } from 'react';

interface VirtualListProps {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  /** Rows rendered beyond the visible ones, so fast scrolling and Tab do not meet blank space. */
  overscan?: number;
  className?: string;
  label: string;
  /** Changes when the list shows something else (another folder, another search): scroll to top. */
  resetKey?: string;
  /** 'tree': the rows render their own treeitems (the list items step aside with role none). */
  role?: 'list' | 'tree';
  /** A row kept in the DOM even when scrolled away: a tree's one Tab stop must always exist. */
  keepIndex?: number;
}

/** Until the viewport is measured (server render, tests), assume a tall screen. */
const FALLBACK_VIEWPORT = 900;

/**
 * Fixed-height rows, only the visible slice in the DOM: a folder or a search with 20,000 songs
 * scrolls as smoothly as one with ten.
 */
export function VirtualList({ count, rowHeight, renderRow, overscan = 8, className = '', label, resetKey, role = 'list', keepIndex }: VirtualListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || FALLBACK_VIEWPORT);
    // The observer's first call comes with the next frame's layout. Measured here, the list would force a layout and
    // render again inside the hydrating commit, before the page is interactive.
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Another folder or search starts at the top: the rendered slice at once (while rendering), the element after commit.
  const [scrolledFor, setScrolledFor] = useState(resetKey);
  if (scrolledFor !== resetKey) {
    setScrolledFor(resetKey);
    setScrollTop(0);
  }
  // Not on mount: a new list is at the top already, and setting scrollTop forces a layout inside the hydrating commit.
  const scrolledKeyRef = useRef(resetKey);
  useEffect(() => {
    if (scrolledKeyRef.current === resetKey) return;
    scrolledKeyRef.current = resetKey;
    const el = scrollRef.current;
    if (el) el.scrollTop = 0;
  }, [resetKey]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const indices: number[] = [];
  if (keepIndex !== undefined && keepIndex >= 0 && keepIndex < first) indices.push(keepIndex);
  for (let i = first; i < last; i++) indices.push(i);
  if (keepIndex !== undefined && keepIndex >= last && keepIndex < count) indices.push(keepIndex);
  const itemAria = (i: number) => (role === 'list' ? { role: 'listitem', 'aria-setsize': count, 'aria-posinset': i + 1 } : { role: 'none' });
  const rows = indices.map((i) => (
    <li key={i} {...itemAria(i)} className="absolute inset-x-0" style={{ top: i * rowHeight, height: rowHeight }}>
      {renderRow(i)}
    </li>
  ));

  return (
    <div ref={scrollRef} className={`overflow-y-auto overscroll-contain ${className}`} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
      <ul role={role} aria-label={label} className="relative" style={{ height: count * rowHeight }}>
        {rows}
      </ul>
    </div>
  );
}
