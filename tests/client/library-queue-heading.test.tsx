import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Library from '../../src/client/pages/library/page';
import { renderWithApp } from './helpers/render-with-app';

/**
 * Issue 37: the queue and the spec's rule agree on screen. A clicked song ends with itself unless Autoplay is on
 * (SPEC section 4), so the queue panel does not call the rest of the folder 'Up next' then: 'Also in the queue'.
 * 'Play folder' and Autoplay play on, and the same songs are 'Up next'.
 */

const SONGS = ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Album/03 Three.mp3'];

function renderLibrary() {
  renderWithApp(<Library />, {
    path: '/kenji?folder=Artist%2FAlbum',
    fallback: { '/api/get-kenji-songs?sizes=1': SONGS },
    fetcher: () => Promise.resolve(SONGS),
  });
}

/** The queue panel (its code loads on first use) and the heading above the songs after the current one. */
async function queueHeading(user: ReturnType<typeof userEvent.setup>) {
  if (!screen.queryByRole('complementary', { name: 'Queue' })) await user.click(screen.getByRole('button', { name: 'Queue' }));
  const panel = await screen.findByRole('complementary', { name: 'Queue' });
  const list = within(panel).getByRole('list', { name: /^(Up next|Also in the queue)$/ });
  return {
    heading: within(panel).getByRole('heading', { level: 3, name: /^(Up next|Also in the queue) / }).textContent,
    list: list.getAttribute('aria-label'),
    panel,
  };
}

beforeEach(() => {
  localStorage.clear();
  // The play probe: the first bytes of the song, so the player takes it.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(new Uint8Array(2), { status: 206 }))),
  );
  // happy-dom does not play media: keep a paused flag and fire the events a browser would.
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the queue panel’s heading', () => {
  it('says "Also in the queue" after a clicked song, which ends playback, and "Up next" once Autoplay is on', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Play 01 One.wav' }));
    expect(screen.getByTestId('now-playing').textContent).toBe('01 One');
    const ends = await queueHeading(user);
    expect(ends.heading).toBe('Also in the queue 2 songs');
    expect(ends.list).toBe('Also in the queue');
    expect(ends.panel.textContent).toContain('Playback ends with this song.');

    await user.click(screen.getByRole('switch', { name: 'Autoplay next' }));
    const playsOn = await queueHeading(user);
    expect(playsOn.heading).toBe('Up next 2 songs');
    expect(playsOn.list).toBe('Up next');
    expect(playsOn.panel.textContent).not.toContain('Playback ends with this song.');
  });

  it('says "Up next" after Play folder, which plays through', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Play folder' }));
    const { heading, list } = await queueHeading(user);
    expect([heading, list]).toEqual(['Up next 2 songs', 'Up next']);
  });
});
