import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ServerList from '../../src/client/pages/servers/page';
import ServerSettingsPage from './helpers/server-settings-page';
import type { AllowedServer } from '../../src/shared/servers';
import { allows, higherLevel, type AccessLevel, type ServerAccessResponse } from '../../src/shared/server-access';
import { defaultSettings, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';

const GUILD = '300000000000000001';
const DJ = { id: '400000000000001002', name: 'DJ', color: 0x1abc9c, position: 2, managed: false };
const LISTENERS = { id: '400000000000001001', name: 'Listeners', color: 0, position: 1, managed: false };

const settings = (access: AccessLevel): ServerSettingsResponse => ({
  id: GUILD,
  name: 'Kenji Lounge',
  access,
  memberCount: 1284,
  emojis: [],
  ...defaultSettings(),
  autorole: { enabled: false, roleID: DJ.id },
  whitelist: { expiresAt: null, active: false },
  roles: [DJ, LISTENERS, { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false }],
  channels: [{ id: '500000000000001004', name: 'general', type: 0, parent_id: null, position: 0 }],
  botHighestRolePosition: 3,
});

const servers = (access: AccessLevel): AllowedServer[] => [{ id: GUILD, name: 'Kenji Lounge', icon: null, users: 1284, access, modulesOn: 0 }];

/** `module`: a module's address (`reaction-role`); none is the overview. */
function renderPage(access: AccessLevel, fetcher?: (key: string) => Promise<unknown>, module?: string) {
  return renderWithApp(<ServerSettingsPage params={module === undefined ? { serverId: GUILD } : { serverId: GUILD, module }} />, {
    path: module === undefined ? `/server/${GUILD}` : `/server/${GUILD}/${module}`,
    fallback: {
      '/api/check-auth': {
        authenticated: true,
        user: { id: '100000000000000003', username: 'demo_member', global_name: 'Demo Member', avatar: null },
        isAdmin: false,
      },
      [`/api/server-settings?serverID=${GUILD}`]: settings(access),
      '/api/allowed-servers': servers(access),
      '/api/whitelisted-servers': { servers: [], entries: [], limit: 1, used: 0, licensed: [], licences: [], supportUrl: 'https://example.com' },
    },
    fetcher,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('access levels (manage ⊃ write ⊃ read)', () => {
  it('each level allows itself and every level below it, and nothing above', () => {
    const levels: AccessLevel[] = ['read', 'write', 'manage'];
    for (const [h, held] of levels.entries()) {
      for (const [n, needed] of levels.entries()) expect(allows(held, needed), `${held} for ${needed}`).toBe(h >= n);
    }
  });
  it('of two levels takes the higher, in either order', () => {
    expect(higherLevel('read', 'write')).toBe('write');
    expect(higherLevel('write', 'read')).toBe('write');
    expect(higherLevel<AccessLevel>('manage', 'read')).toBe('manage');
    expect(higherLevel('read', 'read')).toBe('read');
  });
});

describe("the settings page for a role granted 'read'", () => {
  it('shows the Read-only banner and disables every settings control; Export stays, Import and Copy are not offered', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}', { status: 500 })));
    vi.stubGlobal('fetch', fetchMock);
    const overview = renderPage('read');
    expect(screen.getByRole('link', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy settings from…' })).toBeNull();
    expect(screen.queryByLabelText('Settings file to import')).toBeNull();
    // No access panel, no whitelisting from the licence badge.
    expect(screen.queryByText('Access', { selector: 'summary' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Whitelist this server' })).toBeNull();
    // A module that needs setup says so, but what to set is an editor's business.
    expect(screen.getByRole('link', { name: 'Reaction Role' }).closest('li')?.textContent).toMatch(/Needs setup.*Open →$/);
    expect(screen.queryByText(/to enable Reaction Role\.$/)).toBeNull();
    // A reader sees each module's state, and no switch to change it.
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Anti-Nuke' }).closest('li')?.querySelector('[data-status]')?.textContent).toBe('Off');
    overview.unmount();

    renderPage('read', undefined, 'reaction-role');
    expect(screen.getByText(/Read-only\./).closest('[role=note]')?.textContent).toMatch(/can view this server's settings/);
    const group = screen.getByRole('group', { name: 'Settings' });
    expect(group.getAttribute('aria-describedby')).toBe('read-only-banner');
    const controls = (['button', 'switch', 'combobox', 'textbox'] as const).flatMap((role) => within(group).queryAllByRole(role));
    // Reaction Role: its switch, role, message ID, emoji and mode (no emoji list's button: a reader picks nothing).
    expect(controls).toHaveLength(5);
    // Disabled through their fieldset (a real browser disables every control inside; the e2e test checks that).
    expect((group as HTMLFieldSetElement).disabled).toBe(true);
    for (const control of controls) expect(control.closest('fieldset'), control.outerHTML.slice(0, 80)).toBe(group);

    // Clicking a switch saves nothing.
    await userEvent.click(within(group).getAllByRole('switch')[0] as HTMLElement);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/update-server-settings')).toHaveLength(0);

    expect(screen.queryByRole('button', { name: 'Whitelist this server' })).toBeNull();
    expect(screen.queryByText('Every change is saved as soon as you make it.')).toBeNull();
  });

  it("reads as a summary: 'Not set' for an empty value, and none of an editor's help, hints, placeholders or buttons", () => {
    renderPage('read', undefined, 'reaction-role');
    const group = screen.getByRole('group', { name: 'Settings' });
    const messageId = within(group).getByRole('textbox', { name: 'Message ID' });
    expect(messageId.getAttribute('aria-readonly')).toBe('true');
    expect(messageId.textContent).toBe('Not set');
    expect(within(group).getByRole('textbox', { name: 'Emoji name' }).textContent).toBe('Not set');
    const role = within(group).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    expect(role.selectedOptions[0]?.textContent).toBe('Not set');
    // A value is text to select and copy, not a disabled field.
    expect(group.querySelector('input')).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Choose an emoji' })).toBeNull();
    expect(within(group).queryByText(/Copy Message ID/)).toBeNull();
    expect(within(group).queryByText(/^Set .* to enable Reaction Role\.$/)).toBeNull();
    expect(within(group).getByRole('switch', { name: 'Enable Reaction Role' }).getAttribute('aria-describedby')).toBeNull();
    expect(group.querySelector('[placeholder]')).toBeNull();
  });

  it('sees the welcome message and its preview, without the placeholders to insert, the count or the help', () => {
    renderPage('read', undefined, 'welcome-message');
    const group = screen.getByRole('group', { name: 'Settings' });
    const message = within(group).getByRole('textbox', { name: 'Message' });
    expect(message.textContent).toBe(defaultSettings().welcomemessage.message);
    expect(within(group).getByTestId('welcome-preview')).toBeTruthy();
    expect(within(group).queryByRole('group', { name: 'Insert a placeholder' })).toBeNull();
    expect(within(group).queryByText(/^[\d,]+ \/ 2,000$/)).toBeNull();
    expect(within(group).queryByText(/^Up to 2,000 characters/)).toBeNull();
    expect(within(group).queryByText(/^Set a channel to enable Welcome Message\.$/)).toBeNull();
  });

  it('an editor of the same module still has the field, its help and its buttons', () => {
    renderPage('write', undefined, 'reaction-role');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Message ID' }).placeholder).toBe('Message to react to');
    // One picker for the first pair's emoji, one for the row that adds a pair.
    expect(screen.getAllByRole('button', { name: 'Choose an emoji' })).toHaveLength(2);
    expect(screen.getByText(/Copy Message ID/)).toBeTruthy();
    expect(screen.getByText(/^Set .* to enable Reaction Role\.$/)).toBeTruthy();
  });

  it("'write' gets enabled controls and no banner, but no Access panel", () => {
    const overview = renderPage('write');
    expect(screen.queryByText(/Read-only\./)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import…' }).disabled).toBe(false);
    expect(screen.queryByText('Access', { selector: 'summary' })).toBeNull();
    expect(screen.getByText(/^Set .* to enable Reaction Role\.$/)).toBeTruthy();
    overview.unmount();
    renderPage('write', undefined, 'auto-role');
    expect(screen.getByRole<HTMLFieldSetElement>('group', { name: 'Settings' }).disabled).toBe(false);
  });
});

describe('the Access panel (manage only)', () => {
  it('lists grants with role names and adds, changes and removes one', async () => {
    let grants: ServerAccessResponse = { grants: [{ roleID: DJ.id, level: 'read' }] };
    const posted: unknown[] = [];
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/update-server-access') {
        const body = jsonBody(init) as { roleID: string; level: 'read' | 'write' | null };
        posted.push(body);
        const others = grants.grants.filter((g) => g.roleID !== body.roleID);
        grants = { grants: body.level === null ? others : [...others, { roleID: body.roleID, level: body.level }] };
        return Promise.resolve(new Response(JSON.stringify(grants), { status: 200, headers: { 'content-type': 'application/json' } }));
      }
      return Promise.resolve(new Response('{}', { status: 500 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage('manage', (key) => (key === `/api/server-access?serverID=${GUILD}` ? Promise.resolve(grants) : new Promise<never>(() => undefined)));

    const summary = screen.getByText('Access', { selector: 'summary' });
    await userEvent.click(summary);
    const panel = within(summary.closest('details') as HTMLElement);
    const list = await panel.findByRole('list', { name: 'Roles with access' });
    expect(within(list).getByText('@DJ')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Access of @DJ' }).value).toBe('read');

    // @everyone is not offered, nor an already granted role.
    const roleSelect = panel.getByRole('combobox', { name: 'Role' });
    expect(within(roleSelect).queryByText('@@everyone')).toBeNull();
    expect(within(roleSelect).queryByText('@DJ')).toBeNull();

    await userEvent.selectOptions(roleSelect, LISTENERS.id);
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Level' }), 'write');
    await userEvent.click(screen.getByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Access of @Listeners' })).toBeTruthy());
    expect(posted).toEqual([{ serverID: GUILD, roleID: LISTENERS.id, level: 'write' }]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Access of @DJ' }), 'write');
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ serverID: GUILD, roleID: DJ.id, level: 'write' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove access of @DJ' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Access of @DJ' })).toBeNull());
    expect(posted[2]).toEqual({ serverID: GUILD, roleID: DJ.id, level: null });
  });
});

describe('the server list with a granted server', () => {
  const LOFI = '300000000000000003';
  const GLAIVE = '300000000000000002';
  function renderList() {
    return renderWithApp(<ServerList />, {
      path: '/servers',
      fallback: {
        '/api/check-auth': {
          authenticated: true,
          user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
          isAdmin: false,
        },
        '/api/allowed-servers': [
          ...servers('manage'),
          { id: GLAIVE, name: 'Glaive Studio', icon: null, users: 17, access: 'write', modulesOn: 0 },
          { id: LOFI, name: 'Lofi Café', icon: null, users: 9, access: 'read', modulesOn: 0 },
        ] satisfies AllowedServer[],
        '/api/invitable-servers': [],
        '/api/whitelisted-servers': { servers: [], entries: [], limit: 1, used: 0, licensed: [], licences: [], supportUrl: 'https://example.com' },
      },
    });
  }

  it('marks granted servers with their level, and the whitelist dialog offers only managed ones', async () => {
    renderList();
    const card = (name: string) => screen.getByRole('link', { name }).closest('li')?.textContent;
    expect(card('Lofi Café')).toContain('Read-only access');
    expect(card('Glaive Studio')).toContain('Write access');
    expect(card('Kenji Lounge')).not.toMatch(/access/);

    await userEvent.click(screen.getByRole('button', { name: 'Manage Whitelist' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Whitelist' });
    const offered = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent ?? '');
    expect(offered.some((text) => text.includes('Kenji Lounge'))).toBe(true);
    expect(offered.some((text) => text.includes('Lofi Café') || text.includes('Glaive Studio'))).toBe(false);
  });
});
