import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceLabel } from '../../src/worker/auth/device-label';
import { deriveBytes, KEY_PURPOSES } from '../../src/worker/crypto/keys';
import { keyringOf, openAccessToken, openRefreshToken } from '../../src/worker/auth/session-tokens';
import { findSessionById } from '../../src/worker/db/sessions';
import { issuePlayTicket, spendPlayTicket } from '../../src/worker/songs/play-ticket';
import { fromBase64Url, toBase64Url } from '../../src/shared/base64url';
import { required } from '../helpers/required';
import { authorizeAs, clearKv, cookiesOf, DISCORD, discordHeaders, loginAs, resetFake, USERS } from './helpers/login';
import { call, callWithEnv, HTTPS_SITE, postJson } from './helpers/request';

const checkAuth = async (cookie: string, overrides: Record<string, string | undefined> = {}) =>
  (await callWithEnv('/api/check-auth', overrides, { cookie })).json<{ authenticated: boolean }>();

const sessionIds = async () => (await env.DB.prepare('SELECT id FROM sessions ORDER BY created_at').all<{ id: string }>()).results.map((r) => r.id);

/** Every row of every table, as text: what someone holding the D1 file could read. */
async function wholeDatabase(): Promise<string> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{
    name: string;
  }>();
  const rows = await Promise.all(results.map(({ name }) => env.DB.prepare(`SELECT * FROM "${name}"`).all()));
  return JSON.stringify(rows.map((r) => r.results));
}

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
});

