import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlayerBar } from '../../src/client/features/library/PlayerBar';
import type { SongPlayer } from '../../src/client/features/library/useSongPlayer';

/**
 * Every seek to a spot the audio element has not buffered is a request on the play's ticket, which pays for 32 of
 * them (issue 36), so the seek bar seeks once per drag: where it is let go (`change`), not at every step (`input`).
 */
function renderBar(time = 10) {
  const seek = vi.fn();
  const player = {
    audioRef: createRef<HTMLAudioElement>(),
    current: 'Mixes/Long.mp3',
    playing: true,
    loading: false,
    time,
    duration: 3600,
    shuffle: false,
    repeat: 'off',
    autoplay: false,
    muted: false,
    volume: 0.5,
    upNext: [],
    previousSong: null,
    nextSong: null,
    seek,
    previous: vi.fn(),
    next: vi.fn(),
    togglePlay: vi.fn(),
    toggleShuffle: vi.fn(),
    cycleRepeat: vi.fn(),
    toggleAutoplay: vi.fn(),
    toggleMute: vi.fn(),
    setVolume: vi.fn(),
  } as unknown as SongPlayer;
  const noop = () => undefined;
  const view = render(
    <PlayerBar
      player={player}
      onShowShortcuts={noop}
      queueOpen={false}
      queueId="queue"
      queueButtonRef={createRef()}
      onToggleQueue={noop}
      onPreloadQueue={noop}
    />,
  );
  return { seek, player, view, bar: screen.getByRole<HTMLInputElement>('slider', { name: 'Seek' }) };
}

describe('the seek bar', () => {
  it('follows a drag without seeking, then seeks once where the drag ends', () => {
    const { seek, bar } = renderBar();
    for (const value of ['100', '400', '900', '1800']) fireEvent.input(bar, { target: { value } });
    expect(seek).not.toHaveBeenCalled();
    expect(bar.value).toBe('1800');
    expect(screen.getByTestId('elapsed').textContent).toBe('30:00');
    expect(bar.getAttribute('aria-valuetext')).toBe('30:00 of 1:00:00');
    fireEvent.change(bar, { target: { value: '1800' } });
    expect(seek).toHaveBeenCalledTimes(1);
    expect(seek).toHaveBeenCalledWith(1800);
  });

  it('shows the playing time again once the drag has ended', () => {
    const { bar, player, view } = renderBar(10);
    fireEvent.input(bar, { target: { value: '500' } });
    fireEvent.change(bar, { target: { value: '500' } });
    view.rerender(
      <PlayerBar
        player={{ ...player, time: 500.5 }}
        onShowShortcuts={() => undefined}
        queueOpen={false}
        queueId="queue"
        queueButtonRef={createRef()}
        onToggleQueue={() => undefined}
        onPreloadQueue={() => undefined}
      />,
    );
    expect(bar.value).toBe('500.5');
    expect(screen.getByTestId('elapsed').textContent).toBe('8:20');
  });

  it('seeks at each key press (a key fires input and change)', () => {
    const { seek, bar } = renderBar();
    fireEvent.input(bar, { target: { value: '10.1' } });
    fireEvent.change(bar, { target: { value: '10.1' } });
    fireEvent.input(bar, { target: { value: '10.2' } });
    fireEvent.change(bar, { target: { value: '10.2' } });
    expect(seek.mock.calls).toEqual([[10.1], [10.2]]);
  });
});
