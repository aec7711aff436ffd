import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../src/client/ui/Toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ServerList from '../../src/client/pages/servers/page';
import type { AllowedServer, ServerSummary } from '../../src/shared/servers';
import type { CheckAuthResponse } from '../../src/shared/account';
import type { WhitelistStateResponse } from '../../src/shared/licences';
import { DAY_MS } from '../../src/shared/constants';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';

const KENJI = '300000000000000001';
const GLAIVE = '300000000000000002';
const SANDBOX = '300000000000000004';
const SUPPORT = 'https://support.example/join';

const auth: CheckAuthResponse = {
  authenticated: true,
  user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
  isAdmin: false,
};
const allowed: AllowedServer[] = [
  { id: KENJI, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage', modulesOn: 0 },
  { id: GLAIVE, name: 'Glaive Studio', icon: null, users: 17, access: 'manage', modulesOn: 0 },
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
  it('a user who manages no server is told to add the bot, with the invite link', () => {
    renderWithApp(<ServerList />, {
      path: '/servers',
      fallback: { ['/api/check-auth']: auth, ['/api/allowed-servers']: [], ['/api/invitable-servers']: [], ['/api/whitelisted-servers']: state() },
    });
    expect(screen.getByRole('heading', { name: 'Add the bot to a server you manage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to Discord' }).getAttribute('href')).toBe('/api/invite');
  });

  it('keeps the title, the cards and the servers without the bot', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your Servers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Kenji Lounge/ }).getAttribute('href')).toBe(`/server/${KENJI}`);
    expect(screen.getByText('Users: 42')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Servers without the bot' })).toBeTruthy();
  });
});

