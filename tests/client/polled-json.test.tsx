import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolledJson } from '../../src/client/hooks/usePolledJson';
import type { ApiKey } from '../../src/shared/api-keys';

const KEY = '/api/polled-test' as ApiKey<{ n: number }>;
let answers: number;
const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ n: ++answers }), { status: 200 })));

function Figure({ every }: { every: number }) {
  const answer = usePolledJson(KEY, every);
  return <p data-testid="figure">{answer ? String(answer.n) : '–'}</p>;
}

const figure = () => screen.getByTestId('figure').textContent;
const visibility = (state: DocumentVisibilityState) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

beforeEach(() => {
  answers = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a polled figure', () => {
  it('is asked once shown, then every interval, and a figure shown again starts from the last answer', async () => {
    const first = render(<Figure every={60_000} />);
    expect(figure()).toBe('–');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(figure()).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(figure()).toBe('2');
    first.unmount();
    render(<Figure every={60_000} />);
    expect(figure()).toBe('2');
  });

  it('is not asked while the page is hidden', async () => {
    visibility('hidden');
    render(<Figure every={60_000} />);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the last answer when a read fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Figure every={60_000} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const shown = figure();
    const offline = new Error('offline');
    fetchMock.mockImplementationOnce(() => Promise.reject(offline));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(figure()).toBe(shown);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('offline') as unknown }));
  });

  it('is no longer asked once the figure is gone', async () => {
    const shown = render(<Figure every={60_000} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    shown.unmount();
    await act(() => vi.advanceTimersByTimeAsync(180_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('follows a new interval', async () => {
    const shown = render(<Figure every={60_000} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    shown.rerender(<Figure every={10_000} />);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    // Asked again at once with the new interval, then 10 s later.
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
