import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keyringOf, openAccessToken, openRefreshToken } from '../../src/worker/auth/session-tokens';
import { findSessionById } from '../../src/worker/db/sessions';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { anyNumber } from './helpers/expect-helpers';
import { required } from '../helpers/required';
import {
  authorizeAs,
  clearKv,
  cookiesOf,
  DISCORD,
  discordHeaders,
  expireAccessTokensAtDiscord,
  loginAs,
  refreshCount,
  resetFake,
  setDiscordRateLimits,
  setFault,
  setTokenFault,
  tokenCalls,
  USERS,
} from './helpers/login';
import { call, callWithEnv, postJson } from './helpers/request';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * A request among many at once, given a Discord timeout far above the tests' usual 1.5 s (DISCORD_TIMEOUT_MS): on a
 * busy machine the fake Discord answers a burst of calls late, and a refresh whose answer comes after the timeout
 * was still made at Discord (which rotated the refresh token), so the next request's refresh is refused.
 */
const burstCall = (path: string, cookie: string) => callWithEnv(path, { DISCORD_TIMEOUT_MS: '20000' }, { cookie });

const checkAuth = async (cookie: string) => (await call('/api/check-auth', { cookie })).json<{ authenticated: boolean }>();
const sessionCount = async () => required(await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<number>('n'), 'a count');
const onlySessionId = async () => required(await env.DB.prepare('SELECT id FROM sessions').first<string>('id'), 'a session');

/** What Discord would see: the access token a session row holds, opened with the configured key. */
async function storedTokens(id: string) {
  const row = required(await findSessionById(env.DB, id), 'the session row');
  const keyring = await keyringOf(env);
  return { access: await openAccessToken(keyring, row), refresh: await openRefreshToken(keyring, row), row };
}

const discordAccepts = async (accessToken: string) =>
  (await fetch(`${DISCORD}/api/v10/users/@me`, { headers: discordHeaders(`Bearer ${accessToken}`) })).status === 200;

/** Logs in through the whole round trip with a given User-Agent (a browser of its own). */
async function loginWithAgent(userId: string, userAgent: string): Promise<string> {
  const { callback, stateCookie } = await authorizeAs(userId);
  const res = await call(callback, { cookie: stateCookie, headers: { 'User-Agent': userAgent } });
  expect(res.status).toBe(302);
  return cookiesOf(res);
}

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  clearRateLimitBuckets();
  await env.DB.prepare('DELETE FROM sessions').run();
});

/** Calls the fake Discord has received and not yet answered (their status is 0 until then). */
async function callsBeingAnswered(): Promise<number> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { status: number }[] }>();
  return calls.filter((record) => record.status === 0).length;
}

// A slow token fault's refresh goes on at the fake after the Worker stopped waiting for it, and would be logged among
// a later test's token calls (which test depends on the machine's speed): each test ends once the fake has answered.
afterEach(async () => {
  await vi.waitFor(async () => expect(await callsBeingAnswered()).toBe(0), { timeout: 15_000, interval: 50 });
}, 20_000);

describe('token refresh under load', () => {
  it('50 parallel requests at expiry all succeed, the session survives and Discord sees one refresh', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    // Each of these requests asks Discord for the same guild lists (nothing coalesces them), which Discord's
    // limit of one /users/@me/guilds a second per token would mostly refuse; this test is about the refresh.
    await setDiscordRateLimits({ enabled: false });
    const answers = await Promise.all(Array.from({ length: 50 }, () => burstCall('/api/allowed-servers', cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await refreshCount()).toBe(1);
    expect(await sessionCount()).toBe(1);
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
    const { access, row } = await storedTokens(await onlySessionId());
    expect(row.tokenExpiresAt).toBeGreaterThan(Date.now() + 6 * DAY);
    expect(await discordAccepts(required(access, 'the access token'))).toBe(true);
  }, 30_000);

  it('a request that arrives after the refresh uses the stored token without refreshing again', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    expect(await refreshCount()).toBe(1);
  });
});

describe('refreshing ahead of expiry', () => {
  it('refreshes a token with less than a minute left, and leaves one with more alone', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = ?')
      .bind(Date.now() + 2 * MINUTE)
      .run();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    expect(await refreshCount()).toBe(0);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = ?')
      .bind(Date.now() + 30 * SECOND)
      .run();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    expect(await refreshCount()).toBe(1);
  });
});

