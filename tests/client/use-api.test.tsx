import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '../../src/client/api';
import { FirstPaintData } from '../../src/client/first-paint-data';
import { useApi } from '../../src/client/hooks/useApi';
import type { ApiKey } from '../../src/shared/api-keys';

const KEY = '/api/figure-test' as ApiKey<{ n: number }>;

function Figure() {
  const { data } = useApi(KEY);
  return <p data-testid="figure">{data ? String(data.n) : '–'}</p>;
}

const figure = () => screen.getByTestId('figure').textContent;

/** The app's SWR hooks with a cache of their own, after a first paint that had `firstPaint` in it. */
function renderFigure(firstPaint: Record<string, unknown> = {}) {
  render(
    <FirstPaintData value={firstPaint}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <Figure />
      </SWRConfig>
    </FirstPaintData>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the app’s API hook', () => {
  it('starts from the first paint’s answer and does not ask for it again', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ n: 2 })));
    vi.stubGlobal('fetch', fetchMock);
    renderFigure({ [KEY]: { n: 1 } });
    expect(figure()).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(figure()).toBe('1');
  });

  it('asks once, and nothing again when the tab is back in focus, even long after', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ n: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    renderFigure();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(figure()).toBe('1');
    // Ten minutes later (past SWR's deduping of asks and its throttle of focus revalidations), the tab is back in focus.
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('logs a failed ask with the server’s sentence', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ error: 'Too many requests.', code: 'RATE_LIMITED' }, { status: 429 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFigure();
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(ApiClientError)));
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests.' });
    expect(figure()).toBe('–');
  });
});
