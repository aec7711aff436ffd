import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/shared/live';
import type { BotGuildResponse } from '../../src/shared/bot-api';
import { reportDemoPresence } from './helpers/bot-presence-seed';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { call, ORIGIN } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Kenji Lounge has the bot, the role Listeners and the text channel mod-log;
// the bot is not in Owner Sandbox.
const LISTENERS = '400000000000001001';
const MOD_LOG = '500000000000001010';
const VOICE = '500000000000001007';
const MEMBER = { id: '100000000000000077', name: 'Kai' };

const write = (guildId: string, body: unknown, authorization = `Bearer ${env.BOT_API_TOKEN}`) =>
  call(`/api/bot/guilds/${guildId}/settings`, {
    method: 'PUT',
    // The bot is a server: no Origin, no cookie.
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const stored = async (guildId: string = GUILDS.kenjiLounge) =>
  (await env.DB.prepare('SELECT section, key, value FROM guild_settings WHERE guild_id = ? ORDER BY section, key').bind(guildId).all()).results;
const auditRows = async () =>
  (await env.DB.prepare('SELECT user_id, user_name, via, section, key, old_value, new_value FROM settings_audit ORDER BY id').all()).results;

const open: WebSocket[] = [];

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM bot_changes')]);
  await reportDemoPresence(env.DB);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close(1000, 'test over');
});

