import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LocationProvider, navigate, useLocation, useSearch } from '../../src/client/navigation';
import { browserHistory } from './helpers/browser-history';

function Address() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="address">{`${path}|${search}`}</p>;
}

const shown = () => screen.getByTestId('address').textContent;

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

  it('says where it is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Address />)).toThrow(/LocationProvider/);
  });
});
