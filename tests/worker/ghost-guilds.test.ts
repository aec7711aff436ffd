import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetBotPresence, reportDemoPresence } from './helpers/bot-presence-seed';
import { anyString } from './helpers/expect-helpers';
import { countBotCalls } from './helpers/bot-calls';
import { closeOpenedSockets, openLive } from './helpers/live-socket';
import { clearKv, GUILDS, loginAs, resetFake, setDiscordRateLimits, USERS } from './helpers/login';
import { call } from './helpers/request';
import { getGuildSnapshot } from '../../src/worker/discord/api';
import { clearRateLimitBuckets, recordBucket, routeKey } from '../../src/worker/discord/rate-limit-buckets';
import { DiscordRest } from '../../src/worker/discord/rest';
import { loadGuildView } from '../../src/worker/services/guild-view';

// A ghost guild: a bot_guilds row for a guild the bot is not in (a leave the dashboard missed). The owner manages
// Owner Sandbox, where the fake Discord's bot is not: its roles, channels, members and emoji answer 403 50001.
const GHOST = GUILDS.ownerSandbox;
const AUTH = { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' };

const presence = (id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(`/api/bot/guilds/${id}/presence`, {
    method,
    headers: AUTH,
    body: method === 'PUT' ? JSON.stringify({ name: 'Owner Sandbox', memberCount: 3 }) : undefined,
  });

let counter: ReturnType<typeof countBotCalls>;
const botCalls = () => counter.made();
const resetCalls = () => counter.reset();

const storedRow = (id: string) => env.DB.prepare('SELECT id FROM bot_guilds WHERE id = ?').bind(id).first();
const absence = (id: string) => env.DB.prepare('SELECT since FROM bot_guild_absences WHERE id = ?').bind(id).first<{ since: number }>();
const servers = async () => (await env.DB.prepare('SELECT servers FROM stats WHERE id = 1').first<{ servers: number }>())?.servers;

let owner = '';

beforeAll(async () => {
  await resetFake();
});

beforeEach(async () => {
  // Exact counts: with the fake's limits off, no 429 and no wait for a bucket (which would keep a look's last calls
  // from going out once the first is refused) depends on how fast the tests before ran.
  await setDiscordRateLimits({ enabled: false });
  clearRateLimitBuckets();
  counter = countBotCalls();
  await clearKv(env.CACHE);
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
  owner = await loginAs(USERS.owner);
});

afterEach(() => {
  counter.stop();
  closeOpenedSockets();
});

afterAll(async () => {
  await resetFake();
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
});

describe('a ghost guild: Discord says the bot is not there', () => {
  it('the first page load asks Discord once (4 calls), answers BOT_NOT_IN_SERVER, and the guild leaves the list; later loads ask nothing', async () => {
    expect((await presence(GHOST)).status).toBe(204);
    const before = await servers();
    resetCalls();
    const first = await call(`/server/${GHOST}`, { cookie: owner });
    expect(first.status).toBe(403);
    expect(await first.text()).toContain(`"/api/server-settings?serverID=${GHOST}#denied":{"code":"BOT_NOT_IN_SERVER"`);
    // Roles, channels, the bot's member and emoji, each refused with Missing Access: never retried.
    const calls = botCalls();
    expect(calls.map((c) => c.path).sort()).toEqual(
      [
        `/api/v10/guilds/${GHOST}/channels`,
        `/api/v10/guilds/${GHOST}/emojis`,
        `/api/v10/guilds/${GHOST}/members/${env.DISCORD_CLIENT_ID}`,
        `/api/v10/guilds/${GHOST}/roles`,
      ].sort(),
    );
    expect(calls.every((c) => c.status === 403)).toBe(true);
    expect(await storedRow(GHOST)).toBeNull();
    expect(await absence(GHOST)).not.toBeNull();
    // The landing page's counters follow the row.
    expect(await servers()).toBe((before ?? 0) - 1);

    for (let load = 0; load < 3; load += 1) {
      const page = await call(`/server/${GHOST}`, { cookie: owner });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain(`"/api/server-settings?serverID=${GHOST}#denied":{"code":"BOT_NOT_IN_SERVER"`);
    }
    for (let read = 0; read < 20; read += 1) {
      const res = await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: anyString(), code: 'BOT_NOT_IN_SERVER' });
    }
    expect(botCalls()).toHaveLength(4);
    // The server list offers to add the bot instead.
    const invitable = await (await call('/api/invitable-servers', { cookie: owner })).json<{ id: string }[]>();
    expect(invitable.map((g) => g.id)).toContain(GHOST);
  }, 30_000);

  it("the guild's open pages hear that the bot left when a page load finds out, and no other guild's do", async () => {
    expect((await presence(GHOST)).status).toBe(204);
    const ghostPage = await openLive(GHOST, owner);
    const otherPage = await openLive(GUILDS.kenjiLounge, owner);
    await Promise.all([ghostPage.tab, otherPage.tab]);
    const at = Date.now();
    expect((await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner })).status).toBe(403);
    // Awaited by the look that found out, so the event is already on its way when the answer comes.
    const heard = await ghostPage.next();
    expect(heard).toEqual({ type: 'bot-left', at: expect.any(Number) as number });
    expect((heard as { at: number }).at).toBeGreaterThanOrEqual(at);
    // Found out once: the loads after it ask nobody, so say nothing more.
    expect((await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner })).status).toBe(403);
    const save = await call('/api/update-server-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }),
      cookie: owner,
    });
    expect(save.status).toBe(200);
    expect(await otherPage.next()).toMatchObject({ type: 'settings' });
    expect(ghostPage.heard).toHaveLength(1);
    await env.DB.prepare('DELETE FROM guild_settings WHERE guild_id = ?').bind(GUILDS.kenjiLounge).run();
  });

  it('the API read says BOT_NOT_IN_SERVER too, and a change is refused the same way without touching the settings', async () => {
    await presence(GHOST);
    const res = await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: anyString(), code: 'BOT_NOT_IN_SERVER' });
    const save = await call('/api/update-server-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GHOST, section: 'antimp3', key: 'enabled', value: true }),
      cookie: owner,
    });
    expect(save.status).toBe(403);
    expect(await save.json()).toEqual({ error: anyString(), code: 'BOT_NOT_IN_SERVER' });
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings WHERE guild_id = ?').bind(GHOST).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('a save that finds out first (its view was not cached) refuses with BOT_NOT_IN_SERVER and stores nothing', async () => {
    await presence(GHOST);
    resetCalls();
    const save = await call('/api/update-server-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GHOST, section: 'antimp3', key: 'enabled', value: true }),
      cookie: owner,
    });
    expect(save.status).toBe(403);
    expect(await save.json()).toEqual({ error: anyString(), code: 'BOT_NOT_IN_SERVER' });
    expect(botCalls()).toHaveLength(4);
    expect(await storedRow(GHOST)).toBeNull();
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings WHERE guild_id = ?').bind(GHOST).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('the bot reporting the guild again (presence PUT) brings it back, and Discord is asked again', async () => {
    await presence(GHOST);
    await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner });
    expect(await storedRow(GHOST)).toBeNull();
    expect((await presence(GHOST)).status).toBe(204);
    expect(await storedRow(GHOST)).not.toBeNull();
    expect(await absence(GHOST)).toBeNull();
    resetCalls();
    // Still not there in the fake Discord: found out once more, 4 calls, and off the list again.
    expect((await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner })).status).toBe(403);
    expect(botCalls()).toHaveLength(4);
    expect(await storedRow(GHOST)).toBeNull();
  });

  it('the bot API: a setting for a guild Discord says the bot is not in is 404 UNKNOWN_GUILD, once asked and then from the table', async () => {
    await presence(GHOST);
    const put = () =>
      call(`/api/bot/guilds/${GHOST}/settings`, {
        method: 'PUT',
        headers: AUTH,
        body: JSON.stringify({ section: 'antimp3', key: 'enabled', value: true, actor: { id: USERS.owner, name: 'Demo Owner' } }),
      });
    resetCalls();
    const first = await put();
    expect(first.status).toBe(404);
    expect(await first.json()).toEqual({ error: anyString(), code: 'UNKNOWN_GUILD' });
    expect(botCalls()).toHaveLength(4);
    const again = await put();
    expect(again.status).toBe(404);
    expect(botCalls()).toHaveLength(4);
  });

  it('the bot API: a guild the bot has not reported is 404 UNKNOWN_GUILD from the table, though Discord would say the bot is there', async () => {
    expect((await presence(GUILDS.kenjiLounge, 'DELETE')).status).toBe(204);
    resetCalls();
    const res = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
      method: 'PUT',
      headers: AUTH,
      body: JSON.stringify({ section: 'antimp3', key: 'enabled', value: true, actor: { id: USERS.owner, name: 'Demo Owner' } }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: anyString(), code: 'UNKNOWN_GUILD' });
    expect(botCalls()).toEqual([]);
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM guild_settings WHERE guild_id = ?').bind(GUILDS.kenjiLounge).first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it('before the first sync, a guild found absent is not asked of Discord again either', async () => {
    await forgetBotPresence(env.DB);
    await presence(GHOST);
    await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner });
    expect(await storedRow(GHOST)).toBeNull();
    resetCalls();
    for (let load = 0; load < 3; load += 1) {
      const res = await call(`/api/server-settings?serverID=${GHOST}`, { cookie: owner });
      expect(await res.json()).toEqual({ error: anyString(), code: 'BOT_NOT_IN_SERVER' });
    }
    expect(botCalls().filter((c) => c.path.includes(GHOST))).toEqual([]);
  });
});

