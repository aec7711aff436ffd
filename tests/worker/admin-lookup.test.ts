import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminServerSearchResponse, AdminUserSearchResponse } from '../../src/shared/licences';
import type { Answer } from '../../src/shared/api-schema';
import { DAY_MS } from '../../src/shared/constants';
import { upsertBotGuild } from '../../src/worker/db/bot-guilds';
import { GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

let admin = '';
let owner = '';
let member = '';

/** Generated guilds beside the demo ones: 'Guild 00000' … so a short prefix matches far more than one answer holds. */
const GENERATED = 1500;

beforeAll(async () => {
  ({ admin, owner, member } = await loginDemoUsers());
  const rows = Array.from({ length: GENERATED }, (_, i) => [`4${String(i).padStart(17, '0')}`, `Guild ${String(i).padStart(5, '0')}`, null, i]);
  await env.DB.prepare(
    `INSERT INTO bot_guilds (id, name, icon, member_count, seen, sync_id) SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, 0, NULL FROM json_each(?)`,
  )
    .bind(JSON.stringify(rows))
    .run();
  // Names with LIKE's own characters: a search must match them literally.
  for (const [id, name] of [
    ['500000000000000001', '100% Chill'],
    ['500000000000000002', '1000 Club'],
    ['500000000000000003', 'snake_case'],
    ['500000000000000004', 'snakeXcase'],
    ['500000000000000005', 'back\\slash'],
    ['500000000000000006', 'backslash'],
  ] as const) {
    await upsertBotGuild(env.DB, id, { name, memberCount: 5 });
  }
});

const servers = async (q: string, cookie = admin) => {
  const res = await call(`/api/admin-server-search?q=${encodeURIComponent(q)}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json<AdminServerSearchResponse>()).servers;
};
const users = async (q: string) => {
  const res = await call(`/api/admin-user-search?q=${encodeURIComponent(q)}`, { cookie: admin });
  expect(res.status).toBe(200);
  return (await res.json<AdminUserSearchResponse>()).users;
};

describe('GET /api/admin-server-search and /api/admin-user-search', () => {
  it.each(['/api/admin-server-search?q=ken', '/api/admin-user-search?q=demo'])('%s is admin-only: 401 logged out, 403 for others', async (path) => {
    expect((await call(path)).status).toBe(401);
    for (const cookie of [owner, member]) {
      const res = await call(path, { cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await call(path, { cookie: admin })).status).toBe(200);
  });

  it('finds the bot servers by the start of the name, ignoring case, with icon and member count', async () => {
    expect(await servers('kenji')).toEqual([{ id: GUILDS.kenjiLounge, name: 'Kenji Lounge', icon: null, memberCount: expect.any(Number) as number }]);
    expect((await servers('KENJI L')).map((s) => s.id)).toEqual([GUILDS.kenjiLounge]);
    // The start of the name only: 'Lounge' is inside 'Kenji Lounge'.
    expect(await servers('lounge')).toEqual([]);
    // A server the bot is not in is not offered.
    expect(await servers('Owner Sandbox')).toEqual([]);
  });

  it('answers at most 10, in name order, however many match', async () => {
    const found = await servers('guild');
    expect(found).toHaveLength(10);
    expect(found.map((s) => s.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Guild 0000${i}`));
  });

  it('takes the start of an id: id matches first, then names that start with the digits', async () => {
    expect((await servers(GUILDS.lofiCafe)).map((s) => s.name)).toEqual(['Lofi Café']);
    expect((await servers('40000000000000149')).map((s) => s.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Guild 0149${i}`));
    expect((await servers('100')).map((s) => s.name)).toEqual(['100% Chill', '1000 Club']);
    expect(await servers('999999999999999999')).toEqual([]);
  });

  it("matches LIKE's own characters literally", async () => {
    expect((await servers('100%')).map((s) => s.name)).toEqual(['100% Chill']);
    expect((await servers('snake_')).map((s) => s.name)).toEqual(['snake_case']);
    expect((await servers('back\\')).map((s) => s.name)).toEqual(['back\\slash']);
    expect(await servers('%')).toEqual([]);
    expect(await servers('_')).toEqual([]);
  });

  it('finds the users who logged in by display name or username, and licence holders by their recorded name', async () => {
    expect(await users('demo o')).toEqual([{ id: USERS.owner, name: 'Demo Owner', username: expect.any(String) as string, avatar: null }]);
    const [owned] = await users('Demo Own');
    expect((await users(owned?.username ?? '')).map((u) => u.id)).toEqual([USERS.owner]);
    expect((await users('demo')).map((u) => u.name)).toEqual(['Demo Admin', 'Demo Member', 'Demo Owner']);
    expect((await users(USERS.member)).map((u) => u.id)).toEqual([USERS.member]);

    const holder = '199999999999999991';
    await env.DB.prepare(
      `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, 'Licence_Holder', '399999999999999991', NULL, ?, ?, 1)`,
    )
      .bind(holder, Date.now() + DAY_MS, Date.now())
      .run();
    expect(await users('licence_h')).toEqual([{ id: holder, name: 'Licence_Holder', username: null, avatar: null }]);
    expect(await users('licence%')).toEqual([]);
  });

  it('reads an index range, never the whole table (query plans)', async () => {
    const plan = async (sql: string, ...binds: unknown[]) =>
      (
        await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...binds)
          .all<{ detail: string }>()
      ).results
        .map((r) => r.detail)
        .join('\n');
    const guilds = await plan("SELECT id FROM bot_guilds WHERE name LIKE ?1 ESCAPE '\\' ORDER BY name COLLATE NOCASE LIMIT 10", 'gui%');
    expect(guilds).toMatch(/SEARCH bot_guilds USING (COVERING )?INDEX bot_guilds_name/);
    expect(guilds).not.toMatch(/SCAN bot_guilds|TEMP B-TREE/);
    const people = await plan("SELECT id FROM known_users WHERE username LIKE ?1 ESCAPE '\\' ORDER BY username COLLATE NOCASE LIMIT 10", 'de%');
    expect(people).toMatch(/SEARCH known_users USING (COVERING )?INDEX known_users_username/);
  });

  it.each([
    ['', /q/],
    ['x'.repeat(101), /at most 100/],
  ])('refuses q=%j with a 400', async (q, message) => {
    const res = await call(`/api/admin-server-search?q=${q}`, { cookie: admin });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.error).toMatch(message);
    expect((await call('/api/admin-user-search', { cookie: admin })).status).toBe(400);
  });

  it('takes a search of exactly 100 characters', async () => {
    expect(await servers('x'.repeat(100))).toEqual([]);
  });
});

describe('a search whose parts both match: the cap of 10 on the merged answer', () => {
  // Servers: ids 77777…1–6 (two of them named '77777 Both …', so the name part finds them again) and six more whose
  // names start with 77777. Merged: the six id matches in id order, then names, each server once, 10 in all.
  const idMatch = (n: number) => `7777700000000000${String(n).padStart(2, '0')}`;
  const nameMatch = (n: number) => `8777700000000000${String(n).padStart(2, '0')}`;

  beforeAll(async () => {
    for (let n = 1; n <= 6; n += 1) await upsertBotGuild(env.DB, idMatch(n), { name: n <= 2 ? `77777 Both ${n}` : `Id match ${n}`, memberCount: 1 });
    for (let n = 1; n <= 6; n += 1) await upsertBotGuild(env.DB, nameMatch(n), { name: `77777 Name ${n}`, memberCount: 1 });
  });

  it('servers: 6 by id and 8 by name, 2 of them the same, answer the first 10 distinct, ids first', async () => {
    expect((await servers('77777')).map((s) => s.id)).toEqual([...[1, 2, 3, 4, 5, 6].map(idMatch), ...[1, 2, 3, 4].map(nameMatch)]);
  });

  it('servers: 9 distinct answer 9, 10 answer 10, 11 answer 10 (the edges of the cap)', async () => {
    // '777770' matches the six ids only; '77777 N' the six names only; '77777 B' and the ids overlap.
    expect(await servers('777770')).toHaveLength(6);
    expect((await servers('77777 Name')).map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6].map(nameMatch));
    await upsertBotGuild(env.DB, '877770000000000007', { name: '77777 Name 7', memberCount: 1 });
    await upsertBotGuild(env.DB, '877770000000000008', { name: '77777 Name 8', memberCount: 1 });
    await upsertBotGuild(env.DB, '877770000000000009', { name: '77777 Name 9', memberCount: 1 });
    expect(await servers('77777 Name')).toHaveLength(9);
    await upsertBotGuild(env.DB, '877770000000000010', { name: '77777 Name 10', memberCount: 1 });
    expect(await servers('77777 Name')).toHaveLength(10);
    await upsertBotGuild(env.DB, '877770000000000011', { name: '77777 Name 11', memberCount: 1 });
    expect(await servers('77777 Name')).toHaveLength(10);
  });

  it('users: by id, display name and username, each once, ids first, then display names, then usernames, 10 in all', async () => {
    const user = (id: string, username: string, displayName: string) =>
      env.DB.prepare('INSERT INTO known_users (id, username, display_name, avatar, updated_at) VALUES (?, ?, ?, NULL, 0)').bind(id, username, displayName);
    const byId = (n: number) => `1777700000000000${n}`;
    const byDisplay = (n: number) => `2777700000000000${n}`;
    const byUsername = (n: number) => `3777700000000000${n}`;
    await env.DB.batch([
      // The fifth id match's display name matches too: it is listed once, among the ids.
      ...[1, 2, 3, 4].map((n) => user(byId(n), `idp_${n}`, `Idp ${n}`)),
      user(byId(5), 'idp_5', '17777 Both'),
      ...[1, 2, 3, 4].map((n) => user(byDisplay(n), `disp_${n}`, `17777 Disp ${n}`)),
      ...[1, 2, 3, 4].map((n) => user(byUsername(n), `17777_user_${n}`, `User ${n}`)),
    ]);
    expect((await users('17777')).map((u) => u.id)).toEqual([1, 2, 3, 4, 5].map(byId).concat([1, 2, 3, 4].map(byDisplay), [byUsername(1)]));
  });
});

describe('POST /api/restore-whitelisted-server (Undo of a delete)', () => {
  const add = async (userID: string, newServerID: string, expiresAt = Date.now() + 7 * DAY_MS) =>
    (
      await (
        await postJson('/api/add-whitelisted-server-admin', { userID, newServerID, expiresAt }, { cookie: admin })
      ).json<Answer<'/add-whitelisted-server-admin', '$post'>>()
    ).entry;
  const remove = async (id: number) =>
    (await (await postJson('/api/delete-whitelisted-server', { id }, { cookie: admin })).json<Answer<'/delete-whitelisted-server', '$post'>>()).deleted;
  const restore = (id: unknown, cookie = admin) => postJson('/api/restore-whitelisted-server', { id }, { cookie });

  beforeEach(async () => {
    await env.DB.batch([env.DB.prepare('DELETE FROM whitelist'), env.DB.prepare('DELETE FROM whitelist_deleted')]);
  });

  it('puts the entry back exactly: same id, user, server, expiry, creation date and kind', async () => {
    const entry = await add(USERS.owner, GUILDS.kenjiLounge);
    const deleted = await remove(entry._id);
    const res = await restore(entry._id);
    expect(res.status).toBe(200);
    expect((await res.json<Answer<'/restore-whitelisted-server', '$post'>>()).entry).toEqual(entry);
    expect(deleted).toEqual(entry);
    const listed = await (await call('/api/all-whitelisted-servers', { cookie: admin })).json<{ servers: unknown[] }>();
    expect(listed.servers).toEqual([entry]);
  });

  it('restores once: a second Undo is a 404 NOT_RESTORABLE, as is an id never deleted', async () => {
    const entry = await add(USERS.owner, GUILDS.kenjiLounge);
    await remove(entry._id);
    expect((await restore(entry._id)).status).toBe(200);
    const again = await restore(entry._id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'NOT_RESTORABLE' });
    expect((await restore(987654)).status).toBe(404);
  });

  it('answers 409 DUPLICATE naming the new holder when the server was whitelisted again in between, and changes nothing', async () => {
    const entry = await add(USERS.owner, GUILDS.kenjiLounge);
    await remove(entry._id);
    const readded = await add(USERS.member, GUILDS.kenjiLounge);
    const res = await restore(entry._id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      code: 'DUPLICATE',
      error: 'Kenji Lounge (now licensed to Demo Member) was whitelisted again after the delete, so the deleted entry was not restored.',
    });
    const listed = await (await call('/api/all-whitelisted-servers', { cookie: admin })).json<{ servers: unknown[] }>();
    expect(listed.servers).toEqual([readded]);
    // Once the server is free again, the Undo still works.
    await remove(readded._id);
    expect((await restore(entry._id)).status).toBe(200);
  });

  it('answers 409 OVER_LIMIT when the user took a licence of their own since; an admin-made entry ignores the limit', async () => {
    const own = await postJson('/api/add-whitelisted-server', { newServerID: GUILDS.kenjiLounge }, { cookie: owner });
    expect(own.status).toBe(200);
    const ownId = Number(await env.DB.prepare('SELECT id FROM whitelist WHERE server_id = ?').bind(GUILDS.kenjiLounge).first('id'));
    await remove(ownId);
    expect((await postJson('/api/add-whitelisted-server', { newServerID: GUILDS.ownerSandbox }, { cookie: owner })).status).toBe(200);
    const res = await restore(ownId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'OVER_LIMIT' });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM whitelist WHERE user_id = ?').bind(USERS.owner).first('n')).toBe(1);

    const adminMade = await add(USERS.owner, GUILDS.glaiveStudio);
    await remove(adminMade._id);
    expect((await restore(adminMade._id)).status).toBe(200);
  });

  it('keeps a deleted entry restorable for 10 minutes, not longer', async () => {
    const entry = await add(USERS.owner, GUILDS.kenjiLounge);
    await remove(entry._id);
    const age = async (ms: number) =>
      env.DB.prepare('UPDATE whitelist_deleted SET deleted_at = ? WHERE id = ?')
        .bind(Date.now() - ms, entry._id)
        .run();
    // A minute short of the ten: far from the rule's edge, however long the restore takes to arrive.
    await age(10 * 60_000 - 60_000);
    expect((await restore(entry._id)).status).toBe(200);
    await remove(entry._id);
    await age(10 * 60_000 + 1);
    expect((await restore(entry._id)).status).toBe(404);
  });

  it('is admin-only and takes an entry id', async () => {
    const entry = await add(USERS.owner, GUILDS.kenjiLounge);
    await remove(entry._id);
    expect((await restore(entry._id, owner)).status).toBe(403);
    expect((await restore(entry._id, '')).status).toBe(401);
    for (const bad of ['abc', 0, null, 1.5]) {
      const res = await restore(bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await restore(entry._id)).status).toBe(200);
  });
});
