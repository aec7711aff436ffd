// The song libraries' checksum index (table song_index). No imports: the upload tool and the demo seeding
// (Node scripts) use these statements too.

/** A checksummed object: its CRC-32 holds only while R2 still has this etag and size at this path. */
export interface IndexedSong {
  path: string;
  etag: string;
  size: number;
  crc32: number;
}

const UPSERT =
  'INSERT INTO song_index (library, path, etag, size, crc32) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (library, path) DO UPDATE SET etag = ?3, size = ?4, crc32 = ?5';
const COLUMNS = 'SELECT path, etag, size, crc32 FROM song_index';

/** The first string after every string that starts with `prefix` (which is never empty here). */
const pastPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** Rows for every path under `prefix` ('' = the whole library), one indexed range scan. */
export async function readIndexUnder(db: D1Database, library: string, prefix: string): Promise<IndexedSong[]> {
  const statement =
    prefix === ''
      ? db.prepare(`${COLUMNS} WHERE library = ?1`).bind(library)
      : db.prepare(`${COLUMNS} WHERE library = ?1 AND path >= ?2 AND path < ?3`).bind(library, prefix, pastPrefix(prefix));
  return (await statement.all<IndexedSong>()).results;
}

/** Rows with `after` < path <= `upTo` (null: unbounded), matching one page of an R2 listing. */
export async function readIndexBetween(db: D1Database, library: string, after: string | null, upTo: string | null): Promise<IndexedSong[]> {
  const statement = db.prepare(`${COLUMNS} WHERE library = ?1 AND (?2 IS NULL OR path > ?2) AND (?3 IS NULL OR path <= ?3)`);
  return (await statement.bind(library, after, upTo).all<IndexedSong>()).results;
}

export async function saveToIndex(db: D1Database, library: string, rows: readonly IndexedSong[]): Promise<void> {
  if (rows.length === 0) return;
  await db.batch(rows.map((row) => db.prepare(UPSERT).bind(library, row.path, row.etag, row.size, row.crc32)));
}

export async function dropFromIndex(db: D1Database, library: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.batch(paths.map((path) => db.prepare('DELETE FROM song_index WHERE library = ?1 AND path = ?2').bind(library, path)));
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The same upsert as literal SQL, for `wrangler d1 execute --file` against the remote database. */
export function indexUpsertSql(library: string, row: IndexedSong): string {
  const values = [sqlText(library), sqlText(row.path), sqlText(row.etag), String(row.size), String(row.crc32)];
  return `${UPSERT.replace(/\?(\d)/g, (_, n: string) => values[Number(n) - 1] ?? 'NULL')};`;
}
