import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsTransfer } from '../../src/client/features/settings/SettingsTransfer';
import type { SettingsImportResponse } from '../../src/shared/settings/transfer';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

const GUILD = '300000000000000001';
const LISTENERS = '400000000000001001';
const settings = kenjiSettings({ roles: [{ id: LISTENERS, name: 'Listeners', color: 0, position: 1, managed: false }] });
const document = {
  format: 'servermanager.settings',
  version: 1,
  exportedAt: '2026-11-23T00:00:00.000Z',
  source: { serverID: GUILD, name: 'Kenji Lounge' },
  settings: { autorole: { roleID: LISTENERS, enabled: true } },
};
const preview = (fingerprint: string, changes: SettingsImportResponse['changes']): SettingsImportResponse => ({
  changes,
  skipped: [],
  applied: false,
  fingerprint,
});
const roleChange = { section: 'autorole', key: 'roleID', from: null, to: LISTENERS };
const switchChange = { section: 'autorole', key: 'enabled', from: false, to: true };

afterEach(() => vi.unstubAllGlobals());

/** The import calls answered in turn; what each one sent. */
function stubImports(answers: Response[]) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(jsonBody(init) as Record<string, unknown>);
      return Promise.resolve(answers.shift() ?? Response.json(settings));
    }),
  );
  return posted;
}

async function previewFile() {
  renderWithApp(<SettingsTransfer serverId={GUILD} settings={settings} />);
  const file = new File([JSON.stringify(document)], 'kenji.json', { type: 'application/json' });
  await userEvent.upload(screen.getByLabelText('Settings file to import'), file);
  return screen.findByRole('dialog', { name: 'Import kenji.json' });
}

describe('Import: applying what the preview showed', () => {
  it('sends the preview’s fingerprint with the apply', async () => {
    const posted = stubImports([Response.json(preview('fp-1', [roleChange])), Response.json({ ...preview('fp-1', [roleChange]), applied: true })]);
    const dialog = await previewFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted.map(({ dryRun, expected }) => ({ dryRun, expected }))).toEqual([
      { dryRun: true, expected: undefined },
      { dryRun: false, expected: 'fp-1' },
    ]);
  });

  it('on a conflict shows the new preview, who changed the settings and when, and offers "Import anyway"', async () => {
    const conflict = {
      error: 'Demo Admin changed these settings since the preview. Nothing was imported.',
      code: 'CONFLICT',
      current: preview('fp-2', [roleChange, switchChange]),
      changedBy: 'Demo Admin',
      changedAt: Date.UTC(2026, 10, 21, 9, 30),
    };
    const posted = stubImports([
      Response.json(preview('fp-1', [roleChange])),
      Response.json(conflict, { status: 409 }),
      Response.json({ ...conflict.current, applied: true }),
    ]);
    const dialog = await previewFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Demo Admin changed these settings on ');
    expect(alert.textContent).toContain('since this preview. The list now shows what importing would change.');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted.map(({ expected }) => expected)).toEqual([undefined, 'fp-1', 'fp-2']);
  });

  it('Cancel after a conflict imports nothing', async () => {
    const posted = stubImports([
      Response.json(preview('fp-1', [roleChange])),
      Response.json({ error: 'x', code: 'CONFLICT', current: preview('fp-2', [roleChange]), changedBy: null, changedAt: null }, { status: 409 }),
    ]);
    const dialog = await previewFile();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Someone changed these settings since this preview.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toHaveLength(2);
  });
});

describe('Import preview of the trusted members', () => {
  it('names the members the server knows, those who left by the end of their ids, and asks about the ids it shows only', async () => {
    const MEMBER = { id: '100000000000000003', name: 'Memb', username: 'demo_member', avatarUrl: null, bot: false };
    const LEFT = '100000000000058899';
    const OTHER = '100000000000000077';
    stubImports([Response.json(preview('fp-1', [{ section: 'antinuke', key: 'whitelist', from: [MEMBER.id, LEFT], to: [OTHER] }]))]);
    const asked: string[] = [];
    renderWithApp(<SettingsTransfer serverId={GUILD} settings={settings} />, {
      fetcher: (key) => {
        asked.push(key);
        return Promise.resolve({ members: [MEMBER], absent: [LEFT], pending: [] });
      },
    });
    const file = new File([JSON.stringify(document)], 'kenji.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('Settings file to import'), file);
    const changes = within(await screen.findByRole('dialog', { name: 'Import kenji.json' })).getByRole('list', { name: 'Changes' });
    // Another server's member the server does not name stays an id.
    await waitFor(() => expect(changes.textContent).toContain(`Memb, a member not in this server (ID …\u20608899) → to ${OTHER}`));
    expect(asked).toEqual([`/api/server-members/stored?serverID=${GUILD}#${[MEMBER.id, LEFT, OTHER].join(',')}`]);
  });
});
