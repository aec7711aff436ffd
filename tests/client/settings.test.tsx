import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import { COMMANDS } from '../../src/shared/commands';
import {
  applySettingChange,
  defaultSettings,
  missingRequiredFields,
  parseIdList,
  parseSettingUpdate,
  searchCommandsToDisable,
  type ServerSettingsResponse,
} from '../../src/shared/settings/index';
import { ApiClientError } from '../../src/client/api';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';
import { licenceBadge } from '../../src/client/ui/LicencePill';
import { useLocation } from '../../src/client/navigation';
import { matchAppRoute } from '../../src/client/routes';

const GUILD = '300000000000000001';
const ROLES = {
  staff: { id: '400000000000001005', name: 'Lounge Staff', color: 0xe74c3c, position: 5, managed: false },
  mods: { id: '400000000000001004', name: 'Moderators', color: 0xe67e22, position: 4, managed: false },
  bot: { id: '400000000000001003', name: 'ServerManager', color: 0x5865f2, position: 3, managed: true },
  dj: { id: '400000000000001002', name: 'DJ', color: 0x1abc9c, position: 2, managed: false },
  listeners: { id: '400000000000001001', name: 'Listeners', color: 0, position: 1, managed: false },
  everyone: { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false },
};
const channel = (id: string, name: string, type: number, parent_id: string | null, position: number) => ({ id, name, type, parent_id, position });

function fixture(overrides: Partial<ServerSettingsResponse> = {}): ServerSettingsResponse {
  return {
    id: GUILD,
    name: 'Kenji Lounge',
    access: 'manage',
    memberCount: 1284,
    emojis: [],
    ...defaultSettings(),
    whitelist: { expiresAt: null, active: false },
    roles: Object.values(ROLES),
    channels: [
      channel('500000000000001001', 'welcome', 0, null, 0),
      channel('500000000000001002', 'Lounge', 4, null, 1),
      channel('500000000000001003', 'announcements', 5, '500000000000001002', 0),
      channel('500000000000001004', 'general', 0, '500000000000001002', 1),
      channel('500000000000001006', 'Voice', 4, null, 2),
      channel('500000000000001007', 'Listening Room', 2, '500000000000001006', 0),
      channel('500000000000001009', 'Staff', 4, null, 3),
      channel('500000000000001010', 'mod-log', 0, '500000000000001009', 0),
    ],
    botHighestRolePosition: 3,
    ...overrides,
  };
}

const AUTH = {
  '/api/check-auth': {
    authenticated: true,
    user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
    isAdmin: false,
  },
};

/** The page as the app's router shows it: the address decides the view, and links move between views. */
function Routed() {
  const [location] = useLocation();
  return <ServerSettingsPage params={matchAppRoute(location).params} />;
}

/** `module`: the address after the server's (`auto-role`, `auto-role?enable=1`); none is the overview. */
function renderPage(data: ServerSettingsResponse = fixture(), loggedIn = true, module?: string) {
  return renderWithApp(<Routed />, {
    path: module === undefined ? `/server/${GUILD}` : `/server/${GUILD}/${module}`,
    fallback: { ...(loggedIn ? AUTH : { '/api/check-auth': { authenticated: false } }), [`/api/server-settings?serverID=${GUILD}`]: data },
  });
}

interface PostedUpdate {
  serverID: string;
  section: string;
  key: string;
  value: unknown;
}

/** Answers POST /api/update-server-settings like the Worker would (or fails), recording the bodies. */
function fakeServer(start: ServerSettingsResponse, fail?: { status: number; error: string }) {
  let stored = start;
  const posted: PostedUpdate[] = [];
  let release: () => void = () => undefined;
  const gate = { hold: false };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== '/api/update-server-settings') return new Response(JSON.stringify({ entries: [] }), { status: 200 });
    const body = jsonBody(init) as PostedUpdate;
    posted.push(body);
    if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
    if (fail) return new Response(JSON.stringify({ error: fail.error, code: 'X' }), { status: fail.status, headers: { 'content-type': 'application/json' } });
    stored = applySettingChange(stored, body.section as never, body.key, body.value);
    return new Response(JSON.stringify(stored), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, fetchMock, gate, release: () => release(), stored: () => stored };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shared settings rules', () => {
  it('searches commands case-insensitively by substring of commandName, without disabled ones; blank → none', () => {
    expect(searchCommandsToDisable('', [])).toEqual([]);
    expect(searchCommandsToDisable('   ', [])).toEqual([]);
    const names = searchCommandsToDisable('AN', []).map((c) => c.commandName);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.includes('an'))).toBe(true);
    expect(names).toContain('ban');
    expect(searchCommandsToDisable('ban', ['ban']).map((c) => c.commandName)).not.toContain('ban');
    // Aliases do not count: 'np' is an alias of nowplaying.
    expect(searchCommandsToDisable('np', []).map((c) => c.commandName)).not.toContain('nowplaying');
  });

  it('knows which fields each toggle needs', () => {
    const d = defaultSettings();
    expect(missingRequiredFields('antinuke', d.antinuke)).toEqual([]);
    expect(missingRequiredFields('autorole', d.autorole)).toEqual(['roleID']);
    expect(missingRequiredFields('reactionrole', { ...d.reactionrole, roleID: ROLES.dj.id })).toEqual(['messageID']);
    expect(missingRequiredFields('ticket', d.ticket)).toEqual(['messageID', 'staffRoleID']);
    expect(missingRequiredFields('starboard', { ...d.starboard, starboardChannel: '500000000000001004' })).toEqual([]);
  });

  it('switches a section off when a required field is cleared', () => {
    const on = applySettingChange(defaultSettings(), 'logs', 'channelID', '500000000000001010');
    const enabled = applySettingChange(on, 'logs', 'enabled', true);
    expect(applySettingChange(enabled, 'logs', 'channelID', null).logs).toEqual({ ...defaultSettings().logs, enabled: false, channelID: null });
    expect(applySettingChange(enabled, 'antinuke', 'whitelist', []).logs.enabled).toBe(true);
  });

  it('parses updates strictly and names the field', () => {
    const ok = parseSettingUpdate({ serverID: GUILD, section: 'antinuke', key: 'whitelist', value: ['100000000000000002', '100000000000000002'] });
    // Vitest types its asymmetric matchers as `any`.
    const update: unknown = expect.objectContaining({ value: ['100000000000000002'], kind: 'userIds' });
    expect(ok).toEqual({ ok: true, update });
    expect(parseSettingUpdate({ serverID: GUILD, section: 'antinuke', key: 'nope', value: 1 })).toMatchObject({ ok: false, field: 'key' });
    expect(parseSettingUpdate({ serverID: GUILD, section: 'antinuke', key: 'whitelist', value: ['x'] })).toMatchObject({ ok: false, field: 'value[0]' });
    expect(parseSettingUpdate({ serverID: GUILD, section: 'x', key: 'enabled', value: true })).toMatchObject({ ok: false, field: 'section' });
    expect(parseSettingUpdate({ serverID: GUILD, section: 'antimp3', key: 'enabled', value: true, more: 1 })).toMatchObject({ ok: false, field: 'more' });
    expect(parseSettingUpdate({ serverID: GUILD, section: 'ticket', key: 'messageID', value: '' })).toMatchObject({ ok: true, update: { value: null } });
  });

  it('reads comma-separated user ids', () => {
    expect(parseIdList(' 1, 2 ,,3\n4 ')).toEqual(['1', '2', '3', '4']);
    expect(parseIdList('  ')).toEqual([]);
  });
});