describe('a refresh already under way', () => {
  it('does not hold up a request whose token still works (inside the refresh margin)', async () => {
    const cookie = await loginAs(USERS.owner);
    const before = await storedTokens(await onlySessionId());
    const now = Date.now();
    // Another request holds the lease for a minute; this token has 30 s left. A request that waited for the
    // holder would sit out its whole wait (the lease's 15 s and a second, src/worker/auth/token-refresh.ts).
    await env.DB.prepare('UPDATE sessions SET token_expires_at = ?, refresh_lock_until = ?')
      .bind(now + 30 * SECOND, now + 60 * SECOND)
      .run();
    const started = Date.now();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(8 * SECOND);
    expect(await refreshCount()).toBe(0);
    expect((await storedTokens(await onlySessionId())).access).toBe(before.access);
  }, 30_000);

  it('makes a request with an expired token wait for it, and go on with the stored token when the lease lapses', async () => {
    const cookie = await loginAs(USERS.owner);
    const now = Date.now();
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0, refresh_lock_until = ?')
      .bind(now + 1500)
      .run();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    // It answered only once the lease had lapsed.
    expect(Date.now()).toBeGreaterThanOrEqual(now + 1500);
    expect(await refreshCount()).toBe(0);
    expect(await sessionCount()).toBe(1);
  }, 15_000);
});

describe('transient refresh failures keep the session', () => {
  it.each([{ mode: '500' }, { mode: '429', retryAfter: 1 }, { mode: '429-html', retryAfter: 1 }, { mode: 'malformed' }, { mode: 'slow', delayMs: 4000 }])(
    'token endpoint fault %j: the session and its old token stay, and the next request refreshes',
    async (fault) => {
      const cookie = await loginAs(USERS.owner);
      const before = await storedTokens(await onlySessionId());
      await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
      await setTokenFault({ ...fault, times: 1 });
      // The old access token still works at Discord, so the page is served with it.
      expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
      expect(await sessionCount()).toBe(1);
      const kept = await storedTokens(await onlySessionId());
      expect(kept.refresh).toBe(before.refresh);
      expect(kept.row.refreshLockUntil).toBe(0);
      expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
      const after = await storedTokens(await onlySessionId());
      expect(after.refresh).not.toBe(before.refresh);
      expect(after.row.tokenExpiresAt).toBeGreaterThan(Date.now());
    },
    15_000,
  );

  it('ends the session only when Discord answers invalid_grant', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    await setTokenFault({ mode: 'revoke', times: 1 });
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(401);
    expect(await sessionCount()).toBe(0);
  });
});

describe('a Discord 401 on a user call', () => {
  it('refreshes once and retries with the new token', async () => {
    const cookie = await loginAs(USERS.owner);
    const before = await storedTokens(await onlySessionId());
    await expireAccessTokensAtDiscord(USERS.owner);
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(200);
    expect(await refreshCount()).toBe(1);
    const after = await storedTokens(await onlySessionId());
    expect(after.access).not.toBe(before.access);
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
  });

  it('shares one refresh between parallel requests that all got the 401', async () => {
    const cookie = await loginAs(USERS.owner);
    await expireAccessTokensAtDiscord(USERS.owner);
    // As above: ten identical guild-list reads at once would meet Discord's per-route limit; the refresh is tested here.
    await setDiscordRateLimits({ enabled: false });
    const answers = await Promise.all(Array.from({ length: 10 }, () => burstCall('/api/allowed-servers', cookie)));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await refreshCount()).toBe(1);
    expect(await sessionCount()).toBe(1);
  }, 30_000);

  it('answers 502 and keeps the session when the refresh fails transiently', async () => {
    const cookie = await loginAs(USERS.owner);
    await expireAccessTokensAtDiscord(USERS.owner);
    await setTokenFault({ mode: '500', times: 1 });
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'DISCORD_UNAVAILABLE' });
    expect(await sessionCount()).toBe(1);
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
  });

  it('ends the session when the grant is gone', async () => {
    const cookie = await loginAs(USERS.owner);
    await setFault({ mode: 'revoke', times: 1 });
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'DISCORD_UNAUTHORIZED' });
    expect(await sessionCount()).toBe(0);
    expect(await refreshCount()).toBe(1);
  });
});

