import { env } from 'cloudflare:workers';
import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, anyString, objectContaining, satisfying, stringMatching } from './helpers/expect-helpers';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { DEMO_BOT_TOKEN } from '../../dev/fake-discord/data.ts';
import { authorizeAs, clearKv, cookiesOf, discordCallCount, discordHeaders, GUILDS, loginAs, resetFake, setFault, USERS } from './helpers/login';
import { insideOneWindow } from './helpers/rate-limit-window';
import { call, postJson } from './helpers/request';

const secret = () => new TextEncoder().encode(env.SESSION_SECRET);
const sessionCookie = (token: string) => `sm_session=${token}`;
const checkAuth = async (cookie?: string) => (await call('/api/check-auth', { cookie })).json();

async function firstSessionId(): Promise<string> {
  const row = await env.DB.prepare('SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1').first<{ id: string }>();
  return row?.id ?? '';
}

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
});

describe('login', () => {
  it('redirects to Discord with the scopes, a state and a PKCE challenge, and sets a short-lived state cookie', async () => {
    const res = await call('/api/auth');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('Location') ?? '');
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('identify guilds guilds.members.read');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/successful-auth');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/sm_login=.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The login must finish within 10 minutes (docs/security.md).
    expect(cookie).toMatch(/Max-Age=600\b/);
  });

  it('completes the round trip: session row, signed cookie, redirect to /servers', async () => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const res = await call(callback, { cookie: stateCookie });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/servers');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sm_session=')) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain('access_token');
    // The hint a prerendered page reads before paint: no secret in it, so the script may read it; it lives as long as the session cookie.
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('sm_signed_in=')) ?? '';
    expect(hint).toMatch(/^sm_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(/Max-Age=(\d+)/.exec(hint)?.[1]).toBe(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
    const auth = await checkAuth(cookiesOf(res));
    expect(auth).toEqual({ authenticated: true, user: objectContaining({ id: USERS.owner, global_name: 'Demo Owner' }), isAdmin: false });
    const row = await env.DB.prepare('SELECT user_id, access_token FROM sessions').first<{ user_id: string; access_token: string }>();
    expect(row?.user_id).toBe(USERS.owner);
    expect(row?.access_token).toBeTruthy();
  });

  it('marks admins from ADMIN_IDS', async () => {
    expect(await checkAuth(await loginAs(USERS.admin))).toMatchObject({ authenticated: true, isAdmin: true });
  });

  it.each([
    ['a missing state', (cb: string) => cb.replace(/&?state=[^&]*/, '')],
    ['a wrong state', (cb: string) => cb.replace(/state=[^&]*/, 'state=forged')],
  ])('rejects %s with 400 and stores nothing', async (_name, mangle) => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const res = await call(mangle(callback), { cookie: stateCookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Login failed');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first('n')).toBe(0);
  });

  it('rejects a callback without the state cookie', async () => {
    const { callback } = await authorizeAs(USERS.owner);
    expect((await call(callback)).status).toBe(400);
  });

  it('rejects a replayed state', async () => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    expect((await call(callback, { cookie: stateCookie })).status).toBe(302);
    const replay = await call(callback, { cookie: stateCookie });
    expect(replay.status).toBe(400);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first('n')).toBe(1);
  });

  it('reports a cancelled login clearly', async () => {
    const res = await call('/api/successful-auth?error=access_denied&state=x');
    expect(res.status).toBe(400);
  });
});

describe('session cookie', () => {
  it('rejects a tampered token', async () => {
    const cookie = await loginAs(USERS.owner);
    const token = cookie.split('=')[1] ?? '';
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    payload.sub = USERS.admin;
    const forged = `${h}.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.${s}`;
    expect(await checkAuth(sessionCookie(forged))).toEqual({ authenticated: false });
  });

  it("rejects alg 'none'", async () => {
    await loginAs(USERS.owner);
    const sid = await firstSessionId();
    const token = new UnsecuredJWT({ sid }).setSubject(USERS.owner).setExpirationTime('1h').encode();
    expect(await checkAuth(sessionCookie(token))).toEqual({ authenticated: false });
  });

  it('rejects an expired token, a token without exp, and a token signed with another key', async () => {
    await loginAs(USERS.owner);
    const sid = await firstSessionId();
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USERS.owner)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(secret());
    const noExp = await new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(USERS.owner).sign(secret());
    const otherKey = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USERS.owner)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const valid = await new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(USERS.owner).setExpirationTime('1h').sign(secret());
    for (const token of [expired, noExp, otherKey]) expect(await checkAuth(sessionCookie(token))).toEqual({ authenticated: false });
    expect(await checkAuth(sessionCookie(valid))).toMatchObject({ authenticated: true });
  });

  it('stops working once the session row is deleted', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('DELETE FROM sessions').run();
    const res = await call('/api/check-auth', { cookie });
    expect(await res.json()).toEqual({ authenticated: false });
    expect(res.headers.getSetCookie().join()).toMatch(/sm_session=;/);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_signed_in=;/);
  });

  it('clears a signed-in hint left without a session, and leaves a live one alone', async () => {
    const stale = await call('/api/check-auth', { cookie: 'sm_signed_in=1' });
    expect(await stale.json()).toEqual({ authenticated: false });
    expect(stale.headers.getSetCookie().join()).toMatch(/sm_signed_in=;/);
    const signedIn = await loginAs(USERS.owner);
    expect(signedIn).toContain('sm_signed_in=1');
    const live = await call('/api/check-auth', { cookie: signedIn });
    expect(await live.json()).toMatchObject({ authenticated: true });
    expect(live.headers.getSetCookie()).toEqual([]);
  });
});