describe("Discord's answers that are definite, and those that are not", () => {
  const OTHER_GUILD = '300000000000000091';
  const answerEveryCall = (status: number, body: unknown) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json(body, { status })));

  beforeEach(async () => {
    // Discord's answers are made up here: the calls are counted by the mock, not the fake's.
    counter.stop();
    await env.DB.prepare('INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id) VALUES (?, ?, NULL, 1, 0, NULL)')
      .bind(OTHER_GUILD, 'Gone')
      .run();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await env.DB.batch([
      env.DB.prepare('DELETE FROM bot_guilds WHERE id = ?').bind(OTHER_GUILD),
      env.DB.prepare('DELETE FROM bot_guild_absences WHERE id = ?').bind(OTHER_GUILD),
    ]);
  });

  it.each([
    ['403 50001 Missing Access', 403, { message: 'Missing Access', code: 50001 }],
    ['404 10004 Unknown Guild (a guild deleted since)', 404, { message: 'Unknown Guild', code: 10004 }],
  ])('%s: the guild is off the list and the view answers BOT_NOT_IN_SERVER', async (_name, status, body) => {
    answerEveryCall(status, body);
    await expect(loadGuildView(env, OTHER_GUILD)).rejects.toMatchObject({ status: 403, code: 'BOT_NOT_IN_SERVER' });
    expect(await storedRow(OTHER_GUILD)).toBeNull();
    expect(await absence(OTHER_GUILD)).not.toBeNull();
  });

  it.each([
    ['403 50013 Missing Permissions', 403, { message: 'Missing Permissions', code: 50013 }, 'DISCORD_FORBIDDEN'],
    ['404 10007 Unknown Member', 404, { message: 'Unknown Member', code: 10007 }, 'DISCORD_NOT_FOUND'],
    ['404 without a code', 404, { message: 'Not Found' }, 'DISCORD_NOT_FOUND'],
    ['401 (the bot token refused)', 401, { message: '401: Unauthorized', code: 0 }, 'BOT_UNAUTHORIZED'],
  ])('%s says nothing about where the bot is: the error passes and the row stays', async (_name, status, body, code) => {
    answerEveryCall(status, body);
    await expect(loadGuildView(env, OTHER_GUILD)).rejects.toMatchObject({ code });
    expect(await storedRow(OTHER_GUILD)).not.toBeNull();
    expect(await absence(OTHER_GUILD)).toBeNull();
  });

  it('once one call of a look has failed, a call still waiting for its bucket is not sent', async () => {
    const fetches = answerEveryCall(403, { message: 'Missing Access', code: 50001 });
    // The channels' bucket is known to be empty for 2 s: that call waits while the others are refused at once.
    const channels = routeKey('GET', `/guilds/${OTHER_GUILD}/channels`, `Bot ${env.DISCORD_BOT_TOKEN}`);
    recordBucket(channels, new Headers({ 'X-RateLimit-Bucket': 'b1', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': '2' }), 200, 0);
    try {
      await expect(getGuildSnapshot(env, OTHER_GUILD)).rejects.toMatchObject({ code: 'DISCORD_MISSING_ACCESS' });
      // Well past the bucket's reset, when the waiting call would have gone out.
      await new Promise((resolve) => setTimeout(resolve, 4_500));
      const paths = fetches.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname);
      expect(paths).toHaveLength(3);
      expect(paths.some((path) => path.endsWith('/channels'))).toBe(false);
    } finally {
      clearRateLimitBuckets();
    }
  }, 30_000);

  it('a call whose signal is aborted before it is sent is not sent', async () => {
    const fetches = answerEveryCall(200, []);
    const reason = new Error('the look failed');
    const rest = new DiscordRest(env);
    await expect(rest.request(`/guilds/${OTHER_GUILD}/roles`, { auth: { type: 'bot' }, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fetches).not.toHaveBeenCalled();
  });
});
