import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationProvider, navigate, useLocation, useSearch } from '../../src/client/navigation';
import { browserHistory } from './helpers/browser-history';

function Address() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="address">{`${path}|${search}`}</p>;
}

const shown = () => screen.getByTestId('address').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the app’s history hook', () => {
  it('shows the browser’s address, query without its ?', () => {
    browserHistory('/kenji?folder=Artist');
    render(
      <LocationProvider>
        <Address />
      </LocationProvider>,
    );
    expect(shown()).toBe('/kenji|folder=Artist');
  });

  it('renders first the address it was drawn at (a prerendered page, without the query), then the browser’s', () => {
    browserHistory('/kenji?folder=Artist');
    const seen: string[] = [];
    function Recorder() {
      const [path] = useLocation();
      seen.push(`${path}|${useSearch()}`);
      return null;
    }
    render(
      <LocationProvider at={{ search: '' }}>
        <Recorder />
      </LocationProvider>,
    );
    expect(seen[0]).toBe('/kenji|');
    expect(seen.at(-1)).toBe('/kenji|folder=Artist');
  });

  it('a move pushes an entry, `replace` overwrites the last one, and the views follow both', () => {
    const { history } = browserHistory('/commands');
    render(
      <LocationProvider>
        <Address />
      </LocationProvider>,
    );
    act(() => navigate('/servers'));
    expect(shown()).toBe('/servers|');
    act(() => navigate('/kenji?folder=A', { replace: true }));
    expect(shown()).toBe('/kenji|folder=A');
    expect(history).toEqual(['/commands', '/kenji?folder=A']);
  });

  it('follows Back and Forward (popstate), and a move another history library announces', () => {
    browserHistory('/commands');
    render(
      <LocationProvider>
        <Address />
      </LocationProvider>,
    );
    act(() => {
      window.history.pushState(null, '', '/servers');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown()).toBe('/servers|');
    act(() => {
      window.history.pushState(null, '', '/admin');
      window.dispatchEvent(new Event('pushState'));
    });
    expect(shown()).toBe('/admin|');
  });

  it('a move made by a page’s own effect before the provider listens is not missed', () => {
    browserHistory('/admin');
    function RedirectOnMount() {
      const [, go] = useLocation();
      // Child effects run before their parent's: this move comes before the provider subscribes.
      useEffect(() => go('/', { replace: true }), [go]);
      return null;
    }
    render(
      <LocationProvider>
        <Address />
        <RedirectOnMount />
      </LocationProvider>,
    );
    expect(shown()).toBe('/|');
  });

  it('on the server (no window) renders the address it is given', () => {
    vi.stubGlobal('window', undefined);
    expect(
      renderToString(
        <LocationProvider at={{ path: '/kenji', search: 'folder=Artist' }}>
          <Address />
        </LocationProvider>,
      ),
    ).toBe('<p data-testid="address">/kenji|folder=Artist</p>');
  });

  it('renders nothing again for a move to the address already shown, nor on mounting at it', () => {
    browserHistory('/kenji?folder=A');
    const renders: string[] = [];
    function Counted() {
      renders.push(useSearch());
      return null;
    }
    render(
      <LocationProvider>
        <Counted />
      </LocationProvider>,
    );
    expect(renders).toEqual(['folder=A']);
    act(() => navigate('/kenji?folder=A', { replace: true }));
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(renders).toEqual(['folder=A']);
    act(() => navigate('/kenji?folder=B'));
    expect(renders).toEqual(['folder=A', 'folder=B']);
  });

  it('keeps the current page on screen while the next path’s page loads its code', async () => {
    browserHistory('/commands');
    let release: () => void = () => undefined;
    const Servers = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          release = () => resolve({ default: () => <p>Servers page</p> });
        }),
    );
    function Pages() {
      const [path] = useLocation();
      return path === '/servers' ? <Servers /> : <p>Commands page</p>;
    }
    render(
      <LocationProvider>
        <Suspense fallback={<p>Loading</p>}>
          <Pages />
        </Suspense>
      </LocationProvider>,
    );
    act(() => navigate('/servers'));
    expect(screen.getByText('Commands page')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    release();
    expect(await screen.findByText('Servers page')).toBeTruthy();
  });

  it('renders a move within the page (its query) at once, with the state the page sets beside it', () => {
    browserHistory('/kenji');
    const seen: string[] = [];
    function Folder() {
      const search = useSearch();
      const [open, setOpen] = useState('');
      seen.push(`${open}|${search}`);
      return (
        <button
          onClick={() => {
            setOpen('A');
            navigate('/kenji?folder=A');
          }}
        >
          Open A
        </button>
      );
    }
    render(
      <LocationProvider>
        <Folder />
      </LocationProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open A' }));
    expect(seen).toEqual(['|', 'A|folder=A']);
  });

  it('leaves nothing listening on the window once unmounted', () => {
    browserHistory('/commands');
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(
      <LocationProvider>
        <Address />
      </LocationProvider>,
    );
    const moves = added.mock.calls.filter(([type]) => ['popstate', 'pushState', 'replaceState'].includes(type));
    expect(moves.map(([type]) => type)).toEqual(['popstate', 'pushState', 'replaceState']);
    unmount();
    expect(removed.mock.calls).toEqual(expect.arrayContaining(moves.map(([type, listener]) => [type, listener])));
  });

  it('says where it is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Address />)).toThrow(/LocationProvider/);
  });
});
