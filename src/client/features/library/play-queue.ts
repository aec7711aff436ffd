import { isPlayable } from '../../../shared/songs/paths';
import type { FolderNode } from './song-tree';

/**
 * The play queue as pure data: the songs in play order, which one is playing, and the rules for what comes
 * next. Songs before the current one are the history that 'Previous' walks back through; the ones after it
 * are 'Up next'. The same song may be queued twice, so entries carry an id (their order of arrival).
 */

export type RepeatMode = 'off' | 'all' | 'one';

export interface QueueSettings {
  /** Off by default: SPEC section 4, playback ends when the track finishes. */
  autoplay: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { autoplay: false, shuffle: false, repeat: 'off' };

export interface QueueEntry {
  /** Unique in its queue and increasing in order of arrival: un-shuffling sorts by it. */
  id: number;
  path: string;
}

export interface PlayQueue {
  entries: readonly QueueEntry[];
  /** Index of the song in the player; -1 when nothing is. */
  position: number;
  /**
   * The listener asked for the whole queue ('Play folder', 'Play all', 'Add to queue'): it plays on when a
   * track ends. A song picked from the list follows the spec instead and ends with its track (unless autoplay).
   */
  playOn: boolean;
  nextId: number;
}

/** A queue larger than this would not fit in localStorage beside the rest of the site's data. */
export const MAX_QUEUE_SONGS = 2000;

export const EMPTY_QUEUE: PlayQueue = { entries: [], position: -1, playOn: false, nextId: 1 };

/** off → all → one → off, the order of most players' repeat button. */
export const nextRepeatMode = (mode: RepeatMode): RepeatMode => (mode === 'off' ? 'all' : mode === 'all' ? 'one' : 'off');

/** A fair shuffle (Fisher–Yates) of a copy. `random` is injectable for tests. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function withEntries(paths: readonly string[], firstId: number): QueueEntry[] {
  return paths.map((path, i) => ({ id: firstId + i, path }));
}

/** A folder's songs in the order the page lists them: each subfolder's (recursively), then its own files. */
export function songsIn(node: FolderNode): string[] {
  const songs: string[] = [];
  const walk = (folder: FolderNode) => {
    for (const child of folder.folders) walk(child);
    for (const file of folder.files) if (isPlayable(file)) songs.push(file);
  };
  walk(node);
  return songs;
}

export const currentSong = (queue: PlayQueue): string | null => queue.entries[queue.position]?.path ?? null;

/** The songs after the current one (all of them when nothing plays). */
export const upNext = (queue: PlayQueue): readonly QueueEntry[] => queue.entries.slice(queue.position + 1);

/**
 * A new queue of `paths` (at most MAX_QUEUE_SONGS) starting at `start`. With shuffle the start stays first
 * and the rest follows in random order, so 'next' never repeats a song before the others have played.
 */
export function queueFrom(
  paths: readonly string[],
  start: number,
  options: { playOn: boolean; shuffle: boolean },
  random: () => number = Math.random,
): PlayQueue {
  const from = Math.max(0, Math.min(start, paths.length - 1));
  let order = paths;
  let position = from;
  if (options.shuffle && paths.length > 1) {
    const first = paths[from] as string;
    order = [first, ...shuffled([...paths.slice(0, from), ...paths.slice(from + 1)], random)];
    position = 0;
  }
  // A long list keeps the window that starts at the chosen song.
  const offset = Math.max(0, Math.min(position, order.length - MAX_QUEUE_SONGS));
  const kept = order.slice(offset, offset + MAX_QUEUE_SONGS);
  return { entries: withEntries(kept, 1), position: kept.length ? position - offset : -1, playOn: options.playOn, nextId: kept.length + 1 };
}

/**
 * Puts songs into the queue at `at`, as many as fit. With nothing in the player the first one put in becomes
 * the current song (paused until the listener presses play). Asked for as a queue, it plays on from then.
 */
function insertSongs(queue: PlayQueue, paths: readonly string[], at: number): { queue: PlayQueue; added: number } {
  const room = Math.max(0, MAX_QUEUE_SONGS - queue.entries.length);
  const adding = paths.slice(0, room);
  if (adding.length === 0) return { queue, added: 0 };
  const entries = [...queue.entries.slice(0, at), ...withEntries(adding, queue.nextId), ...queue.entries.slice(at)];
  const position = queue.position === -1 ? at : queue.position;
  return { queue: { entries, position, playOn: true, nextId: queue.nextId + adding.length }, added: adding.length };
}

/** 'Add to queue': songs go to the end of the queue. Returns how many fitted. */
export const addToQueue = (queue: PlayQueue, paths: readonly string[]) => insertSongs(queue, paths, queue.entries.length);

/**
 * 'Play next': songs go right after the current one, ahead of the rest of 'Up next' (a song already queued
 * is queued once more, as 'Add to queue' does). Returns how many fitted.
 */
export const playNext = (queue: PlayQueue, paths: readonly string[]) => insertSongs(queue, paths, queue.position + 1);

/** Moves an 'Up next' song from one place in that list to another (both indices count from the first song up next). */
export function moveUpNext(queue: PlayQueue, from: number, to: number): PlayQueue {
  const base = queue.position + 1;
  const last = queue.entries.length - 1;
  const a = base + from;
  const b = base + to;
  if (from === to || a < base || b < base || a > last || b > last) return queue;
  const entries = [...queue.entries];
  const [moved] = entries.splice(a, 1);
  entries.splice(b, 0, moved as QueueEntry);
  return { ...queue, entries };
}

/** Takes an 'Up next' song out of the queue (the current one stays: stop or skip it instead). */
export function removeFromQueue(queue: PlayQueue, id: number): PlayQueue {
  const index = queue.entries.findIndex((e) => e.id === id);
  if (index === -1 || index === queue.position) return queue;
  return { ...queue, entries: queue.entries.filter((e) => e.id !== id), position: index < queue.position ? queue.position - 1 : queue.position };
}

/** Empties 'Up next' and the history; the current song stays in the player. */
export function clearUpNext(queue: PlayQueue): PlayQueue {
  const current = queue.entries[queue.position];
  return current ? { ...queue, entries: [current], position: 0 } : EMPTY_QUEUE;
}

/** The current song could not be played: it and the history leave, 'Up next' stays for the listener to go on with. */
export function dropCurrent(queue: PlayQueue): PlayQueue {
  return queue.position === -1 ? queue : { ...queue, entries: upNext(queue), position: -1 };
}

/** Makes an entry the current one (the listener picked it in the queue panel). */
export function jumpTo(queue: PlayQueue, id: number): PlayQueue {
  const index = queue.entries.findIndex((e) => e.id === id);
  return index === -1 ? queue : { ...queue, position: index };
}

/** The index 'Next' goes to; past the end only with repeat all. */
export function nextIndex(queue: PlayQueue, repeat: RepeatMode): number | null {
  if (queue.entries.length === 0) return null;
  if (queue.position + 1 < queue.entries.length) return queue.position + 1;
  return repeat === 'all' ? 0 : null;
}

/** The index 'Previous' goes to; before the start only with repeat all. */
export function previousIndex(queue: PlayQueue, repeat: RepeatMode): number | null {
  if (queue.position === -1) return null;
  if (queue.position > 0) return queue.position - 1;
  return repeat === 'all' && queue.entries.length > 1 ? queue.entries.length - 1 : null;
}

/**
 * When a track finishes: replay it (repeat one), go on to the next index (a queue asked for as a whole, or
 * autoplay on), or null: playback ends, as SPEC section 4 says for a song picked alone.
 */
export function afterTrackEnds(queue: PlayQueue, settings: QueueSettings): { replay: true } | { play: number } | null {
  if (settings.repeat === 'one') return { replay: true };
  if (!settings.autoplay && !queue.playOn) return null;
  const next = nextIndex(queue, settings.repeat);
  return next === null ? null : { play: next };
}

/** Shuffle on: 'Up next' in random order. The history and the current song keep their places. */
export function shuffleUpNext(queue: PlayQueue, random: () => number = Math.random): PlayQueue {
  const head = queue.entries.slice(0, queue.position + 1);
  return { ...queue, entries: [...head, ...shuffled(upNext(queue), random)] };
}

/** Shuffle off: 'Up next' back in the order the songs arrived. */
export function unshuffleUpNext(queue: PlayQueue): PlayQueue {
  const head = queue.entries.slice(0, queue.position + 1);
  return { ...queue, entries: [...head, ...[...upNext(queue)].sort((a, b) => a.id - b.id)] };
}

/** What localStorage keeps: song paths, not ids (a reload numbers them afresh). */
interface StoredQueue {
  version: 1;
  songs: string[];
  position: number;
  playOn: boolean;
}

export function serializeQueue(queue: PlayQueue): string {
  const stored: StoredQueue = { version: 1, songs: queue.entries.map((e) => e.path), position: queue.position, playOn: queue.playOn };
  return JSON.stringify(stored);
}

/**
 * A stored queue read back against the library as it is now: songs that are gone (or were never songs) are
 * dropped, and the current one moves to the next song that is still there. Anything unreadable is an empty queue.
 */
export function restoreQueue(raw: string | null, isSong: (path: string) => boolean): PlayQueue {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? 'null');
  } catch {
    return EMPTY_QUEUE;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_QUEUE;
  const { version, songs, position, playOn } = value as Partial<Record<keyof StoredQueue, unknown>>;
  if (version !== 1 || !Array.isArray(songs)) return EMPTY_QUEUE;
  const at = typeof position === 'number' && Number.isInteger(position) ? position : -1;
  const kept: string[] = [];
  let newPosition = -1;
  for (const [i, song] of songs.slice(0, MAX_QUEUE_SONGS).entries()) {
    if (typeof song !== 'string' || !isSong(song)) continue;
    if (newPosition === -1 && at !== -1 && i >= at) newPosition = kept.length;
    kept.push(song);
  }
  return { entries: withEntries(kept, 1), position: newPosition, playOn: playOn === true, nextId: kept.length + 1 };
}