describe('PUT /api/bot/guilds/{id}/settings', () => {
  it("stores the value, answers the guild's settings, and names the member in the history and the feed", async () => {
    const res = await write(GUILDS.kenjiLounge, { section: 'logs', key: 'channelID', value: MOD_LOG, actor: MEMBER });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = await res.json<BotGuildResponse>();
    expect(body.guildId).toBe(GUILDS.kenjiLounge);
    expect(body.settings.logs).toMatchObject({ enabled: false, channelID: MOD_LOG });
    expect(body.licence).toEqual({ active: false, expiresAt: null });
    expect(await auditRows()).toEqual([
      { user_id: MEMBER.id, user_name: 'Kai', via: 'discord', section: 'logs', key: 'channelID', old_value: 'null', new_value: JSON.stringify(MOD_LOG) },
    ]);
    // The owner's history of the server says where it was made.
    const cookie = await loginAs(USERS.owner);
    const history = await call(`/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`, { cookie });
    expect((await history.json<{ entries: unknown[] }>()).entries).toEqual([
      expect.objectContaining({ userId: MEMBER.id, userName: 'Kai', via: 'discord', section: 'logs', key: 'channelID', newValue: MOD_LOG }),
    ]);
    const feed = await call('/api/bot/changes', { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } });
    expect((await feed.json<{ changes: unknown[] }>()).changes).toEqual([
      expect.objectContaining({ guildId: GUILDS.kenjiLounge, kind: 'settings', section: 'logs', key: 'channelID', value: MOD_LOG }),
    ]);
    // Now that it has a channel the module can be switched on, by the bot too.
    const on = await write(GUILDS.kenjiLounge, { section: 'logs', key: 'enabled', value: true, expected: false, actor: MEMBER });
    expect(on.status).toBe(200);
    expect((await on.json<BotGuildResponse>()).settings.logs.enabled).toBe(true);
  });

  it('is 401 without the bot token, and a user session is not one', async () => {
    const cookie = await loginAs(USERS.owner);
    const withCookie = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
      method: 'PUT',
      cookie,
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
      body: JSON.stringify({ section: 'antimp3', key: 'enabled', value: true, actor: MEMBER }),
    });
    expect(withCookie.status).toBe(401);
    expect((await write(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, actor: MEMBER }, 'Bearer nope')).status).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['an unknown module', { section: 'music', key: 'enabled', value: true }, /^section: 'music' is not one of/],
    ['an unknown key', { section: 'logs', key: 'colour', value: 'red' }, /^key: 'colour' is not a setting of logs/],
    ['a value of the wrong type', { section: 'antimp3', key: 'enabled', value: 'yes' }, /^value: /],
    ['no value', { section: 'antimp3', key: 'enabled' }, /^value: is required/],
    ['an id that is no snowflake', { section: 'logs', key: 'channelID', value: '123' }, /^value: /],
    ['an expected value of the wrong type', { section: 'antimp3', key: 'enabled', value: true, expected: 'no' }, /^expected: /],
  ])('is 400 INVALID_INPUT for %s, naming the field, and stores nothing', async (_name, change, message) => {
    const res = await write(GUILDS.kenjiLounge, { ...change, actor: MEMBER });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.error).toMatch(message);
    expect(await stored()).toEqual([]);
    expect(await auditRows()).toEqual([]);
  });

  it.each([
    ['no actor', {}],
    ['an actor id that is no snowflake', { actor: { id: '42', name: 'Kai' } }],
    ['an actor id of 16 digits', { actor: { id: '1000000000000007', name: 'Kai' } }],
    ['an actor id of 21 digits', { actor: { id: '100000000000000000077', name: 'Kai' } }],
    ['an actor id with a trailing letter', { actor: { id: '100000000000000077a', name: 'Kai' } }],
    ['an actor id as a number', { actor: { id: 1234, name: 'Kai' } }],
    ['an empty actor name', { actor: { id: MEMBER.id, name: '   ' } }],
    ['an actor name of 33 characters', { actor: { id: MEMBER.id, name: 'k'.repeat(33) } }],
    ['an actor name with an invisible character', { actor: { id: MEMBER.id, name: 'Ka\u200Bi' } }],
    ['a field the call does not take', { actor: MEMBER, serverID: GUILDS.ownerSandbox }],
  ])('is 400 for %s', async (_name, extra) => {
    const res = await write(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, ...extra });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['17', '10000000000000077'],
    ['20', '10000000000000000077'],
  ])('takes an actor id of %s digits', async (_digits, id) => {
    expect((await write(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, actor: { id, name: 'Kai' } })).status).toBe(200);
    expect((await auditRows())[0]).toMatchObject({ user_id: id });
  });

  it('takes an actor name of 32 characters, trimmed', async () => {
    const name = 'k'.repeat(32);
    expect((await write(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, actor: { id: MEMBER.id, name: ` ${name} ` } })).status).toBe(
      200,
    );
    expect((await auditRows())[0]).toMatchObject({ user_name: name });
  });

  it('is 400 INVALID_REFERENCE for a channel the guild lacks or one that is not a text channel, checked as a dashboard save is', async () => {
    for (const value of ['500000000000009999', VOICE]) {
      const res = await write(GUILDS.kenjiLounge, { section: 'logs', key: 'channelID', value, actor: MEMBER });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    }
    expect(await stored()).toEqual([]);
  });

  it('is 400 REQUIRED_FIELDS_UNSET when a module is switched on before what it needs is set', async () => {
    const res = await write(GUILDS.kenjiLounge, { section: 'autorole', key: 'enabled', value: true, actor: MEMBER });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'REQUIRED_FIELDS_UNSET', error: 'value: Auto-Role cannot be enabled until Role is set.' });
    expect(await stored()).toEqual([]);
  });

  it('is 404 UNKNOWN_GUILD for a guild the bot has not reported, and 400 for an id that is no snowflake', async () => {
    const res = await write(GUILDS.ownerSandbox, { section: 'antimp3', key: 'enabled', value: true, actor: MEMBER });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'UNKNOWN_GUILD' });
    expect(await stored(GUILDS.ownerSandbox)).toEqual([]);
    expect((await write('abc', { section: 'antimp3', key: 'enabled', value: true, actor: MEMBER })).status).toBe(400);
  });

  it('is 409 CONFLICT when the stored value is not `expected`, saying who changed it, and changes nothing', async () => {
    const cookie = await loginAs(USERS.owner);
    const save = await call('/api/update-server-settings', {
      method: 'POST',
      cookie,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GUILDS.kenjiLounge, section: 'autorole', key: 'roleID', value: LISTENERS }),
    });
    expect(save.status).toBe(200);
    const res = await write(GUILDS.kenjiLounge, { section: 'autorole', key: 'roleID', value: null, expected: null, actor: MEMBER });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: 'CONFLICT',
      current: LISTENERS,
      changedBy: 'Demo Owner',
      changedById: USERS.owner,
      error: 'Role was changed by Demo Owner since the bot last read it. Nothing was saved.',
    });
    expect(await stored()).toEqual([{ section: 'autorole', key: 'roleID', value: JSON.stringify(LISTENERS) }]);
    // With the value it now knows, the bot's write goes through.
    expect((await write(GUILDS.kenjiLounge, { section: 'autorole', key: 'roleID', value: null, expected: LISTENERS, actor: MEMBER })).status).toBe(200);
  });

  it("is heard by the guild's open settings pages as a change made in Discord, by the member", async () => {
    const cookie = await loginAs(USERS.owner);
    const res = await call(`/api/servers/${GUILDS.kenjiLounge}/live`, { cookie, headers: { Upgrade: 'websocket', Origin: ORIGIN } });
    const socket = res.webSocket;
    if (!socket) throw new Error('no socket in the answer');
    socket.accept();
    open.push(socket);
    // The socket's first message is its hello (the page's tab id); the change comes after it.
    const heard = new Promise<LiveMessage>((resolve) =>
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as LiveMessage;
        if (message.type !== 'hello') resolve(message);
      }),
    );
    expect((await write(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, actor: MEMBER })).status).toBe(200);
    expect(await heard).toMatchObject({
      type: 'settings',
      source: 'bot',
      by: MEMBER,
      tab: null,
      changes: [{ section: 'antimp3', key: 'enabled', value: true }],
    });
  });

  it('is in the OpenAPI document with its body and refusals', async () => {
    const document = await (
      await call('/api/bot/openapi.json', { headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}` } })
    ).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    const operation = document.paths['/guilds/{id}/settings']?.put;
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '400', '401', '404', '409', '413', '500', '502', '503', '504']);
  });
});
