import { renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePlayerShortcuts } from '../../src/client/features/library/usePlayerShortcuts';
import type { SongPlayer } from '../../src/client/features/library/useSongPlayer';

/** A player with a song in it whose every action is a spy. */
function setup(current: string | null = 'Artist/a.mp3') {
  const player = {
    current,
    togglePlay: vi.fn(),
    seekBy: vi.fn(),
    volumeBy: vi.fn(),
    toggleMute: vi.fn(),
    next: vi.fn(),
    previous: vi.fn(),
  };
  const targets = { focusSearch: vi.fn(), showShortcuts: vi.fn(), toggleQueue: vi.fn() };
  renderHook(() => usePlayerShortcuts(player as unknown as SongPlayer, targets));
  return { player, targets };
}

describe('library shortcuts with Shift and Caps Lock', () => {
  it('letters work in either case: with Caps Lock on (the browser sends M, N, P), with Shift, and with neither', async () => {
    const { player } = setup();
    await userEvent.keyboard('{CapsLock}MNP{CapsLock}{Shift>}MNP{/Shift}mnp');
    expect(player.toggleMute).toHaveBeenCalledTimes(3);
    expect(player.next).toHaveBeenCalledTimes(3);
    expect(player.previous).toHaveBeenCalledTimes(3);
  });

  it('Shift+/ is "?": the overlay, not the search', async () => {
    const { targets } = setup();
    await userEvent.keyboard('?');
    expect(targets.showShortcuts).toHaveBeenCalledTimes(1);
    expect(targets.focusSearch).not.toHaveBeenCalled();
    await userEvent.keyboard('/');
    expect(targets.focusSearch).toHaveBeenCalledTimes(1);
  });

  it('Ctrl, Alt or Meta with a letter is the browser’s, never a shortcut', async () => {
    const { player } = setup();
    await userEvent.keyboard('{Control>}m{/Control}{Alt>}n{/Alt}{Meta>}p{/Meta}');
    expect(player.toggleMute).not.toHaveBeenCalled();
    expect(player.next).not.toHaveBeenCalled();
    expect(player.previous).not.toHaveBeenCalled();
  });

  it('without a song only "/", "?" and Q work', async () => {
    const { player, targets } = setup(null);
    await userEvent.keyboard('M ?Qq');
    expect(player.toggleMute).not.toHaveBeenCalled();
    expect(player.togglePlay).not.toHaveBeenCalled();
    expect(targets.showShortcuts).toHaveBeenCalledTimes(1);
    expect(targets.toggleQueue).toHaveBeenCalledTimes(2);
  });

  it('typing in a field is never a shortcut, whatever the case', async () => {
    const { player } = setup();
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await userEvent.keyboard('{CapsLock}MN{CapsLock}mn');
    expect(player.toggleMute).not.toHaveBeenCalled();
    expect(player.next).not.toHaveBeenCalled();
    input.remove();
  });

  it('an open dialog keeps its keys: the shortcuts wait until it closes', async () => {
    const { player } = setup();
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.showModal();
    await userEvent.keyboard(' m');
    expect(player.togglePlay).not.toHaveBeenCalled();
    expect(player.toggleMute).not.toHaveBeenCalled();
    dialog.close();
    dialog.remove();
    await userEvent.keyboard(' m');
    expect(player.togglePlay).toHaveBeenCalledTimes(1);
    expect(player.toggleMute).toHaveBeenCalledTimes(1);
  });
});
