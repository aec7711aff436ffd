import { useCallback, useMemo, type Dispatch, type SetStateAction } from 'react';
import { addToQueue, clearUpNext, moveUpNext, playNext as playNextInQueue, removeFromQueue, type PlayQueue } from './play-queue';

/**
 * The queue panel's and the song rows' edits: they change what plays later, never what plays now, so they need
 * the queue only (useSongQueue), not the audio. Adding starts from `editBase`: before the song list is known, that is
 * the stored queue, which the queue shown does not hold yet.
 */
export function useQueueEdits(editBase: () => PlayQueue, setQueue: Dispatch<SetStateAction<PlayQueue>>) {
  const enqueue = useCallback(
    (paths: readonly string[]) => {
      const { queue: next, added } = addToQueue(editBase(), paths);
      setQueue(next);
      return added;
    },
    [editBase, setQueue],
  );

  const playNext = useCallback(
    (paths: readonly string[]) => {
      const { queue: next, added } = playNextInQueue(editBase(), paths);
      setQueue(next);
      return added;
    },
    [editBase, setQueue],
  );

  const moveInQueue = useCallback((from: number, to: number) => setQueue((q) => moveUpNext(q, from, to)), [setQueue]);
  const remove = useCallback((id: number) => setQueue((q) => removeFromQueue(q, id)), [setQueue]);
  const clearQueue = useCallback(() => setQueue(clearUpNext), [setQueue]);

  return useMemo(() => ({ enqueue, playNext, moveInQueue, removeFromQueue: remove, clearQueue }), [enqueue, playNext, moveInQueue, remove, clearQueue]);
}
