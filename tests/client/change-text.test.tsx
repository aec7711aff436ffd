import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecentChanges } from '../../src/client/features/settings/RecentChanges';
import { changeTexts, DIFF_CONTEXT, DIFF_MAX_CHANGED, differingWindows, MISSING_CHANNEL } from '../../src/client/features/settings/change-text';
import { loadSettingsChecks } from '../../src/client/features/settings/settings-checks';
import type { SettingsAuditEntry } from '../../src/shared/settings/index';
import { renderWithApp } from './helpers/render-with-app';
import { kenjiSettings } from './helpers/settings-fixture';

// The words of a value come from the registry's checks, which the page loads once it is interactive.
beforeAll(async () => {
  await loadSettingsChecks();
});

const WELCOME = '500000000000001001';
const GONE = '500000000000009999';
const settings = kenjiSettings({ channels: [{ id: WELCOME, name: 'welcome', type: 0, parent_id: null, position: 0 }] });

// 24 characters of context, at most 48 changed: the spec of the window, as literals.
const intro = 'Welcome to Kenji Lounge, we are glad you are here. Please read the rules in #rules and pick your roles in #roles';

describe('a long text shows where it differs', () => {
  it('two texts that differ past the excerpt show the differing stretch with ellipses, not the same start twice', () => {
    const before = `${intro}. Have fun and say hi!`;
    const after = `${intro}. Have fun and say hello!`;
    const { before: from, after: to } = changeTexts({ section: 'welcomemessage', key: 'message', oldValue: before, newValue: after }, settings);
    expect(from).not.toBe(to);
    expect(from).toBe('“…oles. Have fun and say hi!”');
    expect(to).toBe('“…oles. Have fun and say hello!”');
  });

  it('keeps 24 characters before the difference and at most 48 changed ones and 24 after', () => {
    const a = `${'a'.repeat(100)}${'b'.repeat(100)}`;
    const b = `${'a'.repeat(100)}${'c'.repeat(100)}`;
    const [from, to] = differingWindows(a, b);
    expect(DIFF_CONTEXT).toBe(24);
    expect(DIFF_MAX_CHANGED).toBe(48);
    expect(from).toBe(`“…${'a'.repeat(24)}${'b'.repeat(48 + 24)}…”`);
    expect(to).toBe(`“…${'a'.repeat(24)}${'c'.repeat(48 + 24)}…”`);
  });

  it('no ellipsis where a text does not go on: a difference at the very start, or at the very end', () => {
    expect(differingWindows(`X${'a'.repeat(100)}`, `Y${'a'.repeat(100)}`)).toEqual([`“X${'a'.repeat(24)}…”`, `“Y${'a'.repeat(24)}…”`]);
    expect(differingWindows(`${'a'.repeat(100)}X`, 'a'.repeat(100))).toEqual([`“…${'a'.repeat(24)}X”`, `“…${'a'.repeat(24)}”`]);
  });

  it('exactly 24 characters before the difference: no ellipsis; 25: one', () => {
    expect(differingWindows(`${'a'.repeat(24)}X`, `${'a'.repeat(24)}Y`)).toEqual([`“${'a'.repeat(24)}X”`, `“${'a'.repeat(24)}Y”`]);
    expect(differingWindows(`${'a'.repeat(25)}X`, `${'a'.repeat(25)}Y`)).toEqual([`“…${'a'.repeat(24)}X”`, `“…${'a'.repeat(24)}Y”`]);
  });

  it('a line break shows, so a text that changed only in its lines is told apart; an emoji is never cut', () => {
    const a = `${'a'.repeat(90)} one two`;
    const b = `${'a'.repeat(90)}\none two`;
    expect(changeTexts({ section: 'welcomemessage', key: 'message', oldValue: a, newValue: b }, settings)).toEqual({
      before: `“…${'a'.repeat(24)} one two”`,
      after: `“…${'a'.repeat(24)}↵one two”`,
    });
    const [, withEmoji] = differingWindows(`${'🎉'.repeat(30)}x`, `${'🎉'.repeat(30)}y`);
    expect(withEmoji).toBe(`“…${'🎉'.repeat(24)}y”`);
  });

  it('short texts show whole, as before', () => {
    expect(changeTexts({ section: 'welcomemessage', key: 'message', oldValue: 'Hi', newValue: 'Hello' }, settings)).toEqual({
      before: '“Hi”',
      after: '“Hello”',
    });
  });
});

describe('a channel shows by name', () => {
  it('names a channel of the server, and says when the server has no such channel', () => {
    expect(changeTexts({ section: 'logs', key: 'channelID', oldValue: GONE, newValue: WELCOME }, settings)).toEqual({
      before: MISSING_CHANNEL,
      after: '#welcome',
    });
    expect(MISSING_CHANNEL).toBe('a channel not in this server');
    expect(changeTexts({ section: 'logs', key: 'channelID', oldValue: null, newValue: WELCOME }, settings)).toEqual({ before: 'none', after: '#welcome' });
  });
});

describe('the Recent changes list', () => {
  it('shows the differing stretch and channel names in its rows', async () => {
    const entry = (id: number, over: Partial<SettingsAuditEntry>): SettingsAuditEntry => ({
      id,
      userId: '100000000000000002',
      userName: 'Demo Owner',
      section: 'welcomemessage',
      key: 'message',
      oldValue: null,
      newValue: null,
      createdAt: Date.UTC(2026, 10, 20, 12, id),
      ...over,
    });
    const entries = [
      entry(2, { oldValue: `${intro}. Have fun and say hi!`, newValue: `${intro}. Have fun and say hello!` }),
      entry(1, { section: 'logs', key: 'channelID', oldValue: GONE, newValue: WELCOME }),
    ];
    renderWithApp(<RecentChanges serverId={settings.id} settings={settings} />, {
      fetcher: () => Promise.resolve({ entries, next: null, users: [] }),
    });
    await userEvent.click(screen.getByText('Recent changes'));
    const rows = within(await screen.findByRole('list', { name: 'Recent changes' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('from “…oles. Have fun and say hi!” → to “…oles. Have fun and say hello!”');
    expect(rows[1]?.textContent).toContain(`from ${MISSING_CHANNEL} → to #welcome`);
  });
});
