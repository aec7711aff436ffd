import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../src/client/ui/Toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Admin from '../../src/client/pages/admin/page';
import type { AdminServerOption, AdminUserOption, AdminWhitelistEntry } from '../../src/shared/licences';
import type { CheckAuthResponse } from '../../src/shared/account';
import { jsonBody } from './helpers/expect-helpers';
import { required } from '../helpers/required';
import { renderWithApp } from './helpers/render-with-app';

const adminAuth: CheckAuthResponse = {
  authenticated: true,
  user: { id: '100000000000000001', username: 'demo_admin', global_name: 'Demo Admin', avatar: null },
  isAdmin: true,
};

const SERVERS: AdminServerOption[] = [
  { id: '300000000000000001', name: 'Kenji Lounge', icon: null, memberCount: 1234 },
  { id: '300000000000000009', name: 'Kenji Fans', icon: 'abc', memberCount: 5 },
];
const USERS: AdminUserOption[] = [{ id: '100000000000000003', name: 'Demo Member', username: 'demo_member', avatar: null }];

const ENTRY: AdminWhitelistEntry = {
  _id: 7,
  userID: '100000000000000002',
  userName: 'Demo Owner',
  serverID: '300000000000000002',
  serverName: 'Glaive Studio',
  expiresAt: Date.UTC(2031, 2, 4),
  createdAt: Date.UTC(2025, 0, 1),
  adminMade: true,
  active: true,
};

/** What the Worker answers each POST, in order. */
let replies: { status: number; body: unknown }[] = [];
const posted: { url: string; body: unknown }[] = [];
/** The searches the pickers made, as SWR keys. */
const searches: string[] = [];

