import { describe, expect, it } from 'vitest';
import {
  addToQueue,
  afterTrackEnds,
  clearUpNext,
  currentSong,
  DEFAULT_QUEUE_SETTINGS,
  dropCurrent,
  EMPTY_QUEUE,
  jumpTo,
  MAX_QUEUE_SONGS,
  moveUpNext,
  nextIndex,
  nextRepeatMode,
  playNext,
  previousIndex,
  queueFrom,
  removeFromQueue,
  restoreQueue,
  serializeQueue,
  shuffled,
  shuffleUpNext,
  songsIn,
  unshuffleUpNext,
  upNext,
  type PlayQueue,
} from '../../src/client/features/library/play-queue';
import { formatBytes, readSongListing } from '../../src/client/features/library/song-listing';
import { buildSongTree } from '../../src/client/features/library/song-tree';

const Q = ['a', 'b', 'c'];
const picked = (at: number) => queueFrom(Q, at, { playOn: false, shuffle: false });
const paths = (q: PlayQueue) => q.entries.map((e) => e.path);
const upNextPaths = (q: PlayQueue) => upNext(q).map((e) => e.path);
/** A seeded generator (Park–Miller), so a shuffle is the same on every run. */
const seeded = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe('play queue: next and previous', () => {
  it('steps through the queue, wrapping only with repeat all', () => {
    const atA = picked(0);
    const atC = picked(2);
    expect(nextIndex(atA, 'off')).toBe(1);
    expect(nextIndex(atC, 'off')).toBeNull();
    expect(nextIndex(atC, 'all')).toBe(0);
    expect(previousIndex(picked(1), 'off')).toBe(0);
    expect(previousIndex(atA, 'off')).toBeNull();
    expect(previousIndex(atA, 'all')).toBe(2);
    expect(nextIndex(EMPTY_QUEUE, 'all')).toBeNull();
    expect(previousIndex(EMPTY_QUEUE, 'all')).toBeNull();
    // One song with repeat all: previous has nowhere else to go.
    expect(previousIndex(queueFrom(['a'], 0, { playOn: false, shuffle: false }), 'all')).toBeNull();
  });

  it('a picked song ends playback with its track unless autoplay or repeat say otherwise (SPEC section 4)', () => {
    const atA = picked(0);
    const atC = picked(2);
    expect(DEFAULT_QUEUE_SETTINGS.autoplay).toBe(false);
    expect(afterTrackEnds(atA, DEFAULT_QUEUE_SETTINGS)).toBeNull();
    expect(afterTrackEnds(atA, { ...DEFAULT_QUEUE_SETTINGS, autoplay: true })).toEqual({ play: 1 });
    expect(afterTrackEnds(atC, { ...DEFAULT_QUEUE_SETTINGS, autoplay: true })).toBeNull();
    expect(afterTrackEnds(atC, { ...DEFAULT_QUEUE_SETTINGS, autoplay: true, repeat: 'all' })).toEqual({ play: 0 });
    expect(afterTrackEnds(atA, { ...DEFAULT_QUEUE_SETTINGS, repeat: 'one' })).toEqual({ replay: true });
    // Repeat all without autoplay: the queue is a circle for the buttons, but nothing starts by itself.
    expect(afterTrackEnds(atC, { ...DEFAULT_QUEUE_SETTINGS, repeat: 'all' })).toBeNull();
  });

  it('a folder played as a whole plays on to its end without autoplay, and stops there', () => {
    const folder = queueFrom(Q, 0, { playOn: true, shuffle: false });
    expect(afterTrackEnds(folder, DEFAULT_QUEUE_SETTINGS)).toEqual({ play: 1 });
    expect(afterTrackEnds({ ...folder, position: 2 }, DEFAULT_QUEUE_SETTINGS)).toBeNull();
  });

  it('cycles repeat off → all → one → off', () => {
    expect(nextRepeatMode('off')).toBe('all');
    expect(nextRepeatMode('all')).toBe('one');
    expect(nextRepeatMode('one')).toBe('off');
  });
});

describe('play queue: building it', () => {
  it('starts at the picked song, and with shuffle puts it first and every other song once after it', () => {
    expect(currentSong(picked(1))).toBe('b');
    const many = Array.from({ length: 50 }, (_, i) => `s${i}`);
    const q = queueFrom(many, 20, { playOn: false, shuffle: true }, seeded(7));
    expect(q.position).toBe(0);
    expect(currentSong(q)).toBe('s20');
    expect([...paths(q)].sort()).toEqual([...many].sort());
    expect(paths(q)).not.toEqual(many);
  });

  it('a fair shuffle can leave every song in its place (Fisher–Yates, not Sattolo)', () => {
    // A random just under 1 picks j = i at every step: no swap at all.
    expect(shuffled(['a', 'b', 'c', 'd'], () => 0.999)).toEqual(['a', 'b', 'c', 'd']);
  });

  it(`holds at most ${MAX_QUEUE_SONGS} songs, keeping the window that starts at the picked one`, () => {
    expect(MAX_QUEUE_SONGS).toBe(2000);
    const many = Array.from({ length: 2500 }, (_, i) => `s${i}`);
    const q = queueFrom(many, 2400, { playOn: true, shuffle: false });
    expect(q.entries).toHaveLength(2000);
    expect(currentSong(q)).toBe('s2400');
    expect(paths(q).at(-1)).toBe('s2499');
    expect(queueFrom([], 0, { playOn: true, shuffle: false })).toMatchObject({ entries: [], position: -1 });
  });

  it('lists a folder as the page does: subfolders first (recursively), then its own songs, no other files', () => {
    const root = buildSongTree(['A/z.mp3', 'A/One/x.mp3', 'A/One/cover.txt', 'A/Two/y.mp3', 'B/w.mp3']);
    expect(songsIn(root)).toEqual(['A/One/x.mp3', 'A/Two/y.mp3', 'A/z.mp3', 'B/w.mp3']);
  });
});

