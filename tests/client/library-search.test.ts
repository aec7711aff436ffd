import { describe, expect, it } from 'vitest';
import { buildSongSearchIndex, createSongSearch, queryWords, refinement } from '../../src/client/features/library/song-search';
import { compareNames } from '../../src/shared/songs/order';

const PATHS = [
  'B Artist/Album/10 Ten.wav',
  'B Artist/Album/2 Two.mp3',
  'B Artist/Album/cover.txt',
  'A Artist/Single.flac',
  'A Artist/Deep/Er/Est/x.ogg',
  'README.txt',
  'Marker/',
];

/** The plain definition the index must agree with: every word in the lower-cased path (or folder name). */
function reference(paths: readonly string[], query: string) {
  const words = queryWords(query);
  if (words.length === 0) return { folders: [], files: [] };
  const files = paths.filter((p) => p !== '' && !p.endsWith('/'));
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const holds = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  return {
    folders: [...folders].filter((f) => holds(f.slice(f.lastIndexOf('/') + 1))).sort(compareNames),
    files: files.filter(holds),
  };
}

/** The search as plain arrays, for comparing. */
function searcher(paths: readonly string[]) {
  const search = createSongSearch(buildSongSearchIndex(paths));
  return {
    search: (query: string) => {
      const result = search.search(query);
      return { folders: result.folders.toArray(), files: result.files.toArray() };
    },
    lastWork: search.lastWork,
  };
}

describe('library search', () => {
  it('matches file paths and folder names, case-insensitively, every word', () => {
    const { search } = searcher(PATHS);
    expect(search('two')).toEqual({ folders: [], files: ['B Artist/Album/2 Two.mp3'] });
    expect(search('DEEP')).toEqual({ folders: ['A Artist/Deep'], files: ['A Artist/Deep/Er/Est/x.ogg'] });
    expect(search('album ten').files).toEqual(['B Artist/Album/10 Ten.wav']);
    expect(search('artist').folders).toEqual(['A Artist', 'B Artist']);
    expect(search('   ')).toEqual({ folders: [], files: [] });
    expect(search('zzz')).toEqual({ folders: [], files: [] });
  });

  it('never matches across two paths', () => {
    // 'x.ogg' ends one path and 'readme' starts the next in the joined index.
    const { search } = searcher(['a/x.ogg', 'readme.txt']);
    expect(search('oggreadme').files).toEqual([]);
    expect(search('ogg\nreadme').files).toEqual([]);
  });

  it('knows when a query only narrows the previous one', () => {
    expect(refinement(['neo'], ['neon'])).toEqual(['neon']);
    expect(refinement(['neon'], ['neon', 'st'])).toEqual(['st']);
    expect(refinement(['neon', 'st'], ['neon', 'str'])).toEqual(['str']);
    expect(refinement(['neon'], ['neo'])).toBeNull();
    expect(refinement(['neon', 'st'], ['neon'])).toBeNull();
    expect(refinement(['neon'], ['eon'])).toBeNull();
    expect(refinement([], ['a'])).toBeNull();
  });

  it('answers typing from the previous hits and backspace from its cache, always as a full scan would', () => {
    const paths = Array.from(
      { length: 5000 },
      (_, i) => `Artist ${i % 40}/Album ${i % 7}/${String(i).padStart(4, '0')} Track ${i % 3 ? 'Live' : 'Studio'}.mp3`,
    );
    const typing = searcher(paths);
    const typed = 'artist 12 album 3 studio';
    for (let i = 1; i <= typed.length; i++) {
      const query = typed.slice(0, i);
      expect(typing.search(query), query).toEqual(reference(paths, query));
    }
    // The last keystroke only tested the previous hits, not the library.
    expect(typing.lastWork()).toBeLessThan(paths.length / 10);
    for (let i = typed.length - 1; i >= 1; i--) {
      const query = typed.slice(0, i);
      expect(typing.search(query), query).toEqual(reference(paths, query));
      if (query.trim() === query) expect(typing.lastWork(), query).toBe(0);
    }
    // A fresh search of another query sweeps everything once and is still right.
    expect(typing.search('studio 0001')).toEqual(reference(paths, 'studio 0001'));
  });

  it('reads hits by position', () => {
    const result = createSongSearch(buildSongSearchIndex(PATHS)).search('artist');
    expect(result.files.length).toBe(5);
    expect(result.files.at(0)).toBe('B Artist/Album/10 Ten.wav');
    expect(result.files.at(4)).toBe('A Artist/Deep/Er/Est/x.ogg');
    expect(result.files.at(5)).toBeUndefined();
    expect(result.files.at(-1)).toBeUndefined();
  });

  it('keeps the list order for files and name order for folders', () => {
    const { search } = searcher(['z/b 10.mp3', 'z/b 2.mp3', 'a/b 1.mp3', 'b 9/x.mp3', 'b 10/x.mp3']);
    expect(search('b').files).toEqual(['z/b 10.mp3', 'z/b 2.mp3', 'a/b 1.mp3', 'b 9/x.mp3', 'b 10/x.mp3']);
    expect(search('b').folders).toEqual(['b 9', 'b 10']);
  });
});
