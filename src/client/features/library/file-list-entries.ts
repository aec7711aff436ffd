import type { FileListEntries, FileListEntry } from './FileList';
import type { SongSearchResult } from './song-search';
import type { FolderNode } from './song-tree';

/** The search's rows, folders first, read by position (no array of 100,000 files is built per keystroke). */
export function searchEntries({ folders, files }: SongSearchResult): FileListEntries {
  return {
    length: folders.length + files.length,
    at: (i) => {
      const path = i < folders.length ? folders.at(i) : files.at(i - folders.length);
      return path === undefined ? undefined : { kind: i < folders.length ? 'folder' : 'file', path };
    },
  };
}

/** A folder's rows: its subfolders with their file counts, then its files. */
export function folderEntries(node: FolderNode): FileListEntries {
  const rows: FileListEntry[] = [
    ...node.folders.map((f) => ({ kind: 'folder' as const, path: f.path, files: f.totalFiles })),
    ...node.files.map((path) => ({ kind: 'file' as const, path })),
  ];
  return { length: rows.length, at: (i) => rows[i] };
}
