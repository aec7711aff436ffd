import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { demoBotGuilds, forgetBotPresence, reportDemoPresence } from './helpers/bot-presence-seed';
import { clearKv, DISCORD, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { call } from './helpers/request';

const AUTH = { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' };
const NEW_GUILD = '400000000000000001';

const presence = (id: string, body: unknown, method = 'PUT', headers: Record<string, string> = AUTH) =>
  call(`/api/bot/guilds/${id}/presence`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
const sync = (body: unknown) => call('/api/bot/guilds/sync', { method: 'POST', headers: AUTH, body: JSON.stringify(body) });

async function counters(): Promise<{ servers: number; users: number; syncedAt: number | null }> {
  const row = await env.DB.prepare('SELECT servers, users, synced_at AS syncedAt FROM stats WHERE id = 1').first<{
    servers: number;
    users: number;
    syncedAt: number | null;
  }>();
  if (row === null) throw new Error('no stats row');
  return row;
}

const storedIds = async () => (await env.DB.prepare('SELECT id FROM bot_guilds ORDER BY id').all<{ id: string }>()).results.map((row) => row.id);

const guild = (index: number, memberCount = 10) => ({ id: String(500000000000000000n + BigInt(index)), name: `Guild ${index}`, memberCount });

interface DiscordCall {
  method: string;
  path: string;
  auth: string;
}
const discordCalls = async () => (await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: DiscordCall[] }>()).calls;
const resetCalls = () => fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await forgetBotPresence(env.DB);
});

afterAll(async () => {
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
});

describe('PUT and DELETE /api/bot/guilds/{id}/presence', () => {
  it('needs the bot token, like the rest of the bot API', async () => {
    const res = await presence(NEW_GUILD, { name: 'New', memberCount: 5 }, 'PUT', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(401);
    expect(await storedIds()).toEqual([]);
  });

  it('records a join, an update and a departure, and the counters follow without a recount', async () => {
    expect((await presence(NEW_GUILD, { name: 'New', icon: null, memberCount: 5 })).status).toBe(204);
    expect(await counters()).toMatchObject({ servers: 1, users: 5 });
    expect((await presence(NEW_GUILD, { name: 'Renamed', icon: 'a_0123456789abcdef0123456789abcdef', memberCount: 8 })).status).toBe(204);
    expect(await counters()).toMatchObject({ servers: 1, users: 8 });
    expect((await presence(NEW_GUILD, undefined, 'DELETE')).status).toBe(204);
    expect(await counters()).toMatchObject({ servers: 0, users: 0 });
    const again = await presence(NEW_GUILD, undefined, 'DELETE');
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'The bot was not recorded in this guild.', code: 'UNKNOWN_GUILD' });
    expect(await counters()).toMatchObject({ servers: 0, users: 0 });
  });

  it.each([
    ['a name of 101 characters', { name: 'x'.repeat(101), memberCount: 1 }, 'name'],
    ['an empty name', { name: '  ', memberCount: 1 }, 'name'],
    ['a negative member count', { name: 'A', memberCount: -1 }, 'memberCount'],
    ['a fractional member count', { name: 'A', memberCount: 1.5 }, 'memberCount'],
    ['a member count as text', { name: 'A', memberCount: '3' }, 'memberCount'],
    ['an icon that is no hash', { name: 'A', icon: 'https://evil.example/x.png', memberCount: 1 }, 'icon'],
    ['a name with a right-to-left override', { name: 'Official\u202Egnp.exe', memberCount: 1 }, 'name'],
    ['a name with a zero-width space', { name: 'Kenji\u200BLounge', memberCount: 1 }, 'name'],
  ])('refuses %s, naming the field, and stores nothing', async (_name, body, field) => {
    const res = await presence(NEW_GUILD, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringContaining(field) as string, code: 'INVALID_INPUT' });
    expect(await storedIds()).toEqual([]);
  });

  it('takes a name of exactly 100 characters and a member count of 0', async () => {
    expect((await presence(NEW_GUILD, { name: 'x'.repeat(100), memberCount: 0 })).status).toBe(204);
    expect(await storedIds()).toEqual([NEW_GUILD]);
  });

  it('refuses an id that is no snowflake', async () => {
    expect((await presence('12345', { name: 'A', memberCount: 1 })).status).toBe(400);
  });
});

