import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../src/client/hooks/useMediaQuery';
import Library from '../../src/client/pages/library/page';
import { renderWithApp } from './helpers/render-with-app';

const SONGS = ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Album/03 Three.mp3'];

function renderLibrary(path = '/kenji') {
  renderWithApp(<Library />, { path: path, fallback: { '/api/get-kenji-songs?sizes=1': SONGS }, fetcher: () => Promise.resolve(SONGS) });
}

/** The page picks phone or desktop with matchMedia(PHONE_QUERY); happy-dom has no layout, so answer it here. */
function screenIs(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: query === PHONE_QUERY && phone,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

async function openQueue() {
  const user = userEvent.setup();
  renderLibrary();
  const button = screen.getByRole('button', { name: 'Queue' });
  await user.click(button);
  const heading = await screen.findByRole('heading', { name: 'Queue' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return { user, button };
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the queue on a phone is a modal dialog', () => {
  beforeEach(() => screenIs(true));

  it('is a dialog labelled by its heading, with focus on the heading and the page behind inert', async () => {
    await openQueue();
    const dialog = screen.getByRole('dialog', { name: 'Queue' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('region', { name: 'Player', hidden: true }).closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('searchbox', { hidden: true }).closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const { user } = await openQueue();
    const close = screen.getByRole('button', { name: 'Close queue' });
    // Nothing is queued: the close button is the sheet's only control, so Tab comes back to it both ways.
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('closes on Escape, gives focus back to the Queue button and the page back to the listener', async () => {
    const { user, button } = await openQueue();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('gives focus back to the Queue button when closed with its close button', async () => {
    const { user, button } = await openQueue();
    await user.click(screen.getByRole('button', { name: 'Close queue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('the queue on a desktop stays a side panel', () => {
  beforeEach(() => screenIs(false));

  it('is not modal: no dialog, nothing inert, Tab leaves it for the page', async () => {
    const { user } = await openQueue();
    expect(screen.queryByRole('dialog')).toBeNull();
    const panel = screen.getByRole('complementary', { name: 'Queue' });
    expect(document.querySelector('[inert]')).toBeNull();
    await user.tab();
    await user.tab();
    expect(panel.contains(document.activeElement)).toBe(false);
  });

  it('closes on Escape from inside it, and focus goes back to the Queue button', async () => {
    const { user, button } = await openQueue();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Queue' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('gives focus back to the Queue button when closed with its close button', async () => {
    const { user, button } = await openQueue();
    await user.click(screen.getByRole('button', { name: 'Close queue' }));
    expect(screen.queryByRole('complementary', { name: 'Queue' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('leaves focus where the listener put it when the panel closes while they are elsewhere on the page', async () => {
    const { user, button } = await openQueue();
    const search = screen.getByRole('searchbox');
    search.focus();
    await user.click(button);
    expect(screen.queryByRole('complementary', { name: 'Queue' })).toBeNull();
    expect(document.activeElement).toBe(button);
    search.focus();
    await user.click(button);
    await screen.findByRole('complementary', { name: 'Queue' });
    search.focus();
    await user.keyboard('q');
    expect(document.activeElement).toBe(search);
  });

  it('Play next on a song row puts it right after the current song, ahead of what was added before', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist%2FAlbum');
    await user.click(await screen.findByRole('button', { name: 'Add 01 One.wav to queue' }));
    await user.click(screen.getByRole('button', { name: 'Add 02 Two.mp3 to queue' }));
    await user.click(screen.getByRole('button', { name: 'Queue 03 Three.mp3 to play next' }));
    await user.click(screen.getByRole('button', { name: 'Queue' }));
    const upNext = await screen.findByRole('list', { name: 'Up next' });
    expect([...upNext.querySelectorAll('[data-song]')].map((row) => row.getAttribute('data-song'))).toEqual([
      'Artist/Album/03 Three.mp3',
      'Artist/Album/02 Two.mp3',
    ]);
  });
});

describe('the folder drawer on a phone', () => {
  beforeEach(() => screenIs(true));

  it('makes the page behind inert while open, keeps its backdrop clickable, and gives everything back on close', async () => {
    const user = userEvent.setup();
    renderLibrary();
    const button = screen.getByRole('button', { name: 'Show Folders' });
    await user.click(button);
    const drawer = await screen.findByRole('dialog');
    expect(drawer.closest('[inert]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Player', hidden: true }).closest('[inert]')).not.toBeNull();
    const backdrop = document.querySelector('[data-drawer-backdrop]');
    expect(backdrop?.closest('[inert]')).toBeNull();
    await user.click(backdrop as Element);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[inert]')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('the folder drawer opened on a phone', () => {
  it('follows the screen: a wider one gives the page back, a narrow one takes it again', async () => {
    let phone = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return query === PHONE_QUERY && phone;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const turn = (narrow: boolean) =>
      act(() => {
        phone = narrow;
        listeners.forEach((listener) => listener());
      });
    const user = userEvent.setup();
    renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Show Folders' }));
    const player = () => screen.getByRole('region', { name: 'Player', hidden: true });
    expect(player().closest('[inert]')).not.toBeNull();
    turn(false);
    expect(document.querySelector('[inert]')).toBeNull();
    turn(true);
    expect(player().closest('[inert]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close folders' }));
    expect(document.querySelector('[inert]')).toBeNull();
    expect(listeners.size).toBe(0);
  });
});

describe('the folder tree on a desktop', () => {
  beforeEach(() => screenIs(false));

  it('never makes the page inert', async () => {
    renderLibrary();
    await screen.findAllByRole('treeitem');
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
