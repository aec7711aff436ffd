/** The Welcome Message's embed, delivery and goodbye, and the Logs' channel per event, through the registry's kinds. */
import { describe, expect, it } from 'vitest';
import { applySettingChange, defaultSettings, describeValue, inputProblem, valueSchema, type ServerSettingsResponse } from '../../src/shared/settings/index';
import { EMBED_LIMITS } from '../../src/shared/discord-embed-limits';
import { colourHex, parseColourHex } from '../../src/shared/settings/colour';
import { isHttpsUrl } from '../../src/shared/settings/kinds-embed';
import { LOG_EVENTS } from '../../src/shared/settings/log-events';
import { settingKeys } from '../../src/shared/settings/registry';
import { isFieldShown } from '../../src/client/features/settings/field-shown';

const accepts = (section: 'welcomemessage' | 'logs', key: string, value: unknown) => valueSchema(section, key).safeParse(value).success;
const guild = { roles: [], channels: [{ id: '500000000000001004', name: 'general', type: 0, parent_id: null, position: 0 }] };

describe("Discord's embed limits, as literals", () => {
  it('the title: 256 characters fit, 257 do not; one line; empty clears it', () => {
    expect(EMBED_LIMITS.title).toBe(256);
    expect(accepts('welcomemessage', 'embedTitle', 'a'.repeat(256))).toBe(true);
    expect(accepts('welcomemessage', 'embedTitle', 'a'.repeat(257))).toBe(false);
    expect(accepts('welcomemessage', 'embedTitle', 'Hi\nthere')).toBe(false);
    expect(valueSchema('welcomemessage', 'embedTitle').parse('   ')).toBeNull();
    expect(accepts('welcomemessage', 'embedTitle', '\u2800')).toBe(false);
    expect(inputProblem('welcomemessage', 'embedTitle', 'a'.repeat(257))).toBe('Write one line of at most 256 characters, or leave it empty.');
  });

  it('the description: 4,096 characters fit, 4,097 do not, nor an empty one', () => {
    expect(accepts('welcomemessage', 'embedDescription', 'a'.repeat(4096))).toBe(true);
    expect(accepts('welcomemessage', 'embedDescription', 'a'.repeat(4097))).toBe(false);
    expect(accepts('welcomemessage', 'embedDescription', '')).toBe(false);
    expect(inputProblem('welcomemessage', 'embedDescription', 'a'.repeat(4097))).toBe('Write the message: 1 to 4,096 characters.');
  });

  it('title and description together stay within the 6,000 of a whole embed', () => {
    expect(EMBED_LIMITS.title + EMBED_LIMITS.description).toBeLessThanOrEqual(6000);
  });

  it('the colour: 0 to 16777215 (0xFFFFFF), whole', () => {
    expect(accepts('welcomemessage', 'embedColour', 0)).toBe(true);
    expect(accepts('welcomemessage', 'embedColour', 16777215)).toBe(true);
    expect(accepts('welcomemessage', 'embedColour', 16777216)).toBe(false);
    expect(accepts('welcomemessage', 'embedColour', -1)).toBe(false);
    expect(accepts('welcomemessage', 'embedColour', 1.5)).toBe(false);
    expect(accepts('welcomemessage', 'embedColour', '#5865F2')).toBe(false);
    expect(describeValue('welcomemessage', 'embedColour', 0x5865f2, guild)).toBe('#5865F2');
  });

  it('the image: an https address of at most 2,048 characters', () => {
    const base = 'https://cdn.discordapp.com/a/';
    expect(accepts('welcomemessage', 'embedImageURL', base + 'x'.repeat(2048 - base.length))).toBe(true);
    expect(accepts('welcomemessage', 'embedImageURL', base + 'x'.repeat(2049 - base.length))).toBe(false);
    expect(accepts('welcomemessage', 'embedImageURL', 'http://cdn.discordapp.com/a.png')).toBe(false);
    expect(accepts('welcomemessage', 'embedImageURL', 'javascript:alert(1)')).toBe(false);
    expect(accepts('welcomemessage', 'embedImageURL', 'cdn.discordapp.com/a.png')).toBe(false);
    expect(valueSchema('welcomemessage', 'embedImageURL').parse('')).toBeNull();
    expect(isHttpsUrl('https://a b.com/x.png')).toBe(false);
  });
});

