/**
 * The route table (./routes.ts, with ./client-router.ts), loaded on the first sign that the visitor may leave the
 * page: a pointer over, a finger on or the focus on a link, or a click. A page hydrates without it: the server names
 * the page it rendered in the data island (./data-island.ts), so no page downloads every other page's address before
 * any interaction.
 */
type RouteTable = typeof import('./client-router');

let table: RouteTable | undefined;
let loading: Promise<RouteTable> | undefined;

/** The table, if it has loaded. */
export const loadedRouteTable = (): RouteTable | undefined => table;

/** The table, loaded once; a load that failed is tried again on the next call. */
export function loadRouteTable(): Promise<RouteTable> {
  loading ??= import('./client-router').then(
    (module) => (table = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
