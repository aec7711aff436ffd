import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** An address: its path, and its query without the `?`. */
export interface Address {
  path: string;
  search: string;
}

interface LocationValue extends Address {
  navigate: Navigate;
}

const LocationContext = createContext<LocationValue | null>(null);

/**
 * A move within the page's history is announced on `window` as a `pushState` or `replaceState` event (the names
 * history libraries use), the browser's back and forward as `popstate`: every location hook on the page hears each.
 */
const CHANGE_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

const browserAddress = (): Address => ({ path: window.location.pathname, search: window.location.search.replace(/^\?/, '') });

export const navigate: Navigate = (to, { replace = false } = {}) => {
  const method = replace ? 'replaceState' : 'pushState';
  window.history[method](null, '', to);
  window.dispatchEvent(new Event(method));
};

/**
 * The address the app shows. `at` is where the server rendered it (the whole address there; in the browser, the
 * query a prerendered page was built without): the first render matches that HTML, the browser's own address
 * follows right after. A move to another path renders in a transition, so a page whose code is still loading leaves
 * the current one on screen rather than a loading fallback. A move within the page (its query: a library's folder
 * and song) renders at once, in step with the state the page keeps beside it.
 */
export function LocationProvider({ at, children }: { at?: Partial<Address>; children: ReactNode }) {
  const [address, setAddress] = useState<Address>(() => ({ ...(typeof window === 'undefined' ? { path: '/', search: '' } : browserAddress()), ...at }));
  /** The path last asked for (a transition may not have rendered it yet). */
  const pathAsked = useRef(address.path);
  useEffect(() => {
    const follow = () => {
      const next = browserAddress();
      const show = () => setAddress((current) => (current.path === next.path && current.search === next.search ? current : next));
      if (next.path === pathAsked.current) {
        show();
        return;
      }
      pathAsked.current = next.path;
      startTransition(show);
    };
    follow();
    for (const type of CHANGE_EVENTS) window.addEventListener(type, follow);
    return () => {
      for (const type of CHANGE_EVENTS) window.removeEventListener(type, follow);
    };
  }, []);
  const value = useMemo(() => ({ ...address, navigate }), [address]);
  return <LocationContext value={value}>{children}</LocationContext>;
}

function useAddress(): LocationValue {
  const value = useContext(LocationContext);
  if (value === null) throw new Error('useLocation needs a LocationProvider above it');
  return value;
}

/** The path shown, and the function that moves to another address (a new history entry, or `replace` this one). */
export function useLocation(): [string, Navigate] {
  const { path } = useAddress();
  return [path, navigate];
}

/** The query of the address shown, without its `?`. */
export const useSearch = (): string => useAddress().search;
