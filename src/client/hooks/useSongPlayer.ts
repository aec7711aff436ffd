import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { DEFAULT_VOLUME } from '../../shared/constants';
import { SERVER_BUSY_MESSAGE } from '../../shared/messages';
import { baseName, songStreamUrl, type Library } from '../../shared/song-paths';

const SEEK_STEP_SECONDS = 5;

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
  /** SPEC section 4: selecting a song starts it; selecting it again toggles play/pause. */
  select: (path: string) => void;
  togglePlay: () => void;
  /** Puts a song in the player without starting it (deep links: browsers block autoplay anyway). */
  cue: (path: string) => void;
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
  const [volume, setVolumeState] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
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
    (path: string) => {
      if (path === current && loadedRef.current === path) togglePlay();
      else void start(path);
    },
    [current, start, togglePlay],
  );

  const cue = useCallback((path: string) => {
    if (loadedRef.current) return;
    setCurrent(path);
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
    setVolumeState(v);
    if (v > 0) setMuted(false);
  }, []);

  const toggleMute = useCallback(() => setMuted((m) => !m), []);

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
    };
    const onTime = () => setTime(audio.currentTime);
    const onDuration = () => setDuration(Number.isFinite(audio.duration) ? audio.duration : 0);
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

  return { audioRef, current, playing, loading, time, duration, volume, muted, select, togglePlay, cue, seek, seekBy, setVolume, toggleMute, stop };
}

export { SEEK_STEP_SECONDS };
