// The song libraries' checksum index (table song_index). No imports: the upload tool and the demo seeding
// (Node scripts) use these statements too.

/** A checksummed object: its CRC-32 and length hold only while R2 still has this etag and size at this path. */
export interface IndexedSong {
  path: string;
  etag: string;
  size: number;
  crc32: number;
  /** Seconds; null when the file was read and has no readable length; absent when it was not read for it. */
  duration?: number | null | undefined;
}

/** A row as stored: the length and whether it was read (migrations/0013_song_durations.sql). */
interface StoredRow {
  path: string;
  etag: string;
  size: number;
  crc32: number;
  duration: number | null;
  duration_read: number;
}

// A row saved without a length (a folder zip's CRC) keeps the one read for the same version of the object.
const UPSERT = `INSERT INTO song_index (library, path, etag, size, crc32, duration, duration_read) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
  ON CONFLICT (library, path) DO UPDATE SET etag = ?3, size = ?4, crc32 = ?5,
  duration = CASE WHEN ?7 = 1 OR song_index.etag <> ?3 THEN ?6 ELSE song_index.duration END,
  duration_read = CASE WHEN ?7 = 1 OR song_index.etag <> ?3 THEN ?7 ELSE song_index.duration_read END`;
const COLUMNS = 'SELECT path, etag, size, crc32, duration, duration_read FROM song_index';

const songOf = ({ duration, duration_read, ...row }: StoredRow): IndexedSong => (duration_read === 1 ? { ...row, duration } : row);
const upsertValues = (library: string, row: IndexedSong) =>
  [library, row.path, row.etag, row.size, row.crc32, row.duration ?? null, row.duration === undefined ? 0 : 1] as const;

/** The first string after every string that starts with `prefix` (which is never empty here). */
const pastPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/** Rows for every path under `prefix` ('' = the whole library), one indexed range scan. */
export async function readIndexUnder(db: D1Database, library: string, prefix: string): Promise<IndexedSong[]> {
  const statement =
    prefix === ''
      ? db.prepare(`${COLUMNS} WHERE library = ?1`).bind(library)
      : db.prepare(`${COLUMNS} WHERE library = ?1 AND path >= ?2 AND path < ?3`).bind(library, prefix, pastPrefix(prefix));
  return (await statement.all<StoredRow>()).results.map(songOf);
}

/** Rows with `after` < path <= `upTo` (null: unbounded), matching one page of an R2 listing. */
export async function readIndexBetween(db: D1Database, library: string, after: string | null, upTo: string | null): Promise<IndexedSong[]> {
  const statement = db.prepare(`${COLUMNS} WHERE library = ?1 AND (?2 IS NULL OR path > ?2) AND (?3 IS NULL OR path <= ?3)`);
  return (await statement.bind(library, after, upTo).all<StoredRow>()).results.map(songOf);
}

export async function saveToIndex(db: D1Database, library: string, rows: readonly IndexedSong[]): Promise<void> {
  if (rows.length === 0) return;
  await db.batch(rows.map((row) => db.prepare(UPSERT).bind(...upsertValues(library, row))));
}

/** The length read for this version of an object (a row checksummed before lengths were read). */
export async function saveDurations(db: D1Database, library: string, rows: readonly { path: string; etag: string; duration: number | null }[]): Promise<void> {
  if (rows.length === 0) return;
  const update = 'UPDATE song_index SET duration = ?4, duration_read = 1 WHERE library = ?1 AND path = ?2 AND etag = ?3';
  await db.batch(rows.map((row) => db.prepare(update).bind(library, row.path, row.etag, row.duration)));
}

export async function dropFromIndex(db: D1Database, library: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db.batch(paths.map((path) => db.prepare('DELETE FROM song_index WHERE library = ?1 AND path = ?2').bind(library, path)));
}

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The same upsert as literal SQL, for `wrangler d1 execute --file` against the remote database. */
export function indexUpsertSql(library: string, row: IndexedSong): string {
  const values = upsertValues(library, row).map((value) => (typeof value === 'string' ? sqlText(value) : String(value ?? 'NULL')));
  return `${UPSERT.replace(/\?(\d)/g, (_, n: string) => values[Number(n) - 1] ?? 'NULL')};`;
}
