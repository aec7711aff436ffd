import { describe, expect, it } from 'vitest';
import {
  baseName,
  describePathProblem,
  extensionOf,
  isLibrary,
  LIBRARY_TITLES,
  nfcTwins,
  pathProblem,
  PLAYABLE_EXTENSIONS_TEXT,
  trackTitle,
  type PathProblem,
} from '../../src/shared/songs/paths';

/** The song name rule at its edges, and the words a refused upload or request is told. */

describe('a library path at the edges of its rule', () => {
  it("may be 1024 bytes long (R2's limit), counted in bytes, not characters", () => {
    expect(pathProblem('x'.repeat(1024))).toBeNull();
    expect(pathProblem('x'.repeat(1025))).toBe('too-long');
    expect(pathProblem('\u00e9'.repeat(512))).toBeNull();
    expect(pathProblem(`${'\u00e9'.repeat(512)}x`)).toBe('too-long');
  });

  it('is absolute only with a drive letter at its start: a colon inside a name is a name', () => {
    expect(pathProblem('Live/Tokyo: Night 2.mp3')).toBeNull();
    expect(pathProblem('d:/Live.mp3')).toBe('absolute');
  });

  it('is encoded twice only where a percent sign has two hex digits after it', () => {
    expect(pathProblem('Mix/50%A off.mp3')).toBeNull();
    expect(pathProblem('Mix/50%Af off.mp3')).toBe('encoded');
  });

  it('stays a name when only its compatibility form would pass 1024 bytes (U+FDFA grows eighteen characters)', () => {
    const path = `a/${'x'.repeat(1015)}\ufdfa.mp3`;
    expect(new TextEncoder().encode(path)).toHaveLength(1024);
    expect(pathProblem(path)).toBeNull();
  });

  it('names the rule it breaks, each in its own words', () => {
    const words: Record<PathProblem, string> = {
      empty: 'empty',
      'too-long': 'longer than 1024 bytes',
      absolute: 'relative to the library',
      backslash: 'forward slashes',
      control: 'control characters',
      encoded: 'percent-encoded',
      'dot-segment': "'.' or '..'",
      'empty-segment': "'//'",
      'not-nfc': 'NFC',
      bidi: 'bidirectional control characters',
      invisible: 'invisible characters',
      blank: 'without a visible character',
      'compatibility-form': 'compatibility form',
    };
    for (const [problem, said] of Object.entries(words) as [PathProblem, string][]) {
      const sentence = describePathProblem('song', problem);
      expect(sentence, problem).toMatch(/^The song path .+\.$/);
      expect(sentence, problem).toContain(said);
    }
  });
});

describe('paths the page and the zips show', () => {
  it('names a folder given with its trailing slash by its own name', () => {
    expect(baseName('Artist/Album/')).toBe('Album');
    expect(baseName('Album/')).toBe('Album');
  });

  it('has no extension or title cut for a name without a dot, or one that starts with its only dot', () => {
    expect(extensionOf('Artist/README')).toBe('');
    expect(extensionOf('Artist/.wav')).toBe('');
    expect(trackTitle('Artist/Intro')).toBe('Intro');
    expect(trackTitle('Artist/.wav')).toBe('.wav');
  });

  it('counts a name listed twice as one name, not as two spellings of it', () => {
    expect(nfcTwins(['A/caf\u00e9.mp3', 'A/caf\u00e9.mp3'])).toEqual([]);
  });

  it("knows the two libraries by their pages' titles (SPEC section 1) and the playable extensions (section 5)", () => {
    expect(LIBRARY_TITLES).toEqual({ kenji: 'Kenji Library', glaive: 'Glaive Library' });
    expect(['kenji', 'glaive'].map(isLibrary)).toEqual([true, true]);
    expect(['Kenji', 'songs', ''].map(isLibrary)).toEqual([false, false, false]);
    expect(PLAYABLE_EXTENSIONS_TEXT).toBe('mp3, wav, ogg, m4a, aac, flac');
  });
});
