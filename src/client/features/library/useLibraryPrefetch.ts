import { useEffect } from 'react';
import { matchAppRoute, type AppRoute } from '../../routes';

/** The library page a link leads to (the pages with the music chrome), or null. */
function libraryRouteOf(target: EventTarget | null): AppRoute | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  const { route } = matchAppRoute(link.pathname);
  return route.chrome === 'music' ? route : null;
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * A pointer over, a finger on or the focus on a link to a library (the header's, the footer's, the 404 page's)
 * fetches that page's code and its listing (the library routes' ids are the libraries' names) before the click.
 * Nothing is fetched before such an intent: a page downloads no other page's code before any interaction, and a
 * listing can be 300 KB gzip (100,000 songs). What fetches the listing loads on first intent, so pages without one
 * carry none of it.
 */
export function useLibraryPrefetch(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const route = libraryRouteOf(event.target);
      if (!route) return;
      // A prefetch that fails is forgotten: the click loads the page and its listing again, and says what failed.
      route.page.preload().catch(() => undefined);
      import('./prefetch-library-listing').then(({ prefetchLibraryListing }) => prefetchLibraryListing(route.id)).catch(() => undefined);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, []);
}
