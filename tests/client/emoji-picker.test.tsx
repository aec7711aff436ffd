import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ServerSettingsPage from './helpers/server-settings-page';
import { applySettingChange, type ServerSettingsResponse, type SettingsEmoji } from '../../src/shared/settings/index';
import { jsonBody } from './helpers/expect-helpers';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

const GUILD = '300000000000000001';
const AUTH = { authenticated: true, user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null }, isAdmin: false };

/** Kenji Lounge's emoji as the fake Discord lists them: a still one, an animated one, one lost with a boost level. */
const EMOJIS: SettingsEmoji[] = [
  { id: '700000000000001001', name: 'kenji_wave', animated: false, available: true },
  { id: '700000000000001003', name: 'lofi_cat', animated: true, available: true },
  { id: '700000000000001005', name: 'old_badge', animated: false, available: false },
];

interface Posted {
  section: string;
  key: string;
  value: unknown;
}

function renderReactionRole(over: Partial<ServerSettingsResponse> = {}) {
  let stored = kenjiSettings({ emojis: EMOJIS, ...over });
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url !== '/api/update-server-settings') return new Promise<never>(() => undefined);
      const body = jsonBody(init) as Posted;
      posted.push(body);
      stored = applySettingChange(stored, 'reactionrole', body.key, body.value);
      return Promise.resolve(Response.json(stored));
    }),
  );
  renderWithApp(<ServerSettingsPage params={{ serverId: GUILD, module: 'reaction-role' }} />, {
    path: `/server/${GUILD}/reaction-role`,
    fallback: { '/api/check-auth': AUTH, [`/api/server-settings?serverID=${GUILD}`]: stored },
  });
  return { posted };
}

