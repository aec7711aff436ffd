import { trackTitle } from '../../../shared/songs/paths';
import { MAX_QUEUE_SONGS } from './play-queue';

/** 'Added 01 Drizzle to the queue', '12 songs', or how many fitted when the queue is full. */
export function queuedMessage(paths: readonly string[], added: number): { ok: boolean; text: string } {
  if (added === 0) return { ok: false, text: `The queue is full: it holds at most ${MAX_QUEUE_SONGS} songs` };
  if (added < paths.length) return { ok: true, text: `Added ${added} of ${paths.length} songs: the queue holds at most ${MAX_QUEUE_SONGS}` };
  return { ok: true, text: `Added ${paths.length === 1 ? trackTitle(paths[0] ?? '') : `${added} songs`} to the queue` };
}
