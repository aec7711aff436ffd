import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/client/hooks/useToasterRequest', () => ({ requestToaster: vi.fn() }));

/** The module as a page load has it: sonner not yet asked for. */
async function fresh() {
  vi.resetModules();
  const [toasts, request, sonner] = await Promise.all([
    import('../../src/client/features/library/library-toasts'),
    import('../../src/client/hooks/useToasterRequest'),
    import('sonner'),
  ]);
  return { ...toasts, requestToaster: vi.mocked(request.requestToaster), sonnerToast: sonner.toast };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the libraries’ toasts', () => {
  it('come from sonner, and asking for them mounts the toast container', async () => {
    const { libraryToast, requestToaster, sonnerToast } = await fresh();
    expect(requestToaster).not.toHaveBeenCalled();
    expect(await libraryToast()).toBe(sonnerToast);
    expect(requestToaster).toHaveBeenCalledOnce();
  });

  it('load once the page is idle, and not once the page has gone', async () => {
    const { preloadLibraryToasts, requestToaster } = await fresh();
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((callback: () => void) => {
      idle = callback;
      return 7;
    });
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);

    const cancel = preloadLibraryToasts();
    expect(requestToaster).not.toHaveBeenCalled();
    idle?.();
    expect(requestToaster).toHaveBeenCalledOnce();

    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('wait a moment where the browser has no idle callbacks', async () => {
    vi.useFakeTimers();
    try {
      const { preloadLibraryToasts, requestToaster } = await fresh();
      vi.stubGlobal('requestIdleCallback', undefined);
      const cancel = preloadLibraryToasts();
      vi.advanceTimersByTime(199);
      expect(requestToaster).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(requestToaster).toHaveBeenCalledOnce();
      cancel();
      preloadLibraryToasts()();
      vi.advanceTimersByTime(200);
      expect(requestToaster).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
