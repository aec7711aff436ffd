// The modules' own fields (issue 23 §1): welcome text, starboard threshold and emoji, log events, message links,
// the server's emoji; through save, validation, defaults, audit and revert, export and import, and the bot API.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { recordsOfExport } from '../../scripts/legacy-import/records';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import type { SettingsDocument, SettingsImportResponse } from '../../src/shared/settings/transfer';
import { stringMatching } from './helpers/expect-helpers';
import { GUILDS } from './helpers/login';
import { kenjiSettingsAsOwner } from './helpers/kenji-settings';
import { call, postJson } from './helpers/request';

const GENERAL = '500000000000001004';
const MESSAGE = '600000000000000001';
const LINK = `https://discord.com/channels/${GUILDS.kenjiLounge}/${GENERAL}/${MESSAGE}`;
const ALL_EVENTS = ['messageEdit', 'messageDelete', 'memberJoin', 'memberLeave', 'moderation', 'roleChange', 'channelChange'];

const { owner: ownerCookie, set, settings, audit, rowCount } = kenjiSettingsAsOwner();

describe('a never-saved server', () => {
  it('has the modules’ defaults, its member count and its own emoji', async () => {
    const answer = await settings();
    expect(answer.welcomemessage.message).toBe('Welcome to {server}, {user.mention}! You are member #{memberCount}.');
    expect(answer.starboard).toMatchObject({ threshold: 3, emoji: '⭐' });
    expect(answer.logs.events).toEqual(ALL_EVENTS);
    expect(answer.reactionrole).toMatchObject({ messageID: null, messageChannelID: null });
    expect(answer.memberCount).toBe(1284);
    // Sorted by name; one the server lost with its boost level is listed as unavailable.
    expect(answer.emojis.map((emoji) => [emoji.name, emoji.animated, emoji.available])).toEqual([
      ['kenji_wave', false, true],
      ['lofi_cat', true, true],
      ['night_owl', false, true],
      ['old_badge', false, false],
      ['vinyl', false, true],
    ]);
  });
});

describe('validation at the edges, refused as {error, code} with nothing written', () => {
  it('welcome text: 2,000 characters save, 2,001 do not', async () => {
    expect((await set('welcomemessage', 'message', 'a'.repeat(2000))).status).toBe(200);
    const refused = await set('welcomemessage', 'message', 'b'.repeat(2001));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 'INVALID_INPUT', error: 'value: must be at most 2,000 characters' });
    expect((await settings()).welcomemessage.message).toBe('a'.repeat(2000));
    expect((await set('welcomemessage', 'message', '   ')).status).toBe(400);
  });

  it('welcome text keeps its line breaks and refuses invisible characters', async () => {
    expect((await set('welcomemessage', 'message', 'Hi {user}\r\nWelcome!')).status).toBe(200);
    expect((await settings()).welcomemessage.message).toBe('Hi {user}\nWelcome!');
    expect((await set('welcomemessage', 'message', 'Hi\u202E{user}')).status).toBe(400);
  });

  it('starboard threshold: 1 and 100 save; 0, 101, 2.5 and "3" do not', async () => {
    for (const value of [1, 100]) expect((await set('starboard', 'threshold', value)).status, String(value)).toBe(200);
    for (const value of [0, 101, 2.5, '3', null]) {
      const res = await set('starboard', 'threshold', value);
      expect(res.status, String(value)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: 'value: must be a whole number from 1 to 100' });
    }
    expect((await settings()).starboard.threshold).toBe(100);
  });

  it('starboard emoji: a server emoji or a unicode one; never cleared', async () => {
    expect((await set('starboard', 'emoji', 'kenji_wave')).status).toBe(200);
    expect((await set('starboard', 'emoji', '🎉')).status).toBe(200);
    expect((await set('starboard', 'emoji', '')).status).toBe(400);
    expect((await settings()).starboard.emoji).toBe('🎉');
  });

  it('log events: known keys only, kept in one order without repeats', async () => {
    expect((await set('logs', 'events', ['roleChange', 'messageEdit', 'roleChange'])).status).toBe(200);
    expect((await settings()).logs.events).toEqual(['messageEdit', 'roleChange']);
    expect((await set('logs', 'events', [])).status).toBe(200);
    expect((await settings()).logs.events).toEqual([]);
    expect((await set('logs', 'events', ['voiceJoin'])).status).toBe(400);
    expect((await settings()).logs.events).toEqual([]);
  });
});

