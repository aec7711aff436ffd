import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { PLAY_TICKET_HEADER, songStreamUrl } from '../../../shared/songs/calls';
import type { Library } from '../../../shared/songs/paths';

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
    return response.ok ? { status: 'ok', ticket: response.headers.get(PLAY_TICKET_HEADER) } : { status: 'failed' };
  } catch {
    return { status: 'failed' };
  }
}

export interface SongAudio {
  audioRef: RefObject<HTMLAudioElement | null>;
  playing: boolean;
  /** A play request is waiting for the server. */
  loading: boolean;
  time: number;
  duration: number;
  /** Seconds per song, learnt from the audio's metadata as songs play. */
  durations: ReadonlyMap<string, number>;
  /** Whether the element holds this song (a cued song has no source yet). */
  holds: (path: string) => boolean;
  /** Asks the server, then plays the song from the start; says how that went ('superseded': another song was picked meanwhile). */
  start: (path: string) => Promise<'ok' | 'busy' | 'failed' | 'superseded'>;
  /** Play or pause the song the element holds. */
  toggle: () => void;
  replay: () => void;
  seek: (seconds: number) => void;
  seekBy: (delta: number) => void;
  /** Empties the element: nothing loaded, nothing playing. */
  unload: () => void;
}

interface AudioEvents {
  volume: number;
  muted: boolean;
  onEnded: () => void;
  /** The element's own request failed after a good start: busy (429) or any other failure. The element is already empty. */
  onFailed: (path: string, reason: 'busy' | 'failed') => void;
}

/** The <audio> element and what it reports: time, duration, play state, and refusals found by probing. */
export function useSongAudio(library: Library, { volume, muted, onEnded, onFailed }: AudioEvents): SongAudio {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [durations, setDurations] = useState<ReadonlyMap<string, number>>(() => new Map());
  /** Which song the element's src holds. */
  const loadedRef = useRef<string | null>(null);
  /** Guards against a slow probe finishing after the listener picked another song. */
  const requestRef = useRef(0);
  const ended = useEffectEvent(() => onEnded());
  const failed = useEffectEvent((path: string, reason: 'busy' | 'failed') => onFailed(path, reason));

  const unload = useCallback(() => {
    requestRef.current++;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    loadedRef.current = null;
    setPlaying(false);
    setLoading(false);
    setTime(0);
    setDuration(0);
  }, []);

  const start = useCallback(
    async (path: string) => {
      const audio = audioRef.current;
      if (!audio) return 'superseded';
      const request = ++requestRef.current;
      audio.pause();
      setTime(0);
      setDuration(0);
      setLoading(true);
      const url = songStreamUrl(library, path);
      const result = await probe(url);
      if (request !== requestRef.current) return 'superseded';
      setLoading(false);
      if (result.status !== 'ok') {
        unload();
        return result.status;
      }
      loadedRef.current = path;
      audio.src = result.ticket ? songStreamUrl(library, path, result.ticket) : url;
      audio.play().catch((error: unknown) => {
        // A newer selection interrupting this one is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.error(error);
      });
      return 'ok';
    },
    [library, unload],
  );

  const holds = useCallback((path: string) => loadedRef.current === path, []);

  const toggle = useCallback(() => {
    const audio = audioRef.current;
    if (!audio || !loadedRef.current) return;
    if (audio.paused) void audio.play().catch((error: unknown) => console.error(error));
    else audio.pause();
  }, []);

  const replay = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = 0;
    void audio.play().catch((error: unknown) => console.error(error));
  }, []);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
    audio.currentTime = Math.max(0, Math.min(seconds, end));
    setTime(audio.currentTime);
  }, []);

  const seekBy = useCallback((delta: number) => seek((audioRef.current?.currentTime ?? 0) + delta), [seek]);

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
    const onEnd = () => {
      setPlaying(false);
      setTime(audio.duration || 0);
      ended();
    };
    const onTime = () => setTime(audio.currentTime);
    const onDuration = () => {
      const seconds = Number.isFinite(audio.duration) ? audio.duration : 0;
      setDuration(seconds);
      const song = loadedRef.current;
      if (song && seconds > 0) setDurations((known) => (known.get(song) === seconds ? known : new Map(known).set(song, seconds)));
    };
    const onError = () => {
      const song = loadedRef.current;
      if (!song || !audio.getAttribute('src')) return;
      // The element's own request may have been refused: ask the server why.
      void probe(songStreamUrl(library, song)).then((result) => {
        if (loadedRef.current !== song) return;
        unload();
        failed(song, result.status === 'busy' ? 'busy' : 'failed');
      });
    };
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnd],
      ['timeupdate', onTime],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['error', onError],
    ];
    for (const [event, listener] of listeners) audio.addEventListener(event, listener);
    return () => {
      for (const [event, listener] of listeners) audio.removeEventListener(event, listener);
    };
  }, [library, unload]);

  return { audioRef, playing, loading, time, duration, durations, holds, start, toggle, replay, seek, seekBy, unload };
}
