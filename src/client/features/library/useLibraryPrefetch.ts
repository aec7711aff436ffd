import { useEffect } from 'react';
import { useSWRConfig, type Cache, type ScopedMutator } from 'swr';
import { getJson } from '../../api';
import { matchAppRoute, type AppRoute } from '../../routes';
import { isLibrary, type Library } from '../../../shared/songs/paths';
import { songListingUrl } from './song-listing';

/** The library page a link leads to (the routes of the libraries are named after them), or null. */
export function libraryLinkTarget(target: EventTarget | null): { route: AppRoute; library: Library } | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  const { route } = matchAppRoute(link.pathname);
  return isLibrary(route.id) ? { route, library: route.id } : null;
}

/** Libraries whose listing is on its way, so hovering back and forth asks once. */
const inFlight = new Set<Library>();

/**
 * Puts a library's whole listing into SWR's cache, unless it is there or on its way: the page then draws its
 * folders and songs on its first render after a client-side move, which has no server HTML to start from.
 */
export async function prefetchLibraryListing(library: Library, cache: Cache, mutate: ScopedMutator): Promise<void> {
  const key = songListingUrl(library);
  if (inFlight.has(library) || cache.get(key)?.data !== undefined) return;
  inFlight.add(library);
  try {
    await mutate(key, getJson(key), { revalidate: false });
  } catch {
    // The page asks again when it opens, and shows the failure there.
  } finally {
    inFlight.delete(library);
  }
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * A pointer over, a finger on or the focus on a link to a library (the header's, the footer's, the 404 page's)
 * fetches that page's code and listing before the click. On idle only the code, which is small and kept: a
 * listing can be 300 KB gzip (100,000 songs), too much to fetch for every visitor of every page.
 */
export function useLibraryPrefetch(): void {
  const { cache, mutate } = useSWRConfig();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = libraryLinkTarget(event.target);
      if (!target) return;
      void target.route.page.preload();
      void prefetchLibraryListing(target.library, cache, mutate);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(preloadLinkedPages, { timeout: 4000 }) : null;
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
      if (idle !== null) window.cancelIdleCallback(idle);
    };
  }, [cache, mutate]);
}

/** The code of every library page this page links to. */
function preloadLinkedPages(): void {
  const routes = new Set<AppRoute>();
  for (const link of document.querySelectorAll('a[href]')) {
    const target = libraryLinkTarget(link);
    if (target) routes.add(target.route);
  }
  for (const route of routes) void route.page.preload();
}