beforeEach(() => {
  replies = [];
  posted.length = 0;
  searches.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/admin-server-check')) return Promise.resolve(new Response(JSON.stringify({ serverID: '', botInServer: true, name: null })));
      posted.push({ url, body: jsonBody(init) });
      const reply = replies.shift() ?? { status: 500, body: { error: 'unexpected call', code: 'TEST' } };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Worker's search, by the start of a name or id, as SWR asks it. */
function fetcher(key: string): Promise<unknown> {
  searches.push(key);
  const q = decodeURIComponent(key.split('q=')[1] ?? '').toLowerCase();
  const match = (o: { id: string; name: string }) => o.name.toLowerCase().startsWith(q) || o.id.startsWith(q);
  if (key.startsWith('/api/admin-server-search')) return Promise.resolve({ servers: SERVERS.filter(match) });
  if (key.startsWith('/api/admin-user-search')) return Promise.resolve({ users: USERS.filter(match) });
  return new Promise<never>(() => undefined);
}

const renderAdmin = (entries: AdminWhitelistEntry[] = []) =>
  renderWithApp(
    <>
      <Admin />
      <Toaster />
    </>,
    { path: '/admin', fallback: { '/api/check-auth': adminAuth, '/api/all-whitelisted-servers': { servers: entries } }, fetcher },
  );

const serverBox = () => screen.getByRole('combobox', { name: 'Server' });
const userBox = () => screen.getByRole('combobox', { name: 'User' });
/** The matches a picker shows (the expiry select has options of its own). */
const matchesOf = (box: HTMLElement) => within(required(document.getElementById(box.getAttribute('aria-controls') ?? ''), 'the listbox'));
const findMatches = (box: HTMLElement) => matchesOf(box).findAllByRole('option');

describe('the server and user pickers (ARIA combobox)', () => {
  it('searches as the admin types and shows icon or initials, name, members and id for each match', async () => {
    renderAdmin();
    expect(serverBox().getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(serverBox(), 'kenji');
    const options = await findMatches(serverBox());
    expect(options.map((o) => o.textContent)).toEqual([
      'KLKenji Lounge1,234 members · 300000000000000001300000000000000001',
      'Kenji Fans5 members · 300000000000000009300000000000000009',
    ]);
    expect(within(required(options[1], 'the second match')).getByRole('presentation').getAttribute('src')).toBe(
      'https://cdn.discordapp.com/icons/300000000000000009/abc.png?size=128',
    );
    expect(serverBox().getAttribute('aria-expanded')).toBe('true');
    expect(serverBox().getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { name: 'Matches for Server' }).id);
    expect(screen.getByText('2 matches, use the arrow keys to choose.')).toBeTruthy();
    // One search for the settled text, not one per key.
    expect(searches).toEqual(['/api/admin-server-search?q=kenji']);
  });

  it('moves with Down and Up (wrapping), picks with Enter, and shows the name with the id under it', async () => {
    renderAdmin();
    await userEvent.type(serverBox(), 'ken');
    const [first, second] = await findMatches(serverBox());
    expect(serverBox().getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(serverBox().getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(serverBox().getAttribute('aria-activedescendant')).toBe(first?.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(serverBox().getAttribute('aria-activedescendant')).toBe(second?.id);
    await userEvent.keyboard('{Enter}');
    expect(serverBox()).toHaveProperty('value', 'Kenji Fans');
    expect(serverBox().getAttribute('aria-expanded')).toBe('false');
    expect(matchesOf(serverBox()).queryAllByRole('option', { hidden: true })).toEqual([]);
    expect(screen.getByText('Server ID 300000000000000009')).toBeTruthy();
    // Enter picked; it did not submit the form.
    expect(posted).toEqual([]);
  });

  it('closes with Escape, then clears with a second Escape; a click picks too', async () => {
    renderAdmin();
    await userEvent.type(userBox(), 'demo');
    await findMatches(userBox());
    await userEvent.keyboard('{Escape}');
    expect(userBox().getAttribute('aria-expanded')).toBe('false');
    expect(userBox()).toHaveProperty('value', 'demo');
    await userEvent.keyboard('{Escape}');
    expect(userBox()).toHaveProperty('value', '');

    // Text the settled search matches too: a click on a match of an earlier, shorter text could meet the list after the
    // settled search has replaced it (on a busy machine it did).
    await userEvent.type(userBox(), 'demo m');
    await userEvent.click(await matchesOf(userBox()).findByRole('option', { name: /Demo Member/ }));
    expect(userBox()).toHaveProperty('value', 'Demo Member');
    expect(document.activeElement).toBe(userBox());
  });

  it('says when nothing matches', async () => {
    renderAdmin();
    await userEvent.type(serverBox(), 'zzz');
    expect((await screen.findAllByText('No server of the bot starts with "zzz".')).length).toBeGreaterThan(0);
    expect(matchesOf(serverBox()).queryAllByRole('option')).toEqual([]);
  });

  it('sends the ids of picked matches, and an id typed as it is', async () => {
    renderAdmin();
    await userEvent.type(userBox(), 'demo m');
    await findMatches(userBox());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.type(serverBox(), '399999999999999999');
    expect(screen.getByText('Server ID as typed')).toBeTruthy();
    replies.push({ status: 201, body: { entry: { ...ENTRY, userID: USERS[0]?.id, serverID: '399999999999999999', serverName: null } } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ userID: '100000000000000003', newServerID: '399999999999999999' });
  });
});

describe('errors at the field', () => {
  it('puts each problem under its field (aria-invalid, aria-describedby), focuses the first, and clears it on change', async () => {
    renderAdmin();
    await userEvent.type(serverBox(), 'not a server');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(userBox().getAttribute('aria-invalid')).toBe('true');
    expect(serverBox().getAttribute('aria-invalid')).toBe('true');
    const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy(userBox())).toContain('User ID is required.');
    expect(describedBy(serverBox())).toContain('Choose a server from the list, or enter a Discord server ID (17–20 digits).');
    expect(document.activeElement).toBe(userBox());
    expect(posted).toEqual([]);

    // A malformed id is told in the schema's words.
    await userEvent.clear(serverBox());
    await userEvent.type(serverBox(), '3000000000000000');
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(describedBy(serverBox())).toContain('Server ID must be a Discord server ID (17–20 digits).');

    await userEvent.type(userBox(), '1');
    expect(userBox().getAttribute('aria-invalid')).toBeNull();
    expect(serverBox().getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the Worker's refusal under the field it concerns: a licensed server under Server", async () => {
    renderAdmin();
    await userEvent.type(userBox(), '100000000000000003');
    await userEvent.type(serverBox(), '300000000000000001');
    replies.push({ status: 409, body: { error: 'This server is already whitelisted!', code: 'DUPLICATE' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(serverBox().getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(serverBox().getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(error?.textContent).toBe('This server is already whitelisted!');
    expect(document.activeElement).toBe(serverBox());
    expect(userBox().getAttribute('aria-invalid')).toBeNull();
  });

  it("puts the Worker's INVALID_INPUT under the field its path names", async () => {
    renderAdmin();
    await userEvent.type(userBox(), '100000000000000003');
    await userEvent.type(serverBox(), '300000000000000001');
    replies.push({ status: 400, body: { error: 'expiresAt: expiresAt must be a valid date between 2015 and 2100.', code: 'INVALID_INPUT' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(screen.getByLabelText('Expires in').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('expiresAt must be a valid date between 2015 and 2100.')).toBeTruthy();
  });
});

describe('Undo after a delete', () => {
  const deleteIt = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry for Glaive Studio' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
  };

  it('restores the entry through the Worker, by id, and shows it again', async () => {
    renderAdmin([ENTRY]);
    replies.push({ status: 200, body: { deleted: ENTRY } });
    await deleteIt();
    await waitFor(() => expect(screen.queryByText('Glaive Studio')).toBeNull());
    expect(screen.getByText('Glaive Studio is no longer licensed.')).toBeTruthy();
    replies.push({ status: 200, body: { entry: ENTRY } });
    await userEvent.click(required((await screen.findAllByRole('button', { name: 'Undo' })).at(-1), 'Undo'));
    expect(await screen.findByText('Entry restored')).toBeTruthy();
    expect(posted.map((p) => p.url)).toEqual(['/api/delete-whitelisted-server', '/api/restore-whitelisted-server']);
    expect(posted[1]?.body).toEqual({ id: 7 });
    expect(screen.getByRole('heading', { name: 'Whitelist entries (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete entry for Glaive Studio' })).toBeTruthy();
  });

  it("tells the Worker's 409 when the server was whitelisted again in between, and shows nothing back", async () => {
    renderAdmin([ENTRY]);
    replies.push({ status: 200, body: { deleted: ENTRY } });
    await deleteIt();
    const refusal = 'Glaive Studio (now licensed to Demo Member) was whitelisted again after the delete, so the deleted entry was not restored.';
    replies.push({ status: 409, body: { error: refusal, code: 'DUPLICATE' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(required((await screen.findAllByRole('button', { name: 'Undo' })).at(-1), 'Undo'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Whitelist entries (0)' })).toBeTruthy();
  });
});
