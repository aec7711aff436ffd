import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TextSetting } from '../../src/client/features/settings/TextSetting';
import { CHECKS_PENDING, type Validation } from '../../src/client/features/settings/settings-checks';

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

describe('a value committed before the checks have loaded waits for them', () => {
  const typed = async (validate: (value: string) => Validation, onSave: (value: string) => void) => {
    const field = (check: (value: string) => Validation) => (
      <TextSetting id="starboard-threshold" label="Reactions needed" value="3" format={String} parse={String} saving={false} validate={check} onSave={onSave} />
    );
    const page = render(field(validate));
    const input = screen.getByLabelText('Reactions needed');
    await userEvent.clear(input);
    await userEvent.type(input, '101{Enter}');
    return { input, checksLoaded: (check: (value: string) => Validation) => page.rerender(field(check)) };
  };
  const threshold = (value: string) => (value === '101' ? 'Enter a whole number from 1 to 100.' : null);

  it('says nothing and sends nothing meanwhile; then a value that does not fit shows its problem, kept as typed', async () => {
    const onSave = vi.fn();
    const { input, checksLoaded } = await typed(() => CHECKS_PENDING, onSave);
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText('Enter a whole number from 1 to 100.')).toBeNull();
    checksLoaded(threshold);
    await screen.findByText('Enter a whole number from 1 to 100.');
    expect((input as HTMLInputElement).value).toBe('101');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a value that fits once they are in, without a second Enter', async () => {
    const onSave = vi.fn();
    const { checksLoaded } = await typed(() => CHECKS_PENDING, onSave);
    expect(onSave).not.toHaveBeenCalled();
    checksLoaded(() => null);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith('101');
  });
});
