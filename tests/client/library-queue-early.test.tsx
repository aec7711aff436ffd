import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addToQueue, currentSong, EMPTY_QUEUE, serializeQueue } from '../../src/client/features/library/play-queue';
import { useQueueEdits } from '../../src/client/features/library/useQueueEdits';
import { queueStorageKey, useSongQueue } from '../../src/client/features/library/useSongQueue';

const SAVED = addToQueue(EMPTY_QUEUE, ['Kenji Sato/Sunrise EP/01 First Light.wav', 'Kenji Sato/Sunrise EP/02 Golden Hour.wav']).queue;
const NEON = 'Kenji Sato/Night Drive/01 Neon Streets.wav';

afterEach(() => localStorage.clear());

describe('the queue before the library’s song list has arrived', () => {
  it('a song added joins the saved queue instead of replacing it (the page paints and answers clicks first)', () => {
    localStorage.setItem(queueStorageKey('kenji'), serializeQueue(SAVED));
    const { result } = renderHook(() => useSongQueue('kenji', null));
    expect(result.current.ready).toBe(false);
    act(() => result.current.setQueue((queue) => addToQueue(queue, [NEON]).queue));
    expect(result.current.queue.entries.map((entry) => entry.path)).toEqual([...SAVED.entries.map((entry) => entry.path), NEON]);
    expect(currentSong(result.current.queue)).toBe(currentSong(SAVED));
  });

  // The song rows' buttons, as the player wires them (useSongPlayer): the first paint answers them before the list comes.
  it.each([
    ['Add to queue', 'enqueue', [...SAVED.entries.map((entry) => entry.path), NEON]],
    ['Play next', 'playNext', [SAVED.entries[0]?.path, NEON, SAVED.entries[1]?.path]],
  ] as const)('%s keeps the saved queue and its current song', (_, edit, order) => {
    localStorage.setItem(queueStorageKey('kenji'), serializeQueue(SAVED));
    const { result } = renderHook(() => {
      const queue = useSongQueue('kenji', null);
      return { queue, edits: useQueueEdits(queue.editBase, queue.setQueue) };
    });
    let added = 0;
    act(() => {
      added = result.current.edits[edit]([NEON]);
    });
    expect(added).toBe(1);
    expect(result.current.queue.queue.entries.map((entry) => entry.path)).toEqual(order);
    expect(currentSong(result.current.queue.queue)).toBe(currentSong(SAVED));
  });
});
