import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import Library from '../../src/client/pages/Library';
import { required } from './expect-helpers';

const SONGS = ['Artist/Album/01 One.wav', 'Artist/Album/02 Two.mp3', 'Artist/Album/notes.txt', 'Artist/Live/Encore.ogg', 'Other/x.flac'];

function renderLibrary(path = '/kenji') {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <SWRConfig value={{ provider: () => new Map(), fallback: { '/api/get-kenji-songs': SONGS }, fetcher: () => Promise.resolve(SONGS) }}>
        <Library />
        <Toaster />
      </SWRConfig>
    </Router>,
  );
  return { ...result, location };
}

let fetchMock: ReturnType<typeof vi.fn>;
let alertMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
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
    await user.click(within(tree()).getByRole('button', { name: 'Expand Artist' }));
    await user.click(within(tree()).getByRole('button', { name: /^Album/ }));
    expect(location.history.at(-1)).toBe('/kenji?folder=Artist%2FAlbum');
    expect(within(fileList()).getByRole('button', { name: 'Play 01 One.wav' })).toBeTruthy();
    expect(within(fileList()).queryByRole('button', { name: 'Play notes.txt' })).toBeNull();
    expect(within(fileList()).getByRole('button', { name: 'Download notes.txt' })).toBeTruthy();
  });

  it('opens a deep-linked folder with its ancestors expanded and the song cued', async () => {
    renderLibrary('/kenji?folder=Artist%2FLive&song=Artist%2FLive%2FEncore.ogg');
    expect(within(tree()).getByRole('button', { name: 'Collapse Artist' })).toBeTruthy();
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

  it('searches the whole library', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.type(screen.getByRole('searchbox', { name: 'Search songs and folders' }), 'live');
    await waitFor(() => expect(within(fileList()).getByRole('button', { name: 'Play Encore.ogg' })).toBeTruthy());
    expect(within(fileList()).getByRole('button', { name: /^Live/ })).toBeTruthy();
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

  it('says when a folder download fails, with the reason', async () => {
    const user = userEvent.setup();
    renderLibrary('/kenji?folder=Artist');
    fetchMock.mockResolvedValueOnce(new Response('{"error":"This folder is too large.","code":"FOLDER_TOO_LARGE"}', { status: 413 }));
    await user.click(screen.getByRole('button', { name: 'Download folder' }));
    await waitFor(() => expect(screen.getByText('Failed to download Artist')).toBeTruthy());
    expect(screen.getByText('This folder is too large.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/download-kenji-folder?folder=Artist', expect.anything());
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

  it('toggles the folder panel on small screens', async () => {
    const user = userEvent.setup();
    renderLibrary();
    await user.click(screen.getByRole('button', { name: 'Hide Folders' }));
    expect(folderPanel().className).toMatch(/(^| )hidden /);
    await user.click(screen.getByRole('button', { name: 'Show Folders' }));
    expect(folderPanel().className).toMatch(/^block /);
  });
});
