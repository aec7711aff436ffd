import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countBotCalls } from './helpers/bot-calls';
import { forgetBotPresence, reportDemoPresence } from './helpers/bot-presence-seed';
import { clearKv, GUILDS, loginAs, resetFake, setDiscordRateLimits, USERS } from './helpers/login';
import { insideOneWindow } from './helpers/rate-limit-window';
import { call, postJson } from './helpers/request';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { loadGuildView } from '../../src/worker/services/guild-view';

// The Discord calls one user's actions can cost in the worst case. Discord bans the address (every Worker's) for an
// hour after 10,000 answers of 401, 403 or 429 in 10 minutes: these numbers keep one user from spending that budget.

let counter: ReturnType<typeof countBotCalls>;
const botCalls = () => counter.count();
const resetCalls = () => counter.reset();

beforeAll(async () => {
  await resetFake();
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
  // Exact counts: with the fake's limits off, no 429 and no wait for a bucket (which would keep a look's last calls
  // from going out once the first is refused) depends on how fast the tests before ran.
  await setDiscordRateLimits({ enabled: false });
  clearRateLimitBuckets();
  counter = countBotCalls();
});

afterEach(() => {
  counter.stop();
});

afterAll(async () => {
  await resetFake();
  await forgetBotPresence(env.DB);
  await reportDemoPresence(env.DB);
});

describe('a ghost guild (the bot left; its row stayed)', () => {
  it('3 page loads and 20 API reads of it cost 4 bot calls in all, not 4 each (92)', async () => {
    const owner = await loginAs(USERS.owner);
    const reported = await call(`/api/bot/guilds/${GUILDS.ownerSandbox}/presence`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Owner Sandbox', memberCount: 3 }),
    });
    expect(reported.status).toBe(204);
    // The user's guild list, as after any visit: only the bot's calls are counted below.
    expect((await call('/api/allowed-servers', { cookie: owner })).status).toBe(200);
    resetCalls();
    for (let load = 0; load < 3; load += 1) expect((await call(`/server/${GUILDS.ownerSandbox}`, { cookie: owner })).status).toBe(403);
    for (let read = 0; read < 20; read += 1) {
      expect((await call(`/api/server-settings?serverID=${GUILDS.ownerSandbox}`, { cookie: owner })).status).toBe(403);
    }
    expect(botCalls()).toEqual({ calls: 4, refused: 4 });
  }, 60_000);
});

