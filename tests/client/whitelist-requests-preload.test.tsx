import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCHEMAS = '../../src/shared/whitelist-requests';

/** The hook, with the schemas' module counted (its factory runs when the module is first imported) or failing. */
async function renderPreload({ fail = false } = {}) {
  const loaded = { count: 0 };
  vi.resetModules();
  vi.doMock(SCHEMAS, async (importOriginal) => {
    loaded.count++;
    if (fail) throw new Error('offline');
    return importOriginal();
  });
  const { useWhitelistRequests } = await import('../../src/client/hooks/useWhitelistRequests');
  return { loaded, ...renderHook(() => useWhitelistRequests()) };
}

afterEach(() => {
  vi.doUnmock(SCHEMAS);
  vi.restoreAllMocks();
});

describe('the whitelist forms load their request schemas once they are on screen', () => {
  it('starts loading them in a later task than the one that mounted the form (in a page, the one that hydrates it)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { loaded } = await renderPreload();
      await vi.dynamicImportSettled();
      expect(loaded.count).toBe(0);
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
      await waitFor(() => expect(loaded.count).toBe(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts loading the schemas when the form mounts, before anything is sent', async () => {
    const { loaded } = await renderPreload();
    await waitFor(() => expect(loaded.count).toBe(1));
  });

  it('hands the form the schemas it checks with', async () => {
    const { result } = await renderPreload();
    const { addWhitelistedServerSchema } = await result.current();
    expect(addWhitelistedServerSchema.safeParse({ newServerID: '123' }).success).toBe(false);
    expect(addWhitelistedServerSchema.safeParse({ newServerID: '300000000000000001' }).success).toBe(true);
  });

  it('logs a load that failed, which the form tries again when it is sent', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Vitest wraps an import that failed in its own error, the failure as its cause.
    await renderPreload({ fail: true });
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ cause: { message: 'offline' } });
  });
});
