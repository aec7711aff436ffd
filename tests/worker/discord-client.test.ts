import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RESTAPIPartialCurrentUserGuild } from 'discord-api-types/v10';
import type { CallRecord, FaultMode } from '../../dev/fake-discord/app.ts';
import { ApiError } from '../../src/worker/errors';
import { getBotPresence, getCurrentUser, getGuildSnapshot, getUserGuilds } from '../../src/worker/discord/api';
import { cached, ReadAhead, type CachedAnswer } from '../../src/worker/discord/cache';
import { DiscordRest, DiscordUnauthorizedError, clearRateLimitBuckets, discordTimeout } from '../../src/worker/discord/rest';
import { sharedLoad, sharedLoadsUnderWay } from '../../src/worker/discord/shared-load';
import { ageCache } from './helpers/kv-age';

const DISCORD = 'https://discord.com';
const OWNER_ID = '100000000000000002';
const BOT_GUILD = '300000000000000001';
const MANAGED_BOT_GUILD = '300000000000000002';
const MEMBER_BOT_GUILD = '300000000000000003';
const GUILD_WITHOUT_BOT = '300000000000000004';
/** No guild has this id: Discord answers 404 Unknown Guild (where the bot is absent it answers 403 Missing Access). */
const UNKNOWN_GUILD = '399999999999999999';

interface FaultRequest {
  mode: FaultMode;
  times?: number;
  retryAfter?: number;
  delayMs?: number;
  pathPrefix?: string;
}

