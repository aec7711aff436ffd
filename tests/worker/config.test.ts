import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { authorizeAs, clearKv, loginAs, resetFake, USERS } from './helpers/login';
import { callWithEnv, HTTPS_SITE } from './helpers/request';
import { required } from '../helpers/required';

/** Secrets fail closed: a missing or short one answers 503 naming it (never its value), logs one line, writes nothing. */

const SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN'] as const;

const ascii = (bytes: number) => 'k'.repeat(bytes);
// 'é' is two bytes in UTF-8: 16 of them are 32 bytes but only 16 characters.
const twoByteChars = (count: number) => 'é'.repeat(count);

const rowCounts = async () => {
  const tables = ['sessions', 'whitelist', 'guild_settings', 'settings_audit', 'stats'];
  const counts = await Promise.all(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`).first<number>('n')));
  return Object.fromEntries(tables.map((t, i) => [t, counts[i]]));
};

let errors: MockInstance<typeof console.error>;
beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

describe.each(SECRETS)('%s', (name) => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['31 bytes', ascii(31)],
    ['31 bytes of two-byte characters and one more byte', `${twoByteChars(15)}k`],
  ])('%s: 503 JSON naming the setting, not its value, with one log line', async (_case, value) => {
    const res = await callWithEnv('/api/stats', { [name]: value });
    expect(res.status).toBe(503);
    const body = await res.json<{ error: string; code: string }>();
    expect(body).toEqual({ error: expect.stringContaining(name) as unknown, code: 'NOT_CONFIGURED' });
    if (value) expect(body.error).not.toContain(value);
    for (const other of SECRETS.filter((s) => s !== name)) expect(body.error).not.toContain(other);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toMatchObject({ code: 'NOT_CONFIGURED', detail: expect.stringContaining(name) as unknown });
  });

  it.each([
    ['32 bytes', ascii(32)],
    ['16 two-byte characters (32 bytes)', twoByteChars(16)],
  ])('%s is accepted', async (_case, value) => {
    expect((await callWithEnv('/api/stats', { [name]: value })).status).toBe(200);
  });
});

describe('the 503', () => {
  it('is an HTML page for pages, naming every missing setting', async () => {
    const res = await callWithEnv('/', { SESSION_SECRET: undefined, TOKEN_ENCRYPTION_KEY: ascii(31) });
    expect(res.status).toBe(503);
    expect(res.headers.get('Content-Type')).toMatch(/text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('SESSION_SECRET');
    expect(html).toContain('TOKEN_ENCRYPTION_KEY');
    expect(html).not.toContain(ascii(31));
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('writes nothing: a login callback with a short encryption key stores no session and sets no cookie', async () => {
    const { callback, stateCookie } = await authorizeAs(USERS.owner);
    const before = await rowCounts();
    const res = await callWithEnv(callback, { TOKEN_ENCRYPTION_KEY: ascii(31) }, { cookie: stateCookie });
    expect(res.status).toBe(503);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('lets no signed-in request through either', async () => {
    const cookie = await loginAs(USERS.owner);
    const res = await callWithEnv('/api/allowed-servers', { DISCORD_CLIENT_SECRET: ascii(31) }, { cookie });
    expect(res.status).toBe(503);
  });

  it('names APP_ORIGIN when it is missing or not an origin', async () => {
    for (const value of [undefined, '', 'localhost', 'http://localhost/', 'ftp://localhost']) {
      const res = await callWithEnv('/api/stats', { APP_ORIGIN: value });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'NOT_CONFIGURED', error: expect.stringContaining('APP_ORIGIN') as unknown });
    }
  });
});

describe('TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
  it('is optional, but when set needs 32 bytes too', async () => {
    expect((await callWithEnv('/api/stats', { TOKEN_ENCRYPTION_KEY_PREVIOUS: undefined })).status).toBe(200);
    const weak = await callWithEnv('/api/stats', { TOKEN_ENCRYPTION_KEY_PREVIOUS: ascii(31) });
    expect(weak.status).toBe(503);
    expect(await weak.json()).toMatchObject({ error: expect.stringContaining('TOKEN_ENCRYPTION_KEY_PREVIOUS') as unknown });
    expect((await callWithEnv('/api/stats', { TOKEN_ENCRYPTION_KEY_PREVIOUS: ascii(32) })).status).toBe(200);
  });
});

describe('BOT_API_TOKEN', () => {
  it('is required (32 bytes) only for the bot API', async () => {
    expect((await callWithEnv('/api/stats', { BOT_API_TOKEN: undefined })).status).toBe(200);
    const bot = await callWithEnv('/api/bot/guilds/100000000000000000', { BOT_API_TOKEN: ascii(31) });
    expect(bot.status).toBe(503);
    expect(await bot.json()).toMatchObject({ error: expect.stringContaining('BOT_API_TOKEN') as unknown });
    const authorised = { headers: { Authorization: `Bearer ${ascii(32)}` } };
    // Past the configuration check: the bot API itself answers (this guild has no licence).
    expect((await callWithEnv('/api/bot/guilds/100000000000000000', { BOT_API_TOKEN: ascii(32) }, authorised)).status).not.toBe(503);
    expect((await callWithEnv('/api/bot/guilds/100000000000000000', { BOT_API_TOKEN: ascii(32) })).status).toBe(401);
  });
});

/** The demo's published values, written out: anyone can read them in the repository. */
const DEMO = {
  DISCORD_CLIENT_ID: '200000000000000001',
  ADMIN_IDS: '100000000000000001',
  DISCORD_CLIENT_SECRET: 'demo-client-secret-for-the-fake-discord-only',
  DISCORD_BOT_TOKEN: 'demo-bot-token-for-the-fake-discord-only-0123',
  SESSION_SECRET: 'demo-session-secret-only-for-local-use-0123456789',
  TOKEN_ENCRYPTION_KEY: 'demo-token-encryption-key-only-for-local-use-0123',
  BOT_API_TOKEN: 'demo-bot-api-token-only-for-local-use-0123456789',
};
/** A production site's own values: none of them the demo's. */
const OWN = {
  ...HTTPS_SITE,
  SESSION_SECRET: ascii(33),
  TOKEN_ENCRYPTION_KEY: ascii(34),
  BOT_API_TOKEN: ascii(35),
};

describe("the demo's published values on a real site", () => {
  it('a site with its own values on https serves', async () => {
    expect((await callWithEnv('/api/stats', OWN, { origin: OWN.APP_ORIGIN })).status).toBe(200);
  });

  it.each(Object.entries(DEMO))('%s set to the demo value on https: 503 naming it, not its value', async (name, value) => {
    const res = await callWithEnv('/api/bot/guilds/100000000000000000', { ...OWN, [name]: value }, { origin: OWN.APP_ORIGIN });
    expect(res.status).toBe(503);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('NOT_CONFIGURED');
    expect(body.error).toContain(`${name} still hold the demo's published values`);
    if (name !== 'DISCORD_CLIENT_ID' && name !== 'ADMIN_IDS') expect(body.error).not.toContain(value);
  });

  it('names every demo value still set on the page, and the request id its log line carries', async () => {
    const res = await callWithEnv(
      '/',
      { ...OWN, DISCORD_CLIENT_ID: DEMO.DISCORD_CLIENT_ID, ADMIN_IDS: DEMO.ADMIN_IDS, SESSION_SECRET: DEMO.SESSION_SECRET },
      { origin: OWN.APP_ORIGIN },
    );
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('DISCORD_CLIENT_ID, ADMIN_IDS, SESSION_SECRET still hold the demo&#39;s published values');
    const requestId = required(res.headers.get('X-Request-Id'), 'X-Request-Id');
    expect(html).toContain(`Request ID: <code>${requestId}</code>`);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toMatchObject({ status: 503, code: 'HTTP_503', requestId });
  });

  it('finds the demo admin among other admins, spaces allowed, and only the exact id', async () => {
    const among = await callWithEnv('/api/stats', { ...OWN, ADMIN_IDS: `${OWN.ADMIN_IDS}, ${DEMO.ADMIN_IDS} ` }, { origin: OWN.APP_ORIGIN });
    expect(await among.json()).toMatchObject({ code: 'NOT_CONFIGURED', error: expect.stringContaining('ADMIN_IDS') as unknown });
    expect((await callWithEnv('/api/stats', { ...OWN, ADMIN_IDS: '1000000000000000011' }, { origin: OWN.APP_ORIGIN })).status).toBe(200);
  });

  it('refuses the demo encryption key kept as the previous one', async () => {
    const res = await callWithEnv('/api/stats', { ...OWN, TOKEN_ENCRYPTION_KEY_PREVIOUS: DEMO.TOKEN_ENCRYPTION_KEY }, { origin: OWN.APP_ORIGIN });
    expect(await res.json()).toMatchObject({ error: expect.stringContaining('TOKEN_ENCRYPTION_KEY_PREVIOUS still hold') as unknown });
  });

  it('are the demo itself on http: served', async () => {
    expect((await callWithEnv('/api/stats', { ...DEMO, APP_ORIGIN: 'http://localhost' })).status).toBe(200);
  });
});

