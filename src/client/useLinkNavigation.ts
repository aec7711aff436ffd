import { useEffect } from 'react';
import { navigate } from './navigation';
import { loadedRouteTable, loadRouteTable } from './route-table';

type RouteTable = NonNullable<ReturnType<typeof loadedRouteTable>>;

/** The link an event happened on, when it leads to a page of this site. */
function sameSiteLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  return link instanceof HTMLAnchorElement && link.origin === window.location.origin ? link : null;
}

/**
 * The link of a click that may move the app without loading a document: a plain left click on a link to another
 * address of this site. Anything else stays the browser's: a new tab or window, a download, another site, a jump
 * within the page, a click a handler already took. Whether the app has a page there is the route table's to say.
 */
export function appLinkClicked(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = sameSiteLink(event.target);
  if (!link || (link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  const here = window.location;
  if (link.hash !== '' && link.pathname === here.pathname && link.search === here.search) return null;
  return link;
}

/** An address the app has no page for (`/api/…`) is the browser's to load. */
const isAppPage = (table: RouteTable, link: HTMLAnchorElement) => table.matchAppRoute(link.pathname).route !== table.NOT_FOUND_ROUTE;

/** A sign that the visitor may follow a link: a pointer over it, the focus on it, a finger on it. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * The app's links are plain `<a href>`: one costs no hooks to render (a router's `Link` component costs some, on the
 * server too, for every link of every page). This one listener makes the clicks `appLinkClicked` accepts client-side
 * navigations. The route table loads on the first intent towards a link of the site (a pointer over it, the focus, a
 * finger), before its click, and fetches what that link's page needs ahead (./client-router.ts); a click with no
 * intent before it (a script's) waits for the table.
 */
export function useLinkNavigation(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link = sameSiteLink(event.target);
      // A load that failed is tried again on the next intent or click.
      if (link)
        loadRouteTable().then(
          (router) => router.linkIntent(link),
          () => undefined,
        );
    };
    const onClick = (event: MouseEvent) => {
      const link = appLinkClicked(event);
      if (link === null) return;
      const to = `${link.pathname}${link.search}${link.hash}`;
      const table = loadedRouteTable();
      if (table) {
        if (!isAppPage(table, link)) return;
        event.preventDefault();
        navigate(to);
        return;
      }
      event.preventDefault();
      const load = () => window.location.assign(link.href);
      loadRouteTable().then((loaded) => (isAppPage(loaded, link) ? navigate(to) : load()), load);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    document.addEventListener('click', onClick);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
      document.removeEventListener('click', onClick);
    };
  }, []);
}