describe('POST /api/bot/guilds/sync', () => {
  it('takes 1,000 guilds a chunk, and refuses 1,001 without writing any', async () => {
    const thousand = Array.from({ length: 1000 }, (_, index) => ({ ...guild(index), name: 'n'.repeat(100) }));
    const res = await sync({ syncId: 'a', guilds: thousand, done: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ syncId: 'a', received: 1000, removed: 0, refused: [] });
    expect(await counters()).toMatchObject({ servers: 1000, users: 10_000 });
    const tooMany = await sync({ syncId: 'b', guilds: Array.from({ length: 1001 }, (_, index) => guild(2000 + index)), done: false });
    expect(tooMany.status).toBe(400);
    expect(await counters()).toMatchObject({ servers: 1000 });
  });

  it('removes what a completed sync did not report, and nothing while it is unfinished', async () => {
    await sync({ syncId: 'first', guilds: [guild(1), guild(2), guild(3)], done: true });
    expect(await storedIds()).toHaveLength(3);
    await sync({ syncId: 'second', guilds: [guild(1)], done: false });
    await sync({ syncId: 'second', guilds: [guild(2, 50)], done: false });
    // Half finished (the bot lost its connection): guild 3 stays.
    expect(await storedIds()).toEqual([guild(1).id, guild(2).id, guild(3).id]);
    const done = await sync({ syncId: 'second', guilds: [], done: true });
    expect(await done.json()).toEqual({ syncId: 'second', received: 0, removed: 1, refused: [] });
    expect(await storedIds()).toEqual([guild(1).id, guild(2).id]);
    expect(await counters()).toMatchObject({ servers: 2, users: 60 });
  });

  it('keeps a guild the bot joined while a sync was under way', async () => {
    await sync({ syncId: 'first', guilds: [guild(1)], done: true });
    await sync({ syncId: 'second', guilds: [guild(1)], done: false });
    await presence(NEW_GUILD, { name: 'Joined meanwhile', memberCount: 2 });
    await sync({ syncId: 'second', guilds: [], done: true });
    expect(await storedIds()).toEqual([NEW_GUILD, guild(1).id]);
  });

  it('a sync of no guilds at all empties the table', async () => {
    await sync({ syncId: 'first', guilds: [guild(1), guild(2)], done: true });
    const res = await sync({ syncId: 'empty', guilds: [], done: true });
    expect(await res.json()).toEqual({ syncId: 'empty', received: 0, removed: 2, refused: [] });
    expect(await counters()).toMatchObject({ servers: 0, users: 0 });
  });

  it('refuses a chunk after its sync completed (a late chunk must not bring a guild back), and a second done', async () => {
    await sync({ syncId: 'first', guilds: [guild(1)], done: true });
    const late = await sync({ syncId: 'first', guilds: [guild(9)], done: false });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: 'This sync is already complete: start the next one with a new syncId.', code: 'SYNC_COMPLETED' });
    expect((await sync({ syncId: 'first', guilds: [], done: true })).status).toBe(409);
    expect(await storedIds()).toEqual([guild(1).id]);
  });

  it.each([
    ['a sync id with a space', { syncId: 'a b', guilds: [], done: true }],
    ['a sync id of 65 characters', { syncId: 'x'.repeat(65), guilds: [], done: true }],
    ['no done', { syncId: 'a', guilds: [] }],
    ['a guild without id', { syncId: 'a', guilds: [{ name: 'A', memberCount: 1 }], done: true }],
  ])('refuses %s', async (_name, body) => {
    const res = await sync(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('refuses a presence body over the API-wide 64 kB (65,536 bytes) with 413 PAYLOAD_TOO_LARGE, and takes one of exactly that', async () => {
    const sized = (bytes: number) => {
      const start = '{"name":"Padded","memberCount":1,"pad":"';
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`;
    };
    const put = (body: string) => call('/api/bot/guilds/400000000000000088/presence', { method: 'PUT', headers: AUTH, body });
    expect(sized(65536)).toHaveLength(65536);
    expect((await put(sized(65536))).status).toBe(204);
    const over = await put(sized(65537));
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('marks the bot as synced only when a sync completes', async () => {
    await sync({ syncId: 'a', guilds: [guild(1)], done: false });
    expect((await counters()).syncedAt).toBeNull();
    await sync({ syncId: 'a', guilds: [], done: true });
    expect((await counters()).syncedAt).toEqual(expect.any(Number));
  });

  it('takes a chunk over the API-wide 64 kB body limit, and refuses one over 1 MB', async () => {
    const wide = Array.from({ length: 1000 }, (_, index) => ({ ...guild(index), name: 'é'.repeat(100) }));
    expect(JSON.stringify({ syncId: 'a', guilds: wide, done: true }).length).toBeGreaterThan(64 * 1024);
    expect((await sync({ syncId: 'a', guilds: wide, done: true })).status).toBe(200);
    const huge = await call('/api/bot/guilds/sync', { method: 'POST', headers: AUTH, body: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }) });
    expect(huge.status).toBe(413);
  });
});

describe("pages and the bot's presence", () => {
  async function allowedIds(cookie: string): Promise<string[]> {
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(200);
    return (await res.json<{ id: string }[]>()).map((server) => server.id);
  }

  it('asks Discord only about the user’s own managed guilds until the bot has reported, and caches the answers', async () => {
    const cookie = await loginAs(USERS.owner);
    await resetCalls();
    expect(await allowedIds(cookie)).toEqual(expect.arrayContaining([GUILDS.kenjiLounge, GUILDS.glaiveStudio]));
    const calls = await discordCalls();
    const presenceCalls = calls.filter((c) => /^\/api\/v10\/guilds\/\d+$/.test(c.path));
    // The owner manages kenjiLounge, glaiveStudio and ownerSandbox (no bot): one look-up each, as the bot.
    expect(presenceCalls.map((c) => c.path).sort()).toEqual(
      [GUILDS.kenjiLounge, GUILDS.glaiveStudio, GUILDS.ownerSandbox].map((id) => `/api/v10/guilds/${id}`).sort(),
    );
    expect(presenceCalls.every((c) => c.auth === 'bot')).toBe(true);
    expect(calls.some((c) => c.path === '/api/v10/users/@me/guilds' && c.auth === 'bot')).toBe(false);
    await resetCalls();
    await allowedIds(cookie);
    expect(await discordCalls()).toEqual([]);
  });

  it('once the bot has synced, its reports decide and Discord is not asked', async () => {
    await reportDemoPresence(env.DB);
    const cookie = await loginAs(USERS.owner);
    await resetCalls();
    const ids = await allowedIds(cookie);
    expect(ids).toEqual(expect.arrayContaining([GUILDS.kenjiLounge, GUILDS.glaiveStudio]));
    expect(ids).not.toContain(GUILDS.ownerSandbox);
    expect((await discordCalls()).filter((c) => c.auth === 'bot')).toEqual([]);
  });

  it('a guild the bot left disappears from the list at once', async () => {
    await reportDemoPresence(env.DB);
    const cookie = await loginAs(USERS.owner);
    expect(await allowedIds(cookie)).toContain(GUILDS.glaiveStudio);
    await presence(GUILDS.glaiveStudio, undefined, 'DELETE');
    expect(await allowedIds(cookie)).not.toContain(GUILDS.glaiveStudio);
  });

  it('a role grant opens only a guild the bot has reported', async () => {
    await reportDemoPresence(env.DB);
    await env.DB.prepare('DELETE FROM server_access').run();
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    const DJ = '400000000000001002';
    const granted = await call('/api/update-server-access', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GUILDS.kenjiLounge, roleID: DJ, level: 'read' }),
      cookie: owner,
    });
    expect(granted.status).toBe(200);
    expect(await allowedIds(member)).toContain(GUILDS.kenjiLounge);
    await presence(GUILDS.kenjiLounge, undefined, 'DELETE');
    expect(await allowedIds(member)).not.toContain(GUILDS.kenjiLounge);
    expect((await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(403);
    await env.DB.prepare('DELETE FROM server_access').run();
  });

  it('with a few thousand bot guilds, a cold page costs the same Discord calls as with five', async () => {
    const cookie = await loginAs(USERS.owner);
    await reportDemoPresence(env.DB);
    await clearKv(env.CACHE);
    await resetCalls();
    await allowedIds(cookie);
    const withFive = (await discordCalls()).length;
    const many = Array.from({ length: 3000 }, (_, index) => guild(index));
    for (let start = 0; start < many.length; start += 1000) await sync({ syncId: 'big', guilds: many.slice(start, start + 1000), done: false });
    await sync({ syncId: 'big', guilds: demoBotGuilds(), done: true });
    expect(await counters()).toMatchObject({ servers: 3000 + demoBotGuilds().length });
    await clearKv(env.CACHE);
    await resetCalls();
    await allowedIds(cookie);
    expect((await discordCalls()).length).toBe(withFive);
  });
});

describe('the cron', () => {
  it('crawls nothing: the stats come from the counters the bot keeps', async () => {
    await reportDemoPresence(env.DB);
    await resetCalls();
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await discordCalls()).toEqual([]);
    const stats = await (await call('/api/stats')).json<{ servers: number; users: number }>();
    const demo = demoBotGuilds();
    expect(stats).toMatchObject({ servers: demo.length, users: demo.reduce((sum, g) => sum + g.memberCount, 0) });
  });
});