describe('Discord tokens at rest', () => {
  it('are stored encrypted: no table holds the access or refresh token Discord issued', async () => {
    await loginAs(USERS.owner);
    const row = required(await findSessionById(env.DB, required((await sessionIds())[0], 'id')), 'row');
    const keyring = await keyringOf(env);
    const access = required(await openAccessToken(keyring, row), 'access token');
    const refresh = required(await openRefreshToken(keyring, row), 'refresh token');
    // They are the real tokens: Discord accepts the access token.
    expect((await fetch(`${DISCORD}/api/v10/users/@me`, { headers: discordHeaders(`Bearer ${access}`) })).status).toBe(200);
    const dump = await wholeDatabase();
    expect(dump).not.toContain(access);
    expect(dump).not.toContain(refresh);
    expect(row.tokenKeyId).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  it('are bound to their session and field: swapped or moved to another row, they do not open', async () => {
    await loginAs(USERS.owner);
    const row = required(await findSessionById(env.DB, required((await sessionIds())[0], 'id')), 'row');
    const keyring = await keyringOf(env);
    const swapped = { ...row, sealedAccessToken: row.sealedRefreshToken, sealedRefreshToken: row.sealedAccessToken };
    expect(await openAccessToken(keyring, swapped)).toBeNull();
    expect(await openRefreshToken(keyring, swapped)).toBeNull();
    const moved = { ...row, id: `${row.id.slice(0, -1)}${row.id.endsWith('A') ? 'B' : 'A'}` };
    expect(await openAccessToken(keyring, moved)).toBeNull();
    expect(await openRefreshToken(keyring, moved)).toBeNull();
  });

  it('rotate: a row sealed with the previous key still opens, and is re-sealed with the new key at the next refresh', async () => {
    const cookie = await loginAs(USERS.owner);
    const oldKey = env.TOKEN_ENCRYPTION_KEY;
    const rotated = { TOKEN_ENCRYPTION_KEY: 'the-next-token-encryption-key-0123456789', TOKEN_ENCRYPTION_KEY_PREVIOUS: oldKey };
    const id = required((await sessionIds())[0], 'id');
    const oldKeyId = required(await findSessionById(env.DB, id), 'row').tokenKeyId;
    expect(await checkAuth(cookie, rotated)).toMatchObject({ authenticated: true });
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    expect((await callWithEnv('/api/allowed-servers', rotated, { cookie })).status).toBe(200);
    const newKeyId = required(await findSessionById(env.DB, id), 'row').tokenKeyId;
    expect(newKeyId).not.toBe(oldKeyId);
    // Sealed with the new key now: it opens without the old one.
    expect(await checkAuth(cookie, { TOKEN_ENCRYPTION_KEY: rotated.TOKEN_ENCRYPTION_KEY, TOKEN_ENCRYPTION_KEY_PREVIOUS: undefined })).toMatchObject({
      authenticated: true,
    });
  });

  it('a session whose key is no longer configured ends instead of failing later', async () => {
    const cookie = await loginAs(USERS.owner);
    expect(await checkAuth(cookie, { TOKEN_ENCRYPTION_KEY: 'a-completely-different-key-0123456789abc' })).toEqual({ authenticated: false });
    expect(await sessionIds()).toEqual([]);
  });

  it("cannot be spliced: another session's sealed token does not open in this row", async () => {
    const owner = await loginAs(USERS.owner);
    await loginAs(USERS.member);
    await env.DB.prepare(
      'UPDATE sessions SET access_token = (SELECT access_token FROM sessions WHERE user_id = ?), refresh_token = (SELECT refresh_token FROM sessions WHERE user_id = ?) WHERE user_id = ?',
    )
      .bind(USERS.member, USERS.member, USERS.owner)
      .run();
    expect(await checkAuth(owner)).toEqual({ authenticated: false });
  });
});

describe('the login attempt', () => {
  it('writes nothing to D1 for anonymous visitors, however many start a login', async () => {
    const before = await wholeDatabase();
    for (let i = 0; i < 20; i++) expect((await call('/api/auth')).status).toBe(302);
    expect(await wholeDatabase()).toBe(before);
  });

  it('travels in a __Host- cookie (Secure, Path=/, HttpOnly) when the site is on https', async () => {
    const res = await callWithEnv('/api/auth', HTTPS_SITE, { origin: HTTPS_SITE.APP_ORIGIN });
    const cookie = required(
      res.headers.getSetCookie().find((c) => c.startsWith('__Host-sm_login=')),
      'the __Host- login cookie',
    );
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('keeps the verifier secret: the cookie does not contain it in a readable form', async () => {
    const res = await call('/api/auth');
    const authorize = new URL(required(res.headers.get('Location'), 'Location'));
    const cookie = cookiesOf(res);
    expect(cookie).not.toContain(required(authorize.searchParams.get('state'), 'state'));
    // A JWE: five parts, the payload encrypted.
    expect(cookie.split('=')[1]?.split('.')).toHaveLength(5);
  });

  it('refuses a tampered or foreign login cookie', async () => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const [name, value] = stateCookie.split('=');
    const parts = required(value, 'value').split('.');
    parts[3] = `${parts[3]?.slice(0, -2)}AA`;
    const tampered = await call(callback, { cookie: `${name}=${parts.join('.')}` });
    expect(tampered.status).toBe(400);
    const otherSecret = await callWithEnv(callback, { SESSION_SECRET: 'another-session-secret-0123456789abcdef' }, { cookie: stateCookie });
    expect(otherSecret.status).toBe(400);
    expect(await sessionIds()).toEqual([]);
  });

  it('is bound to its state: the cookie of one attempt does not complete another', async () => {
    const first = await authorizeAs(USERS.owner);
    const second = await authorizeAs(USERS.owner);
    expect((await call(first.callback, { cookie: second.stateCookie })).status).toBe(400);
    expect((await call(second.callback, { cookie: second.stateCookie })).status).toBe(302);
  });
});

describe('APP_ORIGIN, not the Host header', () => {
  it('makes the OAuth redirect_uri', async () => {
    const res = await callWithEnv('/api/auth', {}, { origin: 'http://attacker.example' });
    const authorize = new URL(required(res.headers.get('Location'), 'Location'));
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/api/successful-auth');
    const configured = await callWithEnv('/api/auth', HTTPS_SITE);
    expect(new URL(required(configured.headers.get('Location'), 'Location')).searchParams.get('redirect_uri')).toBe('https://dash.example/api/successful-auth');
  });

  it('is the only origin the CSRF guard accepts', async () => {
    const cookie = await loginAs(USERS.owner);
    // The request's own host and a matching Origin: still cross-site for a site configured as http://localhost.
    const res = await callWithEnv(
      '/api/logout',
      {},
      { origin: 'http://attacker.example', method: 'POST', cookie, headers: { 'Content-Type': 'application/json' }, body: '{}' },
    );
    expect(res.status).toBe(403);
    expect(await checkAuth(cookie)).toMatchObject({ authenticated: true });
    expect((await postJson('/api/logout', {}, { cookie, headers: { Origin: 'http://localhost' } })).status).toBe(204);
  });
});

describe('headers and invite', () => {
  it('sends a Permissions-Policy that turns off camera, microphone, geolocation and payment', async () => {
    for (const path of ['/', '/api/stats']) {
      const policy = required((await call(path)).headers.get('Permissions-Policy'), 'Permissions-Policy');
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(policy).toContain(`${feature}=()`);
    }
  });

  it('asks for the permissions the features need, not Administrator', async () => {
    const res = await call('/api/invite');
    const permissions = BigInt(required(new URL(required(res.headers.get('Location'), 'Location')).searchParams.get('permissions'), 'permissions'));
    expect(permissions).toBe(1099780451542n);
    const ADMINISTRATOR = 0x8n;
    expect(permissions & ADMINISTRATOR).toBe(0n);
    // Manage Roles, Manage Channels, Kick, Ban, View Channels, Send Messages, Embed Links, Attach Files,
    // Read Message History, Add Reactions, Manage Messages, Moderate Members, View Audit Log, External Emojis.
    const needed = [
      1n << 28n,
      1n << 4n,
      1n << 1n,
      1n << 2n,
      1n << 10n,
      1n << 11n,
      1n << 14n,
      1n << 15n,
      1n << 16n,
      1n << 6n,
      1n << 13n,
      1n << 40n,
      1n << 7n,
      1n << 18n,
    ];
    for (const bit of needed) expect(permissions & bit).toBe(bit);
    expect(needed.reduce((all, bit) => all | bit, 0n)).toBe(permissions);
  });
});

describe('derived keys', () => {
  const SECRET = 'derived-keys-secret-0123456789abcdef';

  it('are derived once per secret, purpose and length, and each caller gets bytes of its own', async () => {
    const first = await deriveBytes(SECRET, KEY_PURPOSES.tokenKeyId, 9);
    const expected = [...first];
    first.fill(0);
    const again = await deriveBytes(SECRET, KEY_PURPOSES.tokenKeyId, 9);
    expect([...again]).toEqual(expected);
    expect(expected.some((byte) => byte !== 0)).toBe(true);
    expect([...(await deriveBytes(`${SECRET}x`, KEY_PURPOSES.tokenKeyId, 9))]).not.toEqual(expected);
    expect([...(await deriveBytes(SECRET, KEY_PURPOSES.loginState, 9))]).not.toEqual(expected);
    expect(await deriveBytes(SECRET, KEY_PURPOSES.tokenKeyId, 32)).toHaveLength(32);
  });
});

describe('play tickets', () => {
  const PLAY = { library: 'kenji', song: 'a.mp3', client: '10.0.0.1' };

  it('are signed with a key derived from the session secret, not with the secret itself', async () => {
    const ticket = await issuePlayTicket(env, PLAY, 1000, 2);
    const bytes = fromBase64Url(ticket);
    const id = toBase64Url(bytes.subarray(0, 16));
    const message = new TextEncoder().encode(`kenji\na.mp3\n10.0.0.1\n${id}`);
    for (const raw of [env.SESSION_SECRET, `play-ticket:${env.SESSION_SECRET}`]) {
      const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      expect(toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, message)))).not.toBe(toBase64Url(bytes.subarray(16)));
    }
    const otherSecret = { DB: env.DB, SESSION_SECRET: 'another-session-secret-0123456789abcdef' };
    expect(await spendPlayTicket(otherSecret, ticket, PLAY, 0), 'checked with another secret').toBe(false);
    expect(await spendPlayTicket(env, ticket, PLAY, 0)).toBe(true);
  });

  it('hold for an hour after they were issued, and not after', async () => {
    const issued = Date.UTC(2026, 0, 1, 0, 0, 59, 500);
    const ticket = await issuePlayTicket(env, PLAY, 1000, 2, issued);
    const validAt = (at: number) => spendPlayTicket(env, ticket, PLAY, 0, at);
    expect(await validAt(issued)).toBe(true);
    expect(await validAt(issued + 3_600_000 - 1)).toBe(true);
    expect(await validAt(issued + 3_600_000)).toBe(false);
  });
});

describe('device labels', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'Unknown device'],
    [undefined, 'Unknown device'],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});