describe('idle timeout and lifetime', () => {
  it('ends a session unused for 7 days and keeps one used a minute within it', async () => {
    const cookie = await loginAs(USERS.owner);
    const now = Date.now();
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?')
      .bind(now - 7 * DAY + MINUTE)
      .run();
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?')
      .bind(now - 7 * DAY - SECOND)
      .run();
    expect(await checkAuth(cookie)).toEqual({ authenticated: false });
  });

  it('ends a session older than 30 days however busy, and keeps one a minute younger', async () => {
    const cookie = await loginAs(USERS.owner);
    const now = Date.now();
    await env.DB.prepare('UPDATE sessions SET created_at = ?, expires_at = ?')
      .bind(now - 30 * DAY + MINUTE, now + MINUTE)
      .run();
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
    await env.DB.prepare('UPDATE sessions SET created_at = ?, expires_at = ?')
      .bind(now - 30 * DAY - SECOND, now + DAY)
      .run();
    expect(await checkAuth(cookie)).toEqual({ authenticated: false });
  });

  it('sets the absolute expiry and the cookie lifetime to 30 days at login', async () => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const before = Date.now();
    const res = await call(callback, { cookie: stateCookie });
    const setCookie = required(
      res.headers.getSetCookie().find((c) => c.startsWith('sm_session=')),
      'the session cookie',
    );
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const row = required(await findSessionById(env.DB, await onlySessionId()), 'the row');
    expect(row.expiresAt - before).toBeGreaterThanOrEqual(30 * DAY);
    expect(row.expiresAt - before).toBeLessThan(30 * DAY + MINUTE);
  });

  it('takes both limits from configuration', async () => {
    const cookie = await loginAs(USERS.owner);
    const now = Date.now();
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?')
      .bind(now - 2 * DAY)
      .run();
    const idleOneDay = await callWithEnv('/api/check-auth', { SESSION_IDLE_DAYS: '1' }, { cookie });
    expect(await idleOneDay.json()).toEqual({ authenticated: false });
    const again = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET created_at = ?')
      .bind(now - 3 * DAY)
      .run();
    expect(await (await callWithEnv('/api/check-auth', { SESSION_LIFETIME_DAYS: '4' }, { cookie: again })).json()).toMatchObject({ authenticated: true });
    expect(await (await callWithEnv('/api/check-auth', { SESSION_LIFETIME_DAYS: '2' }, { cookie: again })).json()).toEqual({ authenticated: false });
  });

  it('falls back to 7 idle days and 30 days of lifetime when the settings are unset, blank, zero or not numbers', async () => {
    const cookie = await loginAs(USERS.owner);
    const now = Date.now();
    for (const unset of [undefined, '', '0', '-1', 'seven']) {
      const limits = { SESSION_IDLE_DAYS: unset, SESSION_LIFETIME_DAYS: unset };
      await env.DB.prepare('UPDATE sessions SET last_seen_at = ?, created_at = ?')
        .bind(now - 7 * DAY + MINUTE, now - 30 * DAY + MINUTE)
        .run();
      expect(await (await callWithEnv('/api/check-auth', limits, { cookie })).json(), `idle and lifetime settings ${String(unset)}`).toMatchObject({
        authenticated: true,
      });
    }
    for (const unset of [undefined, '0']) {
      const idle = await loginAs(USERS.owner);
      await env.DB.prepare('UPDATE sessions SET last_seen_at = ?')
        .bind(now - 7 * DAY - SECOND)
        .run();
      expect(await (await callWithEnv('/api/check-auth', { SESSION_IDLE_DAYS: unset }, { cookie: idle })).json()).toEqual({ authenticated: false });
      const old = await loginAs(USERS.owner);
      await env.DB.prepare('UPDATE sessions SET created_at = ?')
        .bind(now - 30 * DAY - SECOND)
        .run();
      expect(await (await callWithEnv('/api/check-auth', { SESSION_LIFETIME_DAYS: unset }, { cookie: old })).json()).toEqual({ authenticated: false });
    }
  });

  it('writes last_seen_at at most once a minute', async () => {
    const cookie = await loginAs(USERS.owner);
    const id = await onlySessionId();
    const lastSeen = async () => required(await findSessionById(env.DB, id), 'the row').lastSeenAt;
    const recent = Date.now() - 30 * SECOND;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?').bind(recent).run();
    await checkAuth(cookie);
    expect(await lastSeen()).toBe(recent);
    const older = Date.now() - 61 * SECOND;
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ?').bind(older).run();
    const before = Date.now();
    await checkAuth(cookie);
    expect(await lastSeen()).toBeGreaterThanOrEqual(before);
  });
});

