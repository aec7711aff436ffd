import { describe, expect, it } from 'vitest';
import { songListCacheKey, songListCacheKeys } from '../../src/shared/song-limits';

/**
 * A library's song list is cached twice in KV (paths only, and `?sizes=1`'s with sizes), and what changes the library
 * (`npm run upload-songs`, the seed, the cron's reconcile) clears both: a key left out would serve the old list for
 * up to an hour.
 */
describe("the cached song lists' keys", () => {
  it('are one per library and listing, under the versioned prefix', () => {
    expect(songListCacheKey('kenji')).toBe('songs:v2:kenji');
    expect(songListCacheKey('kenji', true)).toBe('songs:v2:kenji:sizes');
    expect(songListCacheKey('glaive')).toBe('songs:v2:glaive');
    expect(songListCacheKey('glaive', true)).toBe('songs:v2:glaive:sizes');
  });

  it("that a change to a library clears are both of its listings, and none of the other library's", () => {
    expect(songListCacheKeys('kenji')).toEqual([songListCacheKey('kenji'), songListCacheKey('kenji', true)]);
    expect(new Set(songListCacheKeys('kenji')).size).toBe(2);
    expect(songListCacheKeys('kenji').some((key) => songListCacheKeys('glaive').includes(key))).toBe(false);
  });
});
