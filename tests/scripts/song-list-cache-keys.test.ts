import { describe, expect, it } from 'vitest';
import { libraryPageVersionKey, songListCacheKey, songListCacheKeys } from '../../src/shared/songs/limits';

/**
 * A library's song list is cached twice in KV (paths only, and `?sizes=1`'s with sizes and lengths), beside the
 * version its edge-cached pages were rendered from, and what changes the library (`npm run upload-songs`, the seed,
 * the cron's reconcile) clears all three: a key left out would serve the old list, or the old page, for up to an hour.
 */
describe("the cached song lists' keys", () => {
  it('are one per library and listing, under the versioned prefix', () => {
    expect(songListCacheKey('kenji')).toBe('songs:v3:kenji');
    expect(songListCacheKey('kenji', true)).toBe('songs:v3:kenji:sizes');
    expect(songListCacheKey('glaive')).toBe('songs:v3:glaive');
    expect(songListCacheKey('glaive', true)).toBe('songs:v3:glaive:sizes');
    expect(libraryPageVersionKey('kenji')).toBe('songs:v3:kenji:page-version');
  });

  it("that a change to a library clears are both of its listings and its pages' version, and none of the other library's", () => {
    expect(songListCacheKeys('kenji')).toEqual([songListCacheKey('kenji'), songListCacheKey('kenji', true), libraryPageVersionKey('kenji')]);
    expect(new Set(songListCacheKeys('kenji')).size).toBe(3);
    expect(songListCacheKeys('kenji').some((key) => songListCacheKeys('glaive').includes(key))).toBe(false);
  });
});
