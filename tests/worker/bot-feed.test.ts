import { env, exports } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createBotClient } from '../../examples/bot-client';
import { demoBotGuilds, reportDemoPresence } from './helpers/bot-presence-seed';
import { BOT_OPERATIONS, botChangesResponseSchema, botGuildResponseSchema, type BotChangesResponse } from '../../src/shared/bot-api';
import { recordExpiries } from '../../src/worker/db/bot-changes';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

const KENJI_MOD_LOG = '500000000000001010';
const KENJI_GENERAL = '500000000000001004';
const auth = () => ({ Authorization: `Bearer ${env.BOT_API_TOKEN}` });
const feed = async (query = '') => {
  const res = await call(`/api/bot/changes${query}`, { headers: auth() });
  expect(res.status).toBe(200);
  return res.json<BotChangesResponse>();
};
/** The cursor everything that follows comes after. */
const latest = async () => (await feed('?limit=500')).next;
const latestCursor = async () => (await env.DB.prepare('SELECT MAX(cursor) AS c FROM bot_changes').first<number>('c')) ?? 0;

/** Where the feed's expiry sweep last stopped. */
const setSweptUntil = (at: number | null) => env.DB.prepare(`UPDATE bot_feed_state SET value = ? WHERE name = 'expiries_until'`).bind(at).run();

/** Admin-made licences of Demo Owner: [server, expiresAt, createdAt]. */
const insertLicences = (rows: readonly (readonly [string, number, number])[]) => {
  const insert = env.DB.prepare(
    'INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, ?, ?, NULL, ?, ?, 1)',
  );
  return env.DB.batch(rows.map(([serverId, expiresAt, createdAt]) => insert.bind(USERS.owner, 'Demo Owner', serverId, expiresAt, createdAt)));
};

let owner = '';
let admin = '';

beforeAll(async () => {
  await resetFake();
  owner = await loginAs(USERS.owner);
  admin = await loginAs(USERS.admin);
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM whitelist')]);
});

