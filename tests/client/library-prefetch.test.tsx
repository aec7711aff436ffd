import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { mutate, SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchLibraryListing } from '../../src/client/features/library/prefetch-library-listing';
import { useLibraryListing } from '../../src/client/features/library/useLibraryListing';
import { loadRouteTable } from '../../src/client/route-table';
import { matchAppRoute } from '../../src/client/routes';
import { useLinkNavigation } from '../../src/client/useLinkNavigation';

/**
 * Issue 37: a client-side move to a library has no server HTML, so the page would open on an empty shell. Intent on
 * a link to it (a pointer over it, the focus, a finger) fetches the listing into SWR's cache first, and the page
 * then has its folders on its first render.
 */

const LISTING = { paths: ['Artist/Album/01 One.wav', 'Other/x.flac'], sizes: [10, 20], durations: [61, null] };

/** What the library page reads on its first render: whether the whole list is there. */
function FirstRender({ library = 'kenji' }: { library?: 'kenji' | 'glaive' }) {
  const { listed, tree } = useLibraryListing(library);
  const [first] = useState(() => ({ listed, folders: tree.folders.map((f) => f.name) }));
  return <p data-testid="first">{JSON.stringify(first)}</p>;
}

/** A page of the app: its links' intents are the router's (src/client/client-router.ts, linkIntent). */
function Page() {
  useLinkNavigation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href="/kenji">Kenji Library</a>
      <a href="/commands">Commands</a>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <FirstRender />}
    </>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;

// The router has loaded (the first intent loads it; src/client/route-table.ts).
beforeAll(() => loadRouteTable());

beforeEach(async () => {
  // The app's SWR cache is SWR's own (no provider), which outlives a test: each starts with it empty.
  await mutate(() => true, undefined, { revalidate: false });
  fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(LISTING), { headers: { 'Content-Type': 'application/json' } })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => render(<Page />);

const listingCalls = (library = 'kenji') => fetchMock.mock.calls.filter(([url]) => String(url) === `/api/get-${library}-songs?sizes=1`).length;

describe('prefetching a library on intent', () => {
  it.each([
    ['a pointer over the link', (link: HTMLElement) => fireEvent.pointerOver(link)],
    ['the focus on the link', (link: HTMLElement) => fireEvent.focusIn(link)],
    ['a finger on the link', (link: HTMLElement) => fireEvent.touchStart(link)],
  ])('%s puts the listing in the cache, so the page has its folders on its first render', async (_, intent) => {
    renderPage();
    await act(async () => {
      intent(screen.getByRole('link', { name: 'Kenji Library' }));
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(listingCalls()).toBe(1));
    // Let the answer settle into the cache before the page mounts.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(JSON.parse(screen.getByTestId('first').textContent)).toEqual({ listed: true, folders: ['Artist', 'Other'] });
  });

  it('asks once however often the pointer comes back, and not at all for other links', async () => {
    renderPage();
    const link = screen.getByRole('link', { name: 'Kenji Library' });
    await act(async () => {
      fireEvent.pointerOver(screen.getByRole('link', { name: 'Commands' }));
      fireEvent.pointerOver(link);
      fireEvent.pointerOver(link);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.pointerOver(link);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(listingCalls()).toBe(1);
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/get-kenji-songs'))).toBe(true);
  });

  it('on the library page, a prefetch keeps the listing shown: nothing is asked again, by it or by the page', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    await vi.waitFor(() => expect(listingCalls()).toBe(1));
    // Let the page's answer settle into the cache.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(() => prefetchLibraryListing('kenji'));
    expect(listingCalls()).toBe(1);
  });

  it('the page reads the whole list again when it opens on a prefetched one, once the prefetch is no longer in flight', async () => {
    // Glaive: no other test of this file reads it, so SWR holds no earlier request of it to fold this one into.
    await act(() => prefetchLibraryListing('glaive'));
    expect(listingCalls('glaive')).toBe(1);
    // No deduping window, so the page's own read is not folded into the prefetch's: the test needs no clock.
    render(
      <SWRConfig value={{ dedupingInterval: 0 }}>
        <FirstRender library="glaive" />
      </SWRConfig>,
    );
    expect(JSON.parse(screen.getByTestId('first').textContent)).toEqual({ listed: true, folders: ['Artist', 'Other'] });
    await vi.waitFor(() => expect(listingCalls('glaive')).toBe(2));
  });

  it('a name that is no library asks nothing', async () => {
    await prefetchLibraryListing('commands');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('intent on a library link loads that page’s code too; on another page’s link or another site’s, nothing', async () => {
    const kenji = vi.spyOn(matchAppRoute('/kenji').route.page, 'preload').mockResolvedValue(undefined);
    const commands = vi.spyOn(matchAppRoute('/commands').route.page, 'preload');
    renderPage();
    const elsewhere = document.createElement('a');
    elsewhere.href = 'https://example.com/kenji';
    document.body.append(elsewhere);
    fireEvent.pointerOver(elsewhere);
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Commands' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(kenji).not.toHaveBeenCalled();
    expect(commands).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Kenji Library' }));
    await vi.waitFor(() => expect(kenji).toHaveBeenCalledOnce());
    elsewhere.remove();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/get-kenji-songs'))).toBe(true);
  });

  it('once the page is gone, intent loads nothing', async () => {
    const kenji = vi.spyOn(matchAppRoute('/kenji').route.page, 'preload').mockResolvedValue(undefined);
    renderPage().unmount();
    const link = document.createElement('a');
    link.href = '/kenji';
    document.body.append(link);
    fireEvent.pointerOver(link);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    link.remove();
    expect(kenji).not.toHaveBeenCalled();
  });

  it('without intent the page starts from nothing (what the prefetch saves)', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(JSON.parse(screen.getByTestId('first').textContent)).toEqual({ listed: false, folders: [] });
  });
});
