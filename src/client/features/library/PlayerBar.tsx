import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { baseName, parentFolder, trackTitle } from '../../../shared/songs/paths';
import type { SongPlayer } from './useSongPlayer';
import { formatTime } from './format-time';
import {
  AutoplayIcon,
  ChevronUpIcon,
  KeyboardIcon,
  MutedIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  QueueIcon,
  RepeatIcon,
  ShuffleIcon,
  VolumeIcon,
} from './LibraryIcons';

export { formatTime };

/** The bar's round buttons are styles.css `.player-button`; a toggle that is on says so with `data-active`. */
const active = (on: boolean) => (on ? '' : undefined);

/** The bar's height as a CSS variable, so the toasts (styles.css) sit above it and never cover it. */
function usePlayerHeightVariable(ref: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--player-h', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--player-h');
    };
  }, [ref]);
}

function ActiveDot({ on }: { on: boolean }) {
  return on ? <span aria-hidden="true" className="absolute bottom-1.5 left-1/2 size-1 -translate-x-1/2 rounded-full bg-current" /> : null;
}

function Toggles({ player }: { player: SongPlayer }) {
  const { shuffle, repeat, autoplay } = player;
  return (
    <>
      <button
        type="button"
        onClick={player.toggleShuffle}
        aria-pressed={shuffle}
        aria-label="Shuffle"
        title="Shuffle"
        className="player-button"
        data-active={active(shuffle)}
      >
        <ShuffleIcon />
        <ActiveDot on={shuffle} />
      </button>
      <button
        type="button"
        onClick={player.cycleRepeat}
        aria-label={`Repeat: ${repeat}`}
        title={repeat === 'off' ? 'Repeat: off' : repeat === 'all' ? 'Repeat: the whole queue' : 'Repeat: this song'}
        className="player-button"
        data-active={active(repeat !== 'off')}
      >
        <RepeatIcon />
        {repeat === 'one' && <span className="absolute top-1.5 right-1.5 text-[10px] leading-none font-bold">1</span>}
        <ActiveDot on={repeat !== 'off'} />
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={autoplay}
        onClick={player.toggleAutoplay}
        aria-label="Autoplay next"
        title={autoplay ? 'Autoplay next: on' : 'Autoplay next: off (playback ends with the song)'}
        className="player-button"
        data-active={active(autoplay)}
      >
        <AutoplayIcon />
        <ActiveDot on={autoplay} />
      </button>
    </>
  );
}

function Volume({ player }: { player: SongPlayer }) {
  const { muted, volume } = player;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <button type="button" onClick={player.toggleMute} aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} className="player-button">
        {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
      </button>
      <input
        type="range"
        aria-label="Volume"
        aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        onChange={(e) => player.setVolume(Number(e.target.value))}
        className="h-11 w-full min-w-16 cursor-pointer accent-indigo-500 dark:accent-indigo-400"
      />
    </div>
  );
}

/**
 * The seek bar moves with a drag (`input`) and seeks once, where the drag ends (`change`; a key press fires both).
 * Each seek to a spot the element has not buffered is one more request on the play's ticket, which pays for a
 * limited number (PLAY_TICKET_REQUESTS): seeking on every `input` sent dozens for one drag in Chromium.
 */
function Seek({ player, className = '' }: { player: SongPlayer; className?: string }) {
  const { current, time, duration, seek } = player;
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where a drag holds the bar, until it ends. */
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const commit = () => {
      seek(Number(input.value));
      setDragged(null);
    };
    // React's onChange is the `input` event; the native `change` is the end of the drag.
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [seek]);
  const shown = dragged ?? time;
  return (
    <div className={`items-center gap-2 ${className}`}>
      <span className="w-11 text-right text-xs text-gray-600 tabular-nums dark:text-gray-300" aria-label="Elapsed time" data-testid="elapsed">
        {formatTime(shown)}
      </span>
      <input
        ref={inputRef}
        type="range"
        aria-label="Seek"
        aria-valuetext={`${formatTime(shown)} of ${formatTime(duration)}`}
        min={0}
        max={duration || 0}
        step={0.1}
        value={Math.min(shown, duration || 0)}
        disabled={!current || !duration}
        onChange={(e) => setDragged(Number(e.target.value))}
        className="h-6 min-w-0 flex-1 cursor-pointer accent-indigo-500 disabled:cursor-not-allowed dark:accent-indigo-400"
      />
      <span className="w-11 text-xs text-gray-600 tabular-nums dark:text-gray-300" aria-label="Total time" data-testid="duration">
        {formatTime(duration)}
      </span>
    </div>
  );
}

