import { isPlayable, LIBRARIES, type Library } from '../../shared/songs/paths';
import { dropFromIndex, readIndexBetween, saveDurations, saveToIndex, type IndexedSong } from '../db/song-index';
import { crc32OfStream } from './checksum';
import { libraryBucket, listPages, R2_LIST_PAGE, readVersion, versionSource, type ListPage } from './library';
import { storeSongList, type ListedObject } from './song-list';

/**
 * Bytes one cron run checksums per library. Native CRC-32 is about 0.2 ms of CPU per MB, so this is time
 * spent reading R2 more than CPU; what is left waits for the next run (or is checksummed by its first zip).
 */
export const RECONCILE_BYTES_PER_RUN = 2 * 1024 ** 3;
/**
 * Indexed objects whose length one run reads from their headers (rows checksummed before lengths were read, or
 * by a folder zip): each is a few small R2 reads.
 */
export const DURATION_READS_PER_RUN = 300;

export interface ReconcileReport {
  checksummed: number;
  dropped: number;
  /** Objects still without a CRC because the run's byte budget ran out. */
  deferred: number;
  /** Indexed objects whose length was read this run. */
  durationsRead: number;
  listRefreshed: boolean;
}

interface PageWork {
  missing: R2Object[];
  /** Indexed for this version, but never read for their length. */
  unread: R2Object[];
  gone: string[];
}

/** Which objects of one listing page the index lacks (or has for another version), and which rows are orphans. */
function compare(page: ListPage, rows: readonly IndexedSong[]): PageWork {
  const byPath = new Map(rows.map((row) => [row.path, row]));
  const present = new Set(page.objects.map((o) => o.key));
  const current = (o: R2Object) => {
    const row = byPath.get(o.key);
    return row?.etag === o.etag && row.size === o.size ? row : undefined;
  };
  return {
    missing: page.objects.filter((o) => current(o) === undefined),
    unread: page.objects.filter((o) => {
      const row = current(o);
      return row !== undefined && row.duration === undefined;
    }),
    gone: rows.filter((row) => !present.has(row.path)).map((row) => row.path),
  };
}

/** The parser loads only when a run has lengths to read: a page never pays for it. */
async function readDuration(bucket: R2Bucket, object: R2Object): Promise<number | null> {
  if (!isPlayable(object.key)) return null;
  const { songDuration } = await import('./song-duration');
  return songDuration(versionSource(bucket, object));
}

async function checksumObject(bucket: R2Bucket, object: R2Object): Promise<IndexedSong | null> {
  const body = await readVersion(bucket, object.key, object.etag);
  if (!body) return null; // changed since the listing: the next run sees the new version
  const crc32 = await crc32OfStream(body);
  return { path: object.key, etag: object.etag, size: object.size, crc32, duration: await readDuration(bucket, object) };
}

/** Each listed object with its length, as the index now has it (null when unknown or not read yet). */
function listedWithDurations(page: ListPage, rows: readonly IndexedSong[], read: ReadonlyMap<string, number | null>): ListedObject[] {
  const byPath = new Map(rows.map((row) => [row.path, row]));
  return page.objects.map(({ key, size, etag }) => {
    const row = byPath.get(key);
    const known = row?.etag === etag ? row.duration : undefined;
    return { key, size, duration: read.has(key) ? (read.get(key) ?? null) : (known ?? null) };
  });
}

/**
 * Brings one library's index in line with R2 (objects that arrived by any route: CRC-32 computed once,
 * natively, and their length read; rows of deleted objects dropped; lengths read for rows that lack them), then
 * refreshes the cached song list, and so the library pages (render/library-page.tsx), if the paths or lengths changed.
 */
export async function reconcileLibrary(env: Env, library: Library, maxBytes = RECONCILE_BYTES_PER_RUN, pageSize = R2_LIST_PAGE): Promise<ReconcileReport> {
  const { bucket } = libraryBucket(env, library);
  const report: ReconcileReport = { checksummed: 0, dropped: 0, deferred: 0, durationsRead: 0, listRefreshed: false };
  const listed: ListedObject[] = [];
  let budget = maxBytes;
  let after: string | null = null;
  for await (const page of listPages(bucket, undefined, pageSize)) {
    if (!page.last && page.lastKey === undefined) continue;
    const upTo = page.last ? null : (page.lastKey ?? null);
    const rows = await readIndexBetween(env.DB, library, after, upTo);
    const work = compare(page, rows);
    const durations: { path: string; etag: string; duration: number | null }[] = [];
    for (const object of work.unread.slice(0, DURATION_READS_PER_RUN - report.durationsRead)) {
      durations.push({ path: object.key, etag: object.etag, duration: await readDuration(bucket, object) });
    }
    report.durationsRead += durations.length;
    const computed: IndexedSong[] = [];
    for (const object of work.missing) {
      if (object.size > budget) {
        report.deferred++;
        continue;
      }
      budget -= object.size;
      const row = await checksumObject(bucket, object);
      if (row) computed.push(row);
    }
    await Promise.all([saveToIndex(env.DB, library, computed), dropFromIndex(env.DB, library, work.gone), saveDurations(env.DB, library, durations)]);
    report.checksummed += computed.length;
    report.dropped += work.gone.length;
    const read = new Map<string, number | null>([...durations, ...computed].map((row) => [row.path, row.duration ?? null]));
    listed.push(...listedWithDurations(page, rows, read));
    after = upTo;
  }
  report.listRefreshed = (await storeSongList(env.CACHE, library, listed)).refreshed;
  return report;
}

export async function reconcileLibraries(env: Env): Promise<void> {
  for (const library of LIBRARIES) {
    const report = await reconcileLibrary(env, library);
    if (report.checksummed || report.dropped || report.deferred || report.durationsRead) console.log(`Reconciled ${library}`, report);
  }
}
