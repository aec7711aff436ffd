// Issue 37 §1: the welcome's embed, delivery and goodbye, and the Logs' channel per event, through save, the channel
// checks, audit and revert, export and import, the bot API and its OpenAPI document, and the legacy import.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { recordsOfExport } from '../../scripts/legacy-import/records';
import type { SettingsDocument, SettingsImportResponse } from '../../src/shared/settings/transfer';
import { stringMatching } from './helpers/expect-helpers';
import { GUILDS } from './helpers/login';
import { kenjiSettingsAsOwner } from './helpers/kenji-settings';
import { call, postJson } from './helpers/request';

const GENERAL = '500000000000001004';
const MOD_LOG = '500000000000001010';
const ANNOUNCEMENTS = '500000000000001003';
const LISTENING_ROOM = '500000000000001007';
const UNKNOWN_CHANNEL = '500000000000009999';

const { owner: ownerCookie, set, settings, audit, rowCount } = kenjiSettingsAsOwner();

describe('a never-saved server keeps the old welcome and one log channel', () => {
  it('plain text in the channel, no goodbye, no channel per event', async () => {
    const { welcomemessage, logs } = await settings();
    expect(welcomemessage).toMatchObject({ delivery: 'channel', format: 'text', embedTitle: null, embedColour: 0x5865f2, goodbyeChannelID: null });
    expect(logs).toMatchObject({ channelID: null, memberJoinChannelID: null, moderationChannelID: null });
  });
});

describe("Discord's limits at the edges, refused as {error, code} with nothing written", () => {
  it('embed title: 256 characters save, 257 do not', async () => {
    expect((await set('welcomemessage', 'embedTitle', 't'.repeat(256))).status).toBe(200);
    const refused = await set('welcomemessage', 'embedTitle', 'u'.repeat(257));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: 'INVALID_INPUT', error: 'value: must be at most 256 characters' });
    expect((await settings()).welcomemessage.embedTitle).toBe('t'.repeat(256));
  });

  it('embed description: 4,096 save, 4,097 do not', async () => {
    expect((await set('welcomemessage', 'embedDescription', 'd'.repeat(4096))).status).toBe(200);
    expect((await set('welcomemessage', 'embedDescription', 'e'.repeat(4097))).status).toBe(400);
    expect((await settings()).welcomemessage.embedDescription).toBe('d'.repeat(4096));
  });

  it('colour 0 and 16777215 save; 16777216 and "#fff" do not; an http image does not', async () => {
    expect((await set('welcomemessage', 'embedColour', 0)).status).toBe(200);
    expect((await set('welcomemessage', 'embedColour', 16777215)).status).toBe(200);
    expect((await set('welcomemessage', 'embedColour', 16777216)).status).toBe(400);
    expect((await set('welcomemessage', 'embedColour', '#fff')).status).toBe(400);
    expect((await set('welcomemessage', 'embedImageURL', 'http://example.com/a.png')).status).toBe(400);
    expect((await set('welcomemessage', 'delivery', 'everywhere')).status).toBe(400);
    expect((await settings()).welcomemessage.embedColour).toBe(16777215);
  });
});

describe('every channel reference is this server’s text channel', () => {
  it.each([
    ['goodbyeChannelID', 'welcomemessage', UNKNOWN_CHANNEL, /does not exist/],
    ['goodbyeChannelID', 'welcomemessage', LISTENING_ROOM, /not a text channel/],
    ['moderationChannelID', 'logs', ANNOUNCEMENTS, /not a text channel/],
    ['memberJoinChannelID', 'logs', UNKNOWN_CHANNEL, /does not exist/],
  ])('refuses %s of %s = %s', async (key, section, value, message) => {
    const res = await set(section, key, value);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE', error: stringMatching(message) });
    expect(await rowCount()).toBe(0);
  });

  it('saves a goodbye channel and an event’s own channel', async () => {
    expect((await set('welcomemessage', 'goodbyeChannelID', GENERAL)).status).toBe(200);
    expect((await set('logs', 'moderationChannelID', MOD_LOG)).status).toBe(200);
    const answer = await settings();
    expect(answer.welcomemessage.goodbyeChannelID).toBe(GENERAL);
    expect(answer.logs.moderationChannelID).toBe(MOD_LOG);
  });
});