describe('GET /api/bot/changes', () => {
  it('lists each settings change once, in order, with a cursor to continue from; an unchanged save adds nothing', async () => {
    const start = await latest();
    const save = (value: unknown) =>
      postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'logs', key: 'channelID', value }, { cookie: owner });
    expect((await save(KENJI_MOD_LOG)).status).toBe(200);
    expect((await save(KENJI_GENERAL)).status).toBe(200);
    expect((await save(KENJI_GENERAL)).status).toBe(200);
    const page = await feed(`?after=${start}`);
    expect(page.changes.map(({ guildId, kind, section, key, value, licence }) => ({ guildId, kind, section, key, value, licence }))).toEqual([
      { guildId: GUILDS.kenjiLounge, kind: 'settings', section: 'logs', key: 'channelID', value: KENJI_MOD_LOG, licence: null },
      { guildId: GUILDS.kenjiLounge, kind: 'settings', section: 'logs', key: 'channelID', value: KENJI_GENERAL, licence: null },
    ]);
    const [first, second] = page.changes;
    expect((second?.cursor ?? 0) > (first?.cursor ?? 0)).toBe(true);
    expect(page.next).toBe(second?.cursor);
    expect(await feed(`?after=${page.next}`)).toEqual({ changes: [], next: page.next });
    // Paging by one gives the same changes.
    const one = await feed(`?after=${start}&limit=1`);
    expect(one.changes).toEqual([first]);
  });

  it('reports a licence being added, moved to another server, edited and deleted', async () => {
    const start = await latest();
    const expiresAt = Date.UTC(2030, 0, 1);
    const added = await postJson('/api/add-whitelisted-server-admin', { userID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt }, { cookie: admin });
    const { entry } = await added.json<{ entry: { _id: number } }>();
    await postJson(
      '/api/update-whitelisted-server',
      { oldID: entry._id, newUserID: USERS.owner, newServerID: GUILDS.glaiveStudio, expiresAt: Date.UTC(2031, 0, 1) },
      { cookie: admin },
    );
    await postJson('/api/delete-whitelisted-server', { id: entry._id }, { cookie: admin });
    const page = await feed(`?after=${start}`);
    expect(page.changes.map(({ guildId, kind, licence }) => ({ guildId, kind, licence }))).toEqual([
      { guildId: GUILDS.kenjiLounge, kind: 'licence', licence: { active: true, expiresAt } },
      { guildId: GUILDS.kenjiLounge, kind: 'licence', licence: null },
      { guildId: GUILDS.glaiveStudio, kind: 'licence', licence: { active: true, expiresAt: Date.UTC(2031, 0, 1) } },
      { guildId: GUILDS.glaiveStudio, kind: 'licence', licence: null },
    ]);
  });

  it('reports a licence running out once, when it has, and not one that ran out before the last sweep', async () => {
    const now = Date.now();
    await setSweptUntil(now - 60_000);
    await insertLicences([
      [GUILDS.kenjiLounge, now - 30_000, now - 90_000],
      [GUILDS.glaiveStudio, now - 120_000, now - 200_000],
      [GUILDS.lofiCafe, now + 3_600_000, now],
    ]);
    const start = await latestCursor();
    const page = await feed(`?after=${start}`);
    expect(page.changes.map(({ guildId, licence, at }) => ({ guildId, licence, at }))).toEqual([
      { guildId: GUILDS.kenjiLounge, licence: { active: false, expiresAt: now - 30_000 }, at: now - 30_000 },
    ]);
    expect((await feed(`?after=${page.next}`)).changes).toEqual([]);
  });

  it('reports a licence that expires at the very moment of a sweep in that sweep, and only once', async () => {
    const sweep = Date.UTC(2030, 0, 1);
    const marker = await env.DB.prepare(`SELECT value FROM bot_feed_state WHERE name = 'expiries_until'`).first<number>('value');
    onTestFinished(async () => {
      await setSweptUntil(marker);
    });
    await setSweptUntil(sweep - 60_000);
    await insertLicences([
      [GUILDS.kenjiLounge, sweep, 0],
      [GUILDS.glaiveStudio, sweep + 1, 0],
    ]);
    const start = await latestCursor();
    const expiredAfter = async () =>
      (
        await env.DB.prepare(`SELECT guild_id AS guildId, at FROM bot_changes WHERE cursor > ? AND kind = 'licence' AND licence LIKE '%"active":false%'`)
          .bind(start)
          .all<{ guildId: string; at: number }>()
      ).results;
    await recordExpiries(env.DB, sweep);
    expect(await expiredAfter()).toEqual([{ guildId: GUILDS.kenjiLounge, at: sweep }]);
    await recordExpiries(env.DB, sweep + 1);
    expect(await expiredAfter()).toEqual([
      { guildId: GUILDS.kenjiLounge, at: sweep },
      { guildId: GUILDS.glaiveStudio, at: sweep + 1 },
    ]);
  });

  it.each([
    '?limit=0',
    '?limit=501',
    '?limit=1.5',
    '?after=-1',
    '?after=abc',
    '?after=1e2',
    '?after=%2B3',
    '?limit=0x10',
    '?limit=%207',
    '?limit=10.0',
    '?after=',
    '?after=9999999999999999',
  ])('refuses %s with 400', async (query) => {
    const res = await call(`/api/bot/changes${query}`, { headers: auth() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('takes limits from 1 to 500, and needs the Bearer token', async () => {
    expect((await call('/api/bot/changes?after=0', { headers: auth() })).status).toBe(200);
    for (const limit of [1, 500]) expect((await call(`/api/bot/changes?limit=${limit}`, { headers: auth() })).status).toBe(200);
    expect((await call('/api/bot/changes')).status).toBe(401);
    expect((await call('/api/bot/changes', { cookie: owner })).status).toBe(401);
  });
});

const BOT_API_BASE = '/api/bot';

describe('the bot routes are their declarations', () => {
  // An unknown guild, so no call changes anything; an empty body, so each refuses it after routing.
  const address = (path: string) => `${BOT_API_BASE}${path.replace('{id}', '400000000000000099')}`;
  const METHODS = ['get', 'put', 'post', 'delete'] as const;

  it('answers each declared call at its method, and no other method at its path', async () => {
    for (const operation of Object.values(BOT_OPERATIONS)) {
      // The calls whose path, read as a pattern, takes this address (GET /guilds/{id} takes /guilds/sync too).
      const takes = (template: string) => new RegExp(`^${template.replace('{id}', '[^/]+')}$`).test(address(operation.path).slice(BOT_API_BASE.length));
      const declared = new Set(Object.values(BOT_OPERATIONS).flatMap((other) => (takes(other.path) ? [other.method] : [])));
      for (const method of METHODS) {
        const res = await call(address(operation.path), {
          method: method.toUpperCase(),
          headers: { ...auth(), 'Content-Type': 'application/json' },
          body: method === 'get' || method === 'delete' ? undefined : '{}',
        });
        const { code } = await res.json<{ code: string }>();
        // The API's own 404 for an address it does not serve, against whatever the call itself answers.
        expect(code === 'NOT_FOUND', `${method.toUpperCase()} ${operation.path}`).toBe(!declared.has(method));
      }
    }
  });
});

describe('GET /api/bot/openapi.json', () => {
  it('describes every call with the schemas their answers follow', async () => {
    const res = await call('/api/bot/openapi.json', { headers: auth() });
    expect(res.status).toBe(200);
    const doc = await res.json<{
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string; in: string; schema: { maximum?: number } }[]; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/changes', '/guilds/sync', '/guilds/{id}', '/guilds/{id}/presence', '/guilds/{id}/settings']);
    expect(Object.keys(doc.paths['/guilds/{id}/presence'] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(doc.components.schemas.BotSync?.properties?.guilds).toMatchObject({ type: 'array', maxItems: 1000 });
    expect(doc.components.schemas.BotPresence?.properties?.name).toMatchObject({ maxLength: 100 });
    const actor = doc.components.schemas.BotSettingWrite?.properties?.actor as { properties: Record<string, unknown>; required: string[] };
    expect(actor.properties.name).toMatchObject({ maxLength: 32 });
    expect(actor.required.sort()).toEqual(['id', 'name']);
    const limit = doc.paths['/changes']?.get?.parameters.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', schema: { maximum: 500 } });
    expect(Object.keys(doc.components.schemas.BotChanges?.properties ?? {}).sort()).toEqual(['changes', 'next']);
    expect(Object.keys(doc.components.schemas.BotGuild?.properties ?? {}).sort()).toEqual(['guildId', 'licence', 'settings']);
    // Integers where it says integer, and the lists typed, not {}.
    expect(doc.paths['/changes']?.get?.parameters.find((p) => p.name === 'after')?.schema).toMatchObject({ type: 'integer', minimum: 0 });
    const settings = doc.components.schemas.BotGuild?.properties?.settings as { properties: Record<string, { properties: Record<string, unknown> }> };
    expect(settings.properties.antinuke?.properties.whitelist).toMatchObject({ type: 'array', items: { type: 'string' }, maxItems: 100 });
    // Every call documents its refusals in the error envelope.
    const operations = Object.values(doc.paths).flatMap((path) => Object.values(path));
    expect(operations).toHaveLength(6);
    for (const operation of operations) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '401', '500', '503']));
      expect(operation.responses['401']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    }
    expect(Object.keys(doc.paths['/guilds/sync']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '409', '413']));
    // A call with a body can be too large; the one that asks Discord about the guild can meet Discord's trouble.
    expect(Object.keys(doc.paths['/guilds/{id}/presence']?.put?.responses ?? {})).toEqual(expect.arrayContaining(['204', '413']));
    expect(Object.keys(doc.paths['/guilds/{id}/settings']?.put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '409', '413', '502', '504']));

    // The answers themselves fit the schemas the document was made from.
    botGuildResponseSchema.parse(await (await call(`/api/bot/guilds/${GUILDS.kenjiLounge}`, { headers: auth() })).json());
    botChangesResponseSchema.parse(await (await call('/api/bot/changes', { headers: auth() })).json());
  });
});

