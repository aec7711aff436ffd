import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { toast } from 'sonner';
import Toaster from '../../src/client/ui/Toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '../../src/client/features/account/AccountMenu';
import { useApi } from '../../src/client/hooks/useApi';
import Landing from '../../src/client/pages/landing/page';
import { LazyToaster } from '../../src/client/ui/LazyToaster';
import { apiKeys } from '../../src/shared/api-keys';
import type { SessionUser } from '../../src/shared/account';
import { renderWithApp } from './helpers/render-with-app';

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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // sonner keeps its toasts, and shows the ones not dismissed to the next test's container.
  act(() => void toast.dismiss());
});

const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'Demo Owner' }));

describe('account menu: signing out', () => {
  const confirmDialog = () => screen.findByRole('dialog', { name: 'Sign out everywhere?' });

  it("'Sign out everywhere' asks first, then ends every session (POST /api/logout-all) and goes home", async () => {
    const { location } = renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await confirmDialog();
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(posts.map((p) => p.url)).toEqual(['/api/logout-all']);
  });

  it.each([
    ['Sign Out', 'Signed out', '/api/logout'],
    ['Sign out everywhere', 'Signed out on every device', '/api/logout-all'],
  ])("'%s' says '%s' once the session has ended, for a success toast's 2 s", async (item, notice, url) => {
    const success = vi.spyOn(toast, 'success');
    const { location } = renderWithApp(
      <>
        <AccountMenu user={user} isAdmin={false} />
        <Toaster />
      </>,
      { path: '/servers' },
    );
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: item }));
    if (item === 'Sign out everywhere') await userEvent.click(within(await confirmDialog()).getByRole('button', { name: item }));
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(success).toHaveBeenCalledWith(notice, { duration: 2000 });
    expect(location.history.at(-1)).toBe('/');
    expect(posts.map((p) => p.url)).toEqual([url]);
  });

  it('signed out on the landing page (no toasts of its own): says so, offers Login only, and forgets the answers it had without asking again', async () => {
    const asked: string[] = [];
    function Servers() {
      const { data } = useApi(apiKeys.allowedServers);
      return <p>{data ? 'Servers listed' : 'No servers'}</p>;
    }
    renderWithApp(
      <>
        <AccountMenu user={user} isAdmin={false} />
        <Suspense fallback={null}>
          <Landing />
        </Suspense>
        <Servers />
        <LazyToaster theme="dark" pageToasts={false} />
      </>,
      {
        fallback: { [apiKeys.checkAuth]: { authenticated: true, user, isAdmin: false } },
        fetcher: (key) => {
          asked.push(key);
          return key === apiKeys.allowedServers ? Promise.resolve({ servers: [] }) : new Promise<never>(() => undefined);
        },
      },
    );
    await screen.findByText('Servers listed');
    expect(await screen.findByRole('link', { name: 'Open Dashboard' })).toBeTruthy();
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Dashboard' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByText('No servers')).toBeTruthy();
    expect(asked).toEqual([apiKeys.allowedServers]);
  });

  it('a failed sign-out says why, and stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: 'Discord is busy.', code: 'TEST' }), { status: 503 }))),
    );
    const { location } = renderWithApp(
      <>
        <AccountMenu user={user} isAdmin={false} />
        <Toaster />
      </>,
      { path: '/servers' },
    );
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Discord is busy.')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/servers');
  });

  it('Cancel (or Escape) in the question ends nothing', async () => {
    const { location } = renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    await confirmDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
    expect(location.history.at(-1)).toBe('/servers');
  });

  it("'Sign Out' ends only this session, without asking", async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/logout']));
    expect(screen.queryByRole('dialog')).toBeNull();
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

  it("offers 'Sign out everywhere' in the dialog too, behind the same question", async () => {
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers', fallback: { '/api/sessions': sessions } });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    const question = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(posts).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual(['/api/logout-all']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed revoke shows the reason and keeps the row', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ error: 'There is no such session.', code: 'NOT_FOUND' }, { status: 404 }))),
    );
    renderWithApp(<AccountMenu user={user} isAdmin={false} />, { path: '/servers', fallback: { '/api/sessions': sessions } });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no such session.');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Sign out Safari on iPhone' }).disabled).toBe(false);
  });
});
