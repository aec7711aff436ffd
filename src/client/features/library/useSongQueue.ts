import { useCallback, useEffect, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { isPlayable, type Library } from '../../../shared/songs/paths';
import { EMPTY_QUEUE, restoreQueue, serializeQueue, type PlayQueue } from './play-queue';

/** One queue per library and browser: song paths, the current one, and whether it plays on. */
export const queueStorageKey = (library: Library) => `library-queue:${library}`;

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The queue, kept in localStorage so it survives a reload. The stored queue is read once the library's song list
 * (`songs`) is known, so songs removed since are dropped; it is written back only when the listener changes it.
 * The list is never known on the server nor while the page hydrates (the first HTML carries only the open folder's
 * view; useLibraryListing reads the list after), so the stored queue never makes the hydrating render differ from
 * the server's HTML, and no second render is needed to find out that hydration is over.
 */
export interface SongQueueState {
  queue: PlayQueue;
  setQueue: Dispatch<SetStateAction<PlayQueue>>;
  /** The queue an edit starts from: the one shown, or while the song list is unknown, the stored one. */
  editBase: () => PlayQueue;
  /** The stored queue has been read (the song list is known): a deep link may now replace it. */
  ready: boolean;
}

export function useSongQueue(library: Library, songs: readonly string[] | null): SongQueueState {
  const stored = useMemo(() => {
    if (songs === null) return EMPTY_QUEUE;
    const known = new Set(songs);
    return restoreQueue(readStored(queueStorageKey(library)), (path) => known.has(path) && isPlayable(path));
  }, [library, songs]);

  const [changed, setChanged] = useState<{ library: Library; queue: PlayQueue } | null>(null);
  // Another library has another queue.
  const queue = changed?.library === library ? changed.queue : stored;

  // Before the song list is known (the page paints and answers clicks first), the stored queue is taken as saved: a
  // song added then joins it instead of replacing it.
  const saved = useCallback(() => (songs === null ? restoreQueue(readStored(queueStorageKey(library)), isPlayable) : stored), [library, songs, stored]);
  const setQueue = useCallback<Dispatch<SetStateAction<PlayQueue>>>(
    (action) =>
      setChanged((prev) => {
        const before = prev?.library === library ? prev.queue : saved();
        return { library, queue: typeof action === 'function' ? action(before) : action };
      }),
    [library, saved],
  );
  const editBase = useCallback(() => (changed?.library === library ? changed.queue : saved()), [changed, library, saved]);

  useEffect(() => {
    if (changed === null) return;
    try {
      localStorage.setItem(queueStorageKey(changed.library), serializeQueue(changed.queue));
    } catch {
      // Private mode or full storage: the queue lasts for this visit.
    }
  }, [changed]);

  return { queue, setQueue, editBase, ready: songs !== null };
}
