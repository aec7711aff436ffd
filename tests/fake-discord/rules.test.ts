/**
 * Discord's rules as the fake enforces them, at their edges: rate limits (global and per route), 403 Missing
 * Access, the User-Agent its edge requires, token revocation and the call log. Discord's numbers are literals; the
 * ban for invalid requests takes 10,000 calls at Discord's, so one test has them and the others lower the limit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { RESTRateLimit } from 'discord-api-types/v10';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { CallRecord, FakeDiscord } from '../../dev/fake-discord/app.ts';
import { isInvalid } from '../../dev/fake-discord/invalid-requests.ts';
import { defaultRateLimits } from '../../dev/fake-discord/ratelimit.ts';

const USER_AGENT = 'DiscordBot (http://localhost, 1.0)';
const BOT = `Bot ${DEMO_BOT_TOKEN}`;
const BASIC = `Basic ${btoa(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`)}`;
/** The first generated guild's id (FAKE_DISCORD_BOT_GUILDS), and the ones after it. */
const generatedId = (index: number) => String(600000000000000000n + BigInt(index));

let clock = 0;
let fake: FakeDiscord;

beforeEach(() => {
  clock = 1_700_000_000_000;
  fake = createFakeDiscord({ botGuilds: 100, now: () => clock });
});

function call(path: string, authorization: string | null = BOT, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('User-Agent')) headers.set('User-Agent', USER_AGENT);
  if (authorization !== null) headers.set('Authorization', authorization);
  return Promise.resolve(fake.app.request(path, { ...init, headers }));
}

