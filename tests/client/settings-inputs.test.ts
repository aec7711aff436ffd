import { describe, expect, it } from 'vitest';
import type { Command } from '../../src/shared/commands-types';
import { messageIdFromInput, searchCommandsToDisable } from '../../src/shared/settings';

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
