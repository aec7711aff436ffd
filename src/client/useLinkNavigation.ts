import { useEffect } from 'react';
import { navigate } from './navigation';
import { matchAppRoute, NOT_FOUND_ROUTE } from './routes';

/**
 * Where a click on a link should take the app without loading a document: a plain left click on a link to one
 * of the app's own pages. Anything else stays the browser's: a new tab or window, a download, another site, an
 * address the app has no page for (`/api/…`), a jump within the page, a click a handler already took.
 */
export function appLinkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  const here = window.location;
  if (link.origin !== here.origin) return null;
  if (link.hash !== '' && link.pathname === here.pathname && link.search === here.search) return null;
  if (matchAppRoute(link.pathname).route === NOT_FOUND_ROUTE) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * The app's links are plain `<a href>`: one costs no hooks to render (a router's `Link` component costs some, on the
 * server too, for every link of every page). This one listener makes the clicks `appLinkTarget` accepts client-side
 * navigations.
 */
export function useLinkNavigation(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = appLinkTarget(event);
      if (target === null) return;
      event.preventDefault();
      navigate(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