describe('audit and revert', () => {
  it('records the style and an event channel, and reverts them', async () => {
    await set('welcomemessage', 'format', 'embed');
    await set('logs', 'moderationChannelID', MOD_LOG);
    const entries = (await audit()).entries;
    expect(entries.map((entry) => [entry.key, entry.oldValue, entry.newValue])).toEqual([
      ['moderationChannelID', null, MOD_LOG],
      ['format', 'text', 'embed'],
    ]);
    for (const entry of entries) await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: entry.id }, { cookie: ownerCookie() });
    const answer = await settings();
    expect(answer.welcomemessage.format).toBe('text');
    expect(answer.logs.moderationChannelID).toBeNull();
  });
});

describe('export and import', () => {
  it('carries the embed and the event channels; a channel the other server lacks is skipped', async () => {
    await set('welcomemessage', 'format', 'embed');
    await set('welcomemessage', 'embedColour', 0xed4245);
    await set('logs', 'moderationChannelID', MOD_LOG);
    const exported = await (await call(`/api/server-settings/export?serverID=${GUILDS.kenjiLounge}`, { cookie: ownerCookie() })).json<SettingsDocument>();
    expect(exported.settings.welcomemessage).toMatchObject({ format: 'embed', embedColour: 0xed4245 });
    expect(exported.settings.logs).toMatchObject({ moderationChannelID: MOD_LOG });
    const document = { ...exported, settings: { welcomemessage: { format: 'embed', embedColour: 0xed4245 }, logs: { moderationChannelID: MOD_LOG } } };
    const res = await postJson('/api/server-settings/import', { serverID: GUILDS.glaiveStudio, document, dryRun: false }, { cookie: ownerCookie() });
    const result = await res.json<SettingsImportResponse>();
    expect(result.skipped).toEqual([{ section: 'logs', key: 'moderationChannelID', reason: stringMatching(/does not exist/) }]);
    expect(result.changes.map((change) => `${change.section}.${change.key}`).sort()).toEqual(['welcomemessage.embedColour', 'welcomemessage.format']);
  });
});

describe('the bot API', () => {
  it('answers the new fields, and its OpenAPI document states their bounds and options', async () => {
    await set('welcomemessage', 'delivery', 'both');
    const auth = { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } };
    const { settings: values } = await (
      await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, auth)
    ).json<{ settings: Record<string, Record<string, unknown>> }>();
    expect(values.welcomemessage).toMatchObject({ delivery: 'both', format: 'text', goodbyeChannelID: null, embedColour: 0x5865f2 });
    expect(values.logs).toMatchObject({ channelID: null, channelChangeChannelID: null });
    const openapi = await (
      await call('/api/bot/openapi.json', auth)
    ).json<{
      components: { schemas: { BotGuild: { properties: { settings: { properties: Record<string, { properties: Record<string, unknown> }> } } } } };
    }>();
    const modules = openapi.components.schemas.BotGuild.properties.settings.properties;
    const welcome = modules.welcomemessage?.properties ?? {};
    expect(welcome.delivery).toMatchObject({ enum: ['channel', 'dm', 'both'] });
    expect(welcome.format).toMatchObject({ enum: ['text', 'embed'] });
    expect(welcome.embedDescription).toMatchObject({ type: 'string', maxLength: 4096 });
    expect(welcome.goodbyeMessage).toMatchObject({ type: 'string', maxLength: 2000 });
    expect(welcome.embedColour).toMatchObject({ type: 'integer', minimum: 0, maximum: 16777215 });
    expect(JSON.stringify(welcome.embedTitle)).toContain('"maxLength":256');
    expect(JSON.stringify(welcome.embedImageURL)).toContain('"maxLength":2048');
    expect(modules.logs?.properties).toHaveProperty('messageEditChannelID');
  });
});

describe('the legacy import', () => {
  it('an old welcome document writes only what it holds: the new fields keep their defaults', () => {
    const old = JSON.stringify({
      guildID: GUILDS.kenjiLounge,
      welcomemessage: { enabled: true, channelID: GENERAL, message: 'Hi {user}' },
      logs: { enabled: true, channelID: MOD_LOG },
    });
    const [record] = recordsOfExport(old);
    expect(record).toMatchObject({ kind: 'settings', rejected: [] });
    const written = record?.kind === 'settings' ? record.values.map((value) => `${value.section}.${value.key}`) : [];
    expect(written.sort()).toEqual(['logs.channelID', 'logs.enabled', 'welcomemessage.channelID', 'welcomemessage.enabled', 'welcomemessage.message']);
  });
});