describe('logout', () => {
  it('ends the session server-side so the old cookie stops working at once', async () => {
    const cookie = await loginAs(USERS.owner);
    const res = await postJson('/api/logout', {}, { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_session=;/);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_signed_in=;/);
    expect(await checkAuth(cookie)).toEqual({ authenticated: false });
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(401);
  });

  it('is refused cross-site', async () => {
    const cookie = await loginAs(USERS.owner);
    const res = await postJson('/api/logout', {}, { cookie, headers: { Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
  });
});

describe('token refresh', () => {
  it('refreshes an expired Discord token transparently', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    const before = await env.DB.prepare('SELECT access_token FROM sessions').first<string>('access_token');
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
    const after = await env.DB.prepare('SELECT access_token FROM sessions').first<string>('access_token');
    expect(after).not.toBe(before);
  });

  it('ends the session cleanly when the refresh is refused', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    await setFault({ mode: 'revoke', times: 1 });
    await fetch('https://discord.com/api/v10/users/@me', { headers: discordHeaders(`Bot ${DEMO_BOT_TOKEN}`) });
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(401);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first('n')).toBe(0);
  });

  it('ends the session when Discord revokes the token mid-session', async () => {
    const cookie = await loginAs(USERS.owner);
    await setFault({ mode: 'revoke' });
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'DISCORD_UNAUTHORIZED' });
    expect(await checkAuth(cookie)).toEqual({ authenticated: false });
  });
});

describe('allowed servers', () => {
  const ids = async (cookie: string, path = '/api/allowed-servers') => (await (await call(path, { cookie })).json<{ id: string }[]>()).map((s) => s.id).sort();

  it('needs a login', async () => {
    const res = await call('/api/allowed-servers');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lists owned and Manage Server guilds with the bot, not plain memberships or guilds without the bot', async () => {
    const cookie = await loginAs(USERS.owner);
    expect(await ids(cookie)).toEqual([GUILDS.kenjiLounge, GUILDS.glaiveStudio].sort());
    expect(await ids(cookie, '/api/invitable-servers')).toEqual([GUILDS.ownerSandbox]);
  });

  it('answers id, name, icon, the member count, the access level and the modules on', async () => {
    const cookie = await loginAs(USERS.owner);
    const [first] = await (await call('/api/allowed-servers', { cookie })).json<Record<string, unknown>[]>();
    expect(first).toEqual({
      id: anyString(),
      name: anyString(),
      icon: satisfying((v) => v === null || typeof v === 'string'),
      users: anyNumber(),
      access: 'manage',
      modulesOn: anyNumber(),
    });
  });

  it('lists nothing for a member who manages nothing', async () => {
    expect(await ids(await loginAs(USERS.member))).toEqual([]);
  });

  it('serves a second view from the cache without calling Discord', async () => {
    const cookie = await loginAs(USERS.owner);
    await call('/api/allowed-servers', { cookie });
    const calls = await discordCallCount();
    await call('/api/allowed-servers', { cookie });
    expect(await discordCallCount()).toBe(calls);
  });

  it('refreshes on request, with a cooldown', async () => {
    const cookie = await loginAs(USERS.owner);
    await call('/api/allowed-servers', { cookie });
    const calls = await discordCallCount();
    await insideOneWindow(10, 5_000);
    expect((await call('/api/allowed-servers?refresh=1', { cookie })).status).toBe(200);
    expect(await discordCallCount()).toBeGreaterThan(calls);
    const again = await call('/api/allowed-servers?refresh=1', { cookie });
    expect(again.status).toBe(429);
    // Once per 10 s per user (docs/security.md, 'Rate limits').
    expect(again.headers.get('Retry-After')).toBe('10');
  }, 20_000);

  it.each([
    [{ mode: '500' }, 502],
    [{ mode: '429', retryAfter: 30 }, 502],
    [{ mode: '429-html', retryAfter: 30 }, 502],
    [{ mode: 'malformed' }, 502],
  ])('answers Discord fault %j with a clear %i JSON error, and recovers', async (fault, status) => {
    const cookie = await loginAs(USERS.owner);
    await setFault(fault);
    const res = await call('/api/allowed-servers', { cookie });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: anyString(), code: stringMatching(/^DISCORD_/) });
    await setFault({ mode: 'none' });
    // Discord said to wait 30 s; the client rightly remembers that, so forget it to check recovery now.
    clearRateLimitBuckets();
    expect((await call('/api/allowed-servers', { cookie })).status).toBe(200);
  });
});

describe('invite', () => {
  it('redirects to the bot invite with the guild preselected', async () => {
    const res = await call(`/api/invite?guild_id=${GUILDS.ownerSandbox}`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('Location') ?? '');
    expect(url.searchParams.get('scope')).toContain('bot');
    expect(url.searchParams.get('guild_id')).toBe(GUILDS.ownerSandbox);
  });

  it('ignores a guild_id that is not a snowflake', async () => {
    const url = new URL((await call('/api/invite?guild_id=abc')).headers.get('Location') ?? '');
    expect(url.searchParams.has('guild_id')).toBe(false);
  });
});

describe('server list page', () => {
  it('renders the login prompt when logged out and the cards when logged in', async () => {
    expect(await (await call('/servers')).text()).toContain('Welcome to ServerManager');
    const html = await (await call('/servers', { cookie: await loginAs(USERS.owner) })).text();
    expect(html).toContain('Your Servers');
    expect(html).toContain('Kenji Lounge');
    expect(html).toContain(`/server/${GUILDS.kenjiLounge}`);
    expect(html).toContain('Users: ');
    expect(html).not.toContain('Lofi Café</span>');
  });
});
