import { describe, expect, it } from 'vitest';
import {
  afterTrackEnds,
  DEFAULT_QUEUE_SETTINGS,
  nextInOrder,
  nextRepeatMode,
  previousInOrder,
  shuffledOrder,
} from '../../src/client/components/library/play-queue';
import { formatBytes, readSongListing } from '../../src/shared/song-listing';

const Q = ['a', 'b', 'c'];

describe('play queue', () => {
  it('steps through the queue, wrapping only with repeat all', () => {
    expect(nextInOrder(Q, 'a', 'off')).toBe('b');
    expect(nextInOrder(Q, 'c', 'off')).toBeNull();
    expect(nextInOrder(Q, 'c', 'all')).toBe('a');
    expect(previousInOrder(Q, 'b', 'off')).toBe('a');
    expect(previousInOrder(Q, 'a', 'off')).toBeNull();
    expect(previousInOrder(Q, 'a', 'all')).toBe('c');
    expect(nextInOrder([], 'a', 'all')).toBeNull();
  });

  it('ends playback with the track unless autoplay or repeat say otherwise (SPEC section 4)', () => {
    expect(DEFAULT_QUEUE_SETTINGS.autoplay).toBe(false);
    expect(afterTrackEnds(Q, 'a', DEFAULT_QUEUE_SETTINGS)).toBeNull();
    expect(afterTrackEnds(Q, 'a', { ...DEFAULT_QUEUE_SETTINGS, autoplay: true })).toEqual({ play: 'b' });
    expect(afterTrackEnds(Q, 'c', { ...DEFAULT_QUEUE_SETTINGS, autoplay: true })).toBeNull();
    expect(afterTrackEnds(Q, 'c', { ...DEFAULT_QUEUE_SETTINGS, autoplay: true, repeat: 'all' })).toEqual({ play: 'a' });
    expect(afterTrackEnds(Q, 'b', { ...DEFAULT_QUEUE_SETTINGS, repeat: 'one' })).toEqual({ replay: true });
    // Repeat all without autoplay: the queue is a circle for the buttons, but nothing starts by itself.
    expect(afterTrackEnds(Q, 'c', { ...DEFAULT_QUEUE_SETTINGS, repeat: 'all' })).toBeNull();
  });

  it('shuffles every song once, starting with the current one', () => {
    const queue = Array.from({ length: 50 }, (_, i) => `s${i}`);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const order = shuffledOrder(queue, 's20', random);
    expect(order[0]).toBe('s20');
    expect([...order].sort()).toEqual([...queue].sort());
    expect(order).not.toEqual(queue);
    expect(shuffledOrder(queue, null, random)).toHaveLength(50);
  });

  it('can leave every song in its place, as a fair shuffle must (Fisher–Yates, not Sattolo)', () => {
    // A random just under 1 picks j = i at every step: no swap at all.
    expect(shuffledOrder(['a', 'b', 'c', 'd'], null, () => 0.999)).toEqual(['a', 'b', 'c', 'd']);
    expect(shuffledOrder(['a', 'b', 'c', 'd'], 'c', () => 0.999)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('cycles repeat off → all → one → off', () => {
    expect(nextRepeatMode('off')).toBe('all');
    expect(nextRepeatMode('all')).toBe('one');
    expect(nextRepeatMode('one')).toBe('off');
  });
});

describe('song listing', () => {
  it('reads the spec list of paths, or paths with sizes', () => {
    expect(readSongListing(['a.mp3', 'b/c.mp3'])).toEqual({ paths: ['a.mp3', 'b/c.mp3'], sizes: null });
    expect(readSongListing({ paths: ['a.mp3'], sizes: [12] })).toEqual({ paths: ['a.mp3'], sizes: [12] });
    // Sizes that do not line up with the paths are ignored rather than misattributed.
    expect(readSongListing({ paths: ['a.mp3', 'b.mp3'], sizes: [12] })).toEqual({ paths: ['a.mp3', 'b.mp3'], sizes: null });
    expect(readSongListing(undefined)).toEqual({ paths: [], sizes: null });
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1_000_000)).toBe('1 MB');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(250_000_000)).toBe('250 MB');
    expect(formatBytes(1_073_741_824)).toBe('1.1 GB');
  });
});
