import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/shared/commands-types';
import {
  applySettingChange,
  defaultSettings,
  inputProblem,
  isAssignableRole,
  isSelectableRole,
  messageIdFromInput,
  missingRequiredFields,
  searchCommandsToDisable,
  type SettingsRole,
} from '../../src/shared/settings/index';

const command = (commandName: string): Command => ({
  commandName,
  aliases: [],
  description: '',
  syntax: '',
  example: '',
  cooldown: 0,
  reqargs: 0,
  category: 'moderation',
});
const catalogue = ['banner', 'unban', 'ban', 'banlist', 'kick'].map(command);
const names = (query: string, disabled: string[] = []) => searchCommandsToDisable(query, disabled, catalogue).map((c) => c.commandName);

describe('disabled-commands search ranking', () => {
  it('ranks the exact name first, then prefixes, then other substrings', () => {
    expect(names('ban')).toEqual(['ban', 'banlist', 'banner', 'unban']);
    expect(names('BAN')[0]).toBe('ban');
  });
  it('puts a prefix before a substring that sorts earlier, and reads the query trimmed', () => {
    const ranked = searchCommandsToDisable('  Ban ', [], ['abandon', 'banner', 'ban'].map(command)).map((c) => c.commandName);
    expect(ranked).toEqual(['ban', 'banner', 'abandon']);
  });
  it('keeps the spec: substring matches only, none for a blank query, disabled ones left out', () => {
    expect(names('ick')).toEqual(['kick']);
    expect(names('   ')).toEqual([]);
    expect(names('ban', ['ban'])).toEqual(['banlist', 'banner', 'unban']);
    expect(names('zzz')).toEqual([]);
  });
});

describe('message id input', () => {
  const ID = '600000000000000001';
  it.each([
    [ID, ID],
    [`  ${ID} `, ID],
    [`https://discord.com/channels/300000000000000001/500000000000001004/${ID}`, ID],
    [`https://ptb.discord.com/channels/300000000000000001/500000000000001004/${ID}/`, ID],
    [`https://canary.discordapp.com/channels/300000000000000001/500000000000001004/${ID}`, ID],
    [`https://discord.com/channels/@me/500000000000001004/${ID}`, ID],
  ])('%s → the message id', (input, expected) => {
    expect(messageIdFromInput(input)).toBe(expected);
  });
  it.each([
    'https://evil.example/channels/300000000000000001/500000000000001004/600000000000000001',
    'https://discord.com/channels/300000000000000001/600000000000000001',
    'https://discord.com/channels/300000000000000001/500000000000001004/1234',
    'not a link',
  ])('leaves %s as typed (the schema then refuses it)', (input) => {
    expect(messageIdFromInput(input)).toBe(input);
  });
});

describe('input problems, in an owner’s words, at the edges of each rule', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(100000000000000000n + BigInt(i)));
  it('user IDs: 17 and 20 digits pass; 16, 21 digits or a trailing letter do not; at most 100', () => {
    expect(inputProblem('antinuke', 'whitelist', ['12345678901234567', '12345678901234567890'])).toBeNull();
    for (const bad of ['1234567890123456', '123456789012345678901', '12345678901234567a']) {
      expect(inputProblem('antinuke', 'whitelist', [bad]), bad).toBe('Enter Discord user IDs: 17–20 digits, separated by commas.');
    }
    expect(inputProblem('antinuke', 'whitelist', ids(100))).toBeNull();
    expect(inputProblem('antinuke', 'whitelist', ids(101))).toBe('Enter at most 100 user IDs.');
  });
  it('message IDs: 17 to 20 digits, or nothing', () => {
    expect(inputProblem('ticket', 'messageID', '12345678901234567')).toBeNull();
    expect(inputProblem('ticket', 'messageID', null)).toBeNull();
    expect(inputProblem('ticket', 'messageID', '1234567890123456')).toBe('Enter a message ID (17–20 digits) or paste the message link.');
  });
  it('emoji: one Unicode emoji, or a name as Discord allows it (2 to 32 letters, digits or _)', () => {
    const problem = 'Enter one emoji, or the name of one of this server’s emoji (2–32 letters, digits or _).';
    for (const fine of ['xy', 'x'.repeat(32), 'night_owl', 'Pepe2', '⭐', '❤', '❤️', '🇫🇷', '👍🏽', '👨‍👩‍👧', '#️⃣'])
      expect(inputProblem('ticket', 'emojiName', fine)).toBeNull();
    for (const bad of ['x', 'x'.repeat(33), 'two words', 'kebab-case', ':vinyl:', 'é_name', '⭐⭐', 'a⭐', '#', '1']) {
      expect(inputProblem('ticket', 'emojiName', bad)).toBe(problem);
    }
  });
});

describe('roles the bot can assign', () => {
  const GUILD = '300000000000000001';
  const role = (position: number, managed = false): SettingsRole => ({ id: '400000000000000001', name: 'r', color: 0, position, managed });
  it('only below the bot’s highest role, never @everyone (position 0) nor an integration’s role', () => {
    expect(isAssignableRole(role(2), 3)).toBe(true);
    expect(isAssignableRole(role(3), 3)).toBe(false);
    expect(isAssignableRole(role(4), 3)).toBe(false);
    expect(isAssignableRole(role(1), 3)).toBe(true);
    expect(isAssignableRole(role(0), 3)).toBe(false);
    expect(isAssignableRole(role(2, true), 3)).toBe(false);
  });
  it('offers every role but @everyone and managed ones to pick', () => {
    expect(isSelectableRole(role(5), GUILD)).toBe(true);
    expect(isSelectableRole({ ...role(0), id: GUILD }, GUILD)).toBe(false);
    expect(isSelectableRole(role(1, true), GUILD)).toBe(false);
  });
});

describe('toggle rules as the page applies them (SPEC section 4)', () => {
  const ROLE = '400000000000000001';
  const enabledWithRole = () => {
    const settings = defaultSettings();
    return { ...settings, autorole: { ...settings.autorole, enabled: true, roleID: ROLE } };
  };
  it('keeps a module on when a required field changes to another value, and switches it off when the field is cleared', () => {
    expect(applySettingChange(enabledWithRole(), 'autorole', 'roleID', '400000000000000002').autorole).toEqual({
      enabled: true,
      roleID: '400000000000000002',
    });
    expect(applySettingChange(enabledWithRole(), 'autorole', 'roleID', null).autorole).toEqual({ enabled: false, roleID: null });
  });
  it('names exactly the required fields that are unset', () => {
    const settings = defaultSettings();
    expect(missingRequiredFields('reactionrole', settings.reactionrole)).toEqual(['roleID', 'messageID']);
    expect(missingRequiredFields('reactionrole', { ...settings.reactionrole, roleID: ROLE })).toEqual(['messageID']);
    expect(missingRequiredFields('autorole', { ...settings.autorole, roleID: ROLE })).toEqual([]);
  });
});
