/**
 * The song list as the page reads it. `GET /api/get-{library}-songs` answers the spec's list of paths;
 * with `?sizes=1` a Worker that knows the sizes answers `{paths, sizes}` (bytes, same order), which the page
 * uses to show a folder's size before downloading it. Either answer is accepted.
 */
import { songListUrl } from '../../../shared/songs/calls';
import type { Library } from '../../../shared/songs/paths';

export interface SongListing {
  paths: readonly string[];
  /** Bytes per path, aligned with `paths`; null when the Worker did not send sizes. */
  sizes: readonly number[] | null;
  /** Seconds per path (null: unknown), aligned with `paths`; null when the Worker did not send lengths. */
  durations: readonly (number | null)[] | null;
}

export const songListingUrl = (library: Library) => songListUrl(library, '1');

const EMPTY: SongListing = { paths: [], sizes: null, durations: null };

/** An array as long as `paths` whose every item passes `check`, else null. */
function aligned<T>(data: object, field: string, length: number, check: (item: unknown) => item is T): T[] | null {
  const items: unknown = field in data ? (data as Record<string, unknown>)[field] : undefined;
  return Array.isArray(items) && items.length === length && items.every(check) ? items : null;
}
const isSize = (n: unknown): n is number => typeof n === 'number' && n >= 0;
const isDuration = (n: unknown): n is number | null => n === null || (typeof n === 'number' && n > 0);

export function readSongListing(data: unknown): SongListing {
  if (Array.isArray(data)) return { paths: data.filter((p): p is string => typeof p === 'string'), sizes: null, durations: null };
  if (data && typeof data === 'object' && 'paths' in data && Array.isArray(data.paths)) {
    const paths = data.paths as unknown[];
    if (!paths.every((p) => typeof p === 'string')) return EMPTY;
    return { paths, sizes: aligned(data, 'sizes', paths.length, isSize), durations: aligned(data, 'durations', paths.length, isDuration) };
  }
  return EMPTY;
}

/** 1536 → '1.5 KB', 314572800 → '300 MB' (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  do {
    value /= 1000;
    unit++;
  } while (value >= 1000 && unit < units.length - 1);
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

/** Folders bigger than this ask before downloading (issue 13). */
export const CONFIRM_FOLDER_BYTES = 200 * 1000 * 1000;
