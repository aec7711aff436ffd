/**
 * Finding rows by the start of a name or an id, the way the admin console's pickers ask. Each part is its own
 * ORDER BY … LIMIT over an index (a NOCASE index answers `LIKE 'prefix%'`, the primary key answers an id
 * range), so a search costs the same with ten rows or a million: SQLite reads at most `limit` rows per part.
 */

/** `text` as a LIKE pattern matching names that start with it: its own %, _ and \ match only themselves. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The id range of ids that start with `text` when it is all digits (ids are snowflakes, and ':' follows '9'),
 * otherwise an empty range.
 */
export const idPrefixRange = (text: string): [string, string] => (/^\d+$/.test(text) ? [text, `${text}:`] : ['', '']);

/** The rows of a UNION ALL of parts, each row once (the first part that found it wins), at most `limit`. */
export function firstDistinct<T extends { id: string }>(rows: readonly T[], limit: number): T[] {
  const seen = new Map<string, T>();
  for (const row of rows) if (!seen.has(row.id) && seen.size < limit) seen.set(row.id, row);
  return [...seen.values()];
}
