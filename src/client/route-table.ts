/**
 * The route table (./routes.ts, with ./client-router.ts), loaded on the first sign that the visitor may leave the
 * page: a pointer over, a finger on or the focus on a link, or a click. A page hydrates without it: the server names
 * the page it rendered in the data island (./data-island.ts), so no page downloads every other page's address before
 * any interaction.
 */
import { moduleOnDemand } from './module-on-demand';

type RouteTable = typeof import('./client-router');

const table = moduleOnDemand<RouteTable>(() => import('./client-router'));

/** The table, if it has loaded. */
export const loadedRouteTable = table.loaded;

/** The table, loaded once; a load that failed is tried again on the next call. */
export const loadRouteTable = table.load;
