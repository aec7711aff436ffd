/**
 * What a library page's first HTML shows (render/library-page.tsx): every folder with its totals, and the open
 * folder's own files with their sizes and lengths. The page then reads the whole list for search and playback.
 */
export interface LibraryFolderTotals {
  path: string;
  /** Files in the folder and below it. */
  files: number;
  /** Their bytes. */
  bytes: number;
}

export interface LibraryPageFile {
  path: string;
  size: number;
  /** Seconds (the listing's tenths), null when the length cannot be read. */
  duration: number | null;
}

export interface LibraryPageView {
  /** The open folder: the address's, or '' (the library) when the library has no such folder. */
  folder: string;
  /** The library's own totals (path ''), then every folder's, in tree order (songs/order.ts: each after its parent). */
  folders: LibraryFolderTotals[];
  /** By name (songs/order.ts). */
  files: LibraryPageFile[];
}

/** Where the first paint's view sits in SWR's fallback: never fetched (the page reads the fallback itself). */
export const libraryPageViewKey = (library: string) => `library-page:${library}`;
