/** The server's data for the first paint travels in a JSON script element (never executed). */
export const DATA_ISLAND_ID = '__SM_DATA__';

export interface IslandData {
  /** SWR fallback: API URL → answer. */
  fallback: Record<string, unknown>;
  /** The server rendered the 404 page at this path (a server the visitor cannot manage). */
  notFound?: boolean;
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

export function readIsland(doc: Document): IslandData {
  const text = doc.getElementById(DATA_ISLAND_ID)?.textContent;
  if (!text) return { fallback: {} };
  return JSON.parse(text) as IslandData;
}
