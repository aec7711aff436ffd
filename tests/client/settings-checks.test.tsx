import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const CHECKS = '../../src/shared/settings/field-values';

/** The hook, with the checks' module counted (its factory runs when the module is first imported) or failing. */
async function renderChecks({ fail = false } = {}) {
  const loaded = { count: 0 };
  vi.resetModules();
  vi.doMock(CHECKS, async (importOriginal) => {
    loaded.count++;
    if (fail) throw new Error('offline');
    return importOriginal();
  });
  const module = await import('../../src/client/features/settings/settings-checks');
  return { loaded, module, ...renderHook(() => module.useSettingsChecks()) };
}

afterEach(() => {
  vi.doUnmock(CHECKS);
  vi.restoreAllMocks();
});

describe('the settings checks load once the page is on screen', () => {
  it('start loading when a field mounts, and hand it the checks it validates with', async () => {
    const { loaded, result, module } = await renderChecks();
    expect(result.current).toBeNull();
    expect(module.settingsChecksLoaded()).toBe(false);
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(loaded.count).toBe(1);
    expect(module.settingsChecksLoaded()).toBe(true);
    expect(result.current?.inputProblem('starboard', 'threshold', 101)).toBe('Enter a whole number from 1 to 100.');
    expect(result.current?.inputProblem('starboard', 'threshold', 100)).toBeNull();
  });

  it('are used loaded only: asked for before, they say so rather than answer without the schemas', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { module } = await renderChecks({ fail: true });
    expect(() => module.loadedSettingsChecks()).toThrow('The settings checks are used before they have loaded.');
  });

  it('log a load that failed, and the next caller tries again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { module } = await renderChecks({ fail: true });
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    // Vitest wraps an import that failed in its own error, the failure as its cause.
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ cause: { message: 'offline' } });
    vi.doUnmock(CHECKS);
    const checks = await module.loadSettingsChecks();
    expect(checks.inputProblem('starboard', 'threshold', 3)).toBeNull();
    expect(module.settingsChecksLoaded()).toBe(true);
  });
});
