import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { toast } from 'sonner';
import { DEFAULT_VOLUME } from '../../shared/constants';
import { SERVER_BUSY_MESSAGE } from '../../shared/messages';
import { baseName, songStreamUrl, type Library } from '../../shared/song-paths';
import {
  afterTrackEnds,
  DEFAULT_QUEUE_SETTINGS,
  nextInOrder,
  nextRepeatMode,
  previousInOrder,
  shuffledOrder,
  type QueueSettings,
  type RepeatMode,
} from '../components/library/play-queue';

const SEEK_STEP_SECONDS = 5;
const VOLUME_STEP = 0.1;

/** Volume, autoplay, shuffle and repeat survive a reload (per browser, both libraries). */
export const PLAYER_SETTINGS_KEY = 'library-player';

interface StoredSettings extends QueueSettings {
  volume: number;
}

const DEFAULT_SETTINGS: StoredSettings = { ...DEFAULT_QUEUE_SETTINGS, volume: DEFAULT_VOLUME };

function parseSettings(raw: string | null): StoredSettings {
  try {
    const v = JSON.parse(raw ?? '{}') as Record<string, unknown>;
    return {
      volume: typeof v.volume === 'number' && v.volume >= 0 && v.volume <= 1 ? v.volume : DEFAULT_SETTINGS.volume,
      autoplay: typeof v.autoplay === 'boolean' ? v.autoplay : DEFAULT_SETTINGS.autoplay,
      shuffle: typeof v.shuffle === 'boolean' ? v.shuffle : DEFAULT_SETTINGS.shuffle,
      repeat: v.repeat === 'off' || v.repeat === 'all' || v.repeat === 'one' ? v.repeat : DEFAULT_SETTINGS.repeat,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** localStorage as an external store: the server (and hydration) render the defaults, then the stored values. */
const settingsStore = (() => {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let last: { raw: string | null; value: StoredSettings } = { raw: null, value: DEFAULT_SETTINGS };
  const read = (): string | null => {
    try {
      return localStorage.getItem(PLAYER_SETTINGS_KEY);
    } catch {
      return memory;
    }
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    get: (): StoredSettings => {
      const raw = read();
      if (raw !== last.raw) last = { raw, value: parseSettings(raw) };
      return last.value;
    },
    server: (): StoredSettings => DEFAULT_SETTINGS,
    update: (patch: Partial<StoredSettings>) => {
      memory = JSON.stringify({ ...settingsStore.get(), ...patch });
      try {
        localStorage.setItem(PLAYER_SETTINGS_KEY, memory);
      } catch {
        // Private mode or full storage: the settings last for this visit.
      }
      listeners.forEach((l) => l());
    },
  };
})();

export interface SongPlayer {
  audioRef: RefObject<HTMLAudioElement | null>;
  /** The song in the player (playing, paused, or cued from a link). */
  current: string | null;
  playing: boolean;
  /** A play request is waiting for the server. */
  loading: boolean;
  time: number;
  duration: number;
  volume: number;
  muted: boolean;
  /** The folder or search results the song was started from, in the order shown (playable files only). */
  queue: readonly string[];
  /** Seconds per song, learnt from the audio's metadata as songs play. */
  durations: ReadonlyMap<string, number>;
  autoplay: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
  /** What previous and next would play (null: nothing, the button is disabled). */
  previousSong: string | null;
  nextSong: string | null;
  /** SPEC section 4: selecting a song starts it; selecting it again toggles play/pause. `queue` replaces the queue. */
  select: (path: string, queue?: readonly string[]) => void;
  next: () => void;
  previous: () => void;
  toggleAutoplay: () => void;
  toggleShuffle: () => void;
  cycleRepeat: () => void;
  volumeBy: (delta: number) => void;
  togglePlay: () => void;
  /** Puts a song in the player without starting it (deep links: browsers block autoplay anyway). */
  cue: (path: string, queue?: readonly string[]) => void;
  seek: (seconds: number) => void;
  seekBy: (delta: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  stop: () => void;
}

type ProbeResult = { status: 'ok'; ticket: string | null } | { status: 'busy' } | { status: 'failed' };

/**
 * An <audio> element cannot see HTTP statuses, so a 2-byte ranged fetch asks first. The probe counts as
 * the play; its ticket lets the element's own request through without counting it a second time.
 */
async function probe(url: string): Promise<ProbeResult> {
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-1' }, credentials: 'same-origin' });
    await response.arrayBuffer().catch(() => undefined);
    if (response.status === 429) return { status: 'busy' };
    return response.ok ? { status: 'ok', ticket: response.headers.get('X-Play-Ticket') } : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}

export function useSongPlayer(library: Library): SongPlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const stored = useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.server);
  const { volume } = stored;
  const settings: QueueSettings = stored;
  const [muted, setMuted] = useState(false);
  const [queue, setQueue] = useState<readonly string[]>([]);
  const [shuffleOrder, setShuffleOrder] = useState<readonly string[]>([]);
  const [durations, setDurations] = useState<ReadonlyMap<string, number>>(() => new Map());
  /** Which song the element's src holds; a cued song has none yet. */
  const loadedRef = useRef<string | null>(null);
  /** Guards against a slow probe finishing after the listener picked another song. */
  const requestRef = useRef(0);

  const stop = useCallback(() => {
    requestRef.current++;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    loadedRef.current = null;
    setCurrent(null);
    setPlaying(false);
    setLoading(false);
    setTime(0);
    setDuration(0);
  }, []);

  const busy = useCallback(() => {
    stop();
    window.alert(SERVER_BUSY_MESSAGE);
  }, [stop]);

  const start = useCallback(
    async (path: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      const request = ++requestRef.current;
      audio.pause();
      setCurrent(path);
      setTime(0);
      setDuration(0);
      setLoading(true);
      const url = songStreamUrl(library, path);
      const result = await probe(url);
      if (request !== requestRef.current) return;
      setLoading(false);
      if (result.status === 'busy') {
        busy();
        return;
      }
      if (result.status === 'failed') {
        stop();
        toast.error(`Could not play ${baseName(path)}`);
        return;
      }
      loadedRef.current = path;
      audio.src = result.ticket ? `${url}&ticket=${encodeURIComponent(result.ticket)}` : url;
      audio.play().catch((error: unknown) => {
        // A newer selection interrupting this one is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.error(error);
      });
    },
    [busy, library, stop],
  );

  const togglePlay = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !current) return;
    if (loadedRef.current !== current) {
      void start(current);
      return;
    }
    if (audio.paused) void audio.play().catch((error: unknown) => console.error(error));
    else audio.pause();
  }, [current, start]);

  const select = useCallback(
    (path: string, nextQueue?: readonly string[]) => {
      if (nextQueue) {
        setQueue(nextQueue);
        if (settings.shuffle) setShuffleOrder(shuffledOrder(nextQueue, path));
      }
      if (path === current && loadedRef.current === path) togglePlay();
      else void start(path);
    },
    [current, settings.shuffle, start, togglePlay],
  );

  const order = settings.shuffle ? shuffleOrder : queue;
  // A song cued from a link is not in any queue yet: previous and next then have nothing to go to.
  const inQueue = current !== null && order.includes(current);
  const nextSong = inQueue ? nextInOrder(order, current, settings.repeat) : null;
  const previousSong = inQueue ? previousInOrder(order, current, settings.repeat) : null;
  const next = useCallback(() => {
    if (nextSong !== null) void start(nextSong);
  }, [nextSong, start]);
  const previous = useCallback(() => {
    if (previousSong !== null) void start(previousSong);
  }, [previousSong, start]);

  const toggleAutoplay = useCallback(() => settingsStore.update({ autoplay: !settingsStore.get().autoplay }), []);
  const cycleRepeat = useCallback(() => settingsStore.update({ repeat: nextRepeatMode(settingsStore.get().repeat) }), []);
  const toggleShuffle = useCallback(() => {
    const shuffle = !settingsStore.get().shuffle;
    if (shuffle) setShuffleOrder(shuffledOrder(queue, current));
    settingsStore.update({ shuffle });
  }, [current, queue]);

  const cue = useCallback((path: string, nextQueue?: readonly string[]) => {
    if (loadedRef.current) return;
    setCurrent(path);
    if (nextQueue) setQueue(nextQueue);
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
    audio.currentTime = Math.max(0, Math.min(seconds, end));
    setTime(audio.currentTime);
  }, []);

  const seekBy = useCallback((delta: number) => seek((audioRef.current?.currentTime ?? 0) + delta), [seek]);

  const setVolume = useCallback((value: number) => {
    const v = Math.max(0, Math.min(1, value));
    settingsStore.update({ volume: v });
    if (v > 0) setMuted(false);
  }, []);

  const volumeBy = useCallback((delta: number) => {
    const v = Math.round(Math.max(0, Math.min(1, settingsStore.get().volume + delta)) * 100) / 100;
    settingsStore.update({ volume: v });
    if (v > 0) setMuted(false);
  }, []);

  const toggleMute = useCallback(() => setMuted((m) => !m), []);

  const trackEnded = useEffectEvent(() => {
    const then = afterTrackEnds(order, current, settings);
    if (!then) return;
    if ('replay' in then) {
      const audio = audioRef.current;
      if (!audio) return;
      audio.currentTime = 0;
      void audio.play().catch((error: unknown) => console.error(error));
    } else void start(then.play);
  });

  // The element follows React state (it is rendered on the server without these properties).
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = volume;
  }, [volume]);
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.muted = muted;
  }, [muted]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onEnded = () => {
      setPlaying(false);
      setTime(audio.duration || 0);
      trackEnded();
    };
    const onTime = () => setTime(audio.currentTime);
    const onDuration = () => {
      const seconds = Number.isFinite(audio.duration) ? audio.duration : 0;
      setDuration(seconds);
      const song = loadedRef.current;
      if (song && seconds > 0) setDurations((known) => (known.get(song) === seconds ? known : new Map(known).set(song, seconds)));
    };
    const onError = () => {
      const failed = loadedRef.current;
      if (!failed || !audio.getAttribute('src')) return;
      // The element's own request may have been refused: ask the server why.
      void probe(songStreamUrl(library, failed)).then((result) => {
        if (loadedRef.current !== failed) return;
        if (result.status === 'busy') busy();
        else {
          stop();
          toast.error(`Could not play ${baseName(failed)}`);
        }
      });
    };
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnded],
      ['timeupdate', onTime],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['error', onError],
    ];
    for (const [event, listener] of listeners) audio.addEventListener(event, listener);
    return () => {
      for (const [event, listener] of listeners) audio.removeEventListener(event, listener);
    };
  }, [busy, library, stop]);

  // Switching library (client navigation /kenji → /glaive) ends playback.
  useEffect(() => () => stop(), [library, stop]);

  return useMemo(
    () => ({
      audioRef,
      current,
      playing,
      loading,
      time,
      duration,
      volume,
      muted,
      queue,
      durations,
      autoplay: stored.autoplay,
      shuffle: stored.shuffle,
      repeat: stored.repeat,
      previousSong,
      nextSong,
      select,
      next,
      previous,
      toggleAutoplay,
      toggleShuffle,
      cycleRepeat,
      volumeBy,
      togglePlay,
      cue,
      seek,
      seekBy,
      setVolume,
      toggleMute,
      stop,
    }),
    [
      current,
      playing,
      loading,
      time,
      duration,
      volume,
      muted,
      queue,
      durations,
      stored,
      previousSong,
      nextSong,
      select,
      next,
      previous,
      toggleAutoplay,
      toggleShuffle,
      cycleRepeat,
      volumeBy,
      togglePlay,
      cue,
      seek,
      seekBy,
      setVolume,
      toggleMute,
      stop,
    ],
  );
}

export { SEEK_STEP_SECONDS, VOLUME_STEP };
