import { act, render, screen } from '@testing-library/react';
import { useContext, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstPaintData } from '../../src/client/first-paint-data';
import { SessionContext, SessionProvider, type SessionStore } from '../../src/client/session/SessionProvider';
import { useAuth } from '../../src/client/session/useAuth';
import type { CheckAuthResponse } from '../../src/shared/account';
import { apiKeys } from '../../src/shared/api-keys';

const SIGNED_IN = {
  authenticated: true,
  isAdmin: false,
  user: { id: '100000000000000001', username: 'kenji', globalName: 'Kenji' },
} as unknown as CheckAuthResponse;
const SIGNED_OUT: CheckAuthResponse = { authenticated: false };

function Who({ name }: { name: string }) {
  const { user, unknown } = useAuth();
  return <p data-testid={name}>{unknown ? 'asking' : (user?.id ?? 'nobody')}</p>;
}
const shown = (name: string) => screen.getByTestId(name).textContent;

const probed: { store: SessionStore | null } = { store: null };
function Probe() {
  const store = useContext(SessionContext);
  useEffect(() => {
    probed.store = store;
  });
  return null;
}

afterEach(() => {
  probed.store = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session store (a prerendered page: no first-paint answer)', () => {
  it('asks the server once for every view, and each view shows the answer', async () => {
    let answer: (auth: CheckAuthResponse) => void = () => undefined;
    const ask = vi.fn(() => new Promise<CheckAuthResponse>((resolve) => (answer = resolve)));
    render(
      <SessionProvider ask={ask}>
        <Who name="header" />
        <Who name="page" />
      </SessionProvider>,
    );
    expect(shown('header')).toBe('asking');
    answer(SIGNED_IN);
    await act(() => Promise.resolve());
    expect(ask).toHaveBeenCalledTimes(1);
    expect(shown('header')).toBe('100000000000000001');
    expect(shown('page')).toBe('100000000000000001');
  });

  it('by default asks /api/check-auth', async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL) => Promise.resolve(Response.json(SIGNED_IN)));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Who name="header" />
      </SessionProvider>,
    );
    await act(() => Promise.resolve());
    await vi.waitFor(() => expect(shown('header')).toBe('100000000000000001'));
    expect(fetchMock.mock.calls[0]?.[0]).toEqual(expect.stringContaining('/api/check-auth'));
  });

  it('a failed ask is logged, stops asking and shows nobody', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('offline');
    const ask = vi.fn(() => Promise.reject(failure));
    render(
      <SessionProvider ask={ask}>
        <Who name="header" />
      </SessionProvider>,
    );
    await act(() => Promise.resolve());
    expect(shown('header')).toBe('nobody');
    expect(error).toHaveBeenCalledWith(failure);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('a change set here reaches every view, over the first paint’s answer; a listener gone hears nothing', () => {
    render(
      <FirstPaintData value={{ [apiKeys.checkAuth]: SIGNED_IN }}>
        <SessionProvider ask={() => Promise.reject(new Error('not asked when the first paint knows'))}>
          <Who name="header" />
          <Probe />
        </SessionProvider>
      </FirstPaintData>,
    );
    expect(shown('header')).toBe('100000000000000001');
    const gone = vi.fn();
    const unsubscribe = probed.store?.subscribe(gone);
    unsubscribe?.();
    act(() => probed.store?.set(SIGNED_OUT));
    expect(shown('header')).toBe('nobody');
    expect(gone).not.toHaveBeenCalled();
  });

  it('says where it is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Who name="header" />)).toThrow('useAuth needs a SessionProvider above it');
  });
});