// The spec's field (the first pair) comes before the row that adds another pair, which has a picker of its own.
const opener = () => screen.getAllByRole('button', { name: /^(Choose an emoji|Close emoji list)$/ })[0] as HTMLElement;
// The grid holds some 1,900 emoji: role queries over all of them are slow, so these look by selector, and
// check the roles and names they rely on.
function dialog(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[role="dialog"]');
  if (found?.getAttribute('aria-label') !== 'Choose an emoji') throw new Error('the picker is not open');
  return found;
}
const groupNamed = (name: string) =>
  [...dialog().querySelectorAll<HTMLElement>('[role="listbox"][aria-label="Emoji"] > [role="group"]')].find(
    (group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );
const groupNames = () =>
  [...dialog().querySelectorAll('[role="listbox"] > [role="group"]')].map(
    (group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
  );
const optionsOf = (name: string) => [...(groupNamed(name)?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
const optionNames = (group: string) => optionsOf(group).map((option) => option.getAttribute('aria-label'));
function searchBox(): HTMLInputElement {
  const found = dialog().querySelector<HTMLInputElement>('input[type="search"]');
  if (found?.getAttribute('aria-label') !== 'Search emoji') throw new Error('the picker has no search');
  return found;
}
/** Types the whole query at once (the picker searches on each change). */
const search = (query: string) => fireEvent.change(searchBox(), { target: { value: query } });
const option = (group: string, name: string) => optionsOf(group).find((candidate) => candidate.getAttribute('aria-label') === name);
/** Opens the picker and waits for Unicode's list (loaded on open). */
async function openPicker() {
  await userEvent.click(opener());
  await waitFor(() => expect(groupNamed('Smileys & emotion')).toBeTruthy(), { timeout: 10_000 });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the emoji picker of an emoji field', () => {
  it('opens to its search, the server’s usable emoji first (an animated one as its GIF), then every category', async () => {
    renderReactionRole();
    expect(opener().getAttribute('aria-expanded')).toBe('false');
    await openPicker();
    expect(opener().getAttribute('aria-expanded')).toBe('true');
    expect(opener().textContent).toBe('Close emoji list');
    expect(document.activeElement).toBe(searchBox());
    expect(groupNames()).toEqual([
      'This server',
      'Smileys & emotion',
      'People & body',
      'Animals & nature',
      'Food & drink',
      'Activities',
      'Travel & places',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    // old_badge needs a boost level the server lost: the bot cannot react with it, so it is not offered.
    expect(optionNames('This server')).toEqual([':kenji_wave:', ':lofi_cat:']);
    expect(optionsOf('This server').map((emoji) => emoji.querySelector('img')?.getAttribute('src'))).toEqual([
      'https://cdn.discordapp.com/emojis/700000000000001001.webp?size=48',
      'https://cdn.discordapp.com/emojis/700000000000001003.gif?size=48',
    ]);
    expect(optionNames('Smileys & emotion').slice(0, 2)).toEqual(['grinning face', 'grinning face with big eyes']);
  });

  it('a server emoji whose image does not load keeps its place, with its first letter', async () => {
    renderReactionRole();
    await openPicker();
    const [wave] = optionsOf('This server');
    fireEvent.error(wave?.querySelector('img') ?? dialog());
    expect(wave?.querySelector('img')).toBeNull();
    expect(wave?.textContent).toBe('k');
    expect(wave?.getAttribute('aria-label')).toBe(':kenji_wave:');
  });

  it('without usable server emoji, starts with Unicode’s', async () => {
    renderReactionRole({ emojis: [EMOJIS[2] as SettingsEmoji] });
    await openPicker();
    expect(groupNamed('This server')).toBeUndefined();
    expect(within(dialog()).queryByRole('button', { name: 'This server' })).toBeNull();
  });

  it('searches server emoji by name and Unicode’s by name and keyword, and Enter picks the best match', async () => {
    const { posted } = renderReactionRole();
    await openPicker();
    search('cat');
    expect(optionNames('This server')).toEqual([':lofi_cat:']);
    expect(optionNames('Emoji').slice(0, 2)).toEqual(['cat', 'cat with tears of joy']);
    search('zzzz');
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe('No emoji match “zzzz”.');
    search(':thumbs_up:');
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe(`${optionsOf('Emoji').length} emoji found`);
    await userEvent.keyboard('{Enter}');
    expect(posted).toEqual([expect.objectContaining({ section: 'reactionrole', key: 'emojiName', value: '👍' })]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('is worked by keyboard: down into the grid, arrows across and between sections, Enter picks, focus goes back', async () => {
    const { posted } = renderReactionRole();
    await openPicker();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(':kenji_wave:');
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(':lofi_cat:');
    // Down from the server's row to the first row of smileys, in the same column.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('grinning face with big eyes');
    // One tab stop in the grid: the focused emoji.
    expect([...dialog().querySelectorAll('[role="option"]')].filter((emoji) => (emoji as HTMLElement).tabIndex === 0)).toEqual([document.activeElement]);
    await userEvent.keyboard('{Enter}');
    expect(posted.map((update) => update.value)).toEqual(['😃']);
    expect(document.activeElement).toBe(opener());
  });

  it('picks a server emoji by its name, and marks the stored one', async () => {
    const { posted } = renderReactionRole();
    await openPicker();
    await userEvent.click(option('This server', ':lofi_cat:') ?? dialog());
    expect(posted.map((update) => update.value)).toEqual(['lofi_cat']);
    await openPicker();
    expect(option('This server', ':lofi_cat:')?.getAttribute('aria-selected')).toBe('true');
    expect(option('This server', ':kenji_wave:')?.getAttribute('aria-selected')).toBe('false');
  });

  it('Escape closes it without picking, and gives the focus back', async () => {
    const { posted } = renderReactionRole();
    await openPicker();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(posted).toEqual([]);
  });

  it('shows people in the skin tone chosen, and picks them so', async () => {
    const { posted } = renderReactionRole();
    await openPicker();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Skin tone: Default skin tone' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Medium skin tone' }));
    expect(within(dialog()).getByRole('button', { name: 'Skin tone: Medium skin tone' })).toBeTruthy();
    search('thumbs up');
    searchBox().focus();
    await userEvent.keyboard('{Enter}');
    expect(posted.map((update) => update.value)).toEqual(['👍🏽']);
  });

  it('has a button per category, one tab stop, the arrows moving along', async () => {
    renderReactionRole();
    await openPicker();
    const bar = within(dialog()).getByRole('toolbar', { name: 'Categories' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'This server',
      'Smileys & emotion',
      'People & body',
      'Animals & nature',
      'Food & drink',
      'Activities',
      'Travel & places',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    // One tab stop: the arrows move along the bar.
    expect(
      within(bar)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0),
    ).toHaveLength(1);
    within(bar).getAllByRole('button')[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Smileys & emotion');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Flags');
  });
});

describe('a reaction pair’s emoji, changed in place', () => {
  const DJ = '400000000000001002';
  const LISTENERS = '400000000000001001';
  const withPairs = (extraPairs: { emojiName: string; roleID: string }[]) =>
    renderReactionRole({ reactionrole: { ...kenjiSettings().reactionrole, emojiName: '⭐', roleID: LISTENERS, extraPairs } });
  async function change(emoji: string) {
    await userEvent.click(screen.getByRole('button', { name: `Change the emoji ${emoji}` }));
    await waitFor(() => expect(groupNamed('This server')).toBeTruthy(), { timeout: 10_000 });
  }

  it('saves the emoji picked for a pair, its role kept, and gives the focus back to the pair’s emoji', async () => {
    const { posted } = withPairs([
      { emojiName: '🎮', roleID: DJ },
      { emojiName: '🎵', roleID: LISTENERS },
    ]);
    await change('🎮');
    await userEvent.click(option('This server', ':kenji_wave:') as HTMLElement);
    expect(posted).toEqual([
      {
        serverID: GUILD,
        section: 'reactionrole',
        key: 'extraPairs',
        value: [
          { emojiName: 'kenji_wave', roleID: DJ },
          { emojiName: '🎵', roleID: LISTENERS },
        ],
        expected: [
          { emojiName: '🎮', roleID: DJ },
          { emojiName: '🎵', roleID: LISTENERS },
        ],
      },
    ]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Change the emoji kenji_wave'));
  });

  it('refuses an emoji another pair has, sending nothing', async () => {
    const { posted } = withPairs([
      { emojiName: '🎮', roleID: DJ },
      { emojiName: 'kenji_wave', roleID: LISTENERS },
    ]);
    await change('🎮');
    await userEvent.click(option('This server', ':kenji_wave:') as HTMLElement);
    expect(await screen.findByText('Each emoji can give one role: kenji_wave is already in a pair.')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