async function control(path: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${DISCORD}/__demo${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
  return response;
}

const injectFault = (fault: FaultRequest) => control('/faults', fault);

async function restCalls(): Promise<CallRecord[]> {
  const response = await fetch(`${DISCORD}/__demo/calls`);
  const { calls } = await response.json<{ count: number; calls: CallRecord[] }>();
  return calls.filter((call) => call.path.startsWith('/api/v10/'));
}

async function issueToken(userId: string): Promise<string> {
  const response = await control('/issue-token', { userId });
  const { access_token } = await response.json<{ access_token: string }>();
  return access_token;
}

/**
 * A client with test-sized backoffs so failure paths finish in milliseconds. Its timeout stays far above what the
 * fake takes to answer on a busy machine; the test of a slow Discord sets its own.
 */
function fastRest(overrides: ConstructorParameters<typeof DiscordRest>[1] = {}): DiscordRest {
  return new DiscordRest(env, { timeoutMs: 5_000, retryBackoffMs: 5, ...overrides });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function clearKv(): Promise<void> {
  const { keys } = await env.CACHE.list();
  await Promise.all(keys.map((key) => env.CACHE.delete(key.name)));
}

beforeEach(async () => {
  await control('/reset');
  await control('/calls/reset');
  clearRateLimitBuckets();
  await clearKv();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DiscordRest', () => {
  it('sends the user token and parses the answer', async () => {
    const token = await issueToken(OWNER_ID);
    const user = await getCurrentUser(env, token);
    expect(user.id).toBe(OWNER_ID);
    const [call] = await restCalls();
    expect(call).toMatchObject({ method: 'GET', path: '/api/v10/users/@me', auth: 'user', status: 200 });
  });

  it('sends the bot token for bot calls', async () => {
    const { roles } = (await getGuildSnapshot(env, BOT_GUILD)).value;
    expect(roles.some((role) => role.id === BOT_GUILD)).toBe(true);
    const calls = await restCalls();
    expect(calls.find((call) => call.path.endsWith('/roles'))).toMatchObject({ path: `/api/v10/guilds/${BOT_GUILD}/roles`, auth: 'bot', status: 200 });
  });

  it('retries a JSON 429 after retry_after and succeeds', async () => {
    await injectFault({ mode: '429', times: 1, retryAfter: 0.05 });
    const token = await issueToken(OWNER_ID);
    const started = Date.now();
    const user = await fastRest().request<{ id: string }>('/users/@me', { auth: { type: 'user', token } });
    expect(user.id).toBe(OWNER_ID);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect((await restCalls()).map((call) => call.status)).toEqual([429, 200]);
  });

  it('retries an HTML 429 using the Retry-After header', async () => {
    await injectFault({ mode: '429-html', times: 2, retryAfter: 0.05 });
    const token = await issueToken(OWNER_ID);
    const user = await fastRest().request<{ id: string }>('/users/@me', { auth: { type: 'user', token } });
    expect(user.id).toBe(OWNER_ID);
    expect((await restCalls()).map((call) => call.status)).toEqual([429, 429, 200]);
  });

  it('gives up after 3 attempts of 429 with a 502 and a Retry-After', async () => {
    await injectFault({ mode: '429', retryAfter: 0.05 });
    const error = await rejection(fastRest().request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ status: 502, code: 'DISCORD_RATE_LIMITED' });
    expect(error.headers['Retry-After']).toBe('1');
    expect(await restCalls()).toHaveLength(3);
  });

  it('does not wait out a Retry-After longer than the cap', async () => {
    await injectFault({ mode: '429-html', retryAfter: 30 });
    const started = Date.now();
    const error = await rejection(fastRest().request('/users/@me', { auth: { type: 'bot' } }));
    // Waiting it out would take 30 s.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error).toMatchObject({ status: 502, code: 'DISCORD_RATE_LIMITED' });
    expect(error.headers['Retry-After']).toBe('30');
    expect(await restCalls()).toHaveLength(1);
  }, 20_000);

  it('retries a 500 and returns the later success', async () => {
    await injectFault({ mode: '500', times: 1 });
    const user = await fastRest().request<{ id: string }>('/users/@me', { auth: { type: 'bot' } });
    expect(user.id).toBe(env.DISCORD_CLIENT_ID);
    expect((await restCalls()).map((call) => call.status)).toEqual([500, 200]);
  });

  it('turns a persistent 500 into a 502 after 3 attempts', async () => {
    await injectFault({ mode: '500' });
    const error = await rejection(fastRest().request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ status: 502, code: 'DISCORD_UNAVAILABLE' });
    expect(error.message).toBe('Discord is not answering properly right now. Please try again shortly.');
    expect(await restCalls()).toHaveLength(3);
  });

  it('does not retry a 500 on a non-idempotent method', async () => {
    await injectFault({ mode: '500' });
    const error = await rejection(fastRest().request('/users/@me', { auth: { type: 'bot' }, method: 'POST', body: {} }));
    expect(error.code).toBe('DISCORD_UNAVAILABLE');
    expect(await restCalls()).toHaveLength(1);
  });

  it('answers 504 when Discord is slower than the timeout', async () => {
    await injectFault({ mode: 'slow', delayMs: 10_000 });
    const started = Date.now();
    const error = await rejection(fastRest({ timeoutMs: 200 }).request('/users/@me', { auth: { type: 'bot' } }));
    // Discord's answer would take 10 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({ status: 504, code: 'DISCORD_TIMEOUT' });
    expect(error.message).toBe('Discord took too long to answer. Please try again.');
  }, 20_000);

  it('answers 502 for a 200 whose body is not JSON', async () => {
    await injectFault({ mode: 'malformed' });
    const error = await rejection(fastRest().request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ status: 502, code: 'DISCORD_UNAVAILABLE' });
  });

  it('maps 401 to DiscordUnauthorizedError without retrying', async () => {
    const error = await rejection(getCurrentUser(env, 'not-a-real-token'));
    expect(error).toBeInstanceOf(DiscordUnauthorizedError);
    expect(error).toMatchObject({ status: 401, code: 'DISCORD_UNAUTHORIZED' });
    expect(error.message).toBe('Your Discord session has expired. Please log in again.');
    expect(await restCalls()).toHaveLength(1);
  });

  it('does not end the session when the bot token is refused', async () => {
    const rest = new DiscordRest({ DISCORD_BASE_URL: env.DISCORD_BASE_URL, APP_ORIGIN: env.APP_ORIGIN, DISCORD_BOT_TOKEN: 'wrong' });
    const error = await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).not.toBeInstanceOf(DiscordUnauthorizedError);
    expect(error).toMatchObject({ status: 503, code: 'BOT_UNAUTHORIZED' });
    expect(await restCalls()).toHaveLength(1);
  });

  it('backs off between 5xx retries', async () => {
    await injectFault({ mode: '500' });
    const started = Date.now();
    await rejection(fastRest({ retryBackoffMs: 40 }).request('/users/@me', { auth: { type: 'bot' } }));
    // 40 ms, then 80 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('reports a revoked token as DiscordUnauthorizedError', async () => {
    const token = await issueToken(OWNER_ID);
    await injectFault({ mode: 'revoke' });
    const error = await rejection(getCurrentUser(env, token));
    expect(error).toBeInstanceOf(DiscordUnauthorizedError);
  });

  it('maps 404 without retrying', async () => {
    const error = await rejection(getGuildSnapshot(env, UNKNOWN_GUILD));
    expect(error).toMatchObject({ status: 404, code: 'DISCORD_NOT_FOUND' });
    // The snapshot's three calls run in parallel and the first 404 ends it: none is ever retried.
    const paths = (await restCalls()).map((call) => call.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('maps 403 without retrying, Missing Access (50001) apart from the others', async () => {
    const forbidden = (code: number) => Response.json({ message: 'Missing Access', code }, { status: 403 });
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(forbidden(50001)));
    const missing = await rejection(fastRest().request('/guilds/300000000000000001/roles', { auth: { type: 'bot' } }));
    expect(missing).toMatchObject({ status: 403, code: 'DISCORD_MISSING_ACCESS' });
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(forbidden(50013)));
    const other = await rejection(fastRest().request('/guilds/300000000000000001/roles', { auth: { type: 'bot' } }));
    expect(other).toMatchObject({ status: 403, code: 'DISCORD_FORBIDDEN' });
  });

  it('refuses bot calls without a bot token before calling Discord', async () => {
    const rest = new DiscordRest({ DISCORD_BASE_URL: env.DISCORD_BASE_URL, APP_ORIGIN: env.APP_ORIGIN });
    const error = await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ status: 503, code: 'BOT_NOT_CONFIGURED' });
    const noBot = { ...env, DISCORD_BOT_TOKEN: undefined };
    expect(await rejection(getBotPresence(noBot, BOT_GUILD))).toMatchObject({ code: 'BOT_NOT_CONFIGURED' });
    expect(await restCalls()).toHaveLength(0);
  });

  it('refuses ids that are not snowflakes before they reach a URL', async () => {
    const error = await rejection(getGuildSnapshot(env, '../../users/@me'));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    expect(await restCalls()).toHaveLength(0);
  });
});