describe('hex colours as typed', () => {
  it('reads #rrggbb, rrggbb and #rgb, and nothing else', () => {
    expect(parseColourHex('#5865f2')).toBe(0x5865f2);
    expect(parseColourHex('5865F2')).toBe(0x5865f2);
    expect(parseColourHex('#f80')).toBe(0xff8800);
    expect(parseColourHex('#5865f')).toBeNull();
    expect(parseColourHex('#5865f2a')).toBeNull();
    expect(parseColourHex('red')).toBeNull();
    expect(colourHex(0)).toBe('#000000');
    expect(colourHex(0xffffff)).toBe('#FFFFFF');
  });
});

describe('how the welcome is sent, and the goodbye', () => {
  it('a never-saved server keeps the old behaviour: plain text, in the channel, no goodbye', () => {
    const welcome = defaultSettings().welcomemessage;
    expect(welcome.delivery).toBe('channel');
    expect(welcome.format).toBe('text');
    expect(welcome.goodbyeChannelID).toBeNull();
    expect(welcome.embedTitle).toBeNull();
    expect(welcome.embedImageURL).toBeNull();
  });

  it('delivery and style are one of their options', () => {
    for (const value of ['channel', 'dm', 'both']) expect(accepts('welcomemessage', 'delivery', value)).toBe(true);
    expect(accepts('welcomemessage', 'delivery', 'everywhere')).toBe(false);
    expect(accepts('welcomemessage', 'format', 'embed')).toBe(true);
    expect(accepts('welcomemessage', 'format', 'html')).toBe(false);
    expect(describeValue('welcomemessage', 'delivery', 'dm', guild)).toBe('By direct message');
    expect(inputProblem('welcomemessage', 'delivery', 'x')).toBe('Choose one of the listed options.');
  });

  it('the goodbye text has its own 2,000 limit, and its channel is an id', () => {
    expect(accepts('welcomemessage', 'goodbyeMessage', 'a'.repeat(2000))).toBe(true);
    expect(accepts('welcomemessage', 'goodbyeMessage', 'a'.repeat(2001))).toBe(false);
    expect(accepts('welcomemessage', 'goodbyeChannelID', '500000000000001004')).toBe(true);
    expect(accepts('welcomemessage', 'goodbyeChannelID', 'general')).toBe(false);
  });

  it('the page shows the text or the embed fields by the style, and the goodbye text once its channel is set', () => {
    const text = defaultSettings().welcomemessage;
    expect(isFieldShown('welcomemessage', 'message', text)).toBe(true);
    expect(isFieldShown('welcomemessage', 'embedDescription', text)).toBe(false);
    expect(isFieldShown('welcomemessage', 'goodbyeMessage', text)).toBe(false);
    const embed = { ...text, format: 'embed', goodbyeChannelID: '500000000000001004' };
    expect(isFieldShown('welcomemessage', 'message', embed)).toBe(false);
    expect(isFieldShown('welcomemessage', 'embedDescription', embed)).toBe(true);
    expect(isFieldShown('welcomemessage', 'goodbyeMessage', embed)).toBe(true);
  });
});

describe('a channel per logged event', () => {
  it('one optional channel field per event, all unset by default', () => {
    const keys = settingKeys('logs');
    expect(LOG_EVENTS).toHaveLength(7);
    for (const event of LOG_EVENTS) {
      expect(keys).toContain(`${event.value}ChannelID`);
      expect(defaultSettings().logs[`${event.value}ChannelID` as 'moderationChannelID']).toBeNull();
    }
    expect(accepts('logs', 'moderationChannelID', '500000000000001004')).toBe(true);
    expect(accepts('logs', 'moderationChannelID', '12345')).toBe(false);
    expect(describeValue('logs', 'moderationChannelID', '500000000000001004', guild)).toBe('#general');
  });

  it("an event's channel shows while the event is logged", () => {
    const logs = defaultSettings().logs;
    expect(isFieldShown('logs', 'memberJoinChannelID', logs)).toBe(true);
    expect(isFieldShown('logs', 'memberJoinChannelID', { ...logs, events: ['moderation'] })).toBe(false);
  });

  it('clearing the default channel turns Logs off; an event channel does not', () => {
    const on = { ...defaultSettings(), logs: { ...defaultSettings().logs, enabled: true, channelID: '500000000000001004' } } as ServerSettingsResponse;
    expect(applySettingChange(on, 'logs', 'moderationChannelID', null).logs.enabled).toBe(true);
    expect(applySettingChange(on, 'logs', 'channelID', null).logs.enabled).toBe(false);
  });
});
