import { useCallback, useMemo, useState } from 'react';
import { playerSettingsStore } from './useSongPlayerSettings';

const clampVolume = (value: number) => Math.max(0, Math.min(1, value));

/**
 * The player's loudness: the stored volume (useSongPlayerSettings) and a mute that lasts for the page. Raising
 * the volume from zero, or setting any, unmutes, as a phone's volume keys do.
 */
export function usePlayerVolume() {
  const [muted, setMuted] = useState(false);

  const setVolume = useCallback((value: number) => {
    const volume = clampVolume(value);
    playerSettingsStore.update({ volume });
    if (volume > 0) setMuted(false);
  }, []);

  /** A step from the stored volume, kept to whole percents so steps add up exactly. */
  const volumeBy = useCallback((delta: number) => {
    const volume = Math.round(clampVolume(playerSettingsStore.get().volume + delta) * 100) / 100;
    playerSettingsStore.update({ volume });
    if (volume > 0) setMuted(false);
  }, []);

  const toggleMute = useCallback(() => setMuted((m) => !m), []);

  return useMemo(() => ({ muted, setVolume, volumeBy, toggleMute }), [muted, setVolume, volumeBy, toggleMute]);
}
