import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/client/App';
import { lazyComponent, type PageProps } from '../../src/client/lazy-component';
import { navigate, useLocation, useSearch } from '../../src/client/navigation';
import { loadRouteTable } from '../../src/client/route-table';
import { matchAppRoute, NOT_FOUND_ROUTE } from '../../src/client/routes';
import { toaster } from '../../src/client/ui/LazyToaster';

const SIGNED_OUT = { '/api/check-auth': { authenticated: false } };

/** The app in the browser at `path`, its page's code loaded first (as main.tsx does), nothing ever answered. */
async function openApp(path: string, { notFound = false, ...props }: { notFound?: boolean; ssrSearch?: string } = {}) {
  window.history.replaceState(null, '', path);
  const matched = matchAppRoute(path.split('?')[0] ?? path);
  const first = notFound ? { route: NOT_FOUND_ROUTE, params: {} } : matched;
  await first.route.page.preload();
  render(<App fallback={SIGNED_OUT} first={first} {...props} />);
  await waitFor(() => expect(document.documentElement.dataset.clientLoaded).toBe('true'));
}

beforeEach(() => {
  delete document.documentElement.dataset.clientLoaded;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the app’s shell', () => {
  it('draws a site page with the site’s header, a skip link to the page and the footer, and names the document after the page', async () => {
    await openApp('/commands');
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
    expect(screen.getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Library' })).toBeNull();
    expect(document.querySelector('.app-shell')?.className).toBe('app-shell flex flex-col');
    expect(document.title).toBe(matchAppRoute('/commands').route.title);
  });

  it.each([
    ['/kenji', 'Kenji Library'],
    ['/glaive', 'Glaive Library'],
  ])('draws %s with the music header titled %s and no footer', async (path, title) => {
    await openApp(path);
    expect(screen.getByRole('navigation', { name: 'Library' }).textContent).toContain(title);
    expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
    expect(document.querySelector('.app-shell')?.className).toBe('app-shell relative');
  });

  it.each([
    ['/servers', true],
    ['/commands', false],
  ])('at %s, has the toasts’ region: %s (the route table says which pages toast)', async (path, toasts) => {
    // Loaded already, so a region drawn is there on the first render.
    await toaster.preload();
    await openApp(path);
    expect(document.querySelector('section[aria-label^="Notifications"]') !== null).toBe(toasts);
  });

  it('shows the 404 page where the server answered with it, even at an address that has a page, and the page of the next address moved to', async () => {
    await openApp('/commands', { notFound: true });
    expect(document.title).toBe(NOT_FOUND_ROUTE.title);
    await matchAppRoute('/terms-of-service').route.page.preload();
    // The move loads the route table (src/client/route-table.ts) within the test's act scope.
    await act(async () => {
      navigate('/terms-of-service');
      await loadRouteTable();
    });
    await waitFor(() => expect(document.title).toBe(matchAppRoute('/terms-of-service').route.title));
  });

  it('on the server (no window) draws the address it is given', async () => {
    await matchAppRoute('/commands').route.page.preload();
    vi.stubGlobal('window', undefined);
    const html = renderToString(<App ssrPath="/commands" ssrSearch="" fallback={SIGNED_OUT} first={matchAppRoute('/commands')} />);
    expect(html).toContain('>Commands</h1>');
  });

  it('starts from the address it is given, on the server and in the browser (a prerendered page: its query comes after)', async () => {
    const seen: string[] = [];
    function Where() {
      const [path] = useLocation();
      const search = useSearch();
      seen.push(`${path}?${search}`);
      return <p>{`${path}?${search}`}</p>;
    }
    const page = lazyComponent<PageProps>(() => Promise.resolve({ default: Where }));
    await page.preload();
    const first = { route: { id: 'where', title: 'Where', chrome: 'main' as const, page }, params: {} };
    vi.stubGlobal('window', undefined);
    expect(renderToString(<App ssrPath="/where" ssrSearch="folder=A" fallback={SIGNED_OUT} first={first} />)).toContain('>/where?folder=A</p>');
    vi.unstubAllGlobals();
    seen.length = 0;
    window.history.replaceState(null, '', '/where?folder=B');
    render(<App ssrSearch="" fallback={SIGNED_OUT} first={first} />);
    expect(seen[0]).toBe('/where?');
    await waitFor(() => expect(seen.at(-1)).toBe('/where?folder=B'));
    cleanup();
    // A page the Worker rendered for this address: its query from the first render.
    seen.length = 0;
    render(<App fallback={SIGNED_OUT} first={first} />);
    expect(seen[0]).toBe('/where?folder=B');
  });

  it('on the server, its 404 page at the address asked for', async () => {
    await NOT_FOUND_ROUTE.page.preload();
    vi.stubGlobal('window', undefined);
    const html = renderToString(<App ssrPath="/commands" ssrSearch="" fallback={SIGNED_OUT} first={{ route: NOT_FOUND_ROUTE, params: {} }} />);
    expect(html).toContain('>Page Not Found</h1>');
    expect(html).not.toContain('>Commands</h1>');
  });

  it('makes plain links to its pages client-side moves', async () => {
    await openApp('/terms-of-service');
    await matchAppRoute('/privacy-policy').route.page.preload();
    const link = document.createElement('a');
    link.href = '/privacy-policy';
    screen.getByRole('main').append(link);
    act(() => link.click());
    await waitFor(() => expect(document.title).toBe(matchAppRoute('/privacy-policy').route.title));
    expect(window.location.pathname).toBe('/privacy-policy');
    link.remove();
  });
});
