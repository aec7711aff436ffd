import type { RouteDeclaration } from './page-route';

/** The server's data for the first paint travels in a JSON script element (never executed). */
export const DATA_ISLAND_ID = '__SM_DATA__';

/** What the shell reads of a route (src/client/App.tsx). */
export type ShellRouteFields = Pick<RouteDeclaration, 'id' | 'title' | 'chrome' | 'toasts'>;

/**
 * The page the server rendered (its 404 page where it answered with one), so the browser hydrates it without the
 * route table (src/client/route-table.ts): the route as the shell reads it, its address's params, and its module (its
 * path in the build manifest, and the URL of its built file).
 */
export interface IslandPage {
  route: ShellRouteFields;
  params: Record<string, string>;
  source: string;
  module: string;
}

export interface IslandData {
  /** SWR fallback: API URL → answer. */
  fallback: Record<string, unknown>;
  page: IslandPage;
  /** A file built once for everyone (AppRoute.prerender): rendered without the address's query and without a visitor. */
  prerendered?: boolean;
}

const SCRIPT_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. One pass over it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char] ?? char);
}

/** The island the server wrote into the page (every page it renders has one), or null. */
export function readIsland(doc: Document): IslandData | null {
  const text = doc.getElementById(DATA_ISLAND_ID)?.textContent;
  return text ? (JSON.parse(text) as IslandData) : null;
}
