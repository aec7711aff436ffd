import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from '../../src/client/navigation';
import ServerSettingsPage from './helpers/server-settings-page';
import { matchAppRoute } from '../../src/client/routes';
import type { StoredMembersResponse } from '../../src/shared/member-search';
import { applySettingChange, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

const GUILD = '300000000000000001';
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MODS = { id: '400000000000001004', name: 'Moderators', color: 0xe67e22, position: 4, managed: false };
const AUTH = {
  authenticated: true,
  user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
  isAdmin: false,
};
const MEMBER = { id: '100000000000000003', name: 'Memb', username: 'demo_member', avatarUrl: null, bot: false };
/** 20 different emoji: Discord's most reactions on one message. */
const EMOJI = ['😀', '😁', '😂', '🤣', '😃', '😄', '😅', '😆', '😉', '😊', '😋', '😎', '😍', '😘', '🥰', '😗', '😙', '🥲', '🙂', '🤗'];

function Routed() {
  const [location] = useLocation();
  return <ServerSettingsPage params={matchAppRoute(location).params} />;
}

/** The module's page, with a server that saves like the Worker and answers member searches; what was sent is kept. */
function open(
  module: string,
  data: ServerSettingsResponse,
  storedMembers: (StoredMembersResponse | Promise<StoredMembersResponse>)[] = [{ members: [], absent: [], pending: [] }],
) {
  let stored = data;
  const posted: { key: string; value: unknown }[] = [];
  const searched: string[] = [];
  const storedAsks: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/server-members/stored')) {
        storedAsks.push(url);
        const answer = storedMembers[Math.min(storedAsks.length, storedMembers.length) - 1];
        return Promise.resolve(answer).then((members) => new Response(JSON.stringify(members), { status: 200 }));
      }
      if (url.startsWith('/api/server-members')) {
        searched.push(new URL(url, 'http://x').searchParams.get('query') ?? '');
        return Promise.resolve(new Response(JSON.stringify({ members: [MEMBER] }), { status: 200 }));
      }
      if (url !== '/api/update-server-settings') return Promise.resolve(new Response(JSON.stringify({ entries: [] }), { status: 200 }));
      const body = jsonBody(init) as { section: string; key: string; value: unknown };
      posted.push({ key: body.key, value: body.value });
      stored = applySettingChange(stored, body.section as never, body.key, body.value);
      return Promise.resolve(new Response(JSON.stringify(stored), { status: 200 }));
    }),
  );
  renderWithApp(<Routed />, {
    path: `/server/${GUILD}/${module}`,
    fallback: { '/api/check-auth': AUTH, [`/api/server-settings?serverID=${GUILD}`]: data },
    // Only the stored members are fetched through SWR here; the rest of the page stays on its first answers.
    fetcher: (key) => (key.startsWith('/api/server-members/stored') ? fetch(key).then((res) => res.json()) : new Promise<never>(() => undefined)),
  });
  return { posted, searched, storedAsks };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reaction role pairs', () => {
  it('adds a pair once both its emoji and role are chosen, by keyboard, and removes it', async () => {
    const { posted } = open('reaction-role', kenjiSettings());
    const add = screen.getByRole('button', { name: 'Add pair' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const emoji = screen.getByRole('textbox', { name: 'Emoji' });
    await userEvent.type(emoji, '🎮{Enter}');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role it gives' }), DJ);
    await userEvent.click(add);
    expect(posted).toEqual([{ key: 'extraPairs', value: [{ emojiName: '🎮', roleID: DJ }] }]);
    const list = await screen.findByRole('list', { name: 'More emoji and roles' });
    expect(within(list).getByRole('combobox', { name: 'Role for 🎮' })).toBeTruthy();
    expect(screen.getByText('1 of 20 pairs')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Remove the pair 🎮' }));
    expect(posted.at(-1)).toEqual({ key: 'extraPairs', value: [] });
  });

  it('refuses on the page an emoji the first pair already has, sending nothing', async () => {
    const { posted } = open('reaction-role', kenjiSettings({ reactionrole: { ...kenjiSettings().reactionrole, emojiName: '⭐', roleID: LISTENERS } }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Emoji' }), '⭐{Enter}');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role it gives' }), DJ);
    await userEvent.click(screen.getByRole('button', { name: 'Add pair' }));
    expect(screen.getByText('Each emoji can give one role: ⭐ is already in a pair.')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('with the first pair and 19 more the message is full (20): no new pair is offered', () => {
    const withExtra = (count: number) =>
      kenjiSettings({
        reactionrole: {
          ...kenjiSettings().reactionrole,
          emojiName: '⭐',
          roleID: LISTENERS,
          extraPairs: EMOJI.slice(0, count).map((emojiName) => ({ emojiName, roleID: DJ })),
        },
      });
    open('reaction-role', withExtra(19));
    expect(screen.getByText('20 of 20 pairs')).toBeTruthy();
    expect(screen.getByText('This message has all 20 pairs Discord allows: remove one to add another.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add pair' })).toBeNull();
  });

  it('offers 19 of 20 with room for one more', () => {
    open(
      'reaction-role',
      kenjiSettings({
        reactionrole: {
          ...kenjiSettings().reactionrole,
          emojiName: '⭐',
          roleID: LISTENERS,
          extraPairs: EMOJI.slice(0, 18).map((emojiName) => ({ emojiName, roleID: DJ })),
        },
      }),
    );
    expect(screen.getByText('19 of 20 pairs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add pair' })).toBeTruthy();
  });

  it('the mode is a labelled radio group that saves the one chosen', async () => {
    const { posted } = open('reaction-role', kenjiSettings());
    const group = screen.getByRole('radiogroup', { name: 'Mode' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: /Toggle/ }).checked).toBe(true);
    await userEvent.click(within(group).getByRole('radio', { name: /Unique/ }));
    expect(posted).toEqual([{ key: 'mode', value: 'unique' }]);
  });
});

