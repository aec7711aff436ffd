import { describe, expect, it } from 'vitest';
import {
  baseName,
  extensionOf,
  folderZipName,
  isPlayable,
  libraryFromPathname,
  nfcTwins,
  parentFolder,
  pathProblem,
  trackTitle,
} from '../../src/shared/songs/paths';
import { songStreamUrl } from '../../src/shared/songs/calls';
import { buildSongTree, collapseFolder, expandFolders, findFolder, folderAndAncestors } from '../../src/client/features/library/song-tree';
import { visibleFolders } from '../../src/client/features/library/FolderTree';
import { formatTime } from '../../src/client/features/library/PlayerBar';
import { required } from '../helpers/required';

const PATHS = [
  'B Artist/Album/10 Ten.wav',
  'B Artist/Album/2 Two.mp3',
  'B Artist/Album/cover.txt',
  'A Artist/Single.flac',
  'A Artist/Deep/Er/Est/x.ogg',
  'README.txt',
  'Marker/',
];

describe('song paths', () => {
  it('picks the library from the page path', () => {
    expect(libraryFromPathname('/glaive')).toBe('glaive');
    expect(libraryFromPathname('/glaive.html')).toBe('glaive');
    expect(libraryFromPathname('/kenji')).toBe('kenji');
    expect(libraryFromPathname('/anything')).toBe('kenji');
  });

  it('knows which files are playable (SPEC section 5)', () => {
    for (const ext of ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'MP3']) expect(isPlayable(`a/b.${ext}`), ext).toBe(true);
    for (const p of ['a/b.txt', 'a/b', 'a/.mp3', 'a.mp3/b', 'b.mp4']) expect(isPlayable(p), p).toBe(false);
    expect(extensionOf('x/Song.Name.WAV')).toBe('wav');
  });

  it('splits paths', () => {
    expect(baseName('a/b/c.wav')).toBe('c.wav');
    expect(baseName('top.wav')).toBe('top.wav');
    expect(parentFolder('a/b/c.wav')).toBe('a/b');
    expect(parentFolder('top.wav')).toBe('');
    expect(trackTitle('a/01 Song.mp3')).toBe('01 Song');
    expect(folderZipName('kenji', 'A/Rainy Days')).toBe('Rainy Days.zip');
    expect(folderZipName('glaive', '')).toBe('glaive.zip');
    expect(songStreamUrl('kenji', 'A & B/#1?.wav')).toBe('/api/stream-kenji-song?song=A%20%26%20B%2F%231%3F.wav');
  });

  it.each([
    ['Artist/Album/01 Song.wav', null],
    ['Café/Ünï — x.mp3', null],
    ['100% Love.mp3', null],
    ['', 'empty'],
    ['../x', 'dot-segment'],
    ['a/../../x', 'dot-segment'],
    ['a/./x', 'dot-segment'],
    ['/etc/passwd', 'absolute'],
    ['C:/x', 'absolute'],
    ['a\\b', 'backslash'],
    ['a//b', 'empty-segment'],
    ['a/', 'empty-segment'],
    ['%2e%2e%2fx', 'encoded'],
    ['a%2Fb', 'encoded'],
    ['a\u0000b', 'control'],
    ['x'.repeat(1025), 'too-long'],
    ['a\u0085b (C1 next line)', 'control'],
    ['a\u2028b (line separator)', 'control'],
    // Issue 22: names that look like something else, or turn into separators on the way to a disk.
    ['Caf\u00e9/caf\u00e9.mp3 (NFC)', null],
    ['Cafe\u0301/song.mp3 (NFD)', 'not-nfc'],
    ['Caf\u00e9/cafe\u0301.mp3 (NFD)', 'not-nfc'],
    ['A/\uff0e\uff0e\uff0fescape.mp3', 'compatibility-form'],
    ['\uff0e\uff0e/x.mp3', 'compatibility-form'],
    ['a/\uff0e/x.mp3', 'compatibility-form'],
    ['a/\u2025/x.mp3 (two dot leader)', 'compatibility-form'],
    ['a/b\uff0fc.mp3', 'compatibility-form'],
    ['a/b\uff3cc.mp3', 'compatibility-form'],
    ['\uff23:/x.mp3', 'compatibility-form'],
    ['a/\uff05\uff12\uff45.mp3', 'compatibility-form'],
    ['a/file\uff0emp3 (a fullwidth dot inside a name stays a name)', null],
    ['a/evil\u202egpj.mp3', 'bidi'],
    ['a/x\u202ay.mp3', 'bidi'],
    ['a/x\u2066y\u2069.mp3', 'bidi'],
    ['a/x\u200fy.mp3', 'bidi'],
    ['a/x\u061cy.mp3', 'bidi'],
    ['a/x\u200by.mp3', 'invisible'],
    ['a/x\u2060y.mp3', 'invisible'],
    ['a/\ufeffx.mp3', 'invisible'],
    ['a/pay\u200dpal.mp3', 'invisible'],
    ['a/x\u200c.mp3', 'invisible'],
    // Issue 36: a joiner is kept only inside an emoji (visible-text.ts), so a Persian non-joiner is refused too.
    ['\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.mp3 (a Persian zero-width non-joiner)', 'invisible'],
    ['\u{1f468}\u200d\u{1f469}\u200d\u{1f467}.mp3 (an emoji sequence)', null],
  ])('pathProblem(%j) is %s', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });

  it('finds names that are the same after NFC, once per pair', () => {
    const nfc = 'A/caf\u00e9.mp3';
    const nfd = 'A/cafe\u0301.mp3';
    expect(nfcTwins([nfc, 'A/other.mp3', nfd])).toEqual([[nfc, nfd]]);
    expect(nfcTwins(['A\u030a/x.mp3', '\u00c5/x.mp3', '\u212b/x.mp3'])).toEqual([
      ['A\u030a/x.mp3', '\u00c5/x.mp3'],
      ['A\u030a/x.mp3', '\u212b/x.mp3'],
    ]);
    expect(nfcTwins([nfc, 'B/caf\u00e9.mp3'])).toEqual([]);
  });
});

