import { memo, useCallback, useEffect, useEffectEvent, useRef, useState, type DragEvent, type RefObject } from 'react';
import { parentFolder, trackTitle } from '../../../shared/songs/paths';
import { PHONE_QUERY, useMediaQuery } from '../../hooks/useMediaQuery';
import type { SongPlayer } from './useSongPlayer';
import type { QueueEntry } from './play-queue';
import { formatTime } from './format-time';
import { CloseIcon, GripIcon, MoveDownIcon, MoveUpIcon, PauseIcon, PlayIcon, RemoveIcon } from './LibraryIcons';
import { useDrawerFocus, useInertBehind } from './useDrawerFocus';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-indigo-500 dark:focus-visible:outline-indigo-400';
const SMALL_BUTTON = `flex size-9 shrink-0 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent max-md:size-11 dark:text-gray-400 dark:hover:bg-white/10 dark:hover:text-white ${FOCUS}`;

type MoveAction = 'up' | 'down';
/** Where focus goes once the list has changed: the moved song's button, or the row that took a removed song's place. */
type FocusAfter = { id: number; action: MoveAction } | { removedAt: number };

interface QueuePanelProps {
  player: SongPlayer;
  id: string;
  onClose: () => void;
  /** The button that opened the panel: focus goes back to it when the phone sheet closes. */
  opener: RefObject<HTMLElement | null>;
}

function SongText({ path, strong = false }: { path: string; strong?: boolean }) {
  return (
    <span className="min-w-0 flex-1">
      <span className={`block truncate text-sm ${strong ? 'font-semibold text-indigo-700 dark:text-indigo-300' : 'font-medium'}`}>{trackTitle(path)}</span>
      <span className="block truncate text-xs text-gray-600 dark:text-gray-400">{parentFolder(path) || '/'}</span>
    </span>
  );
}

interface UpNextListProps {
  /** 'Up next', or 'Also in the queue' when playback ends with the current song. */
  label: string;
  entries: readonly QueueEntry[];
  durations: ReadonlyMap<string, number>;
  onPlay: (id: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
  onAnnounce: (text: string) => void;
  /** Where focus goes when the list is emptied. */
  fallbackFocus: () => void;
}

/**
 * The 'Up next' rows. Memoised: the player's clock ticks several times a second, and a queue of 2,000 songs
 * need not re-render with it.
 */
const UpNextList = memo(function UpNextList({ label, entries, durations, onPlay, onMove, onRemove, onAnnounce, fallbackFocus }: UpNextListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  /** Where focus goes once the list has changed. */
  const focusAfter = useRef<FocusAfter | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending) return;
    focusAfter.current = null;
    if ('removedAt' in pending) {
      const rows = listRef.current?.querySelectorAll('[data-entry]') ?? [];
      const target = rows[Math.min(pending.removedAt, rows.length - 1)]?.querySelector<HTMLElement>('[data-remove]');
      if (target) target.focus();
      else fallbackFocus();
      return;
    }
    const row = listRef.current?.querySelector(`[data-entry="${pending.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${pending.action}"]`);
    // At the top or bottom that button is disabled: keep focus on the row's other move button.
    const target = wanted && !wanted.disabled ? wanted : row?.querySelector<HTMLButtonElement>(`[data-move="${pending.action === 'up' ? 'down' : 'up'}"]`);
    target?.focus();
  }, [entries, fallbackFocus]);

  const move = (from: number, to: number, entry: QueueEntry, action?: MoveAction) => {
    onMove(from, to);
    onAnnounce(`${trackTitle(entry.path)} moved to position ${to + 1} of ${entries.length}`);
    if (action) focusAfter.current = { id: entry.id, action };
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragFrom;
    setDragFrom(null);
    setDropAt(null);
    const entry = from === null ? undefined : entries[from];
    if (from === null || !entry || from === to) return;
    move(from, to, entry);
  };

  return (
    <ol ref={listRef} aria-label={label} className="flex flex-col">
      {entries.map((entry, i) => {
        const title = trackTitle(entry.path);
        const seconds = durations.get(entry.path);
        return (
          <li
            key={entry.id}
            data-entry={entry.id}
            data-song={entry.path}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', entry.path);
              setDragFrom(i);
            }}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDropAt(i);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDropAt(null);
            }}
            onDrop={(e) => onDrop(e, i)}
            className={`group flex items-center gap-1 rounded-lg border-y-2 border-transparent pr-1 hover:bg-gray-50 dark:hover:bg-white/5 ${dragFrom === i ? 'opacity-40' : ''} ${dropAt === i && dragFrom !== null && dragFrom !== i ? (dragFrom < i ? 'border-b-indigo-500' : 'border-t-indigo-500') : ''}`}
          >
            {/* A touch screen does not drag HTML5 draggables: there the move buttons reorder, and no grip promises otherwise. */}
            <span
              className="flex w-6 shrink-0 cursor-grab justify-center text-gray-400 active:cursor-grabbing pointer-coarse:hidden"
              aria-hidden="true"
              title="Drag to reorder"
            >
              <GripIcon />
            </span>
            <button
              type="button"
              onClick={() => onPlay(entry.id)}
              className={`flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded px-1 text-left ${FOCUS}`}
            >
              <span className="sr-only">Play </span>
              <SongText path={entry.path} />
              {seconds !== undefined && <span className="shrink-0 text-xs text-gray-600 tabular-nums dark:text-gray-400">{formatTime(seconds)}</span>}
            </button>
            <button
              type="button"
              data-move="up"
              disabled={i === 0}
              onClick={() => move(i, i - 1, entry, 'up')}
              aria-label={`Move ${title} up`}
              title="Move up"
              className={SMALL_BUTTON}
            >
              <MoveUpIcon />
            </button>
            <button
              type="button"
              data-move="down"
              disabled={i === entries.length - 1}
              onClick={() => move(i, i + 1, entry, 'down')}
              aria-label={`Move ${title} down`}
              title="Move down"
              className={SMALL_BUTTON}
            >
              <MoveDownIcon />
            </button>
            <button
              type="button"
              data-remove=""
              onClick={() => {
                focusAfter.current = { removedAt: i };
                onRemove(entry.id);
                onAnnounce(`${title} removed from the queue`);
              }}
              aria-label={`Remove ${title} from the queue`}
              title="Remove from the queue"
              className={SMALL_BUTTON}
            >
              <RemoveIcon />
            </button>
          </li>
        );
      })}
    </ol>
  );
});

