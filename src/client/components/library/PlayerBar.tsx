import { baseName, parentFolder, trackTitle } from '../../../shared/song-paths';
import type { SongPlayer } from '../../hooks/useSongPlayer';
import { MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from './LibraryIcons';

/** 75 → '1:15' */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function PlayerBar({ player }: { player: SongPlayer }) {
  const { audioRef, current, playing, loading, time, duration, volume, muted } = player;
  const folder = current ? parentFolder(current) : '';
  return (
    <section
      aria-label="Player"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-gray-900/95 text-white backdrop-blur supports-[backdrop-filter]:bg-gray-900/80"
    >
      {/* The element is rendered (without a source) on the server too; the hook gives it one on play. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- songs have no words to caption; the bar names the track. */}
      <audio ref={audioRef} preload="none" className="hidden" />
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:px-6 md:flex-row md:items-center md:gap-6">
        <div className="flex min-w-0 items-center gap-3 md:w-72">
          <button
            type="button"
            onClick={player.togglePlay}
            disabled={!current}
            aria-label={playing ? 'Pause' : 'Play'}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-white hover:bg-indigo-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300 disabled:cursor-not-allowed disabled:bg-gray-700 disabled:text-gray-400"
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <div className="min-w-0" aria-live="polite">
            <p className="text-xs font-semibold tracking-wide text-indigo-300 uppercase">Now Playing</p>
            <p className="truncate text-sm font-medium" title={current ?? undefined} data-testid="now-playing">
              {current ? trackTitle(current) : 'Nothing selected'}
              {loading && <span className="sr-only"> (loading)</span>}
            </p>
            {current && folder && <p className="truncate text-xs text-gray-400">{baseName(folder)}</p>}
          </div>
        </div>
        <div className="flex flex-1 items-center gap-3">
          <span className="w-12 text-right text-xs text-gray-300 tabular-nums" aria-label="Elapsed time" data-testid="elapsed">
            {formatTime(time)}
          </span>
          <input
            type="range"
            aria-label="Seek"
            aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
            min={0}
            max={duration || 0}
            step={0.1}
            value={Math.min(time, duration || 0)}
            disabled={!current || !duration}
            onChange={(e) => player.seek(Number(e.target.value))}
            className="h-1.5 flex-1 cursor-pointer accent-indigo-400 disabled:cursor-not-allowed"
          />
          <span className="w-12 text-xs text-gray-300 tabular-nums" aria-label="Total time" data-testid="duration">
            {formatTime(duration)}
          </span>
        </div>
        <div className="flex items-center gap-2 md:w-48">
          <button
            type="button"
            onClick={player.toggleMute}
            aria-label={muted ? 'Unmute' : 'Mute'}
            aria-pressed={muted}
            className="flex size-9 items-center justify-center rounded text-gray-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
          >
            {muted || volume === 0 ? <MutedIcon /> : <VolumeIcon />}
          </button>
          <input
            type="range"
            aria-label="Volume"
            min={0}
            max={1}
            step={0.01}
            value={muted ? 0 : volume}
            onChange={(e) => player.setVolume(Number(e.target.value))}
            className="h-1.5 w-full cursor-pointer accent-indigo-400"
          />
        </div>
      </div>
    </section>
  );
}
