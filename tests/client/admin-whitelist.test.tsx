import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../src/client/ui/Toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Admin from '../../src/client/pages/admin/page';
import type { AdminWhitelistEntry } from '../../src/shared/licences';
import type { CheckAuthResponse } from '../../src/shared/account';
import { DAY_MS, EXPIRY_OPTIONS_DAYS } from '../../src/shared/constants';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';

const user = { id: '100000000000000001', username: 'demo_admin', global_name: 'Demo Admin', avatar: null };
const adminAuth: CheckAuthResponse = { authenticated: true, user, isAdmin: true };

const entry = (over: Partial<AdminWhitelistEntry>): AdminWhitelistEntry => ({
  _id: 1,
  userID: '100000000000000002',
  userName: 'Demo Owner',
  serverID: '300000000000000001',
  serverName: 'Kenji Lounge',
  expiresAt: Date.UTC(2031, 2, 4),
  createdAt: Date.now(),
  adminMade: false,
  active: true,
  ...over,
});
const ENTRIES = [
  entry({}),
  entry({
    _id: 2,
    userID: '100000000000000001',
    userName: 'Demo Admin',
    serverID: '300000000000000005',
    serverName: null,
    expiresAt: Date.now() + EXPIRY_OPTIONS_DAYS.permanent * DAY_MS,
  }),
  entry({ _id: 3, userID: '199999999999999999', userName: null, serverID: '300000000000000003', serverName: 'Lofi Café', expiresAt: Date.UTC(2030, 0, 1) }),
];

let replies: { status: number; body: unknown }[] = [];
const posted: { url: string; body: unknown }[] = [];
/** What GET /api/admin-server-check answers: the bot's presence, or a failure (500). */
let botInServer: boolean | 'fails' = true;
const checked: string[] = [];

