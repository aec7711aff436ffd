import type { LibraryFolderTotals, LibraryPageView } from '../../shared/library-page-view';
import { parentFolder } from '../../shared/songs/paths';

/** The sized listing (`?sizes=1`, songs/song-list.ts): paths with their bytes and lengths, aligned. */
export interface SizedListing {
  paths: readonly string[];
  sizes: readonly number[];
  durations: readonly (number | null)[];
}

/** Folder markers ('Artist/') and empty keys are not files, as in the page's own tree. */
const isFile = (path: string) => path !== '' && !path.endsWith('/');

/**
 * The first paint of `folder`: every folder's totals (the tree and the counts beside folders), and the files
 * directly in the open folder. A folder the library does not have opens the library itself, as the page does.
 */
export function libraryPageView(listing: SizedListing, folder: string): LibraryPageView {
  const totals = new Map<string, LibraryFolderTotals>([['', { path: '', files: 0, bytes: 0 }]]);
  listing.paths.forEach((path, i) => {
    if (!isFile(path)) return;
    const size = listing.sizes[i] ?? 0;
    for (let at = parentFolder(path); ; at = parentFolder(at)) {
      let folderTotals = totals.get(at);
      if (!folderTotals) totals.set(at, (folderTotals = { path: at, files: 0, bytes: 0 }));
      folderTotals.files++;
      folderTotals.bytes += size;
      if (at === '') break;
    }
  });
  const open = totals.has(folder) ? folder : '';
  const files = listing.paths.flatMap((path, i) =>
    isFile(path) && parentFolder(path) === open ? [{ path, size: listing.sizes[i] ?? 0, duration: listing.durations[i] ?? null }] : [],
  );
  return { folder: open, folders: [...totals.values()], files };
}