/** The phone's mini-player: how far the song has got, as a thin line (the full player's seek bar scrubs). */
function MiniProgress({ time, duration }: { time: number; duration: number }) {
  const share = duration > 0 ? Math.min(1, time / duration) : 0;
  return (
    <div className="absolute inset-x-0 top-0 h-0.5 bg-gray-200 md:hidden dark:bg-white/10" aria-hidden="true" data-testid="mini-progress">
      <div className="h-full origin-left bg-indigo-600 dark:bg-indigo-400" style={{ transform: `scaleX(${share})` }} />
    </div>
  );
}

interface PlayerBarProps {
  player: SongPlayer;
  onShowShortcuts: () => void;
  queueOpen: boolean;
  queueId: string;
  queueButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleQueue: () => void;
  /** Pointing at the queue button starts loading the panel's code. */
  onPreloadQueue: () => void;
}

/** Memoised: typing in the search box does not re-render it. */
export const PlayerBar = memo(function PlayerBar({
  player,
  onShowShortcuts,
  queueOpen,
  queueId,
  queueButtonRef,
  onToggleQueue,
  onPreloadQueue,
}: PlayerBarProps) {
  const { audioRef, current, playing, loading } = player;
  const folder = current ? parentFolder(current) : '';
  const barRef = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  usePlayerHeightVariable(barRef);

  const transport: ReactNode = (
    <>
      <button
        type="button"
        onClick={player.previous}
        disabled={player.previousSong === null}
        aria-label="Previous"
        title="Previous (P)"
        className="player-button"
      >
        <PreviousIcon />
      </button>
      <button type="button" onClick={player.togglePlay} disabled={!current} aria-label={playing ? 'Pause' : 'Play'} className="player-play-button">
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button type="button" onClick={player.next} disabled={player.nextSong === null} aria-label="Next" title="Next (N)" className="player-button">
        <NextIcon />
      </button>
    </>
  );

  return (
    <section ref={barRef} aria-label="Player" data-player-bar="" className="player-bar">
      {/* The element is rendered (without a source) on the server too; the hook gives it one on play. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- songs have no words to caption; the bar names the track. */}
      <audio ref={audioRef} preload="none" className="hidden" />
      {current && <MiniProgress time={player.time} duration={player.duration} />}
      <div className="mx-auto max-w-7xl px-3 py-2 sm:px-6">
        <div className="flex items-center gap-2 md:gap-6">
          <div className="min-w-0 flex-1 md:w-64 md:flex-none" aria-live="polite">
            <p className="text-[11px] font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-300">Now Playing</p>
            <p className="truncate text-sm font-medium" title={current ?? undefined} data-testid="now-playing">
              {current ? trackTitle(current) : 'Nothing selected'}
              {loading && <span className="sr-only"> (loading)</span>}
            </p>
            {current && folder && <p className="truncate text-xs text-gray-600 dark:text-gray-400">{baseName(folder)}</p>}
          </div>
          <div className="flex flex-col items-center md:flex-1">
            <div className="flex items-center gap-1">
              <div className="hidden md:contents">
                <Toggles player={player} />
              </div>
              {transport}
            </div>
            <Seek player={player} className="hidden w-full md:flex" />
          </div>
          <div className="hidden w-56 items-center gap-1 md:flex">
            <Volume player={player} />
            <button type="button" onClick={onShowShortcuts} aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" className="player-button">
              <KeyboardIcon />
            </button>
          </div>
          <button
            ref={queueButtonRef}
            type="button"
            onClick={onToggleQueue}
            onPointerEnter={onPreloadQueue}
            onFocus={onPreloadQueue}
            aria-expanded={queueOpen}
            aria-controls={queueOpen ? queueId : undefined}
            aria-label="Queue"
            title={`Queue (Q)${player.upNext.length ? `: ${player.upNext.length} up next` : ''}`}
            className="player-button"
            data-active={active(queueOpen)}
          >
            <QueueIcon />
            {player.upNext.length > 0 && (
              <span
                aria-hidden="true"
                className="absolute top-1 right-0.5 min-w-4 rounded-full bg-indigo-600 px-1 text-[10px] leading-4 font-semibold text-white tabular-nums dark:bg-indigo-500"
              >
                {player.upNext.length > 99 ? '99+' : player.upNext.length}
              </span>
            )}
            <ActiveDot on={queueOpen} />
          </button>
          <button
            type="button"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-label={expanded ? 'Hide full player' : 'Show full player'}
            className="player-button md:hidden"
          >
            <ChevronUpIcon className={`transition-transform ${expanded ? 'rotate-180' : ''}`} />
          </button>
        </div>
        {expanded && (
          <div className="flex flex-col gap-1 pt-2 md:hidden" data-testid="player-full">
            <Seek player={player} className="flex" />
            <div className="flex items-center gap-1">
              <Toggles player={player} />
              <Volume player={player} />
            </div>
          </div>
        )}
      </div>
    </section>
  );
});
