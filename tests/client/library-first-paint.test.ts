import { describe, expect, it, vi } from 'vitest';
import { countOf, folderContents, searchSummary } from '../../src/client/features/library/folder-summary';
import { readSongListing } from '../../src/client/features/library/song-listing';
import { buildSongTree, findFolder, treeFromView, type FolderNode } from '../../src/client/features/library/song-tree';
import { inTreeOrder } from '../../src/shared/songs/order';
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
    const view = inTreeOrder(libraryPageView(LISTING, folder));
    const painted = treeFromView(view);
    expect(view.folder).toBe(folder);
    expect(shown(findFolder(painted, folder))).toEqual(shown(findFolder(full, folder)));
    for (const other of ['', 'A', 'A/Album', 'B']) {
      const { files: _painted, ...paintedTotals } = shown(findFolder(painted, other)) as Record<string, unknown>;
      const { files: _full, ...fullTotals } = shown(findFolder(full, other)) as Record<string, unknown>;
      expect(paintedTotals).toEqual(fullTotals);
    }
  });

  // A bucket lists keys by their bytes: upper case first, '10' before '2'. The tree shows names naturally.
  const BUCKET_ORDER = [
    'Zed/z.mp3',
    'alpha/10 ten.mp3',
    'alpha/2 two.mp3',
    'alpha/Beta/b.mp3',
    'alpha/alpha/a.mp3',
    'alpha/beta 10/c.mp3',
    'alpha/beta 9/d.mp3',
  ];

  it('comes in the order the tree shows, which the browser builds without making a collator', async () => {
    const view = inTreeOrder(libraryPageView({ paths: BUCKET_ORDER, sizes: BUCKET_ORDER.map(() => 1), durations: BUCKET_ORDER.map(() => null) }, 'alpha'));
    expect(view.folders.map((f) => f.path)).toEqual(['', 'alpha', 'Zed', 'alpha/alpha', 'alpha/Beta', 'alpha/beta 9', 'alpha/beta 10']);
    expect(view.files.map((f) => f.path)).toEqual(['alpha/2 two.mp3', 'alpha/10 ten.mp3']);

    vi.resetModules();
    const made = vi.spyOn(Intl, 'Collator');
    const fresh = await import('../../src/client/features/library/song-tree');
    const painted = fresh.treeFromView(view);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const full = buildSongTree(
      BUCKET_ORDER,
      BUCKET_ORDER.map(() => 1),
    );
    for (const folder of ['', 'alpha']) expect(shown(findFolder(painted, folder))).toEqual(shown(findFolder(full, folder)));
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
