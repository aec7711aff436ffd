import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import Commands from '../../src/client/pages/commands/page';
import { filterCommands } from '../../src/client/features/commands/command-search';
import { COMMANDS } from '../../src/shared/commands';
import { renderWithApp } from './helpers/render-with-app';

const renderPage = () => renderWithApp(<Commands />, { path: '/commands' });
const shownNames = () => screen.getAllByRole('listitem').map((li) => within(li).getAllByRole('button')[0]?.querySelector('code')?.textContent);

describe('filterCommands', () => {
  it('matches names and aliases case-insensitively and sorts by name', () => {
    const byAlias = filterCommands(COMMANDS, 'NP', 'All').map((c) => c.commandName);
    expect(byAlias).toContain('nowplaying');
    const all = filterCommands(COMMANDS, '', 'All').map((c) => c.commandName);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(all).toHaveLength(COMMANDS.length);
  });

  it('matches a name whatever its case, and a query with spaces around it (no alias of nowplaying contains it)', () => {
    expect(filterCommands(COMMANDS, '  NowPlay ', 'All').map((c) => c.commandName)).toEqual(['nowplaying']);
  });

  it('filters by category', () => {
    const mod = filterCommands(COMMANDS, '', 'moderation');
    expect(mod.length).toBeGreaterThan(0);
    expect(mod.every((c) => c.category === 'moderation')).toBe(true);
  });
});

describe('commands page', () => {
  it('lists every command sorted by name', () => {
    renderPage();
    const names = shownNames();
    expect(names).toHaveLength(COMMANDS.length);
    expect(names).toEqual([...names].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
  });

  it('searches names and aliases', async () => {
    renderPage();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search commands' }), 'wk');
    expect(shownNames()).toContain('whoknows');
  });

  it('filters by category, and All shows everything again', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'LastFM' }));
    expect(screen.getByRole('button', { name: 'LastFM' }).getAttribute('aria-pressed')).toBe('true');
    expect(shownNames().length).toBe(COMMANDS.filter((c) => c.category === 'LastFM').length);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(shownNames()).toHaveLength(COMMANDS.length);
  });

  it("labels every category chip in one casing, the bot's five categories after All", () => {
    renderPage();
    const chips = within(screen.getByRole('group', { name: 'Category' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All', 'LastFM', 'Fun', 'Info', 'Moderation', 'Utility']);
  });

  it('filters by a lower-case category through its label', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Moderation' }));
    expect(shownNames().length).toBe(COMMANDS.filter((c) => c.category === 'moderation').length);
    expect(shownNames().length).toBeGreaterThan(0);
  });

  it('says when nothing matches', async () => {
    renderPage();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search commands' }), 'zzzz');
    expect(screen.getByText('No commands found matching "zzzz"')).toBeTruthy();
  });

  it('expands a card to show syntax, example, cooldown, required arguments and category', async () => {
    renderPage();
    const ban = COMMANDS.find((c) => c.commandName === 'ban');
    expect(ban).toBeDefined();
    const card = screen.getAllByRole('listitem').find((li) => li.querySelector('code')?.textContent === 'ban');
    const toggle = within(card as HTMLElement).getAllByRole('button')[0] as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(card as HTMLElement);
    expect(details.getByText(ban?.syntax ?? '')).toBeTruthy();
    expect(details.getByText(ban?.example ?? '')).toBeTruthy();
    expect(details.getByText(`${ban?.cooldown} seconds`)).toBeTruthy();
    expect(details.getByText('Required arguments')).toBeTruthy();
  });
});
