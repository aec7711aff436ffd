import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentChanges } from '../../src/client/features/settings/RecentChanges';
import type { StoredMembersResponse } from '../../src/shared/member-search';
import type { SettingsAuditEntry, SettingsAuditResponse } from '../../src/shared/settings/index';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

const GUILD = '300000000000000001';
const OWNER = '100000000000000002';
const ADMIN = '100000000000000001';
const settings = kenjiSettings();

const change = (id: number, over: Partial<SettingsAuditEntry> = {}): SettingsAuditEntry => ({
  id,
  userId: OWNER,
  userName: 'Demo Owner',
  section: 'autorole',
  key: 'roleID',
  oldValue: '400000000000001001',
  newValue: '400000000000001002',
  createdAt: Date.UTC(2026, 10, 20, 12, id),
  ...over,
});
const users = [
  { userId: ADMIN, userName: 'Demo Admin' },
  { userId: OWNER, userName: 'Demo Owner' },
];
const page = (entries: SettingsAuditEntry[], next: number | null): SettingsAuditResponse => ({ entries, next, users });
const BASE = `/api/server-settings/audit?serverID=${GUILD}`;

afterEach(() => vi.unstubAllGlobals());

/** The stored members' answers, one an ask (the last again once they run out), by the key's ids. */
function storedMembersFetcher(answers: StoredMembersResponse[], asked: string[]) {
  return (key: string) => {
    asked.push(key);
    return Promise.resolve(answers[Math.min(asked.length, answers.length) - 1]);
  };
}

function renderPanel(pages: Record<string, SettingsAuditResponse>, fetched: string[] = [], members = storedMembersFetcher([], [])) {
  return renderWithApp(<RecentChanges serverId={GUILD} settings={settings} />, {
    // As on every page, the server's first paint says who is signed in.
    fallback: {
      ['/api/check-auth']: { authenticated: true, user: { id: OWNER, username: 'demo_owner', global_name: 'Demo Owner', avatar: null }, isAdmin: false },
    },
    fetcher: (key) => {
      if (key.startsWith('/api/server-members/stored')) return members(key);
      fetched.push(key);
      const answer = pages[key];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error(`no page for ${key}`));
    },
  });
}

describe('Recent changes', () => {
  it('shows before → after with role names, and pages past 20 with Show older changes', async () => {
    const first = Array.from({ length: 20 }, (_, i) => change(40 - i));
    const older = [change(20, { key: 'enabled', oldValue: false, newValue: true })];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(url === `${BASE}&before=21` ? page(older, null) : {}), { status: 200 }))),
    );
    renderPanel({ [BASE]: page(first, 21) });
    await userEvent.click(screen.getByText('Recent changes'));
    const list = await screen.findByRole('list', { name: 'Recent changes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Demo Owner changed Auto-Role › Role from @Listeners → to @DJ');
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(within(list).getAllByRole('listitem')[20]?.textContent).toContain('from off → to on');
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it("says a change the bot made for a member's command was made in Discord", async () => {
    renderPanel({ [BASE]: page([change(2, { userId: '100000000000000077', userName: 'Kai', via: 'discord' }), change(1)], null) });
    await userEvent.click(screen.getByText('Recent changes'));
    const rows = within(await screen.findByRole('list', { name: 'Recent changes' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('Kai changed Auto-Role › Role in Discord from @Listeners → to @DJ');
    expect(rows[1]?.textContent).not.toContain('in Discord');
  });

  it('filters by module and by who changed it', async () => {
    const fetched: string[] = [];
    renderPanel(
      {
        [BASE]: page([change(2), change(1, { section: 'logs', key: 'enabled', oldValue: false, newValue: true, userId: ADMIN, userName: 'Demo Admin' })], null),
        [`${BASE}&section=logs`]: page([change(1, { section: 'logs', key: 'enabled', oldValue: false, newValue: true })], null),
        [`${BASE}&section=logs&userID=${OWNER}`]: page([], null),
      },
      fetched,
    );
    await userEvent.click(screen.getByText('Recent changes'));
    await screen.findByRole('list', { name: 'Recent changes' });
    expect(screen.getByRole('combobox', { name: 'Changed by' }).textContent).toBe('AnyoneDemo AdminDemo Owner');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Module' }), 'Logs');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Recent changes' })).getAllByRole('listitem')).toHaveLength(1));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Changed by' }), 'Demo Owner');
    expect(await screen.findByText('No changes match.')).toBeTruthy();
    expect(fetched).toEqual([BASE, `${BASE}&section=logs`, `${BASE}&section=logs&userID=${OWNER}`]);
  });

  it('Revert posts the change id and refreshes the list', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        posted.push(jsonBody(init));
        return Promise.resolve(new Response(JSON.stringify(settings), { status: 200 }));
      }),
    );
    const fetched: string[] = [];
    renderPanel({ [BASE]: page([change(7)], null) }, fetched);
    await userEvent.click(screen.getByText('Recent changes'));
    await screen.findByRole('list', { name: 'Recent changes' });
    await userEvent.click(screen.getByRole('button', { name: 'Revert Auto-Role › Role to @Listeners' }));
    await waitFor(() => expect(posted).toEqual([{ serverID: GUILD, changeID: 7 }]));
    await waitFor(() => expect(fetched.filter((k) => k === BASE)).toHaveLength(2));
  });

  describe('a value changed since the change', () => {
    const conflict = {
      error: 'Role was changed by Demo Admin after this change. Nothing was reverted.',
      code: 'CONFLICT',
      current: null,
      changedBy: 'Demo Admin',
      changedAt: Date.UTC(2026, 10, 21, 9, 30),
    };
    /** Answers the posts in turn: first the conflict, then the settings. */
    function stubPosts(answers: Response[]) {
      const posted: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((_url: string, init?: RequestInit) => {
          posted.push(jsonBody(init));
          return Promise.resolve(answers.shift() ?? Response.json(settings));
        }),
      );
      return posted;
    }

    it('says who changed it to what, and reverts only on "Revert anyway" with the value it showed as expected', async () => {
      const posted = stubPosts([Response.json(conflict, { status: 409 }), Response.json(settings)]);
      const fetched: string[] = [];
      renderPanel({ [BASE]: page([change(7)], null) }, fetched);
      await userEvent.click(screen.getByText('Recent changes'));
      await screen.findByRole('list', { name: 'Recent changes' });
      await userEvent.click(screen.getByRole('button', { name: 'Revert Auto-Role › Role to @Listeners' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Demo Admin changed Auto-Role › Role to none on ');
      expect(alert.textContent).toContain('after this change. Reverting now would overwrite that.');
      expect(posted).toEqual([{ serverID: GUILD, changeID: 7 }]);
      // The list is reloaded, so the newer change shows.
      await waitFor(() => expect(fetched.filter((k) => k === BASE)).toHaveLength(2));
      await userEvent.click(within(alert).getByRole('button', { name: 'Revert anyway' }));
      await waitFor(() =>
        expect(posted).toEqual([
          { serverID: GUILD, changeID: 7 },
          { serverID: GUILD, changeID: 7, expected: null },
        ]),
      );
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      await waitFor(() => expect(fetched.filter((k) => k === BASE)).toHaveLength(3));
    });

    it('Cancel keeps the newer value and sends nothing more', async () => {
      const posted = stubPosts([Response.json(conflict, { status: 409 })]);
      renderPanel({ [BASE]: page([change(7)], null) });
      await userEvent.click(screen.getByText('Recent changes'));
      await screen.findByRole('list', { name: 'Recent changes' });
      await userEvent.click(screen.getByRole('button', { name: 'Revert Auto-Role › Role to @Listeners' }));
      await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(posted).toHaveLength(1);
    });

    it('a second conflict on "Revert anyway" shows the newer value again', async () => {
      const again = { ...conflict, current: '400000000000001002', changedBy: 'Demo Owner' };
      stubPosts([Response.json(conflict, { status: 409 }), Response.json(again, { status: 409 })]);
      renderPanel({ [BASE]: page([change(7)], null) });
      await userEvent.click(screen.getByText('Recent changes'));
      await screen.findByRole('list', { name: 'Recent changes' });
      await userEvent.click(screen.getByRole('button', { name: 'Revert Auto-Role › Role to @Listeners' }));
      await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Revert anyway' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Demo Owner changed Auto-Role › Role to @DJ'));
    });
  });
});

