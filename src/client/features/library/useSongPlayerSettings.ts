import { useSyncExternalStore } from 'react';
import { DEFAULT_VOLUME } from '../../../shared/constants';
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from './play-queue';

/** Volume, autoplay, shuffle and repeat survive a reload (per browser, both libraries). */
export const PLAYER_SETTINGS_KEY = 'library-player';

export interface PlayerSettings extends QueueSettings {
  volume: number;
}

const DEFAULT_SETTINGS: PlayerSettings = { ...DEFAULT_QUEUE_SETTINGS, volume: DEFAULT_VOLUME };

function parseSettings(raw: string | null): PlayerSettings {
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
export const playerSettingsStore = (() => {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let last: { raw: string | null; value: PlayerSettings } = { raw: null, value: DEFAULT_SETTINGS };
  const read = (): string | null => {
    try {
      return localStorage.getItem(PLAYER_SETTINGS_KEY);
    } catch {
      return memory;
    }
  };
  const store = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    get: (): PlayerSettings => {
      const raw = read();
      if (raw !== last.raw) last = { raw, value: parseSettings(raw) };
      return last.value;
    },
    server: (): PlayerSettings => DEFAULT_SETTINGS,
    update: (patch: Partial<PlayerSettings>) => {
      memory = JSON.stringify({ ...store.get(), ...patch });
      try {
        localStorage.setItem(PLAYER_SETTINGS_KEY, memory);
      } catch {
        // Private mode or full storage: the settings last for this visit.
      }
      listeners.forEach((l) => l());
    },
  };
  return store;
})();

export function useSongPlayerSettings(): PlayerSettings {
  return useSyncExternalStore(playerSettingsStore.subscribe, playerSettingsStore.get, playerSettingsStore.server);
}