/**
 * 'Now playing' and 'Up next', as Spotify's queue shows them: pick a song to play it, reorder by dragging
 * or with the move buttons (focus stays on the moved song), remove, or clear. Loaded only when opened.
 * On a desktop it is a side panel and the page beside it stays usable; on a phone it covers the page, so
 * it is a modal dialog there, with the folder drawer's focus handling and the page behind it inert.
 */
export default function QueuePanel({ player, id, onClose, opener }: QueuePanelProps) {
  const { current, upNext, queue, playing, durations } = player;
  const phone = useMediaQuery(PHONE_QUERY);
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const endsAfterCurrent = !queue.playOn && !player.autoplay && player.repeat !== 'one';
  // Songs that will not play on their own are not 'next' (SPEC section 4: playback ends when the track finishes).
  const upNextLabel = current && endsAfterCurrent ? 'Also in the queue' : 'Up next';
  const focusHeading = useCallback(() => headingRef.current?.focus(), []);

  // In this order: on closing, the page stops being inert before focus goes back to the Queue button in it.
  useInertBehind(panelRef, phone);
  useDrawerFocus(panelRef, phone, onClose, opener);
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (phone) return;
    const panel = panelRef.current;
    const returnTo = opener.current;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !panel?.contains(document.activeElement)) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Closed from inside (its close button, Escape), focus would fall to the page's top: it goes back to the Queue button.
      const active = document.activeElement;
      if (active === null || active === document.body || panel?.contains(active)) returnTo?.focus();
    };
  }, [phone, opener]);

  return (
    <section
      ref={panelRef}
      id={id}
      role={phone ? 'dialog' : 'complementary'}
      aria-modal={phone ? true : undefined}
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-0 top-0 bottom-0 z-50 md:bottom-[var(--player-h,0px)] flex flex-col border-gray-200 bg-white text-gray-900 shadow-[0_-8px_32px_rgba(0,0,0,0.25)] md:left-auto md:w-[24rem] md:border-l md:shadow-[-8px_0_24px_rgba(0,0,0,0.08)] dark:border-white/10 dark:bg-gray-900 dark:text-white"
    >
      <header className="flex items-center gap-2 border-b border-gray-200 px-4 py-2 dark:border-white/10">
        <h2 ref={headingRef} id={`${id}-title`} tabIndex={-1} data-initial-focus="" className="flex-1 text-lg font-semibold outline-none">
          Queue
        </h2>
        {upNext.length > 0 && (
          <button
            type="button"
            onClick={() => {
              player.clearQueue();
              setAnnouncement('Queue cleared');
              focusHeading();
            }}
            className={`min-h-11 rounded-full px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-white/10 ${FOCUS}`}
          >
            Clear queue
          </button>
        )}
        <button type="button" onClick={onClose} aria-label="Close queue" title="Close (Esc)" className={`${SMALL_BUTTON} size-11`}>
          <CloseIcon />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 pb-4">
        <h3 className="px-2 pt-4 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">Now playing</h3>
        {current ? (
          <div className="flex items-center gap-3 rounded-lg bg-indigo-50 px-2 py-2 dark:bg-indigo-500/10" data-testid="queue-now-playing">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white dark:bg-indigo-500" aria-hidden="true">
              {playing ? <PauseIcon /> : <PlayIcon />}
            </span>
            <SongText path={current} strong />
          </div>
        ) : (
          <p className="px-2 text-sm text-gray-600 dark:text-gray-400">Nothing is playing.</p>
        )}
        <h3 className="flex items-baseline gap-2 px-2 pt-5 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
          {upNextLabel} <span className="font-normal tracking-normal normal-case">{upNext.length === 1 ? '1 song' : `${upNext.length} songs`}</span>
        </h3>
        {current && endsAfterCurrent && upNext.length > 0 && (
          <p className="px-2 pb-2 text-xs text-gray-600 dark:text-gray-400">
            Playback ends with this song. Pick one of these, turn on Autoplay next, or use Play folder to play on.
          </p>
        )}
        {upNext.length === 0 ? (
          <p className="px-2 text-sm text-gray-600 dark:text-gray-400">Nothing is queued. Use Add to queue on a song, or Play folder.</p>
        ) : (
          <UpNextList
            label={upNextLabel}
            entries={upNext}
            durations={durations}
            onPlay={player.playEntry}
            onMove={player.moveInQueue}
            onRemove={player.removeFromQueue}
            onAnnounce={setAnnouncement}
            fallbackFocus={focusHeading}
          />
        )}
      </div>
      <p className="sr-only" role="status">
        {announcement}
      </p>
    </section>
  );
}
