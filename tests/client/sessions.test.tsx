import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '../../src/client/components/AccountMenu';
import type { SessionUser } from '../../src/shared/api-types';
import { renderWithApp } from './render-with-app';

const user: SessionUser = { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null };
const HERE = 'a'.repeat(43);
const PHONE = 'b'.repeat(43);
const sessions = {
  sessions: [
    { id: HERE, current: true, createdAt: Date.UTC(2026, 10, 20, 9, 0), lastSeenAt: Date.UTC(2026, 10, 23, 3, 0), device: 'Firefox on Linux' },
    { id: PHONE, current: false, createdAt: Date.UTC(2026, 10, 1, 9, 0), lastSeenAt: Date.UTC(2026, 10, 22, 18, 0), device: 'Safari on iPhone' },
  ],
};

const posts: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push({ url, body: JSON.parse(typeof init.body === 'string' ? init.body : 'null') as unknown });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));

describe('account menu: signing out', () => {
  it("'Sign out everywhere' ends every session (POST /api/logout-all) and goes home", async () => {
    const { location } = renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(posts.map((p) => p.url)).toEqual(['/api/logout-all']);
  });

  it("'Sign Out' ends only this session", async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/logout']));
  });
});

describe('account menu: sessions', () => {
  it('lists the sessions, marks this device, and signs another one out', async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers', fallback: { '/api/sessions': sessions } });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions' });
    const rows = within(dialog).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('Firefox on LinuxThis device'), expect.stringContaining('Safari on iPhone')]);
    expect(within(dialog).queryByRole('button', { name: 'Sign out Firefox on Linux' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/sessions/revoke', body: { id: PHONE } }]));
  });

  it("offers 'Sign out everywhere' in the dialog too", async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers', fallback: { '/api/sessions': sessions } });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/logout-all']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
