/** The app's toasts: sonner and its container load with the first toast, or at idle on a page that toasts. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ToastModule = typeof import('../../src/client/ui/toast');
type LazyToasterModule = typeof import('../../src/client/ui/LazyToaster');

const idleTasks: (() => void)[] = [];

/** The modules fresh for each test (their state is per page visit), with the browser's idle time in the test's hands. */
async function freshToasts({ failFirstLoad = false } = {}): Promise<{ toast: ToastModule['toast']; LazyToaster: LazyToasterModule['LazyToaster'] }> {
  vi.resetModules();
  let failing = failFirstLoad;
  vi.doMock('sonner', async (importOriginal) => {
    if (failing) {
      failing = false;
      throw new Error('offline');
    }
    return importOriginal();
  });
  vi.doMock('../../src/client/when-idle', () => ({
    whenIdle: (task: () => void) => idleTasks.push(task),
  }));
  const [{ toast }, { LazyToaster }] = await Promise.all([import('../../src/client/ui/toast'), import('../../src/client/ui/LazyToaster')]);
  return { toast, LazyToaster };
}

const region = () => document.querySelector('section[aria-label^="Notifications"]');
const titles = () => [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((node) => node.textContent);

beforeEach(() => {
  idleTasks.length = 0;
});
afterEach(async () => {
  const { toast } = await import('sonner');
  act(() => void toast.dismiss());
  vi.doUnmock('../../src/client/when-idle');
  vi.doUnmock('sonner');
  vi.restoreAllMocks();
});

describe('a page that does not toast', () => {
  it('has no container and asks for none, until its first toast, which is shown once the container listens', async () => {
    const { toast, LazyToaster } = await freshToasts();
    render(<LazyToaster theme="dark" pageToasts={false} />);
    expect(idleTasks).toHaveLength(0);
    expect(region()).toBeNull();

    act(() => toast.success('Signed out'));
    await waitFor(() => expect(titles()).toEqual(['Signed out']));
    expect(region()).not.toBeNull();
  });

  it('shows toasts asked for before sonner has loaded in the order asked, each once', async () => {
    const { toast, LazyToaster } = await freshToasts();
    render(<LazyToaster theme="dark" pageToasts={false} />);
    act(() => {
      toast('First');
      toast.error('Second');
      toast.warning('Third');
    });
    await waitFor(() => expect(titles()).toHaveLength(3));
    // sonner draws the newest first.
    expect(titles()).toEqual(['Third', 'Second', 'First']);
    expect([...document.querySelectorAll('[data-sonner-toast]')].map((node) => node.getAttribute('data-type'))).toEqual(['warning', 'error', null]);
  });
});

describe('once the container listens', () => {
  it('shows a toast at once, in the call that asks for it', async () => {
    const { toast, LazyToaster } = await freshToasts();
    render(<LazyToaster theme="dark" pageToasts={false} />);
    act(() => toast('First'));
    await waitFor(() => expect(titles()).toEqual(['First']));
    const sonner = await import('sonner');
    const success = vi.spyOn(sonner.toast, 'success');
    toast.success('Second');
    expect(success).toHaveBeenCalledWith('Second', undefined);
  });
});

describe('a load that failed (offline)', () => {
  it('is logged, and the next toast tries again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { toast, LazyToaster } = await freshToasts({ failFirstLoad: true });
    render(<LazyToaster theme="dark" pageToasts={false} />);
    act(() => toast('Lost'));
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0]?.[0]).toBe('The toasts could not load');
    act(() => toast('Shown'));
    await waitFor(() => expect(titles()).toEqual(['Shown']));
  });
});

describe('a page that toasts', () => {
  it('asks for the container when the browser is idle after hydration, not before', async () => {
    const { LazyToaster } = await freshToasts();
    render(<LazyToaster theme="dark" pageToasts />);
    expect(region()).toBeNull();
    expect(idleTasks).toHaveLength(1);
    act(() => idleTasks[0]?.());
    await waitFor(() => expect(region()).not.toBeNull());
  });
});

describe('a toast that later calls replace', () => {
  it('has its id at once, before sonner has loaded, and the call that names it replaces it', async () => {
    const { toast, LazyToaster } = await freshToasts();
    render(<LazyToaster theme="dark" pageToasts={false} />);
    let id: string | number = '';
    act(() => {
      id = toast.loading('Preparing a.mp3 for download...');
    });
    expect(id).not.toBe('');
    await screen.findByText('Preparing a.mp3 for download...');
    act(() => toast.success('Downloaded a.mp3 successfully', { id }));
    await screen.findByText('Downloaded a.mp3 successfully');
    expect(titles()).toEqual(['Downloaded a.mp3 successfully']);
  });

  it('keeps the id it was given, and gives two loading toasts two ids', async () => {
    const { toast } = await freshToasts();
    expect(toast.loading('Mine', { id: 'download-7' })).toBe('download-7');
    expect(toast.loading('One')).not.toBe(toast.loading('Two'));
  });
});