describe('Recent changes of the trusted members', () => {
  const MEMBER = { id: '100000000000000003', name: 'Memb', username: 'demo_member', avatarUrl: null, bot: false };
  // Two who left, whose ids end alike in their last 4 digits: the list shows 5.
  const LEFT = ['100000000000058899', '100000000000068899'];
  const trusted = (id: number, oldValue: string[], newValue: string[]) => change(id, { section: 'antinuke', key: 'whitelist', oldValue, newValue });
  const rowText = async () => (await screen.findByRole('list', { name: 'Recent changes' })).querySelector('li')?.textContent ?? '';

  it('names members by name, and those who left as members not in this server with the end of each id', async () => {
    const asked: string[] = [];
    renderPanel(
      { [BASE]: page([trusted(3, [MEMBER.id, ...LEFT], [MEMBER.id])], null) },
      [],
      storedMembersFetcher([{ members: [MEMBER], absent: LEFT, pending: [] }], asked),
    );
    await userEvent.click(screen.getByText('Recent changes'));
    await waitFor(async () => expect(await rowText()).toContain('Memb, 2 members not in this server (IDs …\u206058899, …\u206068899) → to Memb'));
    expect(asked).toEqual([`/api/server-members/stored?serverID=${GUILD}#${[MEMBER.id, ...LEFT].join(',')}`]);
    expect(
      screen.getByRole('button', { name: 'Revert Anti-Nuke › Trusted members to Memb, 2 members not in this server (IDs …\u206058899, …\u206068899)' }),
    ).toBeTruthy();
  });

  it('shows a member not read yet by id, and asks again while one it shows is pending', async () => {
    const asked: string[] = [];
    renderPanel(
      { [BASE]: page([trusted(3, [], [MEMBER.id])], null) },
      [],
      storedMembersFetcher(
        [
          // Pending too: an id of an older change this list does not show.
          { members: [], absent: [], pending: ['100000000000000099', MEMBER.id], retryAfter: 0.05 },
          { members: [MEMBER], absent: [], pending: [] },
        ],
        asked,
      ),
    );
    await userEvent.click(screen.getByText('Recent changes'));
    await waitFor(async () => expect(await rowText()).toContain(`none → to ${MEMBER.id}`));
    await waitFor(async () => expect(await rowText()).toContain('none → to Memb'));
    expect(asked).toHaveLength(2);
  });

  it('asks nothing about members when no change shown names one', async () => {
    const asked: string[] = [];
    renderPanel({ [BASE]: page([change(2), trusted(1, [], [])], null) }, [], storedMembersFetcher([], asked));
    await userEvent.click(screen.getByText('Recent changes'));
    await screen.findByRole('list', { name: 'Recent changes' });
    expect(asked).toEqual([]);
  });
});
