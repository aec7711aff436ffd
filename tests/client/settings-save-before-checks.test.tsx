/**
 * A change made as soon as the settings page is interactive, before the registry's checks have loaded: the control
 * moves at once and shows it is busy; the save is sent once the checks are in.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { renderWithApp } from './helpers/render-with-app';
import { fakeSaves, kenjiSettings } from './helpers/settings-fixture';

const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});

// The saver's checks arrive when the test opens the gate; the fields' own (useSettingsChecks) load as usual.
vi.mock('../../src/client/features/settings/settings-checks', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/client/features/settings/settings-checks')>();
  return { ...original, loadSettingsChecks: () => gate.opened.then(original.loadSettingsChecks) };
});

const GUILD = '300000000000000001';
const AUTH = { authenticated: true, user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null }, isAdmin: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a choice made before the settings checks have loaded', () => {
  it('shows at once, busy, and is sent once they are in', async () => {
    const data: ServerSettingsResponse = kenjiSettings();
    const posted = fakeSaves(data);
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module: 'welcome-message' }} />, {
      path: `/server/${GUILD}/welcome-message`,
      fallback: { '/api/check-auth': AUTH, [`/api/server-settings?serverID=${GUILD}`]: data },
    });
    const region = screen.getByRole('region', { name: 'Welcome Message' });
    const embed = within(region).getByRole<HTMLInputElement>('radio', { name: 'Embed' });
    await userEvent.click(embed);

    expect(embed.checked).toBe(true);
    expect(embed.closest('[role="radiogroup"]')?.getAttribute('aria-busy')).toBe('true');
    // The embed's fields are drawn from the change, before any answer.
    expect(within(region).getByRole('textbox', { name: 'Embed title' })).toBeTruthy();
    expect(posted).toEqual([]);

    gate.open();
    await waitFor(() => expect(posted).toEqual([{ key: 'format', value: 'embed' }]));
    await within(region).findByText('Saved ✓');
    const after = within(region).getByRole<HTMLInputElement>('radio', { name: 'Embed' });
    expect(after.checked).toBe(true);
    expect(after.closest('[role="radiogroup"]')?.getAttribute('aria-busy')).toBeNull();
  });
});