describe('the message', () => {
  it('gives each need once, after the settings that share it, in one sentence', async () => {
    const res = await callWithEnv('/api/stats', { SESSION_SECRET: ascii(31), TOKEN_ENCRYPTION_KEY: undefined, APP_ORIGIN: 'localhost' });
    expect(await res.json()).toEqual({
      code: 'NOT_CONFIGURED',
      error:
        'ServerManager is not configured: SESSION_SECRET, TOKEN_ENCRYPTION_KEY must be set to a secret of at least 32 bytes; APP_ORIGIN must be the public origin of the site (such as https://example.com).',
    });
    expect(errors.mock.calls[0]?.[0]).toMatchObject({
      detail: "configuration: SESSION_SECRET, TOKEN_ENCRYPTION_KEY, APP_ORIGIN missing, too short or the demo's",
    });
  });

  it('is a page titled Not configured with a way to try again', async () => {
    const html = await (await callWithEnv('/', { SESSION_SECRET: undefined })).text();
    expect(html).toContain('<title>Not configured | ServerManager</title>');
    expect(html).toContain('<a href="/">Try again</a>');
  });

  it('an empty TOKEN_ENCRYPTION_KEY_PREVIOUS is no previous key: served', async () => {
    expect((await callWithEnv('/api/stats', { TOKEN_ENCRYPTION_KEY_PREVIOUS: '' })).status).toBe(200);
  });
});

describe('DISCORD_CLIENT_ID', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['16 digits', '1234567890123456'],
    ['21 digits', '123456789012345678901'],
    ['not digits', '12345678901234567x'],
  ])('%s: 503 naming it', async (_case, value) => {
    const res = await callWithEnv('/api/stats', { DISCORD_CLIENT_ID: value });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("DISCORD_CLIENT_ID must be the Discord application's id") as unknown });
  });

  it.each([
    ['17 digits', '12345678901234567'],
    ['20 digits', '12345678901234567890'],
  ])('%s is accepted', async (_case, value) => {
    expect((await callWithEnv('/api/stats', { DISCORD_CLIENT_ID: value })).status).toBe(200);
  });
});
