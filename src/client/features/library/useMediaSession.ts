import { useEffect } from 'react';
import { LIBRARY_TITLES, parentFolder, trackTitle, baseName, type Library } from '../../../shared/songs/paths';
import { SEEK_STEP_SECONDS, type SongPlayer } from './useSongPlayer';

/** Lock-screen and hardware media keys: metadata, play state, position and actions (previous/next as the buttons). */
export function useMediaSession(player: SongPlayer, library: Library) {
  const { current, playing, time, duration, togglePlay, seek, seekBy, next, previous, nextSong, previousSong } = player;

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    if (!current) {
      // Only to clear what a song set: the setter costs milliseconds even when nothing changes.
      if (navigator.mediaSession.metadata !== null) navigator.mediaSession.metadata = null;
      return;
    }
    const folder = parentFolder(current);
    // The top folder names the artist; songs at the library root have none.
    const topFolder = folder.split('/')[0] ?? '';
    navigator.mediaSession.metadata = new MediaMetadata({
      title: trackTitle(current),
      artist: topFolder === '' ? LIBRARY_TITLES[library] : topFolder,
      album: folder ? baseName(folder) : LIBRARY_TITLES[library],
    });
  }, [current, library]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    const state = current ? (playing ? 'playing' : 'paused') : 'none';
    // Like the metadata's, the setter costs milliseconds even when nothing changes (a page hydrates with 'none').
    if (navigator.mediaSession.playbackState !== state) navigator.mediaSession.playbackState = state;
  }, [current, playing]);

  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || !duration) return;
    try {
      navigator.mediaSession.setPositionState({ duration, position: Math.min(time, duration), playbackRate: 1 });
    } catch {
      // Some browsers reject positions while metadata is still loading.
    }
  }, [time, duration]);

  // None until a song is in the player, whose own buttons are disabled until then: a page that hydrates with nothing
  // to play registers nothing.
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || !current) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => togglePlay()],
      ['pause', () => togglePlay()],
      ['seekbackward', (d) => seekBy(-(d.seekOffset ?? SEEK_STEP_SECONDS))],
      ['seekforward', (d) => seekBy(d.seekOffset ?? SEEK_STEP_SECONDS)],
      ['seekto', (d) => d.seekTime !== undefined && seek(d.seekTime)],
      // No handler greys the lock screen's button out, like the page's own.
      ['previoustrack', previousSong === null ? null : () => previous()],
      ['nexttrack', nextSong === null ? null : () => next()],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // Unsupported action in this browser.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // ignore
        }
      }
    };
  }, [current, next, nextSong, previous, previousSong, seek, seekBy, togglePlay]);
}