describe('made-up roles and channels', () => {
  // Admin HQ's roles and channels are ids from 500000000000005001 on; these are none of them.
  const madeUp = (n: number) => String(700000000000000000n + BigInt(n));
  const document = (first: number) => ({
    format: 'servermanager.settings',
    version: 1,
    exportedAt: new Date().toISOString(),
    source: { serverID: GUILDS.adminHq, name: 'Admin HQ' },
    settings: { autorole: { roleID: madeUp(first) }, welcomemessage: { channelID: madeUp(first + 1) }, jail: { jailChannel: madeUp(first + 2) } },
  });
  const importing = (cookie: string, first: number, dryRun: boolean) =>
    postJson('/api/server-settings/import', { serverID: GUILDS.adminHq, dryRun, document: document(first) }, { cookie });
  const saving = (cookie: string, roleID: string) =>
    postJson('/api/update-server-settings', { serverID: GUILDS.adminHq, section: 'autorole', key: 'roleID', value: roleID }, { cookie });

  it('cost at most one look (4 bot calls) per import or save, 3 looks a minute per user in all, and nothing for ids known missing', async () => {
    const admin = await loginAs(USERS.admin);
    // LOOKUP_LIMITER counts in wall-clock minutes: every look below must fall in one.
    await insideOneWindow(60, 30_000);
    // The page, as the person who imports has it open: the guild's view and their guild list are cached.
    expect((await call(`/api/server-settings?serverID=${GUILDS.adminHq}`, { cookie: admin })).status).toBe(200);
    resetCalls();

    // 15 dry runs naming the same three made-up ids: one look, then they are known missing (15 × 4 = 60 before).
    for (let run = 0; run < 15; run += 1) {
      const res = await importing(admin, 0, true);
      expect(res.status).toBe(200);
      expect((await res.json<{ skipped: unknown[] }>()).skipped).toHaveLength(3);
    }
    expect(botCalls()).toEqual({ calls: 4, refused: 0 });
    // Its apply: nothing applied, nothing asked.
    const applied = await importing(admin, 0, false);
    expect(await applied.json()).toMatchObject({ applied: true, changes: [] });
    expect(botCalls()).toEqual({ calls: 4, refused: 0 });

    // 15 dry runs with new made-up ids each time: the user's two other looks of the minute, then the cached view alone.
    for (let run = 1; run <= 15; run += 1) expect((await importing(admin, run * 10, true)).status).toBe(200);
    expect(botCalls()).toEqual({ calls: 12, refused: 0 });

    // 30 saves of new made-up roles share the same three looks, all spent: refused from the cached view.
    for (let n = 0; n < 30; n += 1) {
      const res = await saving(admin, madeUp(1000 + n));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    }
    // A grant of a made-up role goes through the same gate.
    const grant = await postJson('/api/update-server-access', { serverID: GUILDS.adminHq, roleID: madeUp(2000), level: 'read' }, { cookie: admin });
    expect(grant.status).toBe(400);
    expect(botCalls()).toEqual({ calls: 12, refused: 0 });
  }, 120_000);

  it('a save naming an id the last look did not find asks nothing, even with looks left', async () => {
    const owner = await loginAs(USERS.owner);
    await insideOneWindow(60, 20_000);
    expect((await call(`/api/server-settings?serverID=${GUILDS.glaiveStudio}`, { cookie: owner })).status).toBe(200);
    const save = (roleID: string) =>
      postJson('/api/update-server-settings', { serverID: GUILDS.glaiveStudio, section: 'autorole', key: 'roleID', value: roleID }, { cookie: owner });
    resetCalls();
    expect((await save(madeUp(5000))).status).toBe(400);
    expect(botCalls()).toEqual({ calls: 4, refused: 0 });
    for (let n = 0; n < 10; n += 1) expect((await save(madeUp(5000))).status).toBe(400);
    expect(botCalls()).toEqual({ calls: 4, refused: 0 });
  }, 60_000);
});

