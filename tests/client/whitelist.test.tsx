import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ServerList from '../../src/client/pages/ServerList';
import type { CheckAuthResponse, ServerSummary, WhitelistStateResponse } from '../../src/shared/api-types';
import { DAY_MS } from '../../src/shared/constants';
import { jsonBody } from './expect-helpers';
import { renderWithApp } from './render-with-app';

const KENJI = '300000000000000001';
const GLAIVE = '300000000000000002';
const SANDBOX = '300000000000000004';
const SUPPORT = 'https://support.example/join';

const auth: CheckAuthResponse = {
  authenticated: true,
  user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
  isAdmin: false,
};
const allowed: ServerSummary[] = [
  { id: KENJI, name: 'Kenji Lounge', icon: null, users: 42 },
  { id: GLAIVE, name: 'Glaive Studio', icon: null, users: 17 },
];
const invitable: ServerSummary[] = [{ id: SANDBOX, name: 'Owner Sandbox', icon: null, users: 3 }];

const state = (over: Partial<WhitelistStateResponse> = {}): WhitelistStateResponse => ({
  servers: [],
  entries: [],
  limit: 1,
  used: 0,
  licensed: [],
  licences: [],
  supportUrl: SUPPORT,
  ...over,
});
const withKenji = (expiresAt = Date.now() + 10 * DAY_MS) =>
  state({
    servers: [KENJI],
    entries: [{ serverID: KENJI, serverName: 'Kenji Lounge', expiresAt, active: expiresAt > Date.now(), adminMade: false }],
    used: 1,
    licensed: [KENJI],
  });

interface Reply {
  status: number;
  body: unknown;
}
let replies: Reply[] = [];
const posted: unknown[] = [];

beforeEach(() => {
  replies = [];
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push(jsonBody(init));
      const reply = replies.shift() ?? { status: 500, body: { error: 'unexpected call', code: 'TEST' } };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(whitelist: WhitelistStateResponse = state()) {
  return renderWithApp(
    <>
      <ServerList />
      <Toaster />
    </>,
    {
      path: '/servers',
      fallback: {
        ['/api/check-auth']: auth,
        ['/api/allowed-servers']: allowed,
        ['/api/invitable-servers']: invitable,
        ['/api/whitelisted-servers']: whitelist,
      },
    },
  );
}

async function openManage() {
  await userEvent.click(screen.getByRole('button', { name: 'Manage Whitelist' }));
  return screen.getByRole('dialog', { name: 'Manage Whitelist' });
}

describe('server list page', () => {
  it('keeps the title, the cards and the servers without the bot', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your Servers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Kenji Lounge/ }).getAttribute('href')).toBe(`/server/${KENJI}`);
    expect(screen.getByText('Users: 42')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Servers without the bot' })).toBeTruthy();
  });
});