describe('message links', () => {
  it('a pasted link is stored as its message id, with its channel for the link back, in one audited save', async () => {
    for (const host of ['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com']) {
      const res = await set('ticket', 'messageID', `https://${host}/channels/${GUILDS.kenjiLounge}/${GENERAL}/${MESSAGE}`);
      expect(res.status, host).toBe(200);
      expect((await res.json<ServerSettingsResponse>()).ticket).toMatchObject({ messageID: MESSAGE, messageChannelID: GENERAL });
    }
    expect((await audit()).entries.map((entry) => [entry.key, entry.newValue])).toEqual([
      ['messageChannelID', GENERAL],
      ['messageID', MESSAGE],
    ]);
    // A bare id names no channel: the old one would link to the wrong place.
    const bare = await set('ticket', 'messageID', '600000000000000002');
    expect((await bare.json<ServerSettingsResponse>()).ticket).toMatchObject({ messageID: '600000000000000002', messageChannelID: null });
  });

  it("refuses a link to another server's message, or to a direct message, and writes nothing", async () => {
    for (const guild of [GUILDS.glaiveStudio, '@me']) {
      const res = await set('reactionrole', 'messageID', `https://discord.com/channels/${guild}/${GENERAL}/${MESSAGE}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'INVALID_INPUT',
        error: stringMatching(/^value: That link is to a (message in another server|direct message)/),
      });
    }
    expect(await rowCount()).toBe(0);
  });

  it('Revert puts back the earlier message with its channel', async () => {
    await set('reactionrole', 'messageID', LINK);
    await set('reactionrole', 'messageID', '600000000000000002');
    const change = (await audit()).entries.find((entry) => entry.key === 'messageID' && entry.newValue === '600000000000000002');
    const res = await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: change?.id }, { cookie: ownerCookie() });
    expect(res.status).toBe(200);
    expect((await res.json<ServerSettingsResponse>()).reactionrole).toMatchObject({ messageID: MESSAGE, messageChannelID: GENERAL });
  });
});

describe('audit and revert of the new fields', () => {
  it('records the threshold change and reverts it', async () => {
    await set('starboard', 'threshold', 7);
    const [change] = (await audit()).entries;
    expect(change).toMatchObject({ section: 'starboard', key: 'threshold', oldValue: 3, newValue: 7 });
    const res = await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: change?.id }, { cookie: ownerCookie() });
    expect((await res.json<ServerSettingsResponse>()).starboard.threshold).toBe(3);
  });
});

describe('export and import', () => {
  it('exports the new fields and imports them through the same checks', async () => {
    await set('starboard', 'threshold', 12);
    await set('logs', 'events', ['moderation']);
    const exported = await (await call(`/api/server-settings/export?serverID=${GUILDS.kenjiLounge}`, { cookie: ownerCookie() })).json<SettingsDocument>();
    expect(exported.settings.starboard).toMatchObject({ threshold: 12, emoji: '⭐' });
    expect(exported.settings.logs).toMatchObject({ events: ['moderation'] });
    // Glaive Studio has an emoji named 'glaive', and none named 'vinyl' (that one is Kenji Lounge's).
    const document = {
      ...exported,
      settings: { starboard: { threshold: 101, emoji: 'glaive' }, reactionrole: { emojiName: 'vinyl' }, welcomemessage: { message: 'Hello {user}' } },
    };
    const res = await postJson('/api/server-settings/import', { serverID: GUILDS.glaiveStudio, document, dryRun: false }, { cookie: ownerCookie() });
    expect(res.status).toBe(200);
    const result = await res.json<SettingsImportResponse>();
    expect(result.skipped).toEqual([
      { section: 'starboard', key: 'threshold', reason: 'value: must be a whole number from 1 to 100' },
      { section: 'reactionrole', key: 'emojiName', reason: "This server has no emoji named 'vinyl'." },
    ]);
    expect(result.changes.map((change) => `${change.section}.${change.key}`).sort()).toEqual(['starboard.emoji', 'welcomemessage.message']);
  });
});

describe('the bot API', () => {
  it('answers the new fields, and its OpenAPI document states their bounds', async () => {
    await set('reactionrole', 'messageID', LINK);
    const bot = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } });
    const { settings: values } = await bot.json<{ settings: Record<string, Record<string, unknown>> }>();
    expect(values.starboard).toMatchObject({ threshold: 3, emoji: '⭐' });
    expect(values.logs?.events).toEqual(ALL_EVENTS);
    expect(values.reactionrole).toMatchObject({ messageID: MESSAGE, messageChannelID: GENERAL });
    const openapi = await (
      await call('/api/bot/openapi.json', { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } })
    ).json<{
      components: { schemas: { BotGuild: { properties: { settings: { properties: Record<string, { properties: Record<string, unknown> }> } } } } };
    }>();
    const modules = openapi.components.schemas.BotGuild.properties.settings.properties;
    expect(modules.starboard?.properties.threshold).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(modules.welcomemessage?.properties.message).toMatchObject({ type: 'string', maxLength: 2000 });
    expect(modules.logs?.properties.events).toMatchObject({ type: 'array' });
  });
});

describe('the legacy import', () => {
  it('keeps the defaults for fields the old documents did not have, and reads an old message id', () => {
    const old = JSON.stringify({ guildID: GUILDS.kenjiLounge, starboard: { enabled: false, starboardChannel: GENERAL }, reactionrole: { messageID: MESSAGE } });
    const [record] = recordsOfExport(old);
    expect(record).toMatchObject({ kind: 'settings', rejected: [] });
    const values = record?.kind === 'settings' ? record.values.map((value) => `${value.section}.${value.key}`) : [];
    // Only what the document holds is written: threshold, emoji and the rest stay at their defaults.
    expect(values.sort()).toEqual(['reactionrole.messageID', 'starboard.enabled', 'starboard.starboardChannel']);
  });
});
