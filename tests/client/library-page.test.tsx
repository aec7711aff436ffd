import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../src/client/ui/Toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Library from '../../src/client/pages/library/page';
import { required } from '../helpers/required';
import { renderWithApp } from './helpers/render-with-app';

const SONGS = ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Album/notes.txt', 'Artist/Live/Encore.ogg', 'Other/x.flac'];

function renderLibrary(path = '/kenji', listing: unknown = SONGS) {
  return renderWithApp(
    <>
      <Library />
      <Toaster />
    </>,
    { path, fallback: { '/api/get-kenji-songs?sizes=1': listing }, fetcher: () => Promise.resolve(listing) },
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
let alertMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // The queue and the player settings are kept per browser: each test starts with none.
  localStorage.clear();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  alertMock = vi.fn();
  vi.stubGlobal('alert', alertMock);
  window.alert = alertMock as unknown as typeof window.alert;
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
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  URL.createObjectURL = vi.fn(() => 'blob:fake');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fileList = () => screen.getByRole('list', { name: /^Files in |^Search results$/ });
const tree = () => screen.getByRole('navigation', { name: 'Folders' });
/** The folder panel, found even while it is hidden. */
const folderPanel = () => required(document.querySelector('nav[aria-label="Folders"]'), 'the folder panel');

describe('Library page', () => {
  it('shows the tree, opens folders into the file list and keeps the folder in the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderLibrary();
    // The chevron is the pointer's way in (keyboards use the arrows: library-tree-keys and the e2e test).
    await user.click(required(document.querySelector('[data-toggle="Artist"]'), 'the Artist chevron'));
    expect(
      within(tree())
        .getByRole('treeitem', { name: /^Artist/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await user.click(within(tree()).getByRole('treeitem', { name: /^Album/ }));
    expect(location.history.at(-1)).toBe('/kenji?folder=Artist%2FAlbum');
    expect(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' })).toBeTruthy();
    expect(within(fileList()).queryByRole('button', { name: 'Play notes.txt' })).toBeNull();
    expect(within(fileList()).getByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
  });

  it('opens a deep-linked folder with its ancestors expanded and the song cued', async () => {
    renderLibrary('/kenji?folder=Artist%2FLive&song=Artist%2FLive%2FEncore.ogg');
    expect(
      within(tree())
        .getByRole('treeitem', { name: /^Artist/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    // The selected folder holds the tree's one Tab stop.
    const live = within(tree()).getByRole('treeitem', { name: /^Live/ });
    expect(live.getAttribute('aria-selected')).toBe('true');
    expect(
      within(tree())
        .getAllByRole('treeitem')
        .filter((item) => item.tabIndex === 0),
    ).toEqual([live]);
    expect(screen.getByRole('heading', { name: 'Live' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('Encore'));
  });

  it('probes before playing, toggles on a second select, and alerts on 429', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist%2FAlbum');
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array(2), { status: 206 }));
    await user.click(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' }));
    await waitFor(() => expect(within(fileList()).getByRole('button', { name: 'Pause 01 One.wav' })).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stream-kenji-song?song=Artist%2FAlbum%2F01%20One.wav',
      expect.objectContaining({ headers: { Range: 'bytes=0-1' } }),
    );
    const audio = required(document.querySelector('audio'), 'the <audio> element');
    expect(audio.getAttribute('src')).toBe('/api/stream-kenji-song?song=Artist%2FAlbum%2F01%20One.wav');
    expect(audio.volume).toBe(0.5);

    await user.click(within(fileList()).getByRole('button', { name: 'Pause 01 One.wav' }));
    expect(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(new Response('{"error":"busy","code":"BUSY"}', { status: 429, headers: { 'Retry-After': '60' } }));
    await user.click(within(fileList()).getByRole('button', { name: 'Play 02 Two.mp3' }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Server is busy. Please try again in a moment.'));
    expect(screen.getByTestId('now-playing').textContent).toBe('Nothing selected');
    expect(audio.getAttribute('src')).toBeNull();
  });

  it('media keys and the lock screen go to the previous and next song of the queue', async () => {
    const user = userEvent.setup();
    const handlers = new Map<string, (() => void) | null>();
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, {
        mediaSession: {
          metadata: null,
          playbackState: 'none',
          setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler),
          setPositionState: () => undefined,
        },
      }),
    );
    renderLibrary('/kenji?folder=Artist%2FAlbum');
    fetchMock.mockResolvedValue(new Response(new Uint8Array(2), { status: 206 }));
    await user.click(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' }));
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('01 One'));
    // First in the folder: no previous; notes.txt is not in the queue.
    expect(handlers.get('previoustrack')).toBeNull();
    await act(() => {
      handlers.get('nexttrack')?.();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('02 Two'));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/stream-kenji-song?song=Artist%2FAlbum%2F02%20Two.mp3', expect.anything());
    expect(handlers.get('nexttrack')).toBeNull();
    await act(() => {
      handlers.get('previoustrack')?.();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('01 One'));
  });

  it('Play folder plays the folder with its subfolders on to the end; the queue is stored per library and read back', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    const first = renderLibrary('/kenji?folder=Artist');
    fetchMock.mockResolvedValue(new Response(new Uint8Array(2), { status: 206 }));
    await user.click(screen.getByRole('button', { name: 'Play folder' }));
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('01 One'));
    const stored = () => JSON.parse(localStorage.getItem('library-queue:kenji') ?? 'null') as { songs: string[]; position: number; playOn: boolean } | null;
    await waitFor(() =>
      expect(stored()).toEqual({
        version: 1,
        songs: ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Live/Encore.ogg'],
        position: 0,
        playOn: true,
      }),
    );
    // Autoplay is off, yet the end of a track goes on to the next song of a folder played as a whole.
    const audio = required(document.querySelector('audio'), 'the <audio> element');
    await act(() => {
      audio.dispatchEvent(new Event('ended'));
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('02 Two'));
    await waitFor(() => expect(stored()?.position).toBe(1));
    first.unmount();

    // A reload: the song in the player comes back (paused), and so does what is up next.
    renderLibrary('/kenji');
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('02 Two'));
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    expect(audio.isConnected).toBe(false);
    expect(required(document.querySelector('audio'), 'the new <audio>').getAttribute('src')).toBeNull();
  });

  it('a stored queue of garbage, or of songs gone since, leaves an empty player and no error', async () => {
    for (const garbage of [
      '{',
      'null',
      '{"version":1,"songs":[1,2]}',
      JSON.stringify({ version: 1, songs: ['Gone/x.mp3', 'Artist/Album/notes.txt'], position: 0, playOn: true }),
    ]) {
      localStorage.setItem('library-queue:kenji', garbage);
      const view = renderLibrary('/kenji');
      await waitFor(() => expect(within(tree()).getAllByRole('treeitem').length).toBeGreaterThan(0));
      expect(screen.getByTestId('now-playing').textContent).toBe('Nothing selected');
      view.unmount();
    }
    localStorage.clear();
  });

  it('the queue is the search results a song was started from, not its folder', async () => {
    const user = userEvent.setup();
    renderLibrary();
    fetchMock.mockResolvedValue(new Response(new Uint8Array(2), { status: 206 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search songs and folders' }), 'n');
    await user.click(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' }));
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('01 One'));
    await user.clear(screen.getByRole('searchbox', { name: 'Search songs and folders' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // In its folder 02 Two.mp3 would come next; in the results it is Encore.ogg.
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('Encore'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });

  it('a song cued from a link has its folder as the queue', async () => {
    renderLibrary('/kenji?folder=Artist%2FAlbum&song=Artist%2FAlbum%2F01%20One.wav');
    await waitFor(() => expect(screen.getByTestId('now-playing').textContent).toBe('01 One'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
  });

  it('searches the whole library', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.type(screen.getByRole('searchbox', { name: 'Search songs and folders' }), 'live');
    await waitFor(() => expect(within(fileList()).getByRole('button', { name: 'Play Encore.ogg' })).toBeTruthy());
    expect(within(fileList()).getByRole('button', { name: /^Open folder Live/ })).toBeTruthy();
  });

  it('downloads with progress toasts and a 2 s success toast', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist%2FAlbum');
    let push!: (chunk: Uint8Array) => void;
    let end!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (c) => controller.enqueue(c);
        end = () => controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(body, { status: 200, headers: { 'Content-Length': '10', 'Content-Type': 'audio/wav' } }));
    await user.click(within(fileList()).getByRole('button', { name: 'Download 01 One.wav' }));
    // act's async form (a returned promise) lets the stream's reads settle before the assertions.
    await act(() => {
      push(new Uint8Array(5));
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByText('Downloading 01 One.wav... 50%')).toBeTruthy());
    await act(() => {
      push(new Uint8Array(5));
      end();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByText('Downloaded 01 One.wav successfully')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith('/api/download-kenji-song?song=Artist%2FAlbum%2F01%20One.wav', expect.anything());
  });

  it('streams a folder zip into the file the listener picks, never into a blob', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist');
    const written: number[] = [];
    let closed = false;
    const picker = vi.fn(() =>
      Promise.resolve({
        createWritable: () =>
          Promise.resolve(
            new WritableStream<Uint8Array>({
              write: (chunk) => void written.push(...chunk),
              close: () => void (closed = true),
            }),
          ),
      }),
    );
    vi.stubGlobal('showSaveFilePicker', picker);
    const save = vi.spyOn(URL, 'createObjectURL');
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([80, 75, 3, 4, 9]), { status: 200, headers: { 'Content-Length': '5' } }));
    await user.click(screen.getByRole('button', { name: /^Download folder \d/ }));
    await waitFor(() => expect(screen.getByText('Downloaded Artist successfully')).toBeTruthy());
    expect(picker).toHaveBeenCalledWith(expect.objectContaining({ suggestedName: 'Artist.zip' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/download-kenji-folder?folder=Artist', expect.anything());
    expect(written).toEqual([80, 75, 3, 4, 9]);
    expect(closed).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });

  it('says when a folder download fails, with the reason, and removes the half-made file', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist');
    const remove = vi.fn(() => Promise.resolve());
    vi.stubGlobal(
      'showSaveFilePicker',
      vi.fn(() => Promise.resolve({ createWritable: () => Promise.resolve(new WritableStream()), remove })),
    );
    fetchMock.mockResolvedValueOnce(new Response('{"error":"This folder is too large.","code":"FOLDER_TOO_LARGE"}', { status: 413 }));
    await user.click(screen.getByRole('button', { name: /^Download folder \d/ }));
    await waitFor(() => expect(screen.getByText('Failed to download Artist')).toBeTruthy());
    expect(screen.getByText('This folder is too large.')).toBeTruthy();
    expect(remove).toHaveBeenCalled();
  });

  it('fails a folder stream that ends short of its Content-Length', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Other');
    let aborted = false;
    vi.stubGlobal(
      'showSaveFilePicker',
      vi.fn(() => Promise.resolve({ createWritable: () => Promise.resolve(new WritableStream({ abort: () => void (aborted = true) })) })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array(3), { status: 200, headers: { 'Content-Length': '10' } }));
    await user.click(screen.getByRole('button', { name: /^Download folder \d/ }));
    await waitFor(() => expect(screen.getByText('Failed to download Other')).toBeTruthy());
    expect(aborted).toBe(true);
    expect(screen.queryByText('Downloaded Other successfully')).toBeNull();
  });

  it('without the File System Access API hands the folder URL to the browser and says it started', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist');
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: /^Download folder \d/ }));
    await waitFor(() => expect(screen.getByText('Downloading Artist...')).toBeTruthy());
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('/api/download-kenji-folder?folder=Artist');
    expect(clicked[0]?.download).toBe('Artist.zip');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the browser download when the page may not use the save dialog', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist%2FLive');
    vi.stubGlobal(
      'showSaveFilePicker',
      vi.fn(() => Promise.reject(new DOMException('Cross origin sub frames are not allowed', 'SecurityError'))),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    await user.click(screen.getByRole('button', { name: /^Download folder \d/ }));
    await waitFor(() => expect(screen.getByText('Downloading Live...')).toBeTruthy());
    expect(clicked).toEqual(['/api/download-kenji-folder?folder=Artist%2FLive']);
    expect(screen.queryByText('Failed to download Live')).toBeNull();
  });

  it('shows the file count and size of a folder, and asks before downloading more than 200 MB', async () => {
    const user = userEvent.setup();
    const MB = 1000 * 1000;
    renderLibrary('/kenji?folder=Artist', { paths: SONGS, sizes: [100 * MB, 100 * MB, 1000, 50 * MB, 5 * MB] });
    const button = screen.getByRole('button', { name: /^Download folder \d/ });
    expect(button.textContent).toContain('4 files · 250 MB');
    const picker = vi.fn(() => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')));
    vi.stubGlobal('showSaveFilePicker', picker);

    const logged = vi.spyOn(console, 'error');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Download Artist?' });
    expect(dialog.textContent).toContain('4 files · 250 MB');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(picker).not.toHaveBeenCalled();

    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(picker).toHaveBeenCalled());
    // Cancelling the save dialog is not an error.
    expect(logged).not.toHaveBeenCalled();

    // A smaller folder downloads at once.
    await user.click(required(document.querySelector('[data-download="Other"]'), "the Other row's download button"));
    await waitFor(() => expect(picker).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a song download failed, and that the server is busy, when the download limit answers 429', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist%2FAlbum');
    const save = vi.spyOn(URL, 'createObjectURL');
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":"Server is busy. Please try again in a moment.","code":"BUSY"}', {
        status: 429,
        headers: { 'Retry-After': '60', 'Content-Type': 'application/json' },
      }),
    );
    await user.click(within(fileList()).getByRole('button', { name: 'Download 02 Two.mp3' }));
    await waitFor(() => expect(screen.getByText('Failed to download 02 Two.mp3')).toBeTruthy());
    expect(screen.getByText('Server is busy. Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText('Downloaded 02 Two.mp3 successfully')).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('on small screens keeps the folders in a drawer that opens, holds focus and closes', async () => {
    const user = userEvent.setup();
    renderLibrary();
    const closed = /(^| )max-md:invisible( |$)/;
    expect(folderPanel().className).toMatch(closed);
    expect(folderPanel().getAttribute('role')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Folders' }));
    expect(folderPanel().className).not.toMatch(closed);
    expect(screen.getByRole('dialog', { name: 'Folders' }).getAttribute('aria-modal')).toBe('true');
    // Focus moves into the drawer, to the tree's Tab stop.
    expect(document.activeElement?.getAttribute('role')).toBe('treeitem');
    await user.click(screen.getByRole('button', { name: 'Close folders' }));
    expect(folderPanel().className).toMatch(closed);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show Folders' }));
    await user.click(screen.getByRole('button', { name: 'Show Folders' }));
    // Tab stays inside: from the tree back to the drawer's close button, and on round.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close folders' }));
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).toBe('treeitem');
    await user.keyboard('{Escape}');
    expect(folderPanel().className).toMatch(closed);
  });

  it("a folder's download question opened from the drawer keeps Escape: it closes, the drawer stays", async () => {
    const user = userEvent.setup();
    const MB = 1000 * 1000;
    renderLibrary('/kenji', { paths: SONGS, sizes: [100 * MB, 100 * MB, 1000, 50 * MB, 5 * MB] });
    await user.click(screen.getByRole('button', { name: 'Show Folders' }));
    await user.click(required(document.querySelector('[data-download="Artist"]'), "the Artist row's download button"));
    expect(screen.getByRole('dialog', { name: 'Download Artist?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Download Artist?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Folders' })).toBeTruthy();
  });

  it('remembers volume, autoplay, shuffle and repeat in localStorage (autoplay off, volume 0.5 by default)', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    const first = renderLibrary('/kenji?folder=Artist%2FAlbum');
    const audio = required(first.container.ownerDocument.querySelector('audio'), 'the audio element');
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Volume' }).value).toBe('0.5');
    expect(audio.volume).toBe(0.5);
    const autoplay = screen.getByRole('switch', { name: 'Autoplay next' });
    expect(autoplay.getAttribute('aria-checked')).toBe('false');
    await user.click(autoplay);
    await user.click(screen.getByRole('button', { name: 'Repeat: off' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.3' } });
    first.unmount();

    renderLibrary('/kenji?folder=Artist%2FAlbum');
    expect(screen.getByRole('switch', { name: 'Autoplay next' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Repeat: all' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Volume' }).value).toBe('0.3');
    expect(JSON.parse(localStorage.getItem('library-player') ?? '{}')).toMatchObject({ volume: 0.3, autoplay: true, repeat: 'all', shuffle: false });
    localStorage.clear();
  });
});
