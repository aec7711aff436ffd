import { useEffect, useEffectEvent } from 'react';
import { SEEK_STEP_SECONDS, VOLUME_STEP, type SongPlayer } from './useSongPlayer';

/** Every shortcut of the library pages, as the '?' overlay lists them. */
export const PLAYER_SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['Space'], action: 'Play or pause' },
  { keys: ['←', '→'], action: `Back or forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: ['↑', '↓'], action: `Volume up or down ${Math.round(VOLUME_STEP * 100)}%` },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['N'], action: 'Next song' },
  { keys: ['P'], action: 'Previous song' },
  { keys: ['Q'], action: 'Show or hide the queue' },
  { keys: ['/'], action: 'Search' },
  { keys: ['?'], action: 'Show these shortcuts' },
];

/** Typing in a field, or pressing space on a control that space already activates, is not a shortcut. */
function isTypingTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (key === ' ' && (tag === 'BUTTON' || tag === 'A' || target.getAttribute('role') === 'button')) return true;
  return false;
}

interface ShortcutTargets {
  focusSearch: () => void;
  showShortcuts: () => void;
  toggleQueue: () => void;
}

/** Space play/pause, ←/→ seek, ↑/↓ volume, M mute, N/P next/previous, Q the queue, / search, ? the shortcut overlay. */
export function usePlayerShortcuts(player: SongPlayer, targets: ShortcutTargets) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target, event.key)) return;
    // An open dialog (the overlay itself, a confirm: a <dialog>; the phone's drawers: aria-modal) keeps its keys.
    if (document.querySelector('dialog[open], [aria-modal="true"]')) return;
    const always: Record<string, () => void> = { '/': targets.focusSearch, '?': targets.showShortcuts, q: targets.toggleQueue };
    const withSong: Record<string, () => void> = {
      ' ': player.togglePlay,
      ArrowLeft: () => player.seekBy(-SEEK_STEP_SECONDS),
      ArrowRight: () => player.seekBy(SEEK_STEP_SECONDS),
      ArrowUp: () => player.volumeBy(VOLUME_STEP),
      ArrowDown: () => player.volumeBy(-VOLUME_STEP),
      m: player.toggleMute,
      n: player.next,
      p: player.previous,
    };
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    // Up and down inside a list scroll it; they change the volume everywhere else.
    if ((key === 'ArrowUp' || key === 'ArrowDown') && event.target instanceof Element && event.target.closest('ul, ol')) return;
    const action = always[key] ?? (player.current ? withSong[key] : undefined);
    if (!action) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
