/**
 * What the browser loads of the router once the visitor may leave the page (./route-table.ts): the route table, and
 * what an intent towards a link fetches ahead.
 */
import { matchAppRoute } from './routes';

export { matchAppRoute, NOT_FOUND_ROUTE } from './routes';

/**
 * Intent towards a link to a library (a pointer over it, the focus, a finger: ./useLinkNavigation.ts) fetches that
 * page's code and its listing before the click. Nothing is fetched before such an intent: a page downloads no other
 * page's code before any interaction, and a listing can be 300 KB gzip (100,000 songs).
 */
export function linkIntent(link: HTMLAnchorElement): void {
  const { route } = matchAppRoute(link.pathname);
  // The pages with the music chrome are the libraries.
  if (route.chrome !== 'music') return;
  // A prefetch that fails is forgotten: the click loads the page and its listing again, and says what failed.
  route.page.preload().catch(() => undefined);
  import('./features/library/prefetch-library-listing').then(({ prefetchLibraryListing }) => prefetchLibraryListing(route.id)).catch(() => undefined);
}