// Rendering the page and typing into it take seconds on a busy machine.
describe('settings page', { timeout: 15_000 }, () => {
  it('shows the login prompt when logged out', () => {
    renderPage(fixture(), false);
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByText('Kenji Lounge')).toBeNull();
  });

  it('opens on an overview: every module of the spec as a card with its state, each the way to its own address', () => {
    renderPage(fixture({ antimp3: { enabled: true }, jail: { jailChannel: '500000000000001001' }, autorole: { enabled: false, roleID: ROLES.dj.id } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Kenji Lounge' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to servers/ }).getAttribute('href')).toBe('/servers');
    const overview = screen.getByRole('region', { name: 'Modules' });
    const cards = within(overview)
      .getAllByRole('listitem')
      .map((card) => [
        within(card).getByRole('link').textContent,
        within(card).getByRole('link').getAttribute('href'),
        // A module ready to switch shows its switch; the others their state.
        within(card).queryByRole('switch')?.getAttribute('aria-checked') === 'true'
          ? 'switch on'
          : card.querySelector('[role=switch]')
            ? 'switch off'
            : card.querySelector('[data-status]')?.textContent,
      ]);
    expect(cards).toEqual([
      ['Anti-Nuke', `/server/${GUILD}/anti-nuke`, 'switch off'],
      ['Anti-MP3', `/server/${GUILD}/anti-mp3`, 'switch on'],
      ['Auto-Role', `/server/${GUILD}/auto-role`, 'switch off'],
      ['Welcome Message', `/server/${GUILD}/welcome-message`, 'Needs setup'],
      ['Jail', `/server/${GUILD}/jail`, 'Set'],
      ['Logs', `/server/${GUILD}/logs`, 'Needs setup'],
      ['Reaction Role', `/server/${GUILD}/reaction-role`, 'Needs setup'],
      ['Starboard', `/server/${GUILD}/starboard`, 'Needs setup'],
      ['Disabled Commands', `/server/${GUILD}/disabled-commands`, 'None'],
      ['Ticket', `/server/${GUILD}/ticket`, 'Needs setup'],
    ]);
    // A module that needs setup says what, in the switch's own words; its link is described by it.
    const ticket = within(overview).getByRole('link', { name: 'Ticket' });
    expect(document.getElementById(ticket.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Set a message ID and a staff role to enable Ticket.',
    );
    expect(within(overview).getByText('1 of 8 switched on')).toBeTruthy();
    // The overview holds no module's fields: only the switches of the three modules ready to switch.
    expect(screen.getAllByRole('switch').map((toggle) => toggle.getAttribute('aria-label'))).toEqual([
      'Anti-Nuke module',
      'Anti-MP3 module',
      'Auto-Role module',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/License expires/)).toBeNull();
  });

  it('switches a module on and off from its card, saving only its `enabled`', async () => {
    const start = fixture({ antimp3: { enabled: true }, autorole: { enabled: false, roleID: ROLES.dj.id } });
    const server = fakeServer(start);
    renderPage(start);
    const overview = screen.getByRole('region', { name: 'Modules' });
    fireEvent.click(within(overview).getByRole('switch', { name: 'Auto-Role module' }));
    await waitFor(() => expect(within(overview).getByRole('switch', { name: 'Auto-Role module' }).getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(within(overview).getByRole('switch', { name: 'Anti-MP3 module' }));
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted.map(({ section, key, value }) => [section, key, value])).toEqual([
      ['autorole', 'enabled', true],
      ['antimp3', 'enabled', false],
    ]);
    // Auto-Role on, Anti-MP3 off: still one of eight, the other one.
    await waitFor(() => expect(within(overview).getByRole('switch', { name: 'Anti-MP3 module' }).getAttribute('aria-checked')).toBe('false'));
    expect(within(overview).getByText('1 of 8 switched on')).toBeTruthy();
  });

  it("says a refused value's reason in the field's own sentence, without the API's field prefix", async () => {
    const start = fixture();
    fakeServer(start, { status: 400, error: "value: this server has no emoji named 'pepe'." });
    renderPage(start, true, 'reaction-role');
    const field = screen.getByLabelText('Emoji name', { exact: true });
    fireEvent.change(field, { target: { value: 'pepe' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toContain("Could not save Reaction Role emoji name: this server has no emoji named 'pepe'.");
  });

  it('keeps a refused value as typed, marked invalid, offers no Retry and does not send it again unchanged', async () => {
    const start = fixture({ reactionrole: { ...defaultSettings().reactionrole, emojiName: 'vinyl' } });
    const server = fakeServer(start, { status: 400, error: "value: this server has no emoji named 'pepe'." });
    renderPage(start, true, 'reaction-role');
    const field = screen.getByLabelText<HTMLInputElement>('Emoji name', { exact: true });
    fireEvent.change(field, { target: { value: 'pepe' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    // The owner corrects what they typed: it is not put back to the stored 'vinyl'.
    expect(field.value).toBe('pepe');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(within(alert).queryByRole('button')).toBeNull();
    fireEvent.blur(field);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(server.posted).toHaveLength(1);
    // Escape puts the stored value back; a new value is sent.
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('vinyl');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(field, { target: { value: 'pepe2' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(server.posted).toHaveLength(2));
  });

  it('says how a save ended right under the field, above what the field draws below it (the emoji picker, the preview)', async () => {
    const follows = (earlier: Element, later: Element) => (earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const start = fixture();
    fakeServer(start, { status: 400, error: "value: this server has no emoji named 'pepe'." });
    const { unmount } = renderPage(start, true, 'reaction-role');
    const emoji = screen.getByLabelText('Emoji name', { exact: true });
    fireEvent.change(emoji, { target: { value: 'pepe' } });
    fireEvent.keyDown(emoji, { key: 'Enter' });
    const refusal = await screen.findByRole('alert');
    expect(follows(emoji, refusal)).toBe(true);
    // The first emoji picker is the field's own (the pairs below have theirs).
    expect(follows(refusal, screen.getAllByRole('button', { name: 'Choose an emoji' })[0] as HTMLElement)).toBe(true);
    unmount();

    fakeServer(start, { status: 503, error: 'Answer 503.' });
    renderPage(start, true, 'welcome-message');
    const region = screen.getByRole('region', { name: 'Welcome Message' });
    const message = within(region).getByRole('textbox', { name: 'Message' });
    fireEvent.change(message, { target: { value: 'Hello {user.mention}' } });
    fireEvent.blur(message);
    const failure = await within(region).findByRole('alert');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(follows(message, failure)).toBe(true);
    expect(follows(failure, within(region).getByTestId('welcome-preview'))).toBe(true);
  });

  it('a 403 is a refusal too (no Retry); a 429 or a 503 may pass on a retry', async () => {
    for (const [status, retry] of [
      [403, false],
      [400, false],
      [429, true],
      [503, true],
      [408, true],
    ] as const) {
      const start = fixture({ autorole: { enabled: false, roleID: ROLES.listeners.id } });
      fakeServer(start, { status, error: `Answer ${status}.` });
      const { unmount } = renderPage(start, true, 'auto-role');
      const region = screen.getByRole('region', { name: 'Auto-Role' });
      await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Role' }), ROLES.dj.id);
      const alert = await within(region).findByRole('alert');
      expect(alert.textContent).toContain(`Answer ${status}.`);
      expect(within(alert).queryByRole('button', { name: 'Retry' }) !== null).toBe(retry);
      unmount();
    }
  });

  it('puts a switch back and says why when its save fails', async () => {
    const start = fixture();
    fakeServer(start, { status: 502, error: 'Discord is not answering properly right now. Please try again shortly.' });
    renderPage(start);
    const overview = screen.getByRole('region', { name: 'Modules' });
    fireEvent.click(within(overview).getByRole('switch', { name: 'Anti-Nuke module' }));
    expect((await within(overview).findByRole('alert')).textContent).toContain('Discord is not answering properly');
    expect(within(overview).getByRole('switch', { name: 'Anti-Nuke module' }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows one module per address, and the navigation moves between them and back to the overview', async () => {
    const { location } = renderPage(fixture(), true, 'logs');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Logs']);
    const nav = screen.getByRole('navigation', { name: 'Server settings' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent.replace(/\(.*\)$/, ''))).toEqual([
      'Overview',
      'Anti-Nuke',
      'Anti-MP3',
      'Auto-Role',
      'Welcome Message',
      'Jail',
      'Logs',
      'Reaction Role',
      'Starboard',
      'Disabled Commands',
      'Ticket',
    ]);
    expect(within(nav).getByRole('link', { name: /^Logs/ }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: /^Logs/ }).textContent).toBe('Logs(Needs setup)');
    expect(document.title).toBe('Logs · Kenji Lounge | ServerManager');
    await userEvent.click(within(nav).getByRole('link', { name: /^Jail/ }));
    expect(location.history.at(-1)).toBe(`/server/${GUILD}/jail`);
    expect(document.title).toBe('Jail · Kenji Lounge | ServerManager');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Jail']);
    expect(within(nav).getByRole('link', { name: /^Jail/ }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Overview' }));
    expect(location.history.at(-1)).toBe(`/server/${GUILD}`);
    expect(screen.getByRole('region', { name: 'Modules' })).toBeTruthy();
    expect(document.title).toBe('Kenji Lounge | ServerManager');
  });

  it('renders the module list once: the phone disclosure and the wide sidebar are the same list', () => {
    renderPage(fixture(), true, 'logs');
    const nav = screen.getByRole('navigation', { name: 'Server settings' });
    expect(within(nav).getAllByRole('link', { name: /^Logs/ })).toHaveLength(1);
    expect(nav.querySelectorAll('details > .module-nav-list > ul')).toHaveLength(1);
  });

  it('on a phone the navigation is one disclosure that names where you are, and a choice closes it', async () => {
    renderPage(fixture(), true, 'auto-role');
    const phone = screen.getByRole('navigation', { name: 'Server settings' });
    const details = phone.querySelector('details') as HTMLDetailsElement;
    const summary = phone.querySelector('summary') as HTMLElement;
    expect(summary.textContent).toBe('Section: Auto-Role(Needs setup)');
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    await userEvent.click(summary);
    await userEvent.click(within(phone).getByRole('link', { name: /^Starboard/ }));
    expect(details.open).toBe(false);
    expect(summary.textContent).toBe('Section: Starboard(Needs setup)');
  });

  it.each(['antinuke', 'no-such-module', 'anti-nuke-2'])('an address naming no module (%s) is the 404 page', (module) => {
    renderPage(fixture(), true, module);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it('pauses every change while its Discord data is a last known copy, and says so; live data leaves it editable', () => {
    const asOf = Date.UTC(2026, 10, 24, 9, 30);
    const stale = renderPage(fixture({ stale: true, asOf }), true, 'anti-mp3');
    expect(screen.getByText(/^Discord is not answering; showing data as of 9:30 AM UTC\. Changes are paused until Discord answers again\.$/)).toBeTruthy();
    // Disabled through their fieldset (a real browser disables every control inside).
    expect(screen.getByRole('switch', { name: 'Enable Anti-MP3' }).closest('fieldset')?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Whitelist this server' })).toBeNull();
    stale.unmount();
    const staleOverview = renderPage(fixture({ stale: true, asOf }));
    // A copy can be downloaded; nothing that would change the settings is offered.
    expect(screen.getByRole('link', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy settings from/ })).toBeNull();
    expect(screen.queryByText(/Members with these roles can open this server/)).toBeNull();
    staleOverview.unmount();
    const live = renderPage(fixture(), true, 'anti-mp3');
    expect(screen.getByRole('switch', { name: 'Enable Anti-MP3' }).closest('fieldset')?.disabled).toBe(false);
    expect(screen.queryByText(/Changes are paused/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Whitelist this server' })).toBeTruthy();
    live.unmount();
    renderPage(fixture());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Import/ }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Copy settings from/ }).disabled).toBe(false);
  });

  it("a server the user may not open says why and how to get in, from the server's first paint, without fetching", () => {
    const fetcher = vi.fn(() => new Promise<never>(() => undefined));
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD }} />, {
      path: `/server/${GUILD}`,
      fetcher,
      fallback: { ...AUTH, [`/api/server-settings?serverID=${GUILD}#denied`]: { code: 'BOT_NOT_IN_SERVER', error: 'The bot is not in this server yet.' } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'The bot is not in this server yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add bot' }).getAttribute('href')).toBe(`/api/invite?guild_id=${GUILD}`);
    expect(fetcher.mock.calls.map(([key]: unknown[]) => key)).not.toContain(`/api/server-settings?serverID=${GUILD}`);
  });

  it.each([
    ['NO_ACCESS', "You can't open this server's settings", 'Page Not Found', false],
    ['FORBIDDEN', 'Page Not Found', "You can't open this server's settings", true],
  ])('a 403 %s fetched on the client shows %s', async (code, shown, absent, notFound) => {
    const fetcher = vi.fn(() => Promise.reject(new ApiClientError(403, code, 'No.', { error: 'No.', code })));
    document.title = 'Server Settings | ServerManager';
    renderWithApp(<ServerSettingsPage params={{ serverId: GUILD }} />, { path: `/server/${GUILD}`, fetcher, fallback: AUTH });
    expect(await screen.findByRole('heading', { level: 1, name: shown })).toBeTruthy();
    // No settings, no server name: the title stays the page's own.
    expect(document.title).toBe('Server Settings | ServerManager');
    expect(screen.queryByRole('heading', { level: 1, name: absent })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add bot' })).toBeNull();
    expect(screen.queryByText('Return to Home') !== null).toBe(notFound);
  });

  it('shows the licence expiry date, and marks an expired one', () => {
    const { unmount } = renderPage(fixture({ whitelist: { expiresAt: Date.UTC(2031, 4, 6), active: true } }));
    expect(screen.getByTestId('licence-expiry').textContent).toBe('License expires: May 6, 2031');
    unmount();
    renderPage(fixture({ whitelist: { expiresAt: Date.UTC(2020, 0, 1), active: false } }));
    expect(screen.getByTestId('licence').textContent).toContain('Expired');
  });

  it('a switch that needs a field says what is missing, and turning it on takes you there; it turns on once the field is saved', async () => {
    const server = fakeServer(fixture({ reactionrole: { ...defaultSettings().reactionrole, roleID: ROLES.dj.id } }));
    const { location } = renderPage(server.stored(), true, 'reaction-role');
    const toggle = screen.getByRole<HTMLButtonElement>('switch', { name: 'Enable Reaction Role' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // One action from any state: the switch is never a dead control.
    expect(toggle.disabled).toBe(false);
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Set a message ID to enable Reaction Role.');
    await userEvent.click(toggle);
    // Nothing is stored yet: the intent is in the address, and the focus is on what is missing.
    expect(server.posted).toEqual([]);
    expect(location.history.at(-1)).toBe(`/server/${GUILD}/reaction-role?enable=1`);
    const messageId = screen.getByRole('textbox', { name: 'Message ID' });
    expect(document.activeElement).toBe(messageId);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Set a message ID to enable Reaction Role. It turns on as soon as you do.',
    );
    await userEvent.type(messageId, '600000000000000001{Enter}');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    // The field, then the switch, in that order.
    expect(server.posted).toEqual([
      { serverID: GUILD, section: 'reactionrole', key: 'messageID', value: '600000000000000001', expected: null },
      { serverID: GUILD, section: 'reactionrole', key: 'enabled', value: true, expected: false },
    ]);
    expect(location.history.at(-1)).toBe(`/server/${GUILD}/reaction-role`);
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    expect(server.stored().reactionrole.enabled).toBe(true);
  });

  it('the intent survives a reload (it is in the address), waits for every field the switch needs, and a second click takes it back', async () => {
    const server = fakeServer(fixture());
    const { location } = renderPage(server.stored(), true, 'ticket?enable=1');
    const toggle = screen.getByRole('switch', { name: 'Enable Ticket' });
    expect(screen.getByText('Set a message ID and a staff role to enable Ticket. It turns on as soon as you do.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Staff role' }), ROLES.mods.id);
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    // One of two fields: still off, still waiting.
    expect(server.posted.map((p) => p.key)).toEqual(['staffRoleID']);
    expect(screen.getByText('Set a message ID to enable Ticket. It turns on as soon as you do.')).toBeTruthy();
    await userEvent.click(toggle);
    expect(location.history.at(-1)).toBe(`/server/${GUILD}/ticket`);
    expect(screen.getByText('Set a message ID to enable Ticket.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message ID' }), '600000000000000002{Enter}');
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    // Taken back: the field is saved and the module stays off, its switch now free to turn on.
    expect(server.posted.map((p) => p.key)).toEqual(['staffRoleID', 'messageID']);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeNull();
  });

  it('a reader sees a read-only switch, not one that takes them anywhere', () => {
    renderPage(fixture({ access: 'read' }), true, 'auto-role');
    const toggle = screen.getByRole<HTMLButtonElement>('switch', { name: 'Enable Auto-Role' });
    expect(toggle.closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText(/^Read-only\./)).toBeTruthy();
    expect(screen.queryByText('Every change is saved as soon as you make it.')).toBeNull();
  });

  it('lists roles without @everyone and managed roles; roles above the bot are disabled where the bot assigns them', () => {
    const autoRole = renderPage(fixture(), true, 'auto-role');
    const autorole = within(screen.getByRole('region', { name: 'Auto-Role' })).getByRole('combobox', { name: 'Role' });
    const options = within(autorole).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => o.textContent)).toEqual(['None', 'Lounge Staff (above the bot)', 'Moderators (above the bot)', 'DJ', 'Listeners']);
    expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual([ROLES.staff.id, ROLES.mods.id]);
    autoRole.unmount();
    renderPage(fixture(), true, 'ticket');
    const staff = within(screen.getByRole('region', { name: 'Ticket' })).getByRole('combobox', { name: 'Staff role' });
    expect(
      within(staff)
        .getAllByRole<HTMLOptionElement>('option')
        .filter((o) => o.disabled),
    ).toHaveLength(0);
  });

  it('a placeholder goes in at the caret, and what is typed next follows it at once', async () => {
    renderPage(fixture(), true, 'welcome-message');
    const region = screen.getByRole('region', { name: 'Welcome Message' });
    const text = within(region).getByRole('textbox', { name: 'Message' });
    if (!(text instanceof HTMLTextAreaElement)) throw new Error('the message is a textarea');
    await userEvent.clear(text);
    await userEvent.type(text, 'Hi ');
    fireEvent.click(within(region).getByRole('button', { name: '{user.mention}' }));
    const typeAtCaret = (typed: string) => {
      const { value, selectionStart, selectionEnd } = text;
      fireEvent.input(text, { target: { value: `${value.slice(0, selectionStart)}${typed}${value.slice(selectionEnd)}` } });
      text.setSelectionRange(selectionStart + typed.length, selectionStart + typed.length);
    };
    // Keys right after the click, then a frame, then more keys: the caret must not jump back after the placeholder.
    typeAtCaret(', ');
    await new Promise((frame) => requestAnimationFrame(frame));
    typeAtCaret('enjoy');
    expect(text.value).toBe('Hi {user.mention}, enjoy');
    expect(document.activeElement).toBe(text);
  });

  it('lists text channels only, grouped under their categories', () => {
    renderPage(fixture(), true, 'logs');
    const select = within(screen.getByRole('region', { name: 'Logs' })).getByRole('combobox', { name: 'Channel' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '#welcome', '#general', '#mod-log']);
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groups).toEqual([
      ['Lounge', ['#general']],
      ['Staff', ['#mod-log']],
    ]);
  });

  it('saves a select at once, shows Saving…, then shows the server answer', async () => {
    const server = fakeServer(fixture());
    server.gate.hold = true;
    renderPage(fixture(), true, 'auto-role');
    const region = screen.getByRole('region', { name: 'Auto-Role' });
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Role' }), ROLES.dj.id);
    expect(server.posted).toEqual([{ serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.dj.id, expected: null }]);
    await waitFor(() => expect(within(region).getByText('Saving…')).toBeTruthy());
    // Optimistic: the select already shows the choice and the toggle became available.
    expect(within(region).getByRole<HTMLSelectElement>('combobox', { name: 'Role' }).value).toBe(ROLES.dj.id);
    expect(within(region).getByRole<HTMLButtonElement>('switch').disabled).toBe(false);
    act(() => server.release());
    await waitFor(() => expect(within(region).queryByText('Saving…')).toBeNull());
    await userEvent.click(within(region).getByRole('switch', { name: 'Enable Auto-Role' }));
    await waitFor(() => expect(within(region).getByRole('switch').getAttribute('aria-checked')).toBe('true'));
    expect(server.posted.at(-1)).toEqual({ serverID: GUILD, section: 'autorole', key: 'enabled', value: true, expected: false });
  });

  it('a second edit of a field while its first save is in flight expects the first value, and stays shown when the answers come back out of order', async () => {
    let stored = fixture();
    const posted: PostedUpdate[] = [];
    const answers: (() => void)[] = [];
    // Per save, in the order sent: set once the page has read the body of its answer.
    const read: boolean[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url !== '/api/update-server-settings') return Response.json({ entries: [] });
        const body = jsonBody(init) as PostedUpdate;
        const index = posted.push(body) - 1;
        read[index] = false;
        // The server applies each save in the order it gets them; the answers are held and let go in any order.
        stored = applySettingChange(stored, body.section as never, body.key, body.value);
        const answer = stored;
        await new Promise<void>((resolve) => answers.push(resolve));
        const response = Response.json(answer);
        const json = response.json.bind(response);
        response.json = async () => {
          const parsed: unknown = await json();
          read[index] = true;
          return parsed;
        };
        return response;
      }),
    );
    renderPage(fixture(), true, 'auto-role');
    const select = within(screen.getByRole('region', { name: 'Auto-Role' })).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, ROLES.dj.id);
    await userEvent.selectOptions(select, ROLES.listeners.id);
    expect(posted).toEqual([
      { serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.dj.id, expected: null },
      { serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.listeners.id, expected: ROLES.dj.id },
    ]);
    act(() => answers[1]?.());
    await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
    act(() => answers[0]?.());
    // The late answer has reached the page, and all that follows from it has run, before the check that it changed nothing.
    await waitFor(() => expect(read[0]).toBe(true));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    expect(select.value).toBe(ROLES.listeners.id);
  });

  it('reverts a failed save to the stored value, says why under the field, and Retry sends it again', async () => {
    const start = fixture({ autorole: { enabled: false, roleID: ROLES.listeners.id } });
    fakeServer(start, { status: 502, error: 'Discord is not answering properly right now. Please try again shortly.' });
    renderPage(start, true, 'auto-role');
    const region = screen.getByRole('region', { name: 'Auto-Role' });
    const select = within(region).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, ROLES.dj.id);
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('Could not save Auto-Role role: Discord is not answering properly right now. Please try again shortly.');
    await waitFor(() => expect(select.value).toBe(ROLES.listeners.id));

    // Discord is back: Retry sends the same value, the error goes and 'Saved ✓' shows.
    const server = fakeServer(start);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(select.value).toBe(ROLES.dj.id));
    expect(server.posted).toEqual([{ serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.dj.id, expected: ROLES.listeners.id }]);
    expect(within(region).queryByRole('alert')).toBeNull();
    await within(region).findByText('Saved ✓');
  });

  it('a conflict shows the other editor’s value and who changed it; Keep mine sends mine against theirs', async () => {
    const start = fixture({ autorole: { enabled: false, roleID: ROLES.listeners.id } });
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const body = jsonBody(init);
        bodies.push(body);
        if (bodies.length === 1) {
          const conflict = {
            error: 'Role was changed',
            code: 'CONFLICT',
            current: ROLES.staff.id,
            changedBy: 'Demo Admin',
            changedAt: Date.UTC(2026, 0, 1, 14, 2),
          };
          return Promise.resolve(new Response(JSON.stringify(conflict), { status: 409 }));
        }
        const saved = applySettingChange(start, 'autorole', 'roleID', ROLES.dj.id);
        return Promise.resolve(new Response(JSON.stringify(saved), { status: 200 }));
      }),
    );
    renderPage(start, true, 'auto-role');
    const region = screen.getByRole('region', { name: 'Auto-Role' });
    const select = within(region).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, ROLES.dj.id);
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('Demo Admin changed this at');
    await waitFor(() => expect(select.value).toBe(ROLES.staff.id));
    await userEvent.click(within(alert).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(select.value).toBe(ROLES.dj.id));
    expect(bodies).toEqual([
      { serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.dj.id, expected: ROLES.listeners.id },
      { serverID: GUILD, section: 'autorole', key: 'roleID', value: ROLES.dj.id, expected: ROLES.staff.id },
    ]);
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('Use theirs keeps the other editor’s value and clears the notice', async () => {
    const start = fixture({ autorole: { enabled: false, roleID: ROLES.listeners.id } });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'x', code: 'CONFLICT', current: ROLES.staff.id, changedBy: null, changedAt: null }), { status: 409 }),
        ),
      ),
    );
    renderPage(start, true, 'auto-role');
    const region = screen.getByRole('region', { name: 'Auto-Role' });
    const select = within(region).getByRole<HTMLSelectElement>('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, ROLES.dj.id);
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('Someone changed this while you were editing');
    await userEvent.click(within(alert).getByRole('button', { name: 'Use theirs' }));
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(select.value).toBe(ROLES.staff.id);
  });

  it('a pasted message link is sent as pasted, and the field shows its id', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'reaction-role');
    const region = screen.getByRole('region', { name: 'Reaction Role' });
    const link = 'https://discord.com/channels/300000000000000001/500000000000001004/600000000000000001';
    await userEvent.type(within(region).getByRole('textbox', { name: 'Message ID' }), `${link}{Enter}`);
    await waitFor(() => expect(within(region).queryByText('Saving…')).toBeNull());
    // The Worker keeps its id and, for the link back, its channel.
    expect(server.posted.at(-1)).toEqual({ serverID: GUILD, section: 'reactionrole', key: 'messageID', value: link, expected: null });
    expect(within(region).getByRole<HTMLInputElement>('textbox', { name: 'Message ID' }).value).toBe('600000000000000001');
  });

  it('saves text on blur or Enter only when it changed, never per keystroke', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'reaction-role');
    const input = within(screen.getByRole('region', { name: 'Reaction Role' })).getByRole('textbox', { name: 'Message ID' });
    await userEvent.type(input, '600000000000000001');
    expect(server.posted).toHaveLength(0);
    await userEvent.tab();
    expect(server.posted).toEqual([{ serverID: GUILD, section: 'reactionrole', key: 'messageID', value: '600000000000000001', expected: null }]);
    await userEvent.click(input);
    await userEvent.tab();
    expect(server.posted).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Server settings' });
    await userEvent.click(within(nav).getByRole('link', { name: /^Ticket/ }));
    const emoji = within(screen.getByRole('region', { name: 'Ticket' })).getByRole('textbox', { name: 'Emoji' });
    await userEvent.type(emoji, '🎫{Enter}');
    expect(server.posted.at(-1)).toEqual({ serverID: GUILD, section: 'ticket', key: 'emojiName', value: '🎫', expected: null });
    await userEvent.tab();
    expect(server.posted).toHaveLength(2);
  });

  it('saves a message id and an emoji trimmed, and a field emptied to spaces as cleared (null)', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'ticket');
    const region = screen.getByRole('region', { name: 'Ticket' });
    const emoji = within(region).getByRole('textbox', { name: 'Emoji' });
    await userEvent.type(emoji, '  🎫  {Enter}');
    expect(server.posted.at(-1)).toEqual({ serverID: GUILD, section: 'ticket', key: 'emojiName', value: '🎫', expected: null });
    await waitFor(() => expect(within(region).queryByText('Saving…')).toBeNull());
    expect(emoji).toHaveProperty('value', '🎫');
    // The same emoji with spaces again: nothing to save, and the field shows it as stored.
    await userEvent.type(emoji, '{Home}  {Enter}');
    expect(server.posted).toHaveLength(1);
    expect(emoji).toHaveProperty('value', '🎫');
    await userEvent.clear(emoji);
    await userEvent.type(emoji, '   {Enter}');
    expect(server.posted.at(-1)).toEqual({ serverID: GUILD, section: 'ticket', key: 'emojiName', value: null, expected: '🎫' });
    const messageId = within(region).getByRole('textbox', { name: 'Message ID' });
    await userEvent.type(messageId, ' 600000000000000001 {Enter}');
    expect(server.posted.at(-1)).toMatchObject({ section: 'ticket', key: 'messageID', value: '600000000000000001' });
  });

  it('keeps an emoji with an invisible character unsent and says which character to remove', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'ticket');
    const emoji = within(screen.getByRole('region', { name: 'Ticket' })).getByRole('textbox', { name: 'Emoji' });
    await userEvent.type(emoji, 'tic\u200Bket{Enter}');
    expect(server.posted).toEqual([]);
    const problem = 'Remove the invisible character U+200B (zero width space): it would not show in Discord.';
    expect(screen.getByText(problem).id).toBe(emoji.getAttribute('aria-describedby')?.split(' ')[0]);
    await userEvent.clear(emoji);
    await userEvent.type(emoji, '👨‍👩‍👧{Enter}');
    expect(server.posted).toEqual([{ serverID: GUILD, section: 'ticket', key: 'emojiName', value: '👨‍👩‍👧', expected: null }]);
    expect(screen.queryByText(problem)).toBeNull();
  });

  it('takes pasted anti-nuke user IDs with Enter and sends a list; each is a chip that removes it', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'anti-nuke');
    const input = screen.getByRole('combobox', { name: 'Search members to add to trusted members' });
    await userEvent.type(input, '100000000000000002,100000000000000003{Enter}');
    expect(server.posted).toEqual([
      { serverID: GUILD, section: 'antinuke', key: 'whitelist', value: ['100000000000000002', '100000000000000003'], expected: [] },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 100000000000000002' }));
    expect(server.posted.at(-1)).toMatchObject({ key: 'whitelist', value: ['100000000000000003'] });
  });

  it('disabled commands: search, Enter adds the first match, duplicates ignored, × removes', async () => {
    const server = fakeServer(fixture());
    renderPage(fixture(), true, 'disabled-commands');
    const search = screen.getByRole('searchbox', { name: 'Search commands' });
    expect(screen.queryByRole('list', { name: 'Matching commands' })).toBeNull();
    await userEvent.type(search, 'BAN');
    const matches = within(screen.getByRole('list', { name: 'Matching commands' })).getAllByRole('button');
    const expected = searchCommandsToDisable('BAN', []).map((c) => c.commandName);
    expect(expected.length).toBeGreaterThan(1);
    expect(matches.map((m) => m.getAttribute('aria-label'))).toEqual(expected.map((name) => `Disable ${name}`));
    await userEvent.type(search, '{Enter}');
    expect(server.posted.at(-1)).toMatchObject({ section: 'serverDisabledCommands', key: 'commandNames', value: [expected[0]] });
    await waitFor(() => expect(screen.getByRole('button', { name: `Remove ${expected[0]}` })).toBeTruthy());
    // Already disabled: no longer offered.
    await userEvent.type(search, expected[0] ?? '');
    expect(
      within(screen.queryByRole('list', { name: 'Matching commands' }) ?? document.createElement('ul')).queryByRole('button', {
        name: `Disable ${expected[0]}`,
      }),
    ).toBeNull();
    await userEvent.clear(search);
    await userEvent.type(search, 'kick');
    await userEvent.click(screen.getByRole('button', { name: 'Disable kick' }));
    await waitFor(() => expect(server.stored().serverDisabledCommands.commandNames).toEqual([expected[0], 'kick']));
    await userEvent.click(screen.getByRole('button', { name: `Remove ${expected[0]}` }));
    await waitFor(() => expect(server.stored().serverDisabledCommands.commandNames).toEqual(['kick']));
    expect(screen.queryByRole('button', { name: `Remove ${expected[0]}` })).toBeNull();
    expect(COMMANDS.some((c) => c.commandName === 'kick')).toBe(true);
  });

  it("disabled commands: the categories read as the catalogue's page names them, and choosing one lists its commands", async () => {
    renderPage(fixture(), true, 'disabled-commands');
    const browse = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Browse by category' });
    expect([...browse.options].map((option) => option.textContent)).toEqual(['All categories', 'LastFM', 'Fun', 'Info', 'Moderation', 'Utility']);
    await userEvent.selectOptions(browse, 'Moderation');
    const listed = within(screen.getByRole('list', { name: 'Matching commands' })).getAllByRole('button');
    expect(listed).toHaveLength(COMMANDS.filter((c) => c.category === 'moderation').length);
  });
});