describe('logging in again in the same browser', () => {
  it('ends the previous session of another user, and revokes their grant when it was their last', async () => {
    const owner = await loginAs(USERS.owner);
    const ownerTokens = await storedTokens(await onlySessionId());
    const { callback, stateCookie } = await authorizeAs(USERS.member);
    const res = await callWithEnv(callback, {}, { cookie: `${owner}; ${stateCookie}` });
    expect(res.status).toBe(302);
    expect(await checkAuth(owner)).toEqual({ authenticated: false });
    const rows = (await env.DB.prepare('SELECT user_id FROM sessions').all<{ user_id: string }>()).results;
    expect(rows).toEqual([{ user_id: USERS.member }]);
    expect(await discordAccepts(required(ownerTokens.access, 'the token'))).toBe(false);
  });

  it('ends the previous session of the same user and keeps the grant the new session uses', async () => {
    const first = await loginAs(USERS.owner);
    const firstId = await onlySessionId();
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const res = await callWithEnv(callback, {}, { cookie: `${first}; ${stateCookie}` });
    const second = cookiesOf(res);
    expect(await checkAuth(first)).toEqual({ authenticated: false });
    expect(await sessionCount()).toBe(1);
    expect(await onlySessionId()).not.toBe(firstId);
    expect((await call('/api/allowed-servers', { cookie: second })).status).toBe(200);
    expect((await tokenCalls()).filter((c) => c.grantType === 'revoke')).toEqual([]);
  });
});

// Up to 25 logins in a row, each a round trip through the fake Discord: seconds on a busy machine.
describe('at most 10 live sessions per user', { timeout: 30_000 }, () => {
  const liveIds = async (userId: string) =>
    (await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at').bind(userId).all<{ id: string }>()).results.map((r) => r.id);

  /** Logs in `count` times, each in a browser of its own, one millisecond apart so their ages differ. */
  async function loginTimes(count: number): Promise<string[]> {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      cookies.push(await loginAs(USERS.owner));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return cookies;
  }

  it('keeps all 10 sessions of 10 logins', async () => {
    const cookies = await loginTimes(10);
    expect(await liveIds(USERS.owner)).toHaveLength(10);
    for (const cookie of cookies) expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
  });

  it('ends the oldest at the 11th login, keeps the grant, and leaves other users alone', async () => {
    const member = await loginAs(USERS.member);
    const cookies = await loginTimes(10);
    const before = await liveIds(USERS.owner);
    const eleventh = await loginAs(USERS.owner);
    const after = await liveIds(USERS.owner);
    expect(after).toHaveLength(10);
    expect(after).not.toContain(before[0]);
    expect(after.slice(0, 9)).toEqual(before.slice(1));
    expect(await checkAuth(required(cookies[0], 'the first cookie'))).toEqual({ authenticated: false });
    for (const cookie of [...cookies.slice(1), eleventh, member]) expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
    expect((await tokenCalls()).filter((c) => c.grantType === 'revoke')).toEqual([]);
  });

  it('25 logins leave 10 live sessions', async () => {
    await loginTimes(25);
    expect(await liveIds(USERS.owner)).toHaveLength(10);
  });
});

describe('GET /api/sessions', () => {
  it('needs a login', async () => {
    expect((await call('/api/sessions')).status).toBe(401);
  });

  it("lists the user's own sessions, marks the current one and labels each device", async () => {
    const desktop = await loginWithAgent(USERS.owner, FIREFOX_LINUX);
    await loginWithAgent(USERS.owner, SAFARI_IPHONE);
    await loginAs(USERS.member);
    const res = await call('/api/sessions', { cookie: desktop });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    const { sessions } = await res.json<{ sessions: { id: string; current: boolean; device: string }[] }>();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => ({ current: s.current, device: s.device })).sort((a, b) => a.device.localeCompare(b.device))).toEqual([
      { current: true, device: 'Firefox on Linux' },
      { current: false, device: 'Safari on iPhone' },
    ]);
    expect(sessions[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      current: expect.any(Boolean) as unknown,
      createdAt: anyNumber(),
      lastSeenAt: anyNumber(),
      device: expect.any(String) as unknown,
    });
  });
});

