import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringMatching } from './helpers/expect-helpers';
import { clearKv, loginAs, resetFake, USERS } from './helpers/login';
import { call } from './helpers/request';

/**
 * Bad input over every API route: whatever arrives, the answer is a 4xx JSON error naming the problem,
 * never a 5xx, and nothing in D1 changes.
 */

const GET_ROUTES = [
  '/api/check-auth',
  '/api/stats',
  '/api/commands',
  '/api/allowed-servers',
  '/api/invitable-servers',
  '/api/whitelisted-servers',
  '/api/all-whitelisted-servers',
  '/api/server-settings',
  '/api/server-access',
  '/api/get-kenji-songs',
  '/api/get-glaive-songs',
  '/api/download-kenji-song',
  '/api/stream-kenji-song',
  '/api/download-glaive-folder',
  '/api/bot/guilds/300000000000000001',
];

const POST_ROUTES: Record<string, Record<string, unknown>> = {
  '/api/update-server-settings': { serverID: '300000000000000001', section: 'antimp3', key: 'enabled', value: true },
  '/api/add-whitelisted-server': { newServerID: '300000000000000001' },
  '/api/update-whitelisted-server': {
    oldID: '1',
    newUserID: USERS.owner,
    newServerID: '300000000000000001',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  },
  '/api/add-whitelisted-server-admin': { userID: USERS.owner, newServerID: '300000000000000002', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  '/api/delete-whitelisted-server': { id: '1' },
  // The admin does not manage Kenji Lounge: anything that gets past the schema is a 403.
  '/api/update-server-access': { serverID: '300000000000000001', roleID: '400000000000001002', level: 'read' },
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  '12345678901234567890123',
  '３００００００００００００００００１',
  '300000000000000001\nDROP TABLE whitelist',
  '300000000000000001\u0000',
  '\u202e100000000000000001',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '..\\..\\windows',
  '/absolute/path.mp3',
  '😀'.repeat(100),
  'x'.repeat(5000),
];

/** Fields a route may go without (a documented default applies), so leaving them out is not an error. */
const OPTIONAL_FIELDS: Record<string, string[]> = {
  '/api/add-whitelisted-server-admin': ['expiresAt'],
  '/api/update-whitelisted-server': ['expiresAt'],
};

const TYPE_CONFUSION = [null, 0, -1, 1.5, true, false, [], ['300000000000000001'], {}, { $gt: '' }, 'x'.repeat(300)];

const TABLES = ['guild_settings', 'settings_audit', 'whitelist', 'stats', 'server_access'];

async function snapshot(): Promise<string> {
  const parts = await Promise.all(TABLES.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()));
  return JSON.stringify(parts.map((p) => p.results));
}

