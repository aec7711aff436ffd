import { describe, expect, it } from 'vitest';
import { countOf, folderContents, searchSummary } from '../../src/client/features/library/folder-summary';
import { readSongListing } from '../../src/client/features/library/song-listing';
import { buildSongTree, findFolder, treeFromView, type FolderNode } from '../../src/client/features/library/song-tree';
import { libraryPageView } from '../../src/worker/songs/page-view';

const LISTING = {
  paths: ['README.txt', 'B/2 two.wav', 'B/10 ten.wav', 'A/Album/01.mp3', 'A/Album/Bonus/x.flac', 'A/solo.ogg', 'Marker/'],
  sizes: [5, 20, 100, 30, 40, 50, 0],
  durations: [null, 2, 10.5, 61.2, null, 3, null],
};

/** What the tree shows of a folder: its name, totals, subfolders in order, and files. */
const shown = (node: FolderNode | undefined): unknown =>
  node && {
    name: node.name,
    files: node.files,
    totalFiles: node.totalFiles,
    totalBytes: node.totalBytes,
    folders: node.folders.map((f) => [f.name, f.totalFiles, f.folders.length]),
  };

describe('the first paint’s view of a library', () => {
  it.each(['', 'A', 'A/Album', 'A/Album/Bonus', 'B'])('gives the tree the whole list gives, at %j and along the way', (folder) => {
    const full = buildSongTree(LISTING.paths, LISTING.sizes);
    const view = libraryPageView(LISTING, folder);
    const painted = treeFromView(view);
    expect(view.folder).toBe(folder);
    expect(shown(findFolder(painted, folder))).toEqual(shown(findFolder(full, folder)));
    for (const other of ['', 'A', 'A/Album', 'B']) {
      const { files: _painted, ...paintedTotals } = shown(findFolder(painted, other)) as Record<string, unknown>;
      const { files: _full, ...fullTotals } = shown(findFolder(full, other)) as Record<string, unknown>;
      expect(paintedTotals).toEqual(fullTotals);
    }
  });

  it('holds the open folder’s own files with their sizes and lengths, and opens the library for a folder it lacks', () => {
    expect(libraryPageView(LISTING, 'B').files).toEqual([
      { path: 'B/2 two.wav', size: 20, duration: 2 },
      { path: 'B/10 ten.wav', size: 100, duration: 10.5 },
    ]);
    const missing = libraryPageView(LISTING, 'Nowhere');
    expect(missing.folder).toBe('');
    expect(missing.files.map((f) => f.path)).toEqual(['README.txt']);
    expect(libraryPageView(LISTING, 'Marker').folder).toBe('');
  });
});

describe('the listing’s lengths', () => {
  it('are read when aligned with the paths, and dropped otherwise', () => {
    expect(readSongListing(LISTING).durations).toEqual(LISTING.durations);
    expect(readSongListing({ ...LISTING, durations: [1] }).durations).toBeNull();
    expect(readSongListing({ ...LISTING, durations: LISTING.durations.map((d) => (d === 3 ? -1 : d)) }).durations).toBeNull();
    expect(readSongListing({ paths: LISTING.paths, sizes: LISTING.sizes }).durations).toBeNull();
  });
});

describe('counts', () => {
  it('say one file and one folder in the singular, and anything else in the plural', () => {
    expect([countOf(0, 'file'), countOf(1, 'file'), countOf(2, 'file'), countOf(1, 'folder')]).toEqual(['0 files', '1 file', '2 files', '1 folder']);
    expect(searchSummary(14, 1)).toBe('14 files and 1 folder found');
    expect(searchSummary(1, 2)).toBe('1 file and 2 folders found');
    const tree = buildSongTree(LISTING.paths, LISTING.sizes);
    expect(folderContents(tree)).toBe('2 folders · 1 file here, 6 in total');
    expect(folderContents(findFolder(tree, 'A/Album') as FolderNode)).toBe('1 folder · 1 file here, 2 in total');
  });
});
