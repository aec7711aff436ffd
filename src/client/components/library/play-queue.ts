/** What plays next: pure rules over the queue (the folder or search results a song was started from). */

export type RepeatMode = 'off' | 'all' | 'one';

export interface QueueSettings {
  /** Off by default: SPEC section 4, playback ends when the track finishes. */
  autoplay: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { autoplay: false, shuffle: false, repeat: 'off' };

/** off → all → one → off, the order of most players' repeat button. */
export const nextRepeatMode = (mode: RepeatMode): RepeatMode => (mode === 'off' ? 'all' : mode === 'all' ? 'one' : 'off');

/**
 * A shuffled copy of the queue that starts with the current song (Fisher–Yates), so 'next' never repeats
 * a song before the others have played. `random` is injectable for tests.
 */
export function shuffledOrder(queue: readonly string[], current: string | null, random: () => number = Math.random): string[] {
  const rest = queue.filter((p) => p !== current);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as string, rest[i] as string];
  }
  return current !== null && queue.includes(current) ? [current, ...rest] : rest;
}

/** The song after `current` in `order`; past the end only with repeat all. */
export function nextInOrder(order: readonly string[], current: string | null, repeat: RepeatMode): string | null {
  if (order.length === 0) return null;
  const i = current === null ? -1 : order.indexOf(current);
  if (i + 1 < order.length) return order[i + 1] as string;
  return repeat === 'all' ? (order[0] as string) : null;
}

/** The song before `current` in `order`; before the start only with repeat all. */
export function previousInOrder(order: readonly string[], current: string | null, repeat: RepeatMode): string | null {
  if (order.length === 0) return null;
  const i = current === null ? -1 : order.indexOf(current);
  if (i > 0) return order[i - 1] as string;
  return repeat === 'all' ? (order.at(-1) as string) : null;
}

/**
 * When a track finishes: replay it (repeat one), the next song (autoplay on), or null: playback ends. Repeat
 * all makes the queue a circle for next and previous; it plays on by itself only with autoplay.
 */
export function afterTrackEnds(order: readonly string[], current: string | null, settings: QueueSettings): { replay: true } | { play: string } | null {
  if (settings.repeat === 'one') return { replay: true };
  if (!settings.autoplay) return null;
  const next = nextInOrder(order, current, settings.repeat);
  return next === null ? null : { play: next };
}