describe('examples/bot-client.ts', () => {
  const client = createBotClient({ baseUrl: 'http://localhost', token: env.BOT_API_TOKEN, fetch: (request) => exports.default.fetch(request) });

  it('reads a guild and follows the feed from a cursor', async () => {
    const start = await latest();
    await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner });
    expect((await client.guild(GUILDS.kenjiLounge)).settings.antimp3).toEqual({ enabled: true });
    const controller = new AbortController();
    const seen = [];
    for await (const change of client.follow({ after: start, intervalMs: 10, signal: controller.signal })) {
      seen.push(change);
      controller.abort();
    }
    expect(seen.map(({ section, key, value }) => ({ section, key, value }))).toEqual([{ section: 'antimp3', key: 'enabled', value: true }]);
  });

  it('reports where the bot is: a join, a departure, and a full sync in chunks of 1,000', async () => {
    const id = '400000000000000077';
    await client.presence(id, { name: 'Joined', icon: null, memberCount: 3 });
    expect(await env.DB.prepare('SELECT name FROM bot_guilds WHERE id = ?').bind(id).first('name')).toBe('Joined');
    await client.left(id);
    expect(await env.DB.prepare('SELECT name FROM bot_guilds WHERE id = ?').bind(id).first('name')).toBeNull();
    const many = Array.from({ length: 2001 }, (_, index) => ({ id: String(600000000000000000n + BigInt(index)), name: `G${index}`, memberCount: 1 }));
    // One name in the second chunk is a Hangul filler alone, which shows blank: that guild alone is refused.
    const blank = { id: String(600000000000001500n), name: '\u3164', memberCount: 1 };
    many[1500] = blank;
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guilds').first<number>('n');
    const result = await client.sync([...many, ...demoBotGuilds()]);
    expect(result).toMatchObject({ received: 2000 + demoBotGuilds().length, removed: (before ?? 0) - demoBotGuilds().length });
    expect(result.refused).toEqual([{ id: blank.id, error: expect.stringContaining('name') as string, code: 'INVALID_INPUT' }]);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM bot_guilds').first('n')).toBe(2000 + demoBotGuilds().length);
    await reportDemoPresence(env.DB);
  });

  it("changes a setting for a member's command, and a stale `expected` is the API's 409", async () => {
    const actor = { id: '100000000000000077', name: 'Kai' };
    const after = await client.setting(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: true, actor });
    expect(after.settings.antimp3).toEqual({ enabled: true });
    await expect(client.setting(GUILDS.kenjiLounge, { section: 'antimp3', key: 'enabled', value: false, expected: false, actor })).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
    });
  });

  it('throws the API error with its code', async () => {
    const stranger = createBotClient({ baseUrl: 'http://localhost', token: 'wrong', fetch: (request) => exports.default.fetch(request) });
    await expect(stranger.changes()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
