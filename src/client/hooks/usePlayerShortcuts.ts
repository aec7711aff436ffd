import { useEffect } from 'react';
import { SEEK_STEP_SECONDS, type SongPlayer } from './useSongPlayer';

/** Typing in a field, or pressing space on a control that space already activates, is not a shortcut. */
function isTypingTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (key === ' ' && (tag === 'BUTTON' || tag === 'A' || target.getAttribute('role') === 'button')) return true;
  return false;
}

/** Space play/pause, ←/→ seek 5 s, M mute. */
export function usePlayerShortcuts(player: SongPlayer) {
  const { togglePlay, seekBy, toggleMute, current } = player;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target, event.key)) return;
      if (!current) return;
      switch (event.key) {
        case ' ':
          event.preventDefault();
          togglePlay();
          break;
        case 'ArrowLeft':
          event.preventDefault();
          seekBy(-SEEK_STEP_SECONDS);
          break;
        case 'ArrowRight':
          event.preventDefault();
          seekBy(SEEK_STEP_SECONDS);
          break;
        case 'm':
        case 'M':
          event.preventDefault();
          toggleMute();
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, seekBy, toggleMute, togglePlay]);
}