describe('Manage Whitelist modal', () => {
  it('lists the whitelisted servers with their count and expiry, and offers the others, focusing the first', async () => {
    renderPage(withKenji(Date.UTC(2031, 0, 5)));
    const dialog = await openManage();
    expect(within(dialog).getByText('Whitelisted servers (1)')).toBeTruthy();
    const list = within(dialog).getByRole('list', { name: 'Whitelisted servers' });
    expect(within(list).getByText('Kenji Lounge')).toBeTruthy();
    expect(within(list).getByText('Expires Jan 5, 2031')).toBeTruthy();
    const offered = within(dialog)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(offered).toEqual(['GSGlaive Studio', 'OSOwner Sandbox', 'Enter a server ID']);
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: /Glaive Studio/ }));
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

  it('sends nothing until a server is chosen: Add Server stays disabled', async () => {
    renderPage();
    const dialog = await openManage();
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Server' });
    expect(add.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enter a server ID' }));
    await userEvent.type(within(dialog).getByLabelText('Server ID'), '   ');
    expect(add.disabled).toBe(true);
    expect(posted).toEqual([]);
  });

  it('adds a server picked from the list, updates the list and says so', async () => {
    renderPage();
    replies.push({ status: 200, body: withKenji() });
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Kenji Lounge/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(posted).toEqual([{ newServerID: KENJI, oldServerID: null }]);
    expect(await screen.findByText('Server added to your whitelist')).toBeTruthy();
    expect(within(dialog).getByText('Whitelisted servers (1)')).toBeTruthy();
    // Kenji is no longer offered, and nothing is chosen.
    expect(within(dialog).queryByRole('radio', { name: /Kenji Lounge/ })).toBeNull();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Server' }).disabled).toBe(true);
  });

  it("'Enter a server ID' takes 17 to 20 digits and says what is wrong otherwise", async () => {
    renderPage();
    replies.push({ status: 200, body: withKenji() });
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enter a server ID' }));
    const input = within(dialog).getByLabelText<HTMLInputElement>('Server ID');
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Server' });
    for (const bad of ['3000000000000000', '300000000000000000000', '30000000000000000x']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      expect(within(dialog).getByText('Enter a Discord server ID: 17–20 digits.')).toBeTruthy();
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(add.disabled).toBe(true);
    }
    for (const good of ['30000000000000000', '10000000000000000000']) {
      await userEvent.clear(input);
      await userEvent.type(input, good);
      expect(within(dialog).queryByText('Enter a Discord server ID: 17–20 digits.')).toBeNull();
      expect(add.disabled).toBe(false);
    }
    await userEvent.click(add);
    expect(posted).toEqual([{ newServerID: '10000000000000000000', oldServerID: null }]);
  });

  it('offers only the ID field when every server of the user is whitelisted', async () => {
    renderWithApp(<ServerList />, {
      path: '/servers',
      fallback: {
        ['/api/check-auth']: auth,
        ['/api/allowed-servers']: [allowed[0]],
        ['/api/invitable-servers']: [],
        ['/api/whitelisted-servers']: withKenji(),
      },
    });
    const dialog = await openManage();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Server ID'));
  });

  it("shows 'This server is already whitelisted!' for a duplicate", async () => {
    renderPage(withKenji());
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Enter a server ID' }));
    await userEvent.type(within(dialog).getByLabelText('Server ID'), KENJI);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByText('This server is already whitelisted!')).toBeTruthy();
    // Known from the whitelist itself, and said before any replace step (the user is at the limit).
    expect(posted).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Replace a whitelisted server' })).toBeNull();
  });

  it('shows other failures as a toast with the server sentence', async () => {
    renderPage();
    replies.push({ status: 403, body: { error: 'You can only whitelist a server you own or manage.', code: 'NOT_MANAGED' } });
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Glaive Studio/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    expect(await screen.findByText('You can only whitelist a server you own or manage.')).toBeTruthy();
  });

  it('at the limit asks at once in the same dialog which server to replace, naming both, the kept expiry and what the replaced one loses', async () => {
    renderPage(withKenji(Date.UTC(2030, 11, 22)));
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Owner Sandbox/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));

    const replace = await screen.findByRole('dialog', { name: 'Replace a whitelisted server' });
    // No modal on a modal: the whitelist dialog became the replace step.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Nothing is chosen, and nothing asks for a choice until Replace is pressed without one (SPEC section 5).
    expect(
      within(replace)
        .getAllByRole<HTMLInputElement>('radio')
        .filter((radio) => radio.checked),
    ).toEqual([]);
    expect(within(replace).queryByText('Please select a server to replace')).toBeNull();
    const confirm = within(replace).getByRole<HTMLButtonElement>('button', { name: 'Replace' });
    await userEvent.click(confirm);
    expect(within(replace).getByRole('alert').textContent).toBe('Please select a server to replace');
    // Asked without a request: the whitelist already said the limit is reached, and nothing was chosen.
    expect(posted).toHaveLength(0);

    await userEvent.click(within(replace).getByRole('radio', { name: /Kenji Lounge/ }));
    expect(within(replace).queryByText('Please select a server to replace')).toBeNull();
    expect(
      within(replace).getByText(
        "Replace Kenji Lounge with Owner Sandbox? It keeps the Dec 22, 2030 expiry. Kenji Lounge loses its license: the bot's features stop working there.",
      ),
    ).toBeTruthy();
    expect(confirm.disabled).toBe(false);

    const moved = state({
      servers: [SANDBOX],
      entries: [{ serverID: SANDBOX, serverName: 'Owner Sandbox', expiresAt: Date.UTC(2030, 11, 22), active: true, adminMade: false }],
      used: 1,
    });
    replies.push({ status: 200, body: moved });
    await userEvent.click(confirm);
    expect(posted).toEqual([{ newServerID: SANDBOX, oldServerID: KENJI }]);
    expect(await screen.findByText('Server replaced')).toBeTruthy();
    const back = screen.getByRole('dialog', { name: 'Manage Whitelist' });
    expect(within(within(back).getByRole('list', { name: 'Whitelisted servers' })).getByText('Owner Sandbox')).toBeTruthy();
  });

  it('admin-made entries cannot be replaced: the step says so and links to support', async () => {
    renderPage(
      state({
        servers: [KENJI],
        entries: [{ serverID: KENJI, serverName: 'Kenji Lounge', expiresAt: Date.UTC(2030, 0, 1), active: true, adminMade: true }],
      }),
    );
    replies.push({ status: 409, body: { error: 'limit', code: 'LIMIT' } });
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Glaive Studio/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    const replace = await screen.findByRole('dialog', { name: 'Replace a whitelisted server' });
    expect(replace.textContent).toContain('You have no server you can replace.');
    expect(within(replace).getByRole('link', { name: 'Ask for more on the support server.' }).getAttribute('href')).toBe(SUPPORT);
    expect(within(replace).getByRole<HTMLButtonElement>('button', { name: 'Replace' }).disabled).toBe(true);
  });

  it('Escape goes back from the replace step, then closes the whitelist dialog', async () => {
    renderPage(withKenji());
    const dialog = await openManage();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Owner Sandbox/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    await screen.findByRole('dialog', { name: 'Replace a whitelisted server' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Replace a whitelisted server' })).toBeNull();
    // The choice made before is still there.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Owner Sandbox/ }).checked).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Manage Whitelist' }));
  });
});

describe('server cards', () => {
  it('open the settings whatever the license: the settings page shows the license state', async () => {
    for (const whitelist of [state(), withKenji(Date.now() - DAY_MS), withKenji()]) {
      const { location, unmount } = renderPage(whitelist);
      await userEvent.click(screen.getByRole('link', { name: /Glaive Studio/ }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(location.history.at(-1)).toBe(`/server/${GLAIVE}`);
      unmount();
    }
  });
});
