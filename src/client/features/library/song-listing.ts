/**
 * The song list as the page reads it. `GET /api/get-{library}-songs` answers the spec's list of paths;
 * with `?sizes=1` a Worker that knows the sizes answers `{paths, sizes}` (bytes, same order), which the page
 * uses to show a folder's size before downloading it. Either answer is accepted.
 */
import { songListUrl } from '../../../shared/song-calls';
import type { Library } from '../../../shared/song-paths';

export interface SongListing {
  paths: readonly string[];
  /** Bytes per path, aligned with `paths`; null when the Worker did not send sizes. */
  sizes: readonly number[] | null;
}

export const songListingUrl = (library: Library) => songListUrl(library, '1');

const EMPTY: SongListing = { paths: [], sizes: null };

export function readSongListing(data: unknown): SongListing {
  if (Array.isArray(data)) return { paths: data.filter((p): p is string => typeof p === 'string'), sizes: null };
  if (data && typeof data === 'object' && 'paths' in data && Array.isArray(data.paths)) {
    const paths = data.paths as unknown[];
    if (!paths.every((p) => typeof p === 'string')) return EMPTY;
    const sizes = 'sizes' in data && Array.isArray(data.sizes) ? (data.sizes as unknown[]) : null;
    const aligned = sizes?.length === paths.length && sizes.every((n) => typeof n === 'number' && n >= 0);
    return { paths: paths, sizes: aligned ? (sizes as number[]) : null };
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