describe('play queue: add, move, remove', () => {
  it('adds to the end, the same song twice if asked, and plays on from then', () => {
    const { queue, added } = addToQueue(picked(0), ['b', 'x']);
    expect(added).toBe(2);
    expect(paths(queue)).toEqual(['a', 'b', 'c', 'b', 'x']);
    expect(new Set(queue.entries.map((e) => e.id)).size).toBe(5);
    expect(queue.playOn).toBe(true);
    expect(currentSong(queue)).toBe('a');
  });

  it('adding to an empty player cues the first song added', () => {
    const { queue } = addToQueue(EMPTY_QUEUE, ['x', 'y']);
    expect(currentSong(queue)).toBe('x');
    expect(upNextPaths(queue)).toEqual(['y']);
  });

  it('adds only what fits in a full queue', () => {
    const full = queueFrom(
      Array.from({ length: 1999 }, (_, i) => `s${i}`),
      0,
      { playOn: false, shuffle: false },
    );
    const { queue, added } = addToQueue(full, ['x', 'y']);
    expect(added).toBe(1);
    expect(queue.entries).toHaveLength(2000);
    expect(addToQueue(queue, ['z']).added).toBe(0);
  });

  it('Play next puts the song right after the current one, before the rest of up next', () => {
    const { queue, added } = playNext(picked(0), ['x']);
    expect(added).toBe(1);
    expect(paths(queue)).toEqual(['a', 'x', 'b', 'c']);
    expect(currentSong(queue)).toBe('a');
    expect(queue.playOn).toBe(true);
    expect(nextIndex(queue, 'off')).toBe(1);
  });

  it('Play next with the current song last puts it at the end', () => {
    const { queue } = playNext(picked(2), ['x']);
    expect(paths(queue)).toEqual(['a', 'b', 'c', 'x']);
    expect(currentSong(queue)).toBe('c');
    expect(upNextPaths(queue)).toEqual(['x']);
  });

  it('Play next into an empty player cues the song; with nothing playing it goes before up next', () => {
    const { queue } = playNext(EMPTY_QUEUE, ['x']);
    expect(currentSong(queue)).toBe('x');
    expect(upNextPaths(queue)).toEqual([]);
    const waiting = dropCurrent(picked(0));
    const after = playNext(waiting, ['x']).queue;
    expect(currentSong(after)).toBe('x');
    expect(upNextPaths(after)).toEqual(['b', 'c']);
  });

  it('Play next of a song already queued queues it again, next, and keeps the other', () => {
    const { queue } = playNext(picked(0), ['c']);
    expect(paths(queue)).toEqual(['a', 'c', 'b', 'c']);
    expect(new Set(queue.entries.map((e) => e.id)).size).toBe(4);
  });

  it('Play next into a full queue adds nothing', () => {
    const full = queueFrom(
      Array.from({ length: MAX_QUEUE_SONGS }, (_, i) => `s${i}`),
      0,
      { playOn: false, shuffle: false },
    );
    expect(playNext(full, ['x'])).toEqual({ queue: full, added: 0 });
  });

  it('moves up next songs, refusing moves past either end or onto the history', () => {
    const q = queueFrom(['a', 'b', 'c', 'd', 'e'], 1, { playOn: true, shuffle: false });
    expect(upNextPaths(q)).toEqual(['c', 'd', 'e']);
    expect(upNextPaths(moveUpNext(q, 2, 0))).toEqual(['e', 'c', 'd']);
    expect(upNextPaths(moveUpNext(q, 0, 1))).toEqual(['d', 'c', 'e']);
    expect(moveUpNext(q, 0, -1)).toBe(q);
    expect(moveUpNext(q, 2, 3)).toBe(q);
    expect(moveUpNext(q, 1, 1)).toBe(q);
    expect(currentSong(moveUpNext(q, 2, 0))).toBe('b');
  });

  it('removes an up next or past song, keeping the current one where it is', () => {
    const q = queueFrom(['a', 'b', 'c', 'd'], 1, { playOn: true, shuffle: false });
    const [a, b, c] = q.entries;
    const withoutC = removeFromQueue(q, c?.id ?? 0);
    expect(paths(withoutC)).toEqual(['a', 'b', 'd']);
    expect(currentSong(withoutC)).toBe('b');
    const withoutA = removeFromQueue(q, a?.id ?? 0);
    expect(currentSong(withoutA)).toBe('b');
    expect(withoutA.position).toBe(0);
    expect(removeFromQueue(q, b?.id ?? 0)).toBe(q);
    expect(removeFromQueue(q, 999)).toBe(q);
  });

  it('clears up next and the history, keeping the song in the player', () => {
    const q = queueFrom(['a', 'b', 'c'], 1, { playOn: true, shuffle: false });
    expect(paths(clearUpNext(q))).toEqual(['b']);
    expect(clearUpNext(EMPTY_QUEUE)).toEqual(EMPTY_QUEUE);
  });

  it('jumps to a queued song, and drops a song that could not be played', () => {
    const q = queueFrom(['a', 'b', 'c'], 0, { playOn: true, shuffle: false });
    expect(currentSong(jumpTo(q, q.entries[2]?.id ?? 0))).toBe('c');
    expect(jumpTo(q, 999)).toBe(q);
    const dropped = dropCurrent(jumpTo(q, q.entries[1]?.id ?? 0));
    expect(currentSong(dropped)).toBeNull();
    expect(paths(dropped)).toEqual(['c']);
    expect(dropCurrent(EMPTY_QUEUE)).toBe(EMPTY_QUEUE);
  });

  it('shuffles only up next, and un-shuffles it back to the order of arrival', () => {
    const many = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const q = queueFrom(many, 10, { playOn: true, shuffle: false });
    const mixed = shuffleUpNext(q, seeded(3));
    expect(paths(mixed).slice(0, 11)).toEqual(many.slice(0, 11));
    expect(upNextPaths(mixed)).not.toEqual(many.slice(11));
    expect(paths(unshuffleUpNext(mixed))).toEqual(many);
  });
});

