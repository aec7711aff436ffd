import { useCallback, useEffect, useMemo, type RefObject } from 'react';
import { SERVER_BUSY_MESSAGE } from '../../../shared/messages';
import { libraryToast } from './library-toasts';
import { baseName, type Library } from '../../../shared/songs/paths';
import {
  afterTrackEnds,
  currentSong,
  dropCurrent,
  jumpTo,
  nextIndex,
  nextRepeatMode,
  previousIndex,
  queueFrom,
  shuffleUpNext,
  unshuffleUpNext,
  upNext,
  type PlayQueue,
  type QueueEntry,
  type RepeatMode,
} from './play-queue';
import { usePlayerVolume } from './usePlayerVolume';
import { useQueueEdits } from './useQueueEdits';
import { useSongAudio } from './useSongAudio';
import { playerSettingsStore, useSongPlayerSettings } from './useSongPlayerSettings';
import { useSongQueue } from './useSongQueue';

export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.1;

export interface SongPlayer {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The song in the player (playing, paused, or cued from a link or a restored queue). */
  current: string | null;
  playing: boolean;
  /** A play request is waiting for the server. */
  loading: boolean;
  time: number;
  duration: number;
  volume: number;
  muted: boolean;
  queue: PlayQueue;
  /** The stored queue has been read back: deep links wait for it, so a reload keeps the queue of the song it names. */
  ready: boolean;
  /** The songs after the current one. */
  upNext: readonly QueueEntry[];
  /** Seconds per song, learnt from the audio's metadata as songs play. */
  durations: ReadonlyMap<string, number>;
  autoplay: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  /** What previous and next would play (null: nothing, the button is disabled). */
  previousSong: string | null;
  nextSong: string | null;
  /** SPEC section 4: selecting a song starts it; selecting it again toggles play/pause. `list` becomes the queue. */
  select: (path: string, list?: readonly string[]) => void;
  /** 'Play folder' / 'Play all': the songs become the queue and play through; returns the song started. */
  playAll: (paths: readonly string[]) => string | null;
  /** 'Add to queue': at the end of the queue; returns how many fitted. */
  enqueue: (paths: readonly string[]) => number;
  /** 'Play next': right after the current song; returns how many fitted. */
  playNext: (paths: readonly string[]) => number;
  moveInQueue: (from: number, to: number) => void;
  removeFromQueue: (id: number) => void;
  clearQueue: () => void;
  /** Plays a song picked in the queue panel. */
  playEntry: (id: number) => void;
  next: () => void;
  previous: () => void;
  toggleAutoplay: () => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  volumeBy: (delta: number) => void;
  togglePlay: () => void;
  /** Puts a song in the player without starting it (deep links: browsers block autoplay anyway). */
  cue: (path: string, list?: readonly string[]) => void;
  seek: (seconds: number) => void;
  seekBy: (delta: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  stop: () => void;
}

/**
 * The library's player: the queue (useSongQueue, edited by useQueueEdits), the audio element (useSongAudio), the
 * stored settings (useSongPlayerSettings) and the volume (usePlayerVolume), joined by the rules of play-queue.ts.
 * `songs` is the library's list once loaded.
 */
export function useSongPlayer(library: Library, songs: readonly string[] | null): SongPlayer {
  const settings = useSongPlayerSettings();
  const volume = usePlayerVolume();
  const { queue, setQueue, editBase, ready } = useSongQueue(library, songs);
  const edits = useQueueEdits(editBase, setQueue);
  const current = currentSong(queue);
  // Its own memo: the player object changes with every tick of the clock, the queue seldom.
  const upNextEntries = useMemo(() => upNext(queue), [queue]);

  /** SPEC section 5: a 429 alerts and playback stops; any other refusal says which song failed. */
  const refused = useCallback(
    (path: string, reason: 'busy' | 'failed') => {
      setQueue(dropCurrent);
      if (reason === 'busy') window.alert(SERVER_BUSY_MESSAGE);
      else void libraryToast().then((toast) => toast.error(`Could not play ${baseName(path)}`));
    },
    [setQueue],
  );

  const audio = useSongAudio(library, {
    volume: settings.volume,
    muted: volume.muted,
    onEnded: () => {
      const then = afterTrackEnds(queue, settings);
      if (!then) return;
      if ('replay' in then) audio.replay();
      else goTo(then.play);
    },
    onFailed: refused,
  });
  const { holds, toggle, unload } = audio;
  const startAudio = audio.start;

  const start = useCallback(
    async (path: string) => {
      const result = await startAudio(path);
      if (result === 'busy' || result === 'failed') refused(path, result);
    },
    [refused, startAudio],
  );

  const goTo = useCallback(
    (index: number) => {
      const song = queue.entries[index]?.path;
      if (song === undefined) return;
      setQueue((q) => ({ ...q, position: index }));
      void start(song);
    },
    [queue.entries, setQueue, start],
  );

  const stop = useCallback(() => {
    unload();
    setQueue(dropCurrent);
  }, [setQueue, unload]);

  const togglePlay = useCallback(() => {
    if (!current) return;
    if (holds(current)) toggle();
    else void start(current);
  }, [current, holds, start, toggle]);

  const select = useCallback(
    (path: string, list?: readonly string[]) => {
      if (path === current && holds(path)) {
        toggle();
        return;
      }
      const songsList = list ?? [path];
      setQueue(queueFrom(songsList, Math.max(0, songsList.indexOf(path)), { playOn: false, shuffle: settings.shuffle }));
      void start(path);
    },
    [current, holds, setQueue, settings.shuffle, start, toggle],
  );

  const playAll = useCallback(
    (paths: readonly string[]) => {
      const next = queueFrom(paths, settings.shuffle ? Math.floor(Math.random() * paths.length) : 0, { playOn: true, shuffle: settings.shuffle });
      const first = currentSong(next);
      if (first === null) return null;
      setQueue(next);
      void start(first);
      return first;
    },
    [setQueue, settings.shuffle, start],
  );

  const playEntry = useCallback(
    (id: number) => {
      const next = jumpTo(queue, id);
      const song = currentSong(next);
      if (song === null || next === queue) return;
      setQueue(next);
      void start(song);
    },
    [queue, setQueue, start],
  );

  const nextAt = nextIndex(queue, settings.repeat);
  const previousAt = previousIndex(queue, settings.repeat);
  const next = useCallback(() => {
    if (nextAt !== null) goTo(nextAt);
  }, [goTo, nextAt]);
  const previous = useCallback(() => {
    if (previousAt !== null) goTo(previousAt);
  }, [goTo, previousAt]);

  const toggleAutoplay = useCallback(() => playerSettingsStore.update({ autoplay: !playerSettingsStore.get().autoplay }), []);
  const cycleRepeat = useCallback(() => playerSettingsStore.update({ repeat: nextRepeatMode(playerSettingsStore.get().repeat) }), []);
  const toggleShuffle = useCallback(() => {
    const shuffle = !playerSettingsStore.get().shuffle;
    setQueue((q) => (shuffle ? shuffleUpNext(q) : unshuffleUpNext(q)));
    playerSettingsStore.update({ shuffle });
  }, [setQueue]);

  const cue = useCallback(
    (path: string, list?: readonly string[]) => {
      if (current !== null && holds(current)) return;
      setQueue((q) => {
        if (currentSong(q) === path) return q;
        const songsList = list ?? [path];
        return queueFrom(songsList, Math.max(0, songsList.indexOf(path)), { playOn: false, shuffle: false });
      });
    },
    [current, holds, setQueue],
  );

  // Switching library (client navigation /kenji → /glaive) ends playback.
  useEffect(() => () => unload(), [library, unload]);

  const { audioRef, playing, loading, time, duration, durations, seek, seekBy } = audio;
  return useMemo(
    () => ({
      audioRef,
      current,
      playing,
      loading,
      time,
      duration,
      volume: settings.volume,
      muted: volume.muted,
      queue,
      ready,
      upNext: upNextEntries,
      durations,
      autoplay: settings.autoplay,
      shuffle: settings.shuffle,
      repeat: settings.repeat,
      previousSong: previousAt === null ? null : (queue.entries[previousAt]?.path ?? null),
      nextSong: nextAt === null ? null : (queue.entries[nextAt]?.path ?? null),
      select,
      playAll,
      ...edits,
      playEntry,
      next,
      previous,
      toggleAutoplay,
      toggleShuffle,
      cycleRepeat,
      volumeBy: volume.volumeBy,
      togglePlay,
      cue,
      seek,
      seekBy,
      setVolume: volume.setVolume,
      toggleMute: volume.toggleMute,
      stop,
    }),
    [
      audioRef,
      current,
      playing,
      loading,
      time,
      duration,
      settings,
      volume,
      queue,
      ready,
      upNextEntries,
      durations,
      previousAt,
      nextAt,
      select,
      playAll,
      edits,
      playEntry,
      next,
      previous,
      toggleAutoplay,
      toggleShuffle,
      cycleRepeat,
      togglePlay,
      cue,
      seek,
      seekBy,
      stop,
    ],
  );
}