describe("page loads whose looks Discord refuses go through the user's limiter", () => {
  // Discord refusing the bot token (401) on every call: a refusal nothing remembers, unlike "the bot is not there".
  const refuseEveryCall = () =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ message: '401: Unauthorized', code: 0 }, { status: 401 })));
  const randomSnowflake = () => String(800000000000000000n + BigInt(Math.floor(Math.random() * 1e12)));
  const cacheKey = (guildId: string) => `discord:guild:v2:${guildId}`;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('3 refused looks a minute per user; the 4th closes the gate: no call, the last known copy answers, else 429 LOOKUPS_SPENT', async () => {
    await insideOneWindow(60, 20_000);
    counter.stop();
    const fetches = refuseEveryCall();
    // A user of their own, so that no other test's looks count in their minute.
    const viewer = randomSnowflake();
    const guildId = randomSnowflake();
    for (let look = 1; look <= 4; look += 1) {
      await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
      expect(fetches).toHaveBeenCalledTimes(4 * look);
    }
    // The 4th refusal found the limiter spent: from now on the bot makes no look for this user.
    await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({
      status: 429,
      code: 'LOOKUPS_SPENT',
      message:
        'Discord refused several look-ups made for you in the last minute, so the dashboard stops asking it for you for a moment. Please try again in a minute.',
      headers: { 'Retry-After': '60' },
    });
    const copied = randomSnowflake();
    const copy = { roles: [], channels: [], emojis: [], botHighestRolePosition: 3 };
    const storedAt = Date.now() - 120_000;
    await env.CACHE.put(cacheKey(copied), JSON.stringify({ value: copy, storedAt }));
    expect(await loadGuildView(env, copied, { viewer })).toEqual({ value: copy, asOf: storedAt });
    expect(fetches).toHaveBeenCalledTimes(16);
    // A fresh copy needs no look, gate or not.
    await env.CACHE.put(cacheKey(copied), JSON.stringify({ value: copy, storedAt: Date.now() }));
    expect(await loadGuildView(env, copied, { viewer })).toEqual({ value: copy, asOf: null });
    // Another user, and the bot API's own calls (no viewer), are not held back.
    await expect(loadGuildView(env, guildId, { viewer: randomSnowflake() })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    await expect(loadGuildView(env, guildId)).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    expect(fetches).toHaveBeenCalledTimes(24);
  }, 60_000);

  it("a failure Discord's edge does not count (a 404) spends nothing, and each user's refusals count in their own minute", async () => {
    await insideOneWindow(60, 20_000);
    counter.stop();
    const viewer = randomSnowflake();
    const guildId = randomSnowflake();
    const notFound = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ message: 'Not Found' }, { status: 404 })));
    for (let look = 1; look <= 4; look += 1) await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'DISCORD_NOT_FOUND' });
    notFound.mockRestore();
    const fetches = refuseEveryCall();
    // Four failures, none a refusal: the gate is still open.
    await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    // Another user's three refusals and the first user's three make four looks each: the minute's budget is per user.
    const other = randomSnowflake();
    for (let look = 1; look <= 2; look += 1) await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    for (let look = 1; look <= 3; look += 1) await expect(loadGuildView(env, guildId, { viewer: other })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    expect(fetches).toHaveBeenCalledTimes(24);
  }, 60_000);

  it("the bot API's own loads (no viewer) go through no one's gate: 5 refused ones in a minute all reach Discord, and none is counted", async () => {
    await insideOneWindow(60, 20_000);
    counter.stop();
    const fetches = refuseEveryCall();
    const limits = vi.spyOn(env.LOOKUP_LIMITER, 'limit');
    const guildId = randomSnowflake();
    for (let look = 1; look <= 5; look += 1) await expect(loadGuildView(env, guildId)).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
    expect(fetches).toHaveBeenCalledTimes(20);
    expect(limits).not.toHaveBeenCalled();
  }, 60_000);

  it("two loads of one user at once share one look, whose refusal counts once: the user's gate closes at their 4th refused look, not their 3rd", async () => {
    await insideOneWindow(60, 20_000);
    counter.stop();
    let lookStarted!: () => void;
    const started = new Promise<void>((resolve) => (lookStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetches = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      lookStarted();
      await released;
      return Response.json({ message: '401: Unauthorized', code: 0 }, { status: 401 });
    });
    const viewer = randomSnowflake();
    const guildId = randomSnowflake();
    const first = loadGuildView(env, guildId, { viewer });
    await started;
    // The second load reads the cache (a miss) and, with no I/O after that read, joins the look under way.
    const reads = vi.spyOn(env.CACHE, 'get');
    const second = loadGuildView(env, guildId, { viewer });
    await reads.mock.results[0]?.value;
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await Promise.all([first, second].map((load) => expect(load).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' })));
    expect(fetches).toHaveBeenCalledTimes(4);
    // One refused look so far: two more, and a third that still reaches Discord and closes the gate.
    for (let look = 2; look <= 4; look += 1) {
      await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'BOT_UNAUTHORIZED' });
      expect(fetches).toHaveBeenCalledTimes(4 * look);
    }
    await expect(loadGuildView(env, guildId, { viewer })).rejects.toMatchObject({ code: 'LOOKUPS_SPENT' });
    expect(fetches).toHaveBeenCalledTimes(16);
  }, 60_000);

  it('looks Discord answers are free: 5 cold loads of one user make 5 looks', async () => {
    const viewer = randomSnowflake();
    resetCalls();
    for (let load = 0; load < 5; load += 1) {
      await clearKv(env.CACHE);
      expect((await loadGuildView(env, GUILDS.kenjiLounge, { viewer })).value.roles.length).toBeGreaterThan(0);
    }
    expect(botCalls()).toEqual({ calls: 20, refused: 0 });
  }, 60_000);
});

describe('a Worker without a bot token', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has an empty view of any guild, and asks Discord nothing for it', async () => {
    const fetches = vi.spyOn(globalThis, 'fetch');
    const removed: Env = { ...env };
    Reflect.deleteProperty(removed, 'DISCORD_BOT_TOKEN');
    for (const withoutToken of [removed, { ...env, DISCORD_BOT_TOKEN: '' }]) {
      const view = await loadGuildView(withoutToken, GUILDS.kenjiLounge, { viewer: USERS.owner });
      expect(view).toEqual({ value: { roles: [], channels: [], emojis: [], botHighestRolePosition: 0 }, asOf: null });
    }
    expect(fetches).not.toHaveBeenCalled();
  });
});
