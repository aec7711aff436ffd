/** How the library counts what a folder or a search holds. */
import type { FolderNode } from './song-tree';
import { formatBytes } from './song-listing';

/** '1 file', '14 files', '1 folder'. */
export const countOf = (n: number, noun: 'file' | 'folder') => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** '14 files · 38 MB' (the size when the listing has sizes). */
export const folderSummary = (node: FolderNode) => `${countOf(node.totalFiles, 'file')}${node.totalBytes === null ? '' : ` · ${formatBytes(node.totalBytes)}`}`;

/** '2 folders · 3 files here, 14 in total' */
export const folderContents = (node: FolderNode) =>
  `${node.folders.length ? `${countOf(node.folders.length, 'folder')} · ` : ''}${countOf(node.files.length, 'file')} here, ${node.totalFiles} in total`;

/** '1 file and 2 folders found' */
export const searchSummary = (files: number, folders: number) => `${countOf(files, 'file')} and ${countOf(folders, 'folder')} found`;
