import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserHistory } from './helpers/browser-history';

/**
 * Issue 38: a page hydrates without the route table. The server names the page it rendered (src/client/data-island.ts,
 * IslandPage); the table (src/client/route-table.ts) loads on the first intent towards a link, or on a move. Each test
 * starts from modules loaded afresh, so nothing has loaded the table before it.
 */
async function freshApp() {
  vi.resetModules();
  const [{ App }, table, { navigate }, { pageOf }] = await Promise.all([
    import('../../src/client/App'),
    import('../../src/client/route-table'),
    import('../../src/client/navigation'),
    import('../../src/client/lazy-component'),
  ]);
  /**
   * The page the server named, as the island names /commands's module: not that module's code, so the test can tell
   * which one is shown. It counts how often it mounts.
   */
  const mounts = { count: 0 };
  const Named = () => {
    useEffect(() => {
      mounts.count++;
    }, []);
    return <h1>The page the server named</h1>;
  };
  const named = pageOf('src/client/pages/commands/page.tsx', () => Promise.resolve({ default: Named }));
  await named.preload();
  const first = { route: { id: 'named', title: 'Named | ServerManager', chrome: 'main' as const, page: named }, params: {} };
  return { App, first, navigate, mounts, ...table };
}

const SIGNED_OUT = { '/api/check-auth': { authenticated: false } };

/** The app hydrated at /commands with the page the server named; nothing it asks the network is ever answered. */
async function openNamedPage() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => undefined)),
  );
  const app = await freshApp();
  const { history } = browserHistory('/commands');
  render(<app.App fallback={SIGNED_OUT} first={app.first} />);
  return { ...app, history };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.doUnmock('../../src/client/client-router');
});

describe('the route table loads on the first sign of leaving the page', () => {
  it('a page hydrates with the page the server named, and loads no table', async () => {
    const app = await openNamedPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page the server named');
    await waitFor(() => expect(document.documentElement.dataset.clientLoaded).toBe('true'));
    expect(document.title).toBe('Named | ServerManager');
    expect(app.loadedRouteTable()).toBeUndefined();
  });

  it('a move to another address shows that address’s page once the table is in; back at the first address, the named page again', async () => {
    const app = await openNamedPage();
    expect(app.loadedRouteTable()).toBeUndefined();
    // The move waits for the table in its transition (React keeps the page on screen meanwhile); the test's act scope
    // holds the table's load, so the render it was waiting for runs before the scope closes.
    await act(async () => {
      app.navigate('/terms-of-service');
      await app.loadRouteTable();
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service'));
    act(() => app.navigate('/commands'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page the server named');
  });

  it('a move to another address of the page the server named keeps it mounted: the table has the same page for its module', async () => {
    const app = await openNamedPage();
    await waitFor(() => expect(app.mounts.count).toBe(1));
    await act(async () => {
      app.navigate('/commands.html');
      await app.loadRouteTable();
    });
    await waitFor(() => expect(document.title).toBe('Commands | ServerManager'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page the server named');
    expect(app.mounts.count).toBe(1);
  });

  it.each([
    ['a pointer over', (link: HTMLElement) => fireEvent.pointerOver(link)],
    ['the focus on', (link: HTMLElement) => fireEvent.focusIn(link)],
    ['a finger on', (link: HTMLElement) => fireEvent.touchStart(link)],
  ])('%s a link of the site loads it; on another site’s link, or elsewhere on the page, nothing does', async (_, intent) => {
    const app = await openNamedPage();
    const elsewhere = document.createElement('a');
    elsewhere.href = 'https://example.com/commands';
    screen.getByRole('main').append(elsewhere);
    intent(elsewhere);
    intent(screen.getByRole('heading', { level: 1 }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(app.loadedRouteTable()).toBeUndefined();
    intent(screen.getByRole('link', { name: 'Terms' }));
    await waitFor(() => expect(app.loadedRouteTable()).toBeDefined());
  });

  it('a click with no intent before it waits for the table, then moves the app', async () => {
    const app = await openNamedPage();
    const { history } = app;
    const link = screen.getByRole('link', { name: 'Privacy' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(history).toEqual(['/commands']);
    await waitFor(() => expect(history).toEqual(['/commands', '/privacy-policy']));
  });

  it('a click with no intent before it, to an address the app has no page for, is loaded by the browser once the table says so', async () => {
    const app = await openNamedPage();
    const { history } = app;
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: window.location.origin, pathname: '/commands', search: '', hash: '', assign });
    const link = document.createElement('a');
    link.href = '/api/invite';
    screen.getByRole('main').append(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/api/invite`));
    expect(history).toEqual(['/commands']);
  });

  it('a table that failed to load is asked for again by the next call', async () => {
    const app = await freshApp();
    vi.doMock('../../src/client/client-router', () => {
      throw new Error('offline');
    });
    await expect(app.loadRouteTable()).rejects.toThrow();
    expect(app.loadedRouteTable()).toBeUndefined();
    vi.doUnmock('../../src/client/client-router');
    const table = await app.loadRouteTable();
    expect(table.matchAppRoute('/commands').route.id).toBe('commands');
    expect(app.loadedRouteTable()).toBe(table);
    expect(await app.loadRouteTable()).toBe(table);
  });
});