describe('rate-limit buckets', () => {
  function bucketAnswer(remaining: number, resetAfter: number): Response {
    return Response.json(
      { id: '1' },
      {
        headers: {
          'X-RateLimit-Bucket': 'abc',
          'X-RateLimit-Remaining': String(remaining),
          'X-RateLimit-Reset-After': String(resetAfter),
        },
      },
    );
  }

  it('waits for an exhausted bucket to reset before calling again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(bucketAnswer(0, 0.15)));
    const rest = fastRest();
    await rest.request('/users/@me', { auth: { type: 'bot' } });
    const started = Date.now();
    await rest.request('/users/@me', { auth: { type: 'bot' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('does not hold up other routes', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(bucketAnswer(0, 10)));
    const rest = fastRest();
    await rest.request('/users/@me', { auth: { type: 'bot' } });
    const started = Date.now();
    await rest.request('/users/@me/guilds', { auth: { type: 'bot' } });
    // Held up, it would wait for the 10 s reset.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('shares one bucket across the routes Discord puts in it, per major parameter', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => Promise.resolve(bucketAnswer(1, 10)))
      .mockImplementation(() => Promise.resolve(bucketAnswer(0, 10)));
    const rest = fastRest();
    // Learned: the member route is in bucket 'abc', with one call left for this guild.
    await rest.request(`/guilds/${BOT_GUILD}/members/100000000000000001`, { auth: { type: 'bot' } });
    // The roles route is in 'abc' too: its call spends the guild's last one.
    await rest.request(`/guilds/${BOT_GUILD}/roles`, { auth: { type: 'bot' } });
    // So another member of the same guild waits for the shared bucket, without calling Discord.
    let started = Date.now();
    const error = await rejection(rest.request(`/guilds/${BOT_GUILD}/members/100000000000000002`, { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    // Not after waiting for the 10 s reset.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // Another guild is another major parameter: not held up.
    started = Date.now();
    await rest.request(`/guilds/${MANAGED_BOT_GUILD}/members/100000000000000002`, { auth: { type: 'bot' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('pauses every route of the token after a global 429, and only that token', async () => {
    const globalLimit = new Response(JSON.stringify({ message: 'You are being rate limited.', retry_after: 10, global: true }), {
      status: 429,
      headers: { 'Retry-After': '10', 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global', 'Content-Type': 'application/json' },
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => Promise.resolve(globalLimit));
    const rest = fastRest();
    expect(await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect(await rejection(rest.request(`/guilds/${BOT_GUILD}/roles`, { auth: { type: 'bot' } }))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    fetchSpy.mockImplementation(() => Promise.resolve(bucketAnswer(5, 1)));
    await rest.request('/users/@me', { auth: { type: 'user', token: 'another-token' } });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("holds every call, whatever its token, once Discord's edge has banned this address for too many invalid requests", async () => {
    // The fake bans after its 3rd invalid answer here (Discord: the 10,001st in 10 minutes).
    await control('/rate-limits', { invalidRequests: { limit: 2, banMs: 3_600_000 } });
    const rest = fastRest();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await rejection(rest.request('/users/@me', { auth: { type: 'user', token: 'revoked' } }))).toBeInstanceOf(DiscordUnauthorizedError);
    }
    const banned = await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }));
    expect(banned).toMatchObject({ status: 502, code: 'DISCORD_RATE_LIMITED', headers: { 'Retry-After': '3600' } });
    const owner = await issueToken(OWNER_ID);
    const held = await rejection(rest.request('/users/@me/guilds', { auth: { type: 'user', token: owner } }));
    expect(held).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect((await restCalls()).map((call) => call.status)).toEqual([401, 401, 401, 429]);
  });

  it("holds other tokens' calls after the edge's HTML 429, and not after the API's own 429 for one token", async () => {
    const rest = fastRest();
    await injectFault({ mode: '429', retryAfter: 30, times: 1 });
    expect(await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    const owner = await issueToken(OWNER_ID);
    await rest.request('/users/@me', { auth: { type: 'user', token: owner } });
    await injectFault({ mode: '429-html', retryAfter: 30, times: 1 });
    expect(await rejection(rest.request('/users/@me/guilds', { auth: { type: 'user', token: owner } }))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect(await rejection(rest.request(`/guilds/${BOT_GUILD}/roles`, { auth: { type: 'bot' } }))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect((await restCalls()).map((call) => call.status)).toEqual([429, 200, 429]);
  });

  it('fails fast when the bucket resets later than the cap', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(bucketAnswer(0, 10)));
    const rest = fastRest();
    await rest.request('/users/@me', { auth: { type: 'bot' } });
    const error = await rejection(rest.request('/users/@me', { auth: { type: 'bot' } }));
    expect(error).toMatchObject({ status: 502, code: 'DISCORD_RATE_LIMITED' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('guild lists', () => {
  it('lists the user guilds with counts and permissions', async () => {
    const token = await issueToken(OWNER_ID);
    const { value: guilds, asOf } = await getUserGuilds(env, token, OWNER_ID);
    expect(asOf).toBeNull();
    const ids = guilds.map((guild) => guild.id);
    expect(ids).toEqual(expect.arrayContaining([BOT_GUILD, MANAGED_BOT_GUILD, MEMBER_BOT_GUILD, GUILD_WITHOUT_BOT]));
    expect(guilds.every((guild) => typeof guild.approximate_member_count === 'number')).toBe(true);
    const [call] = await restCalls();
    const query = new URLSearchParams(call?.search);
    expect(query.get('with_counts')).toBe('true');
    expect(query.get('limit')).toBe('200');
    expect(query.has('after')).toBe(false);
  });

  it('keeps in KV only the fields the dashboard reads of each guild, not its feature list, banner or presence count', async () => {
    const token = await issueToken(OWNER_ID);
    await getUserGuilds(env, token, OWNER_ID);
    const stored = await env.CACHE.get<{ value: Record<string, unknown>[] }>(`discord:user-guilds:${OWNER_ID}`, 'json');
    const kenji = stored?.value.find((guild) => guild.id === BOT_GUILD);
    expect(kenji).toEqual({
      id: BOT_GUILD,
      name: 'Kenji Lounge',
      icon: null,
      owner: true,
      permissions: expect.stringMatching(/^\d+$/) as unknown,
      approximate_member_count: 1284,
    });
  });

  it('serves the second read from KV without calling Discord', async () => {
    const token = await issueToken(OWNER_ID);
    const first = await getUserGuilds(env, token, OWNER_ID);
    const second = await getUserGuilds(env, token, OWNER_ID);
    expect(second).toEqual(first);
    expect(await restCalls()).toHaveLength(1);
  });

  it('bypasses and refreshes the cache with fresh:true', async () => {
    const token = await issueToken(OWNER_ID);
    await getUserGuilds(env, token, OWNER_ID);
    await getUserGuilds(env, token, OWNER_ID, { fresh: true });
    expect(await restCalls()).toHaveLength(2);
    await getUserGuilds(env, token, OWNER_ID);
    expect(await restCalls()).toHaveLength(2);
  });

  it("asks for the user's guilds in one call of 200, the most a user can be in, even when that page is full", async () => {
    const guild = (index: number): RESTAPIPartialCurrentUserGuild => ({
      id: String(500000000000000000n + BigInt(index)),
      name: `Guild ${index}`,
      icon: null,
      banner: null,
      owner: false,
      features: [],
      permissions: '0',
    });
    const fullPage = Array.from({ length: 200 }, (_, index) => guild(index));
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(Response.json(fullPage)));
    const { value: guilds } = await getUserGuilds(env, 'some-user-token', OWNER_ID);
    expect(guilds).toHaveLength(200);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [input] = fetchSpy.mock.calls[0] ?? [];
    const query = new URL(input instanceof Request ? input.url : String(input)).searchParams;
    expect(query.get('limit')).toBe('200');
    expect(query.has('after')).toBe(false);
  });
});

describe('loads shared by requests that miss together', () => {
  const guildListCalls = async () => (await restCalls()).filter((call) => call.path === '/api/v10/users/@me/guilds');

  it("sends one call for 20 parallel misses of a user's guild list (Discord allows one a second), and stores it once", async () => {
    const token = await issueToken(OWNER_ID);
    const puts = vi.spyOn(env.CACHE, 'put');
    const answers = await Promise.all(Array.from({ length: 20 }, () => getUserGuilds(env, token, OWNER_ID)));
    const calls = await guildListCalls();
    expect(calls.map((call) => call.status)).toEqual([200]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.value.map((guild) => guild.id)).toContain(BOT_GUILD);
    expect(puts.mock.calls.filter(([key]) => key === `discord:user-guilds:${OWNER_ID}`)).toHaveLength(1);
    expect(sharedLoadsUnderWay()).toBe(0);
  });

  it('shares a load only between requests that send the same token: a refused token fails alone', async () => {
    const token = await issueToken(OWNER_ID);
    const [refused, accepted] = await Promise.allSettled([getUserGuilds(env, 'a-revoked-token', OWNER_ID), getUserGuilds(env, token, OWNER_ID)]);
    expect(refused.status === 'rejected' && refused.reason instanceof DiscordUnauthorizedError).toBe(true);
    expect(accepted.status === 'fulfilled' && accepted.value.value.length).toBeGreaterThan(0);
    expect((await guildListCalls()).map((call) => call.status).sort()).toEqual([200, 401]);
  });

  it('lets a request stop waiting without abandoning the call: a later request joins it, the next reads its stored answer', async () => {
    const token = await issueToken(OWNER_ID);
    // Discord takes 3 s, within a timeout of 10 s: the call is still under way while the requests below come and go.
    const patient = { ...env, DISCORD_TIMEOUT_MS: '10000' };
    await injectFault({ mode: 'slow', delayMs: 3_000, times: 1 });
    const controller = new AbortController();
    const leaving = getUserGuilds(patient, token, OWNER_ID, { signal: controller.signal });
    // The request stops waiting once its call has reached Discord.
    await vi.waitFor(async () => expect(await guildListCalls()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    controller.abort(new Error('loader budget spent'));
    await expect(leaving).rejects.toThrow('loader budget spent');
    expect(sharedLoadsUnderWay()).toBe(1);
    const joined = await getUserGuilds(patient, token, OWNER_ID);
    expect(joined.value.map((guild) => guild.id)).toContain(BOT_GUILD);
    expect(await getUserGuilds(patient, token, OWNER_ID)).toEqual(joined);
    expect(await guildListCalls()).toHaveLength(1);
  }, 20_000);

  it('forgets a failed load, so the next request asks Discord again', async () => {
    const token = await issueToken(OWNER_ID);
    await injectFault({ mode: '500', times: 3 });
    const failed = await Promise.allSettled([getUserGuilds(env, token, OWNER_ID), getUserGuilds(env, token, OWNER_ID)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await guildListCalls()).toHaveLength(3);
    expect((await getUserGuilds(env, token, OWNER_ID)).asOf).toBeNull();
    expect((await guildListCalls()).map((call) => call.status)).toEqual([500, 500, 500, 200]);
  });

  it('lets a request that joined a load stop waiting at its deadline with a 504, while the load goes on for its starter', async () => {
    let finish: (value: string) => void = () => undefined;
    const options = { late: discordTimeout, deadlineMs: 50 };
    const starter = sharedLoad('test:deadline', () => new Promise<string>((resolve) => (finish = resolve)), options);
    const joiner = sharedLoad('test:deadline', () => Promise.resolve('a second load'), options);
    expect(await rejection(joiner)).toMatchObject({ status: 504, code: 'DISCORD_TIMEOUT' });
    expect(sharedLoadsUnderWay()).toBe(1);
    finish('the first load');
    expect(await starter).toBe('the first load');
    expect(sharedLoadsUnderWay()).toBe(0);
  });

  it("shares the bot's loads of one guild, and keeps two guilds' loads apart", async () => {
    const answers = await Promise.all([BOT_GUILD, BOT_GUILD, GUILD_WITHOUT_BOT, BOT_GUILD].map((guildId) => getBotPresence(env, guildId)));
    expect(answers.map((answer) => answer.value.present)).toEqual([true, true, false, true]);
    expect((await restCalls()).map((call) => call.path).sort()).toEqual([`/api/v10/guilds/${BOT_GUILD}`, `/api/v10/guilds/${GUILD_WITHOUT_BOT}`]);
  });
});

describe("the bot's presence in one guild", () => {
  it('asks Discord for that guild alone, as the bot, and caches the answer and the absence', async () => {
    expect(await getBotPresence(env, BOT_GUILD)).toEqual({ value: { present: true }, asOf: null });
    expect(await getBotPresence(env, GUILD_WITHOUT_BOT)).toEqual({ value: { present: false }, asOf: null });
    expect(await getBotPresence(env, BOT_GUILD)).toEqual({ value: { present: true }, asOf: null });
    expect(await getBotPresence(env, GUILD_WITHOUT_BOT)).toEqual({ value: { present: false }, asOf: null });
    const calls = await restCalls();
    expect(calls.map((call) => `${call.method} ${call.path} ${call.auth}`)).toEqual([
      `GET /api/v10/guilds/${BOT_GUILD} bot`,
      `GET /api/v10/guilds/${GUILD_WITHOUT_BOT} bot`,
    ]);
  });

  it("reads Discord's 403 Missing Access (50001) as absence, and any other 403 as an error", async () => {
    const answer = (code: number) => Response.json({ message: 'Missing Access', code }, { status: 403 });
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => Promise.resolve(answer(50001)));
    expect((await getBotPresence(env, '300000000000000077')).value).toEqual({ present: false });
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => Promise.resolve(answer(50013)));
    expect(await rejection(getBotPresence(env, '300000000000000078'))).toMatchObject({ status: 403, code: 'DISCORD_FORBIDDEN' });
  });
});

describe('guild data', () => {
  it('fetches roles, channels, emoji and the bot member together and caches them as one entry', async () => {
    const { roles, channels, emojis, botHighestRolePosition } = (await getGuildSnapshot(env, BOT_GUILD)).value;
    expect(roles.length).toBeGreaterThan(1);
    expect(channels.length).toBeGreaterThan(0);
    expect(emojis.map((emoji) => emoji.name)).toContain('kenji_wave');
    // The bot's role in the demo guild (ServerManager, position 3) is its highest.
    expect(botHighestRolePosition).toBe(3);
    await getGuildSnapshot(env, BOT_GUILD);
    expect((await restCalls()).map((call) => call.path).sort()).toEqual(
      [
        `/api/v10/guilds/${BOT_GUILD}/channels`,
        `/api/v10/guilds/${BOT_GUILD}/emojis`,
        `/api/v10/guilds/${BOT_GUILD}/members/${env.DISCORD_CLIENT_ID}`,
        `/api/v10/guilds/${BOT_GUILD}/roles`,
      ].sort(),
    );
  });

  it("keeps in KV the lists the settings page shows, sorted, not Discord's objects", async () => {
    await getGuildSnapshot(env, BOT_GUILD);
    const stored = await env.CACHE.get<{ value: { roles: object[]; channels: { position: number }[] } }>(`discord:guild:v2:${BOT_GUILD}`, 'json');
    expect(stored?.value.roles[0]).toEqual({ id: expect.any(String) as unknown, name: 'Lounge Staff', color: 0xe74c3c, position: 5, managed: false });
    expect(Object.keys(stored?.value.channels[0] ?? {}).sort()).toEqual(['id', 'name', 'parent_id', 'position', 'type']);
    const positions = stored?.value.channels.map((channel) => channel.position) ?? [];
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('does not cache failures', async () => {
    await injectFault({ mode: '500' });
    await rejection(getGuildSnapshot(env, BOT_GUILD));
    await control('/faults', { mode: 'none' });
    const { roles } = (await getGuildSnapshot(env, BOT_GUILD)).value;
    expect(roles.length).toBeGreaterThan(1);
  });
});

/** A test entry loaded as the bot. */
const answer = (key: string, ttlSeconds: number): CachedAnswer => ({ key, ttlSeconds, caller: { type: 'bot' } });

describe('cached', () => {
  it('treats entries older than a sub-minute ttl as stale', async () => {
    let loads = 0;
    const load = () => Promise.resolve({ loads: ++loads });
    // KV keeps an entry at least 60 s: a 30 s freshness is the stored time's to enforce. The entry is aged by
    // rewriting its stored time, so the test waits for nothing.
    expect(await cached(env.CACHE, answer('test:short', 30), load)).toEqual({ value: { loads: 1 }, asOf: null });
    await ageCache(20_000, 'test:short');
    expect(await cached(env.CACHE, answer('test:short', 30), load)).toEqual({ value: { loads: 1 }, asOf: null });
    await ageCache(31_000, 'test:short');
    expect(await cached(env.CACHE, answer('test:short', 30), load)).toEqual({ value: { loads: 2 }, asOf: null });
  });

  it("answers the last known copy with when it was stored while Discord fails, and Discord's own answer as live", async () => {
    const storedAt = Date.now() - 3_600_000;
    await env.CACHE.put('test:copy', JSON.stringify({ value: 'copy', storedAt }));
    const down = () => Promise.reject(new ApiError(502, 'DISCORD_UNAVAILABLE', 'Discord is down'));
    expect(await cached(env.CACHE, answer('test:copy', 60), down)).toEqual({ value: 'copy', asOf: storedAt });
    expect(await cached(env.CACHE, answer('test:copy', 60), () => Promise.resolve('live'))).toEqual({ value: 'live', asOf: null });
  });

  it('loads again when asked for a fresh value', async () => {
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cached(env.CACHE, answer('test:fresh', 60), load);
    expect((await cached(env.CACHE, answer('test:fresh', 60), load)).value).toBe(1);
    expect((await cached(env.CACHE, answer('test:fresh', 60), load, { fresh: true })).value).toBe(2);
  });

  it('uses a read started ahead once, and reads KV again after that', async () => {
    const gets: string[] = [];
    const kv = new Proxy(env.CACHE, {
      get(target, name) {
        if (name !== 'get') return Reflect.get(target, name, target) as unknown;
        return (key: string, type: 'json') => (gets.push(key), target.get(key, type));
      },
    });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cached(env.CACHE, answer('test:ahead', 60), load);
    const readAhead = new ReadAhead(kv);
    readAhead.start('test:ahead');
    readAhead.start('test:ahead');
    await Promise.resolve(); // the keys started in one turn are read together, once it ends
    expect(gets).toEqual(['test:ahead']);
    expect((await cached(kv, answer('test:ahead', 60), load, { readAhead })).value).toBe(1);
    expect(gets).toEqual(['test:ahead']);
    expect((await cached(kv, answer('test:ahead', 60), load, { readAhead })).value).toBe(1);
    expect(gets).toEqual(['test:ahead', 'test:ahead']);
    expect(loads).toBe(1);
  });

  it('reads the keys started in one turn in one KV call, each answered with its own entry', async () => {
    const gets: unknown[] = [];
    const kv = new Proxy(env.CACHE, {
      get(target, name) {
        if (name !== 'get') return Reflect.get(target, name, target) as unknown;
        return (keys: string[], type: 'json') => (gets.push(keys), target.get(keys, type));
      },
    });
    await cached(env.CACHE, answer('test:one', 60), () => Promise.resolve('first'));
    await cached(env.CACHE, answer('test:two', 60), () => Promise.resolve('second'));
    const readAhead = new ReadAhead(kv);
    readAhead.start('test:one');
    readAhead.start('test:two');
    readAhead.start('test:none');
    const never = () => Promise.reject(new Error('read ahead, not loaded'));
    expect((await cached(kv, answer('test:two', 60), never, { readAhead })).value).toBe('second');
    expect((await cached(kv, answer('test:one', 60), never, { readAhead })).value).toBe('first');
    expect(await readAhead.take('test:none')).toBeNull();
    expect(gets).toEqual([['test:one', 'test:two', 'test:none']]);
    // A key started in a later turn is a read of its own.
    readAhead.start('test:one');
    await readAhead.take('test:one');
    expect(gets).toEqual([['test:one', 'test:two', 'test:none'], 'test:one']);
  });
});
