/** The server's data for the first paint travels in a JSON script element (never executed). */
export const DATA_ISLAND_ID = '__SM_DATA__';

export interface IslandData {
  /** SWR fallback: API URL → answer. */
  fallback: Record<string, unknown>;
  /** The server rendered the 404 page at this path (a server the visitor cannot manage). */
  notFound?: boolean;
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readIsland(doc: Document): IslandData {
  const text = doc.getElementById(DATA_ISLAND_ID)?.textContent;
  if (!text) return { fallback: {} };
  return JSON.parse(text) as IslandData;
}