async function expectCleanRejection(res: Response, context: string) {
  const text = await res.text();
  expect(res.status, `${context} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${context} → ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  let body: unknown;
  expect(
    () => {
      body = JSON.parse(text);
    },
    `${context}: not JSON: ${text.slice(0, 200)}`,
  ).not.toThrow();
  expect(body, context).toMatchObject({ error: stringMatching(/\S/), code: stringMatching(/^[A-Z_]+$/) });
}

let admin = '';
let owner = '';

beforeAll(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  admin = await loginAs(USERS.admin);
  owner = await loginAs(USERS.owner);
});

let before = '';
beforeEach(async () => {
  before = await snapshot();
});

const postRaw = (path: string, body: BodyInit, cookie: string, contentType = 'application/json') =>
  call(path, { method: 'POST', cookie, headers: { 'Content-Type': contentType }, body });

describe.each(Object.entries(POST_ROUTES))('POST %s', (path, valid) => {
  it.each([
    ['invalid JSON', '{"serverID": '],
    ['a JSON string', '"hello"'],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['an empty body', ''],
  ])('rejects %s', async (name, body) => {
    await expectCleanRejection(await postRaw(path, body, admin), `${path} ${name}`);
    expect(await snapshot()).toBe(before);
  });

  it('rejects the wrong content type', async () => {
    const res = await postRaw(path, JSON.stringify(valid), admin, 'text/plain');
    expect(res.status).toBe(415);
    await expectCleanRejection(res, path);
  });

  it('rejects the wrong method', async () => {
    await expectCleanRejection(await call(path, { cookie: admin }), `GET ${path}`);
    await expectCleanRejection(
      await call(path, { method: 'PUT', cookie: admin, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(valid) }),
      `PUT ${path}`,
    );
  });

  it('rejects a 10 MB body with 413', async () => {
    const res = await postRaw(path, JSON.stringify({ ...valid, padding: 'x'.repeat(10 * 1024 * 1024) }), admin);
    expect(res.status).toBe(413);
    await expectCleanRejection(res, path);
  });

  it('rejects a 1 MB string field', async () => {
    const [field] = Object.keys(valid);
    await expectCleanRejection(await postRaw(path, JSON.stringify({ ...valid, [field ?? 'x']: 'x'.repeat(1024 * 1024) }), admin), path);
    expect(await snapshot()).toBe(before);
  });

  it.each(Object.keys(valid).filter((f) => !OPTIONAL_FIELDS[path]?.includes(f)))('rejects a missing %s', async (field) => {
    const body = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
    await expectCleanRejection(await postRaw(path, JSON.stringify(body), admin), `${path} without ${field}`);
    expect(await snapshot()).toBe(before);
  });

  it.each(Object.keys(valid))('rejects hostile strings and wrong types in %s', async (field) => {
    for (const bad of [...HOSTILE_STRINGS, ...TYPE_CONFUSION]) {
      if (field === 'value') continue; // a settings value's type depends on its key: covered by the settings tests
      if (bad === null && OPTIONAL_FIELDS[path]?.includes(field)) continue; // null means: use the default
      const res = await postRaw(path, JSON.stringify({ ...valid, [field]: bad }), admin);
      expect(res.status, `${path} ${field}=${JSON.stringify(bad).slice(0, 60)} was accepted`).toBeGreaterThanOrEqual(400);
      await expectCleanRejection(res, `${path} ${field}=${JSON.stringify(bad).slice(0, 40)}`);
    }
    expect(await snapshot()).toBe(before);
  });

  it('is refused without a login, and cross-site', async () => {
    await expectCleanRejection(await postRaw(path, JSON.stringify(valid), ''), `${path} logged out`);
    const res = await call(path, {
      method: 'POST',
      cookie: admin,
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});

describe('GET routes', () => {
  it.each(GET_ROUTES)('%s survives hostile query strings', async (path) => {
    for (const bad of HOSTILE_STRINGS) {
      const q = encodeURIComponent(bad);
      for (const cookie of [admin, owner, '']) {
        const res = await call(`${path}?serverID=${q}&song=${q}&folder=${q}&guild_id=${q}`, { cookie });
        const context = `${path} with ${JSON.stringify(bad).slice(0, 40)}`;
        expect(res.status, context).toBeLessThan(500);
        if (res.status >= 400) await expectCleanRejection(res, context);
        else await res.arrayBuffer();
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it.each(GET_ROUTES)('%s refuses state-changing methods', async (path) => {
    const res = await call(path, { method: 'DELETE', cookie: owner });
    await expectCleanRejection(res, `DELETE ${path}`);
  });
});

describe('pages', () => {
  it.each([
    '/commands?q=<script>alert(1)</script>',
    '/servers?"><img src=x onerror=alert(1)>',
    '/<script>alert(1)</script>',
    '/server/<svg onload=alert(1)>',
    '/server/%3Cscript%3E',
    '/kenji?song=</script><script>alert(1)</script>',
    '/%2e%2e/%2e%2e/etc/passwd',
  ])('%s renders without reflected markup', async (path) => {
    for (const cookie of ['', owner]) {
      const res = await call(path, { cookie });
      expect(res.status).toBeLessThan(500);
      const html = await res.text();
      expect(html).not.toMatch(/<script>alert\(1\)<\/script>|<img src=x onerror|<svg onload/i);
    }
  });
});