describe('license banner', () => {
  const OTHER = '300000000000000002';
  const whitelistState = (entries: { serverID: string; active: boolean }[]) => ({
    servers: entries.map((e) => e.serverID),
    entries: entries.map((e) => ({ ...e, serverName: 'Glaive Studio', expiresAt: Date.UTC(2030, 0, 1), adminMade: false })),
    limit: 1,
    used: entries.length,
    licensed: [],
    licences: [],
    supportUrl: 'https://support.example/join',
  });
  function renderUnlicensed(entries: { serverID: string; active: boolean }[], fetched: string[] = []) {
    return renderWithApp(<ServerSettingsPage params={{ serverId: GUILD }} />, {
      path: `/server/${GUILD}`,
      fetcher: (key) => {
        fetched.push(key);
        return new Promise<never>(() => undefined);
      },
      fallback: {
        ...AUTH,
        [`/api/server-settings?serverID=${GUILD}`]: fixture({ whitelist: { expiresAt: null, active: false } }),
        '/api/allowed-servers': [
          { id: GUILD, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage' },
          { id: OTHER, name: 'Glaive Studio', icon: null, users: 17, access: 'manage' },
        ],
        '/api/whitelisted-servers': whitelistState(entries),
      },
    });
  }

  it("an owner without any whitelisted server gets the 'No Whitelisted Servers' notice on the page, with support and Close", async () => {
    renderUnlicensed([{ serverID: OTHER, active: false }]);
    const notice = screen.getByRole('region', { name: 'No Whitelisted Servers' });
    expect(within(notice).getByRole('link', { name: 'Join the support community' }).getAttribute('href')).toBe('https://support.example/join');
    // The settings are still there to look at.
    expect(screen.getByRole('heading', { name: 'Anti-Nuke' })).toBeTruthy();
    await userEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'No Whitelisted Servers' })).toBeNull();
    expect(screen.getByTestId('licence').textContent).toBe('License: Not licensedWhitelist this server');
  });

  it("'Whitelist this server' opens the whitelist with this server chosen, and a success reloads the settings", async () => {
    const fetched: string[] = [];
    renderUnlicensed([], fetched);
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${url}`);
        const body = url === '/api/add-whitelisted-server' || url === '/api/whitelisted-servers' ? whitelistState([{ serverID: GUILD, active: true }]) : {};
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Whitelist this server' }));
    const dialog = screen.getByRole('dialog', { name: 'Manage Whitelist' });
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Kenji Lounge/ }).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Server' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toContain('POST /api/add-whitelisted-server');
    expect(fetched).toContain(`/api/server-settings?serverID=${GUILD}`);
  });

  it('an owner with another whitelisted server sees the badge and its button, without the notice', () => {
    renderUnlicensed([{ serverID: OTHER, active: true }]);
    expect(screen.queryByRole('region', { name: 'No Whitelisted Servers' })).toBeNull();
    const licence = screen.getByTestId('licence');
    expect(licence.textContent).toContain('Not licensed');
    expect(within(licence).getByRole('button', { name: 'Whitelist this server' })).toBeTruthy();
  });

  it('an expired license: the badge, its date, and renewing as a button to the support server; a reader sees the state only', () => {
    const expired = fixture({ whitelist: { expiresAt: Date.UTC(2026, 0, 15), active: false } });
    const { unmount } = renderPage(expired);
    const licence = screen.getByTestId('licence');
    expect(licence.textContent).toBe('License: ExpiredLicense expires: January 15, 2026Renew through the support server');
    expect(within(licence).getByRole('link', { name: 'Renew through the support server' }).getAttribute('href')).toBe('https://discord.gg/servermanager');
    unmount();
    renderPage({ ...expired, access: 'read' });
    expect(screen.getByTestId('licence').textContent).toBe('License: ExpiredLicense expires: January 15, 2026');
  });

  it('an active license: the badge and its date, nothing to do', () => {
    renderPage(fixture({ whitelist: { expiresAt: Date.UTC(2030, 0, 15), active: true } }));
    expect(screen.getByTestId('licence').textContent).toBe('License: ActiveLicense expires: January 15, 2030');
    expect(within(screen.getByTestId('licence')).queryByRole('link')).toBeNull();
  });

  it('the badge says Active, Expires in N days (from 14 days before the end), Expired or Not licensed', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const day = 24 * 60 * 60 * 1000;
    const at = (expiresAt: number | null, active = true) => licenceBadge({ expiresAt, active }, now);
    expect(at(now + 15 * day)).toEqual({ tone: 'active', text: 'Active' });
    expect(at(now + 14 * day)).toEqual({ tone: 'expiring', text: 'Expires in 14 days' });
    expect(at(now + 14 * day - 1)).toEqual({ tone: 'expiring', text: 'Expires in 14 days' });
    expect(at(now + 2 * day)).toEqual({ tone: 'expiring', text: 'Expires in 2 days' });
    expect(at(now + 1)).toEqual({ tone: 'expiring', text: 'Expires in 1 day' });
    expect(at(now)).toEqual({ tone: 'expiring', text: 'Expires today' });
    expect(at(now - day, false)).toEqual({ tone: 'expired', text: 'Expired' });
    expect(at(null, false)).toEqual({ tone: 'none', text: 'Not licensed' });
  });
});

describe('server switcher', () => {
  it('lists the user’s other servers and opens the one chosen', async () => {
    const { location } = renderWithApp(<ServerSettingsPage params={{ serverId: GUILD }} />, {
      path: `/server/${GUILD}`,
      fallback: {
        ...AUTH,
        [`/api/server-settings?serverID=${GUILD}`]: fixture(),
        '/api/allowed-servers': [
          { id: GUILD, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage' },
          { id: '300000000000000002', name: 'Glaive Studio', icon: null, users: 17, access: 'manage' },
        ],
      },
    });
    const switcher = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Switch server' });
    expect(switcher.value).toBe(GUILD);
    await userEvent.selectOptions(switcher, '300000000000000002');
    expect(location.history.at(-1)).toBe('/server/300000000000000002');
  });

  it('keeps the module in view when switching from a module', async () => {
    const { location } = renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module: 'logs' }} />, {
      path: `/server/${GUILD}/logs`,
      fallback: {
        ...AUTH,
        [`/api/server-settings?serverID=${GUILD}`]: fixture(),
        '/api/allowed-servers': [
          { id: GUILD, name: 'Kenji Lounge', icon: null, users: 42, access: 'manage' },
          { id: '300000000000000002', name: 'Glaive Studio', icon: null, users: 17, access: 'manage' },
        ],
      },
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Switch server' }), '300000000000000002');
    expect(location.history.at(-1)).toBe('/server/300000000000000002/logs');
  });
});