async function control(path: string, body: unknown): Promise<Response> {
  return fake.app.request(`/__demo${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function userToken(userId: string): Promise<{ access_token: string; refresh_token: string }> {
  return (await control('/issue-token', { userId })).json();
}

describe('the global rate limit', () => {
  it('answers the 50th call of a second and refuses the 51st with a global 429', async () => {
    for (let index = 0; index < 50; index += 1) expect((await call(`/api/v10/guilds/${generatedId(index)}/roles`)).status).toBe(200);
    clock += 400;
    const refused = await call(`/api/v10/guilds/${generatedId(50)}/roles`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('X-RateLimit-Global')).toBe('true');
    expect(refused.headers.get('X-RateLimit-Scope')).toBe('global');
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(await refused.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.6, global: true } satisfies RESTRateLimit);
  });

  it('is counted per token: a user token has its own 50 a second, and the next second starts afresh', async () => {
    for (let index = 0; index < 50; index += 1) await call(`/api/v10/guilds/${generatedId(index)}/roles`);
    expect((await call(`/api/v10/guilds/${generatedId(60)}/roles`)).status).toBe(429);
    const { access_token } = await userToken(DEMO_USER_IDS.owner);
    expect((await call('/api/v10/users/@me', `Bearer ${access_token}`)).status).toBe(200);
    clock += 1000;
    expect((await call(`/api/v10/guilds/${generatedId(60)}/roles`)).status).toBe(200);
  });
});

describe('per-route buckets', () => {
  const member = (guildId: string, userId: string) => `/api/v10/guilds/${guildId}/members/${userId}`;

  it('share one bucket across a route for the same guild, with Discord headers counting down', async () => {
    const remaining: (string | null)[] = [];
    const buckets = new Set<string | null>();
    for (const userId of [DEMO_USER_IDS.owner, DEMO_USER_IDS.member, DEMO_USER_IDS.owner, DEMO_USER_IDS.admin, DEMO_CLIENT_ID]) {
      const response = await call(member(DEMO_GUILD_IDS.lofiCafe, userId));
      expect(response.headers.get('X-RateLimit-Limit')).toBe('5');
      expect(response.headers.get('X-RateLimit-Reset-After')).toBe('1.000');
      expect(response.headers.get('X-RateLimit-Reset')).toBe(((clock + 1000) / 1000).toFixed(3));
      remaining.push(response.headers.get('X-RateLimit-Remaining'));
      buckets.add(response.headers.get('X-RateLimit-Bucket'));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    expect(buckets.size).toBe(1);
    clock += 250;
    const refused = await call(member(DEMO_GUILD_IDS.lofiCafe, DEMO_USER_IDS.member));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('X-RateLimit-Scope')).toBe('user');
    expect(refused.headers.get('X-RateLimit-Global')).toBeNull();
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(refused.headers.get('X-RateLimit-Reset-After')).toBe('0.750');
    expect(refused.headers.get('X-RateLimit-Bucket')).toBe([...buckets][0]);
    expect(await refused.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.75, global: false });
  });

  it('are separate for another guild id (the major parameter), with the same bucket hash', async () => {
    for (let index = 0; index < 5; index += 1) await call(member(DEMO_GUILD_IDS.lofiCafe, DEMO_USER_IDS.member));
    expect((await call(member(DEMO_GUILD_IDS.lofiCafe, DEMO_USER_IDS.member))).status).toBe(429);
    const other = await call(member(DEMO_GUILD_IDS.kenjiLounge, DEMO_USER_IDS.member));
    expect(other.status).toBe(200);
    expect(other.headers.get('X-RateLimit-Remaining')).toBe('4');
    const lofi = await call(member(DEMO_GUILD_IDS.lofiCafe, DEMO_USER_IDS.member));
    expect(other.headers.get('X-RateLimit-Bucket')).toBe(lofi.headers.get('X-RateLimit-Bucket'));
  });

  it('are separate for another route of the same guild', async () => {
    for (let index = 0; index < 5; index += 1) await call(`/api/v10/guilds/${DEMO_GUILD_IDS.lofiCafe}/roles`);
    expect((await call(`/api/v10/guilds/${DEMO_GUILD_IDS.lofiCafe}/roles`)).status).toBe(429);
    expect((await call(`/api/v10/guilds/${DEMO_GUILD_IDS.lofiCafe}/emojis`)).status).toBe(200);
  });

  it('allow /users/@me/guilds once a second per token, whole seconds in Retry-After', async () => {
    const first = await userToken(DEMO_USER_IDS.owner);
    const second = await userToken(DEMO_USER_IDS.owner);
    expect((await call('/api/v10/users/@me/guilds', `Bearer ${first.access_token}`)).status).toBe(200);
    clock += 999;
    const refused = await call('/api/v10/users/@me/guilds', `Bearer ${first.access_token}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect((await refused.json<RESTRateLimit>()).retry_after).toBe(0.001);
    expect((await call('/api/v10/users/@me/guilds', `Bearer ${second.access_token}`)).status).toBe(200);
    clock += 1;
    expect((await call('/api/v10/users/@me/guilds', `Bearer ${first.access_token}`)).status).toBe(200);
  });

  it('can be turned up, down and off through /__demo/rate-limits, and back to Discord’s by a reset', async () => {
    const raised = await control('/rate-limits', { routes: { 'GET /users/@me/guilds': { limit: 3, windowMs: 2000 } } });
    expect(raised.status).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await call('/api/v10/users/@me/guilds')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await control('/rate-limits', { globalPerSecond: 2 });
    expect((await call('/api/v10/users/@me')).status).toBe(200);
    expect((await call('/api/v10/users/@me')).status).toBe(200);
    expect((await call('/api/v10/users/@me')).headers.get('X-RateLimit-Scope')).toBe('global');
    await control('/rate-limits', { enabled: false });
    for (let index = 0; index < 60; index += 1) expect((await call('/api/v10/users/@me/guilds')).status).toBe(200);
    await fake.app.request('/__demo/reset', { method: 'POST' });
    expect((await call('/api/v10/users/@me/guilds')).status).toBe(200);
    expect((await call('/api/v10/users/@me/guilds')).status).toBe(429);
    expect((await control('/rate-limits', { globalPerSecond: 0 })).status).toBe(400);
    expect((await control('/rate-limits', { routes: { 'users/@me': { limit: 1, windowMs: 1000 } } })).status).toBe(400);
  });
});

describe('access to guilds', () => {
  it('answers 403 Missing Access (50001) where the guild exists without the bot, 404 Unknown Guild (10004) where it does not', async () => {
    for (const path of ['/roles', '/channels', '/emojis', `/members/${DEMO_USER_IDS.owner}`]) {
      const absent = await call(`/api/v10/guilds/${DEMO_GUILD_IDS.ownerSandbox}${path}`);
      expect([absent.status, await absent.json()]).toEqual([403, { message: 'Missing Access', code: 50001 }]);
      const unknown = await call(`/api/v10/guilds/${generatedId(100)}${path}`);
      expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Unknown Guild', code: 10004 }]);
    }
    expect((await call(`/api/v10/guilds/${generatedId(99)}/roles`)).status).toBe(200);
  });

  it('answers GET /guilds/{id} of a guild without the bot as of one that does not exist: 404 Unknown Guild (10004), since 2023', async () => {
    for (const id of [DEMO_GUILD_IDS.ownerSandbox, generatedId(100)]) {
      const answer = await call(`/api/v10/guilds/${id}`);
      expect([answer.status, await answer.json()]).toEqual([404, { message: 'Unknown Guild', code: 10004 }]);
    }
    expect((await call(`/api/v10/guilds/${generatedId(99)}`)).status).toBe(200);
  });
});