beforeEach(() => {
  replies = [];
  posted.length = 0;
  checked.length = 0;
  botInServer = true;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      // The pickers search as the admin types: they know nobody here.
      if (url.startsWith('/api/admin-user-search?') || url.startsWith('/api/admin-server-search?')) {
        const body = url.includes('user') ? { users: [] } : { servers: [] };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }
      if (url.startsWith('/api/admin-server-check?serverID=')) {
        const serverID = url.split('=')[1] ?? '';
        checked.push(serverID);
        const body = botInServer === 'fails' ? { error: 'down', code: 'DISCORD' } : { serverID, botInServer, name: null };
        return Promise.resolve(new Response(JSON.stringify(body), { status: botInServer === 'fails' ? 500 : 200 }));
      }
      if (init?.method === 'POST') posted.push({ url, body: jsonBody(init) });
      const reply = replies.shift() ?? { status: 500, body: { error: 'unexpected call', code: 'TEST' } };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** `null`: the auth check has not answered yet. */
const renderAdmin = (auth: CheckAuthResponse | null = adminAuth, entries = ENTRIES) =>
  renderWithApp(
    <>
      <Admin />
      <Toaster />
    </>,
    { path: '/admin', fallback: { ...(auth ? { ['/api/check-auth']: auth } : {}), ['/api/all-whitelisted-servers']: { servers: entries } } },
  );

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (text: string) => {
  const row = rows().find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

describe('admin page access', () => {
  it("redirects a non-admin to '/' on a client-side navigation", async () => {
    const { location } = renderAdmin({ authenticated: true, user, isAdmin: false });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Verifying permissions...')).toBeNull();
  });

  it('redirects a visitor who is not logged in', async () => {
    const { location } = renderAdmin({ authenticated: false });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it("shows 'Verifying permissions...' while the auth check is pending", () => {
    const { location } = renderAdmin(null);
    expect(screen.getByText('Verifying permissions...')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/admin');
  });
});

describe('admin whitelist table', () => {
  it("shows every entry with 'Unknown' names, readable dates and 'Permanent'", () => {
    renderAdmin();
    expect(screen.getByRole('heading', { name: 'Whitelist entries (3)' })).toBeTruthy();
    expect(within(rowOf('Kenji Lounge')).getByText('Mar 4, 2031')).toBeTruthy();
    expect(within(rowOf('300000000000000005')).getByText('Permanent')).toBeTruthy();
    expect(within(rowOf('300000000000000005')).getByText('Unknown')).toBeTruthy();
    expect(within(rowOf('199999999999999999')).getByText('Unknown')).toBeTruthy();
  });

  it('sorts by a column and toggles the direction', async () => {
    renderAdmin();
    const serverCol = () => rows().map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    await userEvent.click(screen.getByRole('button', { name: /Server/ }));
    expect(screen.getByRole('columnheader', { name: /Server/ }).getAttribute('aria-sort')).toBe('ascending');
    // Each cell starts with its label for the phone layout ('Server'), hidden on wide screens by CSS.
    expect(serverCol()).toEqual(['ServerKenji Lounge300000000000000001', 'ServerLofi Café300000000000000003', 'ServerUnknown300000000000000005']);
    await userEvent.click(screen.getByRole('button', { name: /Server/ }));
    expect(screen.getByRole('columnheader', { name: /Server/ }).getAttribute('aria-sort')).toBe('descending');
    expect(serverCol()[0]).toBe('ServerUnknown300000000000000005');
  });

  it('filters by user and server, names or ids', async () => {
    renderAdmin();
    const filter = screen.getByRole('searchbox', { name: 'Filter by user or server' });
    await userEvent.type(filter, 'demo admin');
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Whitelist entries (1 of 3)' })).toBeTruthy();
    await userEvent.clear(filter);
    expect(screen.getByRole('heading', { name: 'Whitelist entries (3)' })).toBeTruthy();
    await userEvent.type(filter, '300000000000000003');
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0] as HTMLElement).getByText('Lofi Café')).toBeTruthy();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'nothing like it');
    expect(screen.getByText('No entries match "nothing like it".')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Whitelist entries (0 of 3)' })).toBeTruthy();
  });

  it("edits inline with 'Keep Current Date' by default, saves and shows the result", async () => {
    renderAdmin();
    await userEvent.click(within(rowOf('Kenji Lounge')).getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    const select = screen.getByLabelText<HTMLSelectElement>('New expiry');
    expect([...select.options].map((o) => o.text)).toEqual(['Keep Current Date', '7 days', '30 days', 'Permanent']);
    expect(select.value).toBe('keep');
    const serverInput = screen.getByLabelText('New server');
    await userEvent.clear(serverInput);
    await userEvent.type(serverInput, '300000000000000002');
    const saved = entry({ serverID: '300000000000000002', serverName: 'Glaive Studio' });
    replies.push({ status: 200, body: { entry: saved, previous: ENTRIES[0], changed: ['serverID'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(posted[0]).toEqual({
      url: '/api/update-whitelisted-server',
      body: { oldID: 1, newUserID: '100000000000000002', newServerID: '300000000000000002', expiresAt: null },
    });
    expect(await screen.findByText('Entry updated')).toBeTruthy();
    expect(within(rowOf('Glaive Studio')).getByText('Mar 4, 2031')).toBeTruthy();
  });

  it('sends 7 days as a date and Cancel leaves the row as it was', async () => {
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('New expiry')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    await userEvent.selectOptions(screen.getByLabelText('New expiry'), '7 days');
    replies.push({ status: 200, body: { entry: ENTRIES[0], previous: ENTRIES[0], changed: ['expiresAt'] } });
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const sent = (posted[0]?.body as { expiresAt: number }).expiresAt;
    expect(sent).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(sent).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
  });

  it('shows a refused save under the field it concerns and keeps editing', async () => {
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    replies.push({ status: 409, body: { error: 'This server is already whitelisted!', code: 'DUPLICATE' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This server is already whitelisted!')).toBeTruthy();
    expect(screen.getByLabelText('New expiry')).toBeTruthy();
  });

  it('deletes only after confirmation in a dialog that names the entry', async () => {
    renderAdmin();
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for Kenji Lounge' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this entry?' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this entry?');
    expect(dialog.textContent).toContain('Demo Owner (100000000000000002)');
    expect(dialog.textContent).toContain('Kenji Lounge (300000000000000001)');
    expect(dialog.textContent).toContain('Mar 4, 2031');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    replies.push({ status: 200, body: { deleted: ENTRIES[0] } });
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for Kenji Lounge' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
    expect(posted).toEqual([{ url: '/api/delete-whitelisted-server', body: { id: 1 } }]);
    await waitFor(() => expect(screen.queryByText('Kenji Lounge')).toBeNull());
    expect(screen.getByText('Entry deleted')).toBeTruthy();
  });

  it('adds an entry with 30 days by default', async () => {
    renderAdmin();
    expect(screen.getByLabelText<HTMLSelectElement>('Expires in').value).toBe('month');
    await userEvent.type(screen.getByLabelText('User'), '100000000000000003');
    await userEvent.type(screen.getByLabelText('Server'), '300000000000000002');
    replies.push({
      status: 201,
      body: { entry: entry({ _id: 9, userID: '100000000000000003', userName: 'Demo Member', serverID: '300000000000000002', serverName: 'Glaive Studio' }) },
    });
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    const body = posted[0]?.body as { userID: string; newServerID: string; expiresAt: number };
    expect(body).toMatchObject({ userID: '100000000000000003', newServerID: '300000000000000002' });
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(await screen.findByText('Entry added')).toBeTruthy();
    expect(screen.getByText('Demo Member')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Whitelist entries (4)' })).toBeTruthy();
  });

  it('names the field of a malformed ID before sending anything', async () => {
    renderAdmin();
    await userEvent.type(screen.getByLabelText('User'), 'abc');
    await userEvent.type(screen.getByLabelText('Server'), '300000000000000002');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Choose a user from the list, or enter a Discord user ID (17–20 digits).')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('User'));
    await userEvent.type(screen.getByLabelText('User'), '100000000000000003');
    await userEvent.clear(screen.getByLabelText('Server'));
    await userEvent.type(screen.getByLabelText('Server'), '3000000000000000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(await screen.findByText('Server ID must be a Discord server ID (17–20 digits).')).toBeTruthy();
    expect(posted).toEqual([]);
    expect(checked).toEqual([]);
  });

  it('warns when the bot is not in the server and adds only after a second confirmation', async () => {
    renderAdmin();
    botInServer = false;
    await userEvent.type(screen.getByLabelText('User'), '100000000000000003');
    await userEvent.type(screen.getByLabelText('Server'), '399999999999999999');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    const warning = await screen.findByRole('dialog', { name: 'The bot is not in this server' });
    expect(warning.textContent).toContain('399999999999999999');
    await userEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    replies.push({ status: 201, body: { entry: entry({ _id: 9, serverID: '399999999999999999', serverName: null }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'License it anyway' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(checked).toEqual(['399999999999999999', '399999999999999999']);
  });

  it('does not stop the admin when Discord cannot tell, nor ask when the bot is there', async () => {
    renderAdmin();
    botInServer = 'fails';
    await userEvent.type(screen.getByLabelText('User'), '100000000000000003');
    await userEvent.type(screen.getByLabelText('Server'), '300000000000000002');
    replies.push({ status: 201, body: { entry: entry({ _id: 9, serverID: '300000000000000002' }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an edit asks about the server only when it changes to one without the bot', async () => {
    renderAdmin();
    botInServer = false;
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    await userEvent.selectOptions(screen.getByLabelText('New expiry'), 'Permanent');
    replies.push({ status: 200, body: { entry: ENTRIES[0], previous: ENTRIES[0], changed: ['expiresAt'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(checked).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    const serverInput = screen.getByLabelText('New server');
    await userEvent.clear(serverInput);
    await userEvent.type(serverInput, '399999999999999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('dialog', { name: 'The bot is not in this server' });
    await userEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(posted).toHaveLength(1);
    expect(screen.getByLabelText('New server')).toBeTruthy();
  });

  it('an edit that puts a user over the limit asks first, and sends confirmOverLimit only when confirmed', async () => {
    renderAdmin();
    const overLimit = { status: 409, body: { error: 'User ID 100000000000000003 already has 1 of 1 licenses of their own.', code: 'OVER_LIMIT' } };
    replies.push(overLimit);
    await userEvent.click(screen.getByRole('button', { name: 'Edit entry for Kenji Lounge' }));
    const userInput = screen.getByLabelText('New user');
    await userEvent.clear(userInput);
    await userEvent.type(userInput, '100000000000000003');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Over the license limit' });
    expect(ask.textContent).toContain('already has 1 of 1 licenses');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(posted).toHaveLength(1);
    expect(screen.getByLabelText('New user')).toBeTruthy();

    replies.push(overLimit, { status: 200, body: { entry: entry({ userID: '100000000000000003' }), previous: ENTRIES[0], changed: ['userID'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Over the license limit' })).getByRole('button', { name: 'Move it anyway' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]?.body).toMatchObject({ newUserID: '100000000000000003', confirmOverLimit: true });
    expect((posted[1]?.body as Record<string, unknown>).confirmOverLimit).toBeUndefined();
  });
});