describe('POST /api/sessions/revoke', () => {
  async function twoOwnerSessions() {
    const here = await loginWithAgent(USERS.owner, FIREFOX_LINUX);
    const there = await loginWithAgent(USERS.owner, SAFARI_IPHONE);
    const { sessions } = await (await call('/api/sessions', { cookie: here })).json<{ sessions: { id: string; current: boolean }[] }>();
    const other = required(
      sessions.find((s) => !s.current),
      'the other session',
    );
    return { here, there, otherId: other.id };
  }

  it('ends another session of the user; that browser is signed out at once, this one is not', async () => {
    const { here, there, otherId } = await twoOwnerSessions();
    const res = await postJson('/api/sessions/revoke', { id: otherId }, { cookie: here });
    expect(res.status).toBe(204);
    expect(await checkAuth(there)).toEqual({ authenticated: false });
    expect(await checkAuth(here)).toMatchObject({ authenticated: true });
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    const memberId = required(await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?').bind(USERS.member).first<string>('id'), 'member session');
    const res = await postJson('/api/sessions/revoke', { id: memberId }, { cookie: owner });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await checkAuth(member)).toMatchObject({ authenticated: true });
  });

  it.each([
    ['too short', 'a'.repeat(42)],
    ['too long', 'a'.repeat(44)],
    ['not base64url', `${'a'.repeat(42)}!`],
  ])('refuses an id that is %s with 400', async (_name, id) => {
    const owner = await loginAs(USERS.owner);
    const res = await postJson('/api/sessions/revoke', { id }, { cookie: owner });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', error: expect.stringMatching(/^id/) as unknown });
  });

  it('accepts a 43-character id (and answers 404 when it is unknown)', async () => {
    const owner = await loginAs(USERS.owner);
    expect((await postJson('/api/sessions/revoke', { id: 'a'.repeat(43) }, { cookie: owner })).status).toBe(404);
  });

  it('clears the cookie when the session revoked is the current one', async () => {
    const owner = await loginAs(USERS.owner);
    const res = await postJson('/api/sessions/revoke', { id: await onlySessionId() }, { cookie: owner });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_session=;/);
  });

  it('is refused cross-site', async () => {
    const { here, otherId, there } = await twoOwnerSessions();
    const res = await postJson('/api/sessions/revoke', { id: otherId }, { cookie: here, headers: { Origin: 'http://localhost.evil.example' } });
    expect(res.status).toBe(403);
    expect(await checkAuth(there)).toMatchObject({ authenticated: true });
  });
});

describe('POST /api/logout-all', () => {
  it("ends every session of the user (not other users') and revokes the Discord grant", async () => {
    const here = await loginWithAgent(USERS.owner, FIREFOX_LINUX);
    const there = await loginWithAgent(USERS.owner, SAFARI_IPHONE);
    const member = await loginAs(USERS.member);
    const ownerIds = (await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?').bind(USERS.owner).all<{ id: string }>()).results.map((r) => r.id);
    const ownerTokens = await Promise.all(ownerIds.map(storedTokens));
    const res = await callWithEnv('/api/logout-all', {}, { method: 'POST', cookie: here, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_session=;/);
    expect(await checkAuth(here)).toEqual({ authenticated: false });
    expect(await checkAuth(there)).toEqual({ authenticated: false });
    expect(await checkAuth(member)).toMatchObject({ authenticated: true });
    for (const tokens of ownerTokens) expect(await discordAccepts(required(tokens.access, 'a token'))).toBe(false);
  });

  it('needs a login and a same-origin request', async () => {
    expect((await postJson('/api/logout-all', {})).status).toBe(401);
    const owner = await loginAs(USERS.owner);
    expect((await postJson('/api/logout-all', {}, { cookie: owner, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await checkAuth(owner)).toMatchObject({ authenticated: true });
  });
});

describe('POST /api/logout and the Discord grant', () => {
  it('keeps the grant while another session of the user lives, and revokes it with the last', async () => {
    const first = await loginWithAgent(USERS.owner, FIREFOX_LINUX);
    const firstTokens = await storedTokens(required(await env.DB.prepare('SELECT id FROM sessions').first<string>('id'), 'first'));
    const second = await loginWithAgent(USERS.owner, SAFARI_IPHONE);
    const logout = (cookie: string) => callWithEnv('/api/logout', {}, { method: 'POST', cookie, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect((await logout(first)).status).toBe(204);
    expect((await tokenCalls()).filter((c) => c.grantType === 'revoke')).toEqual([]);
    expect((await call('/api/allowed-servers', { cookie: second })).status).toBe(200);
    const secondTokens = await storedTokens(await onlySessionId());
    expect((await logout(second)).status).toBe(204);
    expect((await tokenCalls()).filter((c) => c.grantType === 'revoke').length).toBeGreaterThan(0);
    expect(await discordAccepts(required(secondTokens.access, 'token'))).toBe(false);
    expect(firstTokens.access).not.toBe(secondTokens.access);
  });
});
