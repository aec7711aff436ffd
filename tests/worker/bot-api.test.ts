import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { anyString } from './helpers/expect-helpers';
import type { BotGuildResponse } from '../../src/shared/bot-api';
import { defaultSettings } from '../../src/shared/settings/index';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';
import { Hono } from 'hono';
import { requireBotToken } from '../../src/worker/auth/bot-token';
import { ApiError } from '../../src/worker/errors';
import type { AppEnv } from '../../src/worker/hono-env';

const bot = (guildId: string, authorization?: string, cookie?: string) =>
  call(`/api/bot/guilds/${guildId}`, { headers: authorization === undefined ? {} : { Authorization: authorization }, cookie });
const valid = () => `Bearer ${env.BOT_API_TOKEN}`;
const TOKEN = env.BOT_API_TOKEN;

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM whitelist')]);
});

describe('GET /api/bot/guilds/{id}', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an empty Bearer token', 'Bearer '],
    ['a wrong token', 'Bearer not-the-token'],
    ['a token that is a prefix of the right one', `Bearer ${'test-bot-api-token-0123456789abcdef'.slice(0, 5)}`],
    ['the right token with another scheme', 'Basic test-bot-api-token-0123456789abcdef'],
    ['the right token plus extra characters', 'Bearer test-bot-api-token-0123456789abcdefX'],
  ])('answers 401 for %s', async (_name, authorization) => {
    const res = await bot(GUILDS.kenjiLounge, authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: anyString() });
  });

  // RFC 9110 section 11.1: the scheme is case-insensitive; section 11.4: one or more spaces (SP) before the token.
  it.each([
    ['bearer', `bearer ${TOKEN}`],
    ['BEARER', `BEARER ${TOKEN}`],
    ['BeArEr', `BeArEr ${TOKEN}`],
    ['two spaces', `Bearer  ${TOKEN}`],
    ['a space after the token (HTTP trims a field value)', `Bearer ${TOKEN} `],
  ])('takes the scheme written %s', async (_name, authorization) => {
    expect((await bot(GUILDS.kenjiLounge, authorization)).status).toBe(200);
  });

  it.each([
    ['the scheme alone', 'Bearer', 'A Bearer token is required.'],
    ['a tab before the token', `Bearer\t${TOKEN}`, 'A Bearer token is required.'],
    ['no space before the token', `Bearer${TOKEN}`, 'A Bearer token is required.'],
    ['a second word after the token', `Bearer ${TOKEN} extra`, 'A Bearer token is required.'],
    ['two credentials', `Bearer ${TOKEN}, Bearer ${TOKEN}`, 'A Bearer token is required.'],
    ['the token alone', TOKEN, 'A Bearer token is required.'],
    ['the Bot scheme', `Bot ${TOKEN}`, 'A Bearer token is required.'],
    ['a scheme that starts like Bearer', `Bearerx ${TOKEN}`, 'A Bearer token is required.'],
    ['the token in another case', `Bearer ${TOKEN.toUpperCase()}`, 'The Bearer token is not valid.'],
  ])('refuses %s with 401 and the challenge', async (_name, authorization, error) => {
    const res = await bot(GUILDS.kenjiLounge, authorization);
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="bot"');
    expect(await res.json()).toEqual({ error, code: 'UNAUTHORIZED' });
  });

  it('does not accept a user session instead of the token', async () => {
    const cookie = await loginAs(USERS.owner);
    expect((await bot(GUILDS.kenjiLounge, undefined, cookie)).status).toBe(401);
  });

  it('answers defaults and no licence for a never-saved guild', async () => {
    const res = await bot(GUILDS.kenjiLounge, valid());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ guildId: GUILDS.kenjiLounge, settings: defaultSettings(), licence: { active: false, expiresAt: null } });
  });

  it('answers the saved settings and an active licence', async () => {
    const cookie = await loginAs(USERS.owner);
    await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie });
    await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.kenjiLounge, section: 'serverDisabledCommands', key: 'commandNames', value: ['ban'] },
      { cookie },
    );
    const expiresAt = Date.now() + 60_000;
    await env.DB.prepare('INSERT INTO whitelist (user_id, user_name, server_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(USERS.owner, 'Demo Owner', GUILDS.kenjiLounge, expiresAt, Date.now())
      .run();
    const body = await (await bot(GUILDS.kenjiLounge, valid())).json<BotGuildResponse>();
    expect(body.settings.antimp3.enabled).toBe(true);
    expect(body.settings.serverDisabledCommands.commandNames).toEqual(['ban']);
    expect(body.licence).toEqual({ active: true, expiresAt });
  });

  it('reports an expired licence as inactive', async () => {
    await env.DB.prepare('INSERT INTO whitelist (user_id, user_name, server_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(USERS.owner, 'Demo Owner', GUILDS.kenjiLounge, 5, 1)
      .run();
    expect((await (await bot(GUILDS.kenjiLounge, valid())).json<BotGuildResponse>()).licence).toEqual({ active: false, expiresAt: 5 });
  });

  it('answers 400 for an id that is not a snowflake', async () => {
    expect((await bot('abc', valid())).status).toBe(400);
  });
});

describe('the bot token check on its own (behind the configuration check, which answers first in the app)', () => {
  const guarded = new Hono<AppEnv>()
    .use(requireBotToken)
    .get('/', (c) => c.body(null, 204))
    .onError((error, c) => (error instanceof ApiError ? c.json(error.body, error.status) : c.text('unexpected', 500)));
  const ask = (token: string, authorization: string) => guarded.request('/', { headers: { Authorization: authorization } }, { ...env, BOT_API_TOKEN: token });

  it('an empty secret is no token at all: 503 BOT_API_DISABLED, even for an empty Bearer', async () => {
    for (const authorization of ['Bearer ', 'Bearer  ', 'Bearer x']) {
      const res = await ask('', authorization);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'The bot API token is not configured.', code: 'BOT_API_DISABLED' });
    }
  });

  it('a set secret lets its own token through, and only it', async () => {
    expect((await ask('s3cret-token', 'Bearer s3cret-token')).status).toBe(204);
    expect((await ask('s3cret-token', 'Bearer s3cret-tokeN')).status).toBe(401);
  });
});