describe('song tree', () => {
  const tree = buildSongTree(PATHS);

  it('nests folders, sorts naturally and counts files recursively, ignoring folder markers', () => {
    expect(tree.folders.map((f) => f.name)).toEqual(['A Artist', 'B Artist']);
    expect(tree.files).toEqual(['README.txt']);
    expect(tree.totalFiles).toBe(6);
    const album = required(findFolder(tree, 'B Artist/Album'), 'the folder B Artist/Album');
    expect(album.files).toEqual(['B Artist/Album/2 Two.mp3', 'B Artist/Album/10 Ten.wav', 'B Artist/Album/cover.txt']);
    expect(findFolder(tree, 'A Artist')?.totalFiles).toBe(2);
    expect(findFolder(tree, 'A Artist/Deep/Er/Est')?.files).toEqual(['A Artist/Deep/Er/Est/x.ogg']);
    expect(findFolder(tree, 'Nope')).toBeUndefined();
    expect(findFolder(tree, '')).toBe(tree);
  });

  it('adds up folder sizes when the listing has them, and knows when it does not', () => {
    expect(tree.totalBytes).toBeNull();
    const sized = buildSongTree(PATHS, [10, 20, 1, 300, 4000, 5, 0]);
    expect(sized.totalBytes).toBe(4336);
    expect(findFolder(sized, 'B Artist')?.totalBytes).toBe(31);
    expect(findFolder(sized, 'A Artist/Deep')?.totalBytes).toBe(4000);
  });

  it('collapsing a folder removes its expanded descendants but not its siblings (SPEC section 4)', () => {
    const expanded = new Set(['A Artist', 'A Artist/Deep', 'A Artist/Deep/Er', 'A Artist Two', 'B Artist']);
    expect([...collapseFolder(expanded, 'A Artist')].sort()).toEqual(['A Artist Two', 'B Artist']);
    expect([...collapseFolder(expanded, 'A Artist/Deep')].sort()).toEqual(['A Artist', 'A Artist Two', 'B Artist']);
    expect(folderAndAncestors('a/b/c')).toEqual(['a', 'a/b', 'a/b/c']);
    expect([...expandFolders(new Set(['x']), ['a', 'a/b'])]).toEqual(['x', 'a', 'a/b']);
  });

  it('shows only the folders of expanded parents', () => {
    const names = (expanded: string[]) => visibleFolders(tree, new Set(expanded)).map((r) => `${r.depth}:${r.node.name}`);
    expect(names([])).toEqual(['0:', '1:A Artist', '1:B Artist']);
    expect(names(['A Artist', 'A Artist/Deep'])).toEqual(['0:', '1:A Artist', '2:Deep', '3:Er', '1:B Artist']);
  });
});

describe('player time', () => {
  it('formats seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(4.6)).toBe('0:04');
    expect(formatTime(75)).toBe('1:15');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});