describe('anti-nuke', () => {
  it('saves its threshold, window and punishment', async () => {
    const { posted } = open('anti-nuke', kenjiSettings());
    const threshold = screen.getByRole('textbox', { name: 'Actions that trigger it' });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '3{Enter}');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action against them' }), 'ban');
    expect(posted).toEqual([
      { key: 'threshold', value: 3 },
      { key: 'punishment', value: 'ban' },
    ]);
  });

  it('reads its threshold and window together, under one heading, each a number-sized field', () => {
    open('anti-nuke', kenjiSettings());
    const trigger = screen.getByRole('group', { name: 'When it acts' });
    const threshold = within(trigger).getByRole('textbox', { name: 'Actions that trigger it' });
    const window = within(trigger).getByRole('textbox', { name: 'Within (seconds)' });
    expect(threshold.closest('.\\[\\&_input\\]\\:w-24')).toBeTruthy();
    expect(window.closest('.\\[\\&_input\\]\\:w-24')).toBeTruthy();
    expect(threshold.getAttribute('aria-describedby')).toBeTruthy();
    expect(trigger.textContent).toContain('2 to 50 actions');
    expect(trigger.textContent).toContain('5 to 600 seconds');
  });

  it('a window past 600 seconds is refused on the page with the bounds', async () => {
    const { posted } = open('anti-nuke', kenjiSettings());
    const window = screen.getByRole('textbox', { name: 'Within (seconds)' });
    await userEvent.clear(window);
    await userEvent.type(window, '601{Enter}');
    expect(await screen.findByText('Enter a whole number from 5 to 600.')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('finds a trusted member by name with the keyboard, and shows them by name', async () => {
    const { posted, searched } = open('anti-nuke', kenjiSettings());
    const search = screen.getByRole('combobox', { name: 'Search members to add to trusted members' });
    await userEvent.type(search, 'mem');
    const option = await screen.findByRole('option', { name: /Memb/ });
    expect(option.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(posted).toEqual([{ key: 'whitelist', value: [MEMBER.id] }]);
    expect(searched.at(-1)).toBe('mem');
    expect(await screen.findByRole('button', { name: 'Remove Memb' })).toBeTruthy();
  });

  it('shows the stored members by name on a later visit, and one who left as a member not in this server', async () => {
    const LEFT = '100000000000000009';
    const { storedAsks } = open('anti-nuke', kenjiSettings({ antinuke: { ...kenjiSettings().antinuke, whitelist: [MEMBER.id, LEFT] } }), [
      { members: [MEMBER], absent: [LEFT], pending: [] },
    ]);
    const chips = await screen.findByRole('list', { name: 'Trusted members' });
    expect(await within(chips).findByRole('button', { name: 'Remove Memb' })).toBeTruthy();
    expect(within(chips).getByText('A member not in this server')).toBeTruthy();
    expect(within(chips).getByRole('button', { name: `Remove a member not in this server (user ID ${LEFT})` })).toBeTruthy();
    expect(within(chips).queryByText(MEMBER.id)).toBeNull();
    expect(storedAsks).toEqual([`/api/server-members/stored?serverID=${GUILD}#${MEMBER.id},${LEFT}`]);
  });

  it('tells two members who left apart on screen by the end of their ids, long enough to differ, in their accessible names too', async () => {
    // Alike in their last 4 digits: 5 are shown.
    const LEFT = ['100000000000058899', '100000000000068899'];
    open('anti-nuke', kenjiSettings({ antinuke: { ...kenjiSettings().antinuke, whitelist: LEFT } }), [{ members: [], absent: LEFT, pending: [] }]);
    const chips = await screen.findByRole('list', { name: 'Trusted members' });
    await within(chips).findAllByText('A member not in this server');
    const texts = within(chips)
      .getAllByRole('listitem')
      .map((chip) => chip.textContent);
    expect(texts).toEqual(['?A member not in this server, user ID ending …58899×', '?A member not in this server, user ID ending …68899×']);
    // On screen: the end of the id beside the name, never cut with it.
    expect(within(chips).getAllByText('58899', { exact: false })[0]?.getAttribute('class')).toContain('shrink-0');
    expect(within(chips).getByRole('button', { name: `Remove a member not in this server (user ID ${LEFT[1]})` })).toBeTruthy();
  });

  it('shows a member not read yet by id, and asks again after the pause the server names until they are read', async () => {
    const { storedAsks } = open('anti-nuke', kenjiSettings({ antinuke: { ...kenjiSettings().antinuke, whitelist: [MEMBER.id] } }), [
      { members: [], absent: [], pending: [MEMBER.id], retryAfter: 0.05 },
      { members: [MEMBER], absent: [], pending: [] },
    ]);
    const chips = await screen.findByRole('list', { name: 'Trusted members' });
    expect(within(chips).getByText(MEMBER.id)).toBeTruthy();
    expect(await within(chips).findByRole('button', { name: 'Remove Memb' })).toBeTruthy();
    expect(storedAsks).toHaveLength(2);
  });

  it('keeps the names it has while a changed list is asked about, and asks nothing again when the tab is back in focus', async () => {
    const LEFT = '100000000000000009';
    const { storedAsks } = open('anti-nuke', kenjiSettings({ antinuke: { ...kenjiSettings().antinuke, whitelist: [MEMBER.id, LEFT] } }), [
      { members: [MEMBER], absent: [LEFT], pending: [] },
      // The changed list's answer never comes.
      new Promise<never>(() => undefined),
    ]);
    const chips = await screen.findByRole('list', { name: 'Trusted members' });
    await within(chips).findByRole('button', { name: 'Remove Memb' });
    // Ten minutes later (past SWR's throttle of focus revalidations), the tab is back in focus.
    const later = Date.now() + 10 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      // SWR hears the focus in a timer of its own (no delay); this one, set after it, runs after it.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    clock.mockRestore();
    expect(storedAsks).toHaveLength(1);
    await userEvent.click(within(chips).getByRole('button', { name: `Remove a member not in this server (user ID ${LEFT})` }));
    await waitFor(() => expect(storedAsks).toEqual([expect.anything(), `/api/server-members/stored?serverID=${GUILD}#${MEMBER.id}`]));
    expect(within(chips).getByRole('button', { name: 'Remove Memb' })).toBeTruthy();
    expect(within(chips).queryByText(MEMBER.id)).toBeNull();
  });

  it('asks nothing about stored members when none are stored', () => {
    const { storedAsks } = open('anti-nuke', kenjiSettings());
    expect(storedAsks).toEqual([]);
  });

  it('picks trusted roles by name, the ones above the bot too, and removes them', async () => {
    const { posted } = open('anti-nuke', kenjiSettings({ roles: [...kenjiSettings().roles, MODS] }));
    const search = screen.getByRole('combobox', { name: 'Search roles to add to trusted roles' });
    await userEvent.type(search, 'mod');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(posted).toEqual([{ key: 'trustedRoles', value: [MODS.id] }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove @Moderators' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ key: 'trustedRoles', value: [] }));
  });
});
