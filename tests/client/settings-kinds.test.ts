import { describe, expect, it } from 'vitest';
import {
  applySettingChange,
  defaultSettings,
  describeValue,
  inputProblem,
  messageLinkProblem,
  messageParts,
  parseMessageLink,
  parseSettingUpdate,
  valueSchema,
} from '../../src/shared/settings/index';

const GUILD = '300000000000000001';
const OTHER = '300000000000000002';
const accepts = (section: Parameters<typeof valueSchema>[0], key: string, value: unknown) => valueSchema(section, key).safeParse(value).success;
const guild = { roles: [], channels: [{ id: '500000000000001004', name: 'general', type: 0, parent_id: null, position: 0 }] };

describe('fields carry their own bounds', () => {
  it('the welcome text: 2,000 characters fit, 2,001 do not, nor an empty one', () => {
    expect(accepts('welcomemessage', 'message', 'a'.repeat(2000))).toBe(true);
    expect(accepts('welcomemessage', 'message', 'a'.repeat(2001))).toBe(false);
    expect(accepts('welcomemessage', 'message', ' \n ')).toBe(false);
    expect(inputProblem('welcomemessage', 'message', 'a'.repeat(2001))).toBe('Write the message: 1 to 2,000 characters.');
    // Line breaks are part of a message; a bidirectional override is not.
    expect(valueSchema('welcomemessage', 'message').parse('Hi\r\n{user}')).toBe('Hi\n{user}');
    expect(inputProblem('welcomemessage', 'message', 'Hi\u202E')).toMatch(/^Remove the invisible character U\+202E/);
  });

  it('the starboard threshold: 1 to 100, whole numbers only', () => {
    for (const value of [1, 3, 100]) expect(accepts('starboard', 'threshold', value), String(value)).toBe(true);
    for (const value of [0, 101, -1, 2.5, Number.NaN, '3', null]) expect(accepts('starboard', 'threshold', value), String(value)).toBe(false);
    expect(inputProblem('starboard', 'threshold', 0)).toBe('Enter a whole number from 1 to 100.');
  });

  it('the starboard emoji cannot be cleared; the reaction role one can', () => {
    expect(accepts('starboard', 'emoji', '')).toBe(false);
    expect(accepts('starboard', 'emoji', 'vinyl')).toBe(true);
    expect(valueSchema('reactionrole', 'emojiName').parse('')).toBeNull();
  });

  it('log events: the listed keys, in their own order, without repeats', () => {
    expect(valueSchema('logs', 'events').parse(['roleChange', 'messageEdit', 'roleChange'])).toEqual(['messageEdit', 'roleChange']);
    expect(accepts('logs', 'events', ['voiceJoin'])).toBe(false);
    expect(accepts('logs', 'events', 'messageEdit')).toBe(false);
  });

  it('defaults of a never-saved guild come from the fields', () => {
    const d = defaultSettings();
    expect(d.starboard).toMatchObject({ threshold: 3, emoji: '⭐' });
    expect(d.logs.events).toHaveLength(7);
    expect(d.welcomemessage.message).toContain('{user.mention}');
  });
});

describe('message links', () => {
  const link = (host: string, guildId: string) => `https://${host}/channels/${guildId}/500000000000001004/600000000000000001`;

  it('reads discord.com, ptb., canary. and discordapp.com links into guild, channel and message', () => {
    for (const host of ['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com']) {
      expect(parseMessageLink(link(host, GUILD)), host).toEqual({ guildID: GUILD, channelID: '500000000000001004', messageID: '600000000000000001' });
    }
    expect(parseMessageLink('https://evil.com/channels/1/2/3')).toBeNull();
    expect(parseMessageLink('600000000000000001')).toBeNull();
  });

  it("refuses another server's message, and a direct message, with a sentence", () => {
    expect(messageLinkProblem(link('discord.com', GUILD), GUILD)).toBeNull();
    expect(messageLinkProblem(link('discord.com', OTHER), GUILD)).toBe(
      'That link is to a message in another server: paste the link of a message in this server.',
    );
    expect(messageLinkProblem(link('discord.com', '@me'), GUILD)).toMatch(/direct message/);
    const refused = parseSettingUpdate({ serverID: GUILD, section: 'ticket', key: 'messageID', value: link('discord.com', OTHER) });
    expect(refused).toMatchObject({ ok: false, field: 'value' });
  });

  it('a link saves as its id with its channel beside it; a bare id clears the channel', () => {
    const linked = applySettingChange(defaultSettings(), 'ticket', 'messageID', link('discord.com', GUILD));
    expect(linked.ticket).toMatchObject({ messageID: '600000000000000001', messageChannelID: '500000000000001004' });
    expect(applySettingChange(linked, 'ticket', 'messageID', '600000000000000002').ticket.messageChannelID).toBeNull();
    const parsed = parseSettingUpdate({ serverID: GUILD, section: 'ticket', key: 'messageID', value: link('discord.com', GUILD) });
    expect(parsed).toMatchObject({ ok: true, update: { value: '600000000000000001', companions: [{ key: 'messageChannelID', value: '500000000000001004' }] } });
  });
});

describe('the audit’s words for the new kinds', () => {
  it('names events, numbers, channels and a message’s start', () => {
    expect(describeValue('logs', 'events', ['memberJoin', 'moderation'], guild)).toBe('Joins, Moderation actions');
    expect(describeValue('logs', 'events', [], guild)).toBe('none');
    expect(describeValue('logs', 'events', defaultSettings().logs.events, guild)).toBe('all');
    expect(describeValue('starboard', 'threshold', 7, guild)).toBe('7');
    expect(describeValue('ticket', 'messageChannelID', '500000000000001004', guild)).toBe('#general');
    expect(describeValue('welcomemessage', 'message', `Hi\n${'x'.repeat(100)}`, guild)).toMatch(/^“Hi x+…”$/);
  });
});

describe('placeholders', () => {
  it('cuts a message where its placeholders are', () => {
    expect(messageParts('Hi {user.mention}, {memberCount}!{unknown}')).toEqual([
      { text: 'Hi ' },
      { placeholder: '{user.mention}' },
      { text: ', ' },
      { placeholder: '{memberCount}' },
      { text: '!{unknown}' },
    ]);
  });
});