describe('play queue: surviving a reload', () => {
  const library = new Set(['a', 'b', 'c', 'd']);
  const isSong = (p: string) => library.has(p);

  it('reads back what it wrote', () => {
    const q = addToQueue(queueFrom(['a', 'b', 'c'], 1, { playOn: false, shuffle: false }), ['b']).queue;
    const back = restoreQueue(serializeQueue(q), isSong);
    expect(paths(back)).toEqual(['a', 'b', 'c', 'b']);
    expect(currentSong(back)).toBe('b');
    expect(back.position).toBe(1);
    expect(back.playOn).toBe(true);
  });

  it('drops songs that are gone; a gone current song gives way to the next one still there', () => {
    const stored = JSON.stringify({ version: 1, songs: ['a', 'gone', 'x', 'd'], position: 1, playOn: true });
    const back = restoreQueue(stored, isSong);
    expect(paths(back)).toEqual(['a', 'd']);
    expect(currentSong(back)).toBe('d');
    const lastGone = restoreQueue(JSON.stringify({ version: 1, songs: ['a', 'gone'], position: 1, playOn: true }), isSong);
    expect(paths(lastGone)).toEqual(['a']);
    expect(currentSong(lastGone)).toBeNull();
  });

  it('turns garbage into an empty queue, without throwing', () => {
    for (const raw of [null, '', 'not json', '42', 'null', '[]', '{"version":2,"songs":["a"]}', '{"version":1,"songs":"a"}', '{"version":1}']) {
      expect(restoreQueue(raw, isSong), String(raw)).toEqual(EMPTY_QUEUE);
    }
    const odd = restoreQueue(JSON.stringify({ version: 1, songs: ['a', 7, null, { p: 'b' }, 'b'], position: 'x', playOn: 'yes' }), isSong);
    expect(paths(odd)).toEqual(['a', 'b']);
    expect(odd.position).toBe(-1);
    expect(odd.playOn).toBe(false);
    const tooMany = restoreQueue(JSON.stringify({ version: 1, songs: Array.from({ length: 2500 }, () => 'a'), position: 0, playOn: true }), isSong);
    expect(tooMany.entries).toHaveLength(2000);
  });
});

describe('song listing', () => {
  it('reads the spec list of paths, or paths with sizes and lengths', () => {
    expect(readSongListing(['a.mp3', 'b/c.mp3'])).toEqual({ paths: ['a.mp3', 'b/c.mp3'], sizes: null, durations: null });
    expect(readSongListing({ paths: ['a.mp3'], sizes: [12] })).toEqual({ paths: ['a.mp3'], sizes: [12], durations: null });
    expect(readSongListing({ paths: ['a.mp3'], sizes: [12], durations: [183.5] })).toEqual({ paths: ['a.mp3'], sizes: [12], durations: [183.5] });
    // Sizes or lengths that do not line up with the paths are ignored rather than misattributed.
    expect(readSongListing({ paths: ['a.mp3', 'b.mp3'], sizes: [12] })).toEqual({ paths: ['a.mp3', 'b.mp3'], sizes: null, durations: null });
    expect(readSongListing({ paths: ['a.mp3', 'b.mp3'], sizes: [12, 13], durations: [1] })).toEqual({
      paths: ['a.mp3', 'b.mp3'],
      sizes: [12, 13],
      durations: null,
    });
    expect(readSongListing(undefined)).toEqual({ paths: [], sizes: null, durations: null });
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