describe('Manage Whitelist modal', () => {
  it('lists the whitelisted servers with their count and expiry, and focuses the ID input', async () => {
    renderPage(withKenji(Date.UTC(2031, 0, 5)));
    const dialog = await openManage();
    expect(within(dialog).getByText('Whitelisted servers (1)')).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: 'Whitelisted servers' });
    expect(within(list).getByText('Kenji Lounge')).toBeTruthy();
    expect(within(list).getByText('Expires Jan 5, 2031')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Server ID'));
  });

  it("shows 'Unknown' for a server without a name and marks an expired entry", async () => {
    renderPage(
      state({
        servers: ['399999999999999999'],
        entries: [{ serverID: '399999999999999999', serverName: null, expiresAt: Date.UTC(2020, 0, 1), active: false, adminMade: false }],
        used: 1,
      }),
    );
    const dialog = await openManage();
    expect(within(dialog).getByText('Unknown')).toBeTruthy();
    expect(within(dialog).getByText('Expired Jan 1, 2020')).toBeTruthy();
  });

  it('ignores an empty input', async () => {
    renderPage();
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(posted).toEqual([]);
  });

  it('adds a server, updates the list and says so', async () => {
    renderPage();
    replies.push({ status: 200, body: withKenji() });
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), KENJI);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(posted).toEqual([{ newServerID: KENJI, oldServerID: null }]);
    expect(await screen.findByText('Server added to your whitelist')).toBeTruthy();
    expect(within(dialog).getByText('Whitelisted servers (1)')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Server ID').value).toBe('');
  });

  it("shows 'This server is already whitelisted!' for a duplicate", async () => {
    renderPage(withKenji());
    replies.push({ status: 409, body: { error: 'This server is already whitelisted!', code: 'DUPLICATE' } });
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), KENJI);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByText('This server is already whitelisted!')).toBeTruthy();
  });

  it('shows other failures as a toast with the server sentence', async () => {
    renderPage();
    replies.push({ status: 403, body: { error: 'You can only whitelist a server you own or manage.', code: 'NOT_MANAGED' } });
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), '300000000000000003');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByText('You can only whitelist a server you own or manage.')).toBeTruthy();
  });

  it('at the limit opens the replace dialog, insists on a choice, then replaces', async () => {
    renderPage(withKenji());
    replies.push({ status: 409, body: { error: 'limit', code: 'LIMIT' } });
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), SANDBOX);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));

    const replace = await screen.findByRole('dialog', { name: 'Replace a whitelisted server' });
    expect(within(replace).getByText(/Owner Sandbox/, { selector: 'p' })).toBeTruthy();
    await userEvent.click(within(replace).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('Please select a server to replace')).toBeTruthy();
    expect(posted).toHaveLength(1);

    const moved = state({
      servers: [SANDBOX],
      entries: [{ serverID: SANDBOX, serverName: 'Owner Sandbox', expiresAt: Date.now() + DAY_MS, active: true, adminMade: false }],
      used: 1,
    });
    replies.push({ status: 200, body: moved });
    await userEvent.click(within(replace).getByRole('radio', { name: /Kenji Lounge/ }));
    await userEvent.click(within(replace).getByRole('button', { name: 'Replace' }));
    expect(posted[1]).toEqual({ newServerID: SANDBOX, oldServerID: KENJI });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Replace a whitelisted server' })).toBeNull());
    expect(await screen.findByText('Server replaced')).toBeTruthy();
    expect(within(dialog).getByText('Owner Sandbox')).toBeTruthy();
  });

  it('Escape closes the replace dialog first, then the whitelist modal', async () => {
    renderPage(withKenji());
    replies.push({ status: 409, body: { error: 'limit', code: 'LIMIT' } });
    const dialog = await openManage();
    await userEvent.type(within(dialog).getByLabelText('Server ID'), SANDBOX);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    await screen.findByRole('dialog', { name: 'Replace a whitelisted server' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Replace a whitelisted server' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Manage Whitelist' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Manage Whitelist' }));
  });
});

describe('No Whitelisted Servers notice', () => {
  it('shows instead of the settings for an owner without a whitelisted server, with the support link and Close', async () => {
    const { location } = renderPage();
    await userEvent.click(screen.getByRole('link', { name: /Kenji Lounge/ }));
    const notice = screen.getByRole('dialog', { name: 'No Whitelisted Servers' });
    expect(location.history.at(-1)).toBe('/servers');
    expect(within(notice).getByRole('link', { name: 'Join the support community' }).getAttribute('href')).toBe(SUPPORT);
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('also shows when the only entry has expired', async () => {
    renderPage(withKenji(Date.now() - DAY_MS));
    await userEvent.click(screen.getByRole('link', { name: /Glaive Studio/ }));
    expect(screen.getByRole('dialog', { name: 'No Whitelisted Servers' })).toBeTruthy();
  });

  it('opens the settings when the user has a whitelisted server', async () => {
    const { location } = renderPage(withKenji());
    await userEvent.click(screen.getByRole('link', { name: /Glaive Studio/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location.history.at(-1)).toBe(`/server/${GLAIVE}`);
  });

  it('opens the settings of a server someone else licensed', async () => {
    const { location } = renderPage(state({ licensed: [GLAIVE] }));
    await userEvent.click(screen.getByRole('link', { name: /Glaive Studio/ }));
    expect(location.history.at(-1)).toBe(`/server/${GLAIVE}`);
  });

  it("leads on to 'Manage Whitelist'", async () => {
    renderPage();
    await userEvent.click(screen.getByRole('link', { name: /Kenji Lounge/ }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'No Whitelisted Servers' })).getByRole('button', { name: 'Manage Whitelist' }));
    expect(screen.getByRole('dialog', { name: 'Manage Whitelist' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'No Whitelisted Servers' })).toBeNull();
  });
});

describe('licence state on the server cards', () => {
  it('says licensed with the expiry, expired, or not licensed, and how to act', () => {
    renderPage(
      state({
        licensed: [KENJI],
        licences: [
          { serverID: KENJI, expiresAt: Date.UTC(2030, 11, 22), active: true },
          { serverID: GLAIVE, expiresAt: Date.UTC(2020, 0, 1), active: false },
        ],
      }),
    );
    const card = (name: string) => screen.getByRole('link', { name: new RegExp(name) });
    expect(card('Kenji Lounge').textContent).toContain('Licensed · expires Dec 22, 2030');
    expect(card('Glaive Studio').textContent).toContain('Expired · renew through support');
  });

  it('a server without any licence', () => {
    renderPage(state());
    expect(screen.getByRole('link', { name: /Kenji Lounge/ }).textContent).toContain('Not licensed · whitelist it with Manage Whitelist');
  });
});