describe("Discord's edge", () => {
  it('refuses API and OAuth2 calls without a User-Agent with 403 code 40333, and lets them through with one', async () => {
    const withoutUserAgent = (path: string, init: RequestInit = {}) => fake.app.request(path, init);
    const refusedRest = await withoutUserAgent('/api/v10/users/@me', { headers: { Authorization: BOT } });
    expect([refusedRest.status, await refusedRest.json()]).toEqual([403, { message: 'internal network error', code: 40333 }]);
    const refusedToken = await withoutUserAgent('/api/oauth2/token', {
      method: 'POST',
      headers: { Authorization: BASIC },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(refusedToken.status).toBe(403);
    const refusedRevoke = await withoutUserAgent('/api/oauth2/token/revoke', {
      method: 'POST',
      headers: { Authorization: BASIC },
      body: new URLSearchParams({ token: 'x' }),
    });
    expect(refusedRevoke.status).toBe(403);
    expect((await call('/api/v10/users/@me', BOT, { headers: { 'User-Agent': ' ' } })).status).toBe(403);
    expect((await call('/api/v10/users/@me')).status).toBe(200);
    // A person's browser always sends one; the authorize page is not behind the check.
    expect((await withoutUserAgent(`/oauth2/authorize?client_id=${DEMO_CLIENT_ID}&scope=bot`)).status).toBe(200);
  });
});

describe('the ban for invalid requests (Discord\'s "Cloudflare bans")', () => {
  // A token of its own for each call, so that no rate limit answers before the 401.
  let calls = 0;
  const invalid = () => call('/api/v10/users/@me', `Bearer not-a-token-${(calls += 1)}`);
  const counted = async () => (await fake.app.request('/__demo/invalid-requests')).json<{ count: number; windowStartedAt: number; bannedUntil: number }>();

  /**
   * Discord's numbers, the one test that makes them all: 10,000 calls through the app take about half a second on
   * an idle machine and twice that with every core busy, so the test allows a minute rather than vitest's 5 seconds.
   * The clock is the fake's own, moved by hand: the test checks the 10 minutes and the hour, not the machine's speed.
   */
  it(
    'answers 10,000 invalid calls in 10 minutes, then bans the address at the 10,001st for an hour: every call gets the HTML 429',
    { timeout: 60_000 },
    async () => {
      const { invalidRequests } = await (await fake.app.request('/__demo/rate-limits')).json<{ invalidRequests: unknown }>();
      expect(invalidRequests).toEqual({ limit: 10_000, windowMs: 600_000, banMs: 3_600_000 });
      const start = clock;
      const notAnswered: [number, number][] = [];
      // The first at 0:00, the 10,000th at 9:49.941: all within the first 10 minutes.
      for (let index = 0; index < 10_000; index += 1) {
        clock = start + index * 59;
        const { status } = await invalid();
        if (status !== 401) notAnswered.push([index + 1, status]);
      }
      expect(notAnswered).toEqual([]);
      expect(await counted()).toMatchObject({ count: 10_000, windowStartedAt: start, bannedUntil: 0 });
      clock = start + 599_999;
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      expect((await invalid()).status).toBe(401);
      expect(await counted()).toMatchObject({ count: 10_001, bannedUntil: clock + 3_600_000 });
      const refused = await call('/api/v10/users/@me');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('3600');
      expect(refused.headers.get('X-RateLimit-Scope')).toBeNull();
      expect(await refused.text()).toContain('Error 1015');
      const token = await call('/api/oauth2/token', BASIC, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }) });
      expect(token.status).toBe(429);
      clock += 3_599_999;
      const last = await call('/api/v10/users/@me');
      expect([last.status, last.headers.get('Retry-After')]).toEqual([429, '1']);
      clock += 1;
      expect((await call('/api/v10/users/@me')).status).toBe(200);
    },
  );

  describe('at a lowered limit (5 invalid answers a minute, a ban of 5 minutes), given to createFakeDiscord', () => {
    const LOWERED = { limit: 5, windowMs: 60_000, banMs: 300_000 };

    beforeEach(() => {
      fake = createFakeDiscord({ botGuilds: 100, now: () => clock, rateLimits: { ...defaultRateLimits(), invalidRequests: LOWERED } });
    });

    it('answers the 5th invalid call and the API after it, bans at the 6th until exactly 5 minutes later, then counts afresh', async () => {
      for (let index = 0; index < 4; index += 1) expect((await invalid()).status).toBe(401);
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      expect((await invalid()).status).toBe(401);
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      expect(await counted()).toMatchObject({ count: 5, bannedUntil: 0 });
      clock += 1000;
      expect((await invalid()).status).toBe(401);
      const bannedAt = clock;
      expect(await counted()).toMatchObject({ count: 6, bannedUntil: bannedAt + 300_000 });
      const refused = await call('/api/v10/users/@me');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('300');
      expect(refused.headers.get('X-RateLimit-Scope')).toBeNull();
      expect(refused.headers.get('X-RateLimit-Limit')).toBeNull();
      expect(refused.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(await refused.text()).toContain('Error 1015');
      const token = await call('/api/oauth2/token', BASIC, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x' }) });
      expect([token.status, token.headers.get('Retry-After')]).toEqual([429, '300']);
      clock = bannedAt + 299_001;
      expect((await call('/api/v10/users/@me')).headers.get('Retry-After')).toBe('1');
      clock = bannedAt + 299_999;
      expect((await call('/api/v10/users/@me')).status).toBe(429);
      clock = bannedAt + 300_000;
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      // The ban's own refusals did not count, and the window is long over: the next invalid answer is the first of a new one.
      expect((await invalid()).status).toBe(401);
      expect(await counted()).toMatchObject({ count: 1, windowStartedAt: clock });
      expect((await call('/api/v10/users/@me')).status).toBe(200);
    });

    it('counts in a window from the first invalid answer: the 6th at 59.999 s still falls in it and bans', async () => {
      const start = clock;
      expect((await invalid()).status).toBe(401);
      clock = start + 30_000;
      for (let index = 0; index < 4; index += 1) expect((await invalid()).status).toBe(401);
      clock = start + 59_999;
      expect(await counted()).toMatchObject({ count: 5, windowStartedAt: start, bannedUntil: 0 });
      expect((await invalid()).status).toBe(401);
      expect(await counted()).toMatchObject({ count: 6, windowStartedAt: start, bannedUntil: clock + 300_000 });
      expect((await call('/api/v10/users/@me')).status).toBe(429);
    });

    it('starts a new count at 60 s from the first invalid answer: the 6th there is the first of the next window', async () => {
      const start = clock;
      expect((await invalid()).status).toBe(401);
      clock = start + 30_000;
      for (let index = 0; index < 4; index += 1) expect((await invalid()).status).toBe(401);
      clock = start + 60_000;
      expect((await invalid()).status).toBe(401);
      expect(await counted()).toMatchObject({ count: 1, windowStartedAt: clock, bannedUntil: 0 });
      expect((await call('/api/v10/users/@me')).status).toBe(200);
    });

    it('comes back after a reset, and is what /__demo/rate-limits shows', async () => {
      expect((await (await fake.app.request('/__demo/rate-limits')).json<{ invalidRequests: unknown }>()).invalidRequests).toEqual(LOWERED);
      for (let index = 0; index < 6; index += 1) await invalid();
      expect((await call('/api/v10/users/@me')).status).toBe(429);
      await fake.app.request('/__demo/reset', { method: 'POST' });
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      for (let index = 0; index < 5; index += 1) await invalid();
      expect((await call('/api/v10/users/@me')).status).toBe(200);
      await invalid();
      expect((await call('/api/v10/users/@me')).status).toBe(429);
    });

    it.each([{ limit: 0 }, { windowMs: 1.5 }, { banMs: '60' }, [10], 'often'].map((invalidRequests) => ({ invalidRequests })))(
      'refuses $invalidRequests with a 400, and keeps the limit in force',
      async (body) => {
        const refused = await control('/rate-limits', body);
        expect([refused.status, await refused.json()]).toEqual([400, { error: expect.stringContaining('invalidRequests') as unknown }]);
        const { invalidRequests } = await (await fake.app.request('/__demo/rate-limits')).json<{ invalidRequests: unknown }>();
        expect(invalidRequests).toEqual(LOWERED);
      },
    );
  });

  it("counts 401, 403 and 429 answers, not 404s nor the ban's own refusals, and starts afresh after 10 minutes", async () => {
    expect((await control('/rate-limits', { invalidRequests: { limit: 3 } })).status).toBe(200);
    expect((await invalid()).status).toBe(401);
    expect((await call(`/api/v10/guilds/${DEMO_GUILD_IDS.ownerSandbox}/roles`)).status).toBe(403);
    expect((await call('/api/v10/users/@me', BOT, { headers: { 'User-Agent': '' } })).status).toBe(403);
    expect((await call('/api/v10/guilds/399999999999999999')).status).toBe(404);
    expect(await counted()).toMatchObject({ count: 3, bannedUntil: 0 });
    clock += 600_000;
    for (let index = 0; index < 3; index += 1) await invalid();
    expect(await counted()).toMatchObject({ count: 3, bannedUntil: 0 });
    await invalid();
    expect(await counted()).toMatchObject({ count: 4, bannedUntil: clock + 3_600_000 });
    expect((await call('/api/v10/users/@me')).status).toBe(429);
    expect(await counted()).toMatchObject({ count: 4 });
  });

  it.each([
    [401, null, true],
    [403, null, true],
    [429, 'user', true],
    [429, 'global', true],
    [429, null, true],
    [429, 'shared', false],
    [400, null, false],
    [404, null, false],
    [500, null, false],
    [200, null, false],
  ] as const)('counts a %i answer with X-RateLimit-Scope %s: %s', (status, scope, counted) => {
    expect(isInvalid(status, scope)).toBe(counted);
  });

  it('counts a 429 of the route limits, and nothing while the rate limits are off', async () => {
    await control('/rate-limits', { invalidRequests: { limit: 1 } });
    const { access_token } = await userToken(DEMO_USER_IDS.owner);
    expect((await call('/api/v10/users/@me/guilds', `Bearer ${access_token}`)).status).toBe(200);
    expect((await call('/api/v10/users/@me/guilds', `Bearer ${access_token}`)).status).toBe(429);
    expect((await call('/api/v10/users/@me')).status).toBe(200);
    await control('/rate-limits', { enabled: false });
    for (let index = 0; index < 3; index += 1) expect((await invalid()).status).toBe(401);
    expect((await call('/api/v10/users/@me')).status).toBe(200);
  });
});

describe('token revocation', () => {
  it("ends every access and refresh token of that user for the app, and nobody else's", async () => {
    const first = await userToken(DEMO_USER_IDS.owner);
    const sibling = await userToken(DEMO_USER_IDS.owner);
    const stranger = await userToken(DEMO_USER_IDS.member);
    const revoke = await call('/api/oauth2/token/revoke', BASIC, {
      method: 'POST',
      body: new URLSearchParams({ token: first.refresh_token, token_type_hint: 'refresh_token' }),
    });
    expect(revoke.status).toBe(200);
    for (const token of [first.access_token, sibling.access_token]) expect((await call('/api/v10/users/@me', `Bearer ${token}`)).status).toBe(401);
    for (const refreshToken of [first.refresh_token, sibling.refresh_token]) {
      const refreshed = await call('/api/oauth2/token', BASIC, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      });
      expect(refreshed.status).toBe(400);
    }
    expect((await call('/api/v10/users/@me', `Bearer ${stranger.access_token}`)).status).toBe(200);
  });
});

describe('the call log', () => {
  it('records every call, OAuth2 included, with method, path, search, auth, status and User-Agent', async () => {
    await fake.app.request('/api/v10/users/@me');
    await call('/api/v10/users/@me/guilds?limit=2');
    await call('/api/oauth2/token', BASIC, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'gone' }) });
    const { count, calls } = await (await fake.app.request('/__demo/calls')).json<{ count: number; calls: CallRecord[] }>();
    expect(count).toBe(3);
    expect(calls).toEqual([
      { method: 'GET', path: '/api/v10/users/@me', search: '', auth: 'none', status: 403, userAgent: null },
      { method: 'GET', path: '/api/v10/users/@me/guilds', search: '?limit=2', auth: 'bot', status: 200, userAgent: USER_AGENT },
      { method: 'POST', path: '/api/oauth2/token', search: '', auth: 'client', status: 400, userAgent: USER_AGENT },
    ]);
  });
});
