import { LIBRARIES, type Library } from '../../shared/song-paths';
import { dropFromIndex, readIndexBetween, saveToIndex, type IndexedSong } from '../db/song-index';
import { crc32OfStream } from './checksum';
import { libraryBucket, listPages, readVersion, type ListPage } from './library';
import { storeSongList, type ListedObject } from './song-list';

/**
 * Bytes one cron run checksums per library. Native CRC-32 is about 0.2 ms of CPU per MB, so this is time
 * spent reading R2 more than CPU; what is left waits for the next run (or is checksummed by its first zip).
 */
export const RECONCILE_BYTES_PER_RUN = 2 * 1024 ** 3;

export interface ReconcileReport {
  checksummed: number;
  dropped: number;
  /** Objects still without a CRC because the run's byte budget ran out. */
  deferred: number;
  listRefreshed: boolean;
}

interface PageWork {
  missing: R2Object[];
  gone: string[];
}

/** Which objects of one listing page the index lacks (or has for another version), and which rows are orphans. */
function compare(page: ListPage, rows: readonly IndexedSong[]): PageWork {
  const byPath = new Map(rows.map((row) => [row.path, row]));
  const present = new Set(page.objects.map((o) => o.key));
  return {
    missing: page.objects.filter((o) => {
      const row = byPath.get(o.key);
      return row?.etag !== o.etag || row.size !== o.size;
    }),
    gone: rows.filter((row) => !present.has(row.path)).map((row) => row.path),
  };
}

async function checksumObject(bucket: R2Bucket, object: R2Object): Promise<IndexedSong | null> {
  const body = await readVersion(bucket, object.key, object.etag);
  if (!body) return null; // changed since the listing: the next run sees the new version
  return { path: object.key, etag: object.etag, size: object.size, crc32: await crc32OfStream(body) };
}

/**
 * Brings one library's index in line with R2 (objects that arrived by any route: CRC-32 computed once,
 * natively; rows of deleted objects dropped), then refreshes the cached song list if the paths changed.
 */
export async function reconcileLibrary(env: Env, library: Library, maxBytes = RECONCILE_BYTES_PER_RUN): Promise<ReconcileReport> {
  const { bucket } = libraryBucket(env, library);
  const report: ReconcileReport = { checksummed: 0, dropped: 0, deferred: 0, listRefreshed: false };
  const listed: ListedObject[] = [];
  let budget = maxBytes;
  let after: string | null = null;
  for await (const page of listPages(bucket, undefined)) {
    if (!page.last && page.lastKey === undefined) continue;
    const upTo = page.last ? null : (page.lastKey ?? null);
    const work = compare(page, await readIndexBetween(env.DB, library, after, upTo));
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
    await Promise.all([saveToIndex(env.DB, library, computed), dropFromIndex(env.DB, library, work.gone)]);
    report.checksummed += computed.length;
    report.dropped += work.gone.length;
    listed.push(...page.objects.map(({ key, size }) => ({ key, size })));
    after = upTo;
  }
  report.listRefreshed = (await storeSongList(env.CACHE, library, listed)).refreshed;
  return report;
}

export async function reconcileLibraries(env: Env): Promise<void> {
  for (const library of LIBRARIES) {
    const report = await reconcileLibrary(env, library);
    if (report.checksummed || report.dropped || report.deferred) console.log(`Reconciled ${library}`, report);
  }
}
