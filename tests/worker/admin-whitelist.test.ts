import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, objectContaining } from './helpers/expect-helpers';
import type { AdminUpdateResponse, AllWhitelistedServersResponse } from '../../src/shared/licences';
import type { Answer } from '../../src/shared/api-schema';
import { DAY_MS, EXPIRY_OPTIONS_DAYS } from '../../src/shared/constants';
import { isAdminId } from '../../src/worker/auth/guards';
import { DuplicateServerError, insertAdminEntry, insertUserEntryWithinLimit, moveUserEntry } from '../../src/worker/db/whitelist';
import { clearKv, GUILDS, loginDemoUsers, setFault, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

const UNKNOWN_SERVER = '399999999999999999';
const UNKNOWN_USER = '199999999999999999';

const count = async () => Number(await env.DB.prepare('SELECT COUNT(*) AS n FROM whitelist').first('n'));
const list = async (cookie: string) => await (await call('/api/all-whitelisted-servers', { cookie })).json<AllWhitelistedServersResponse>();

async function adminAdd(cookie: string, body: Record<string, unknown>) {
  return postJson('/api/add-whitelisted-server-admin', body, { cookie });
}

let admin = '';
let owner = '';
let member = '';

beforeAll(async () => {
  ({ admin, owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM whitelist').run();
});

async function seed(userID: string = USERS.owner, newServerID: string = GUILDS.kenjiLounge, expiresAt?: number) {
  const res = await adminAdd(admin, { userID, newServerID, expiresAt });
  expect(res.status).toBe(201);
  return (await res.json<Answer<'/add-whitelisted-server-admin', '$post'>>()).entry;
}

describe('admin calls are admin-only', () => {
  const each = (cookie: () => string) =>
    [
      ['GET /api/all-whitelisted-servers', () => call('/api/all-whitelisted-servers', { cookie: cookie() })],
      [
        'update-whitelisted-server',
        () => postJson('/api/update-whitelisted-server', { oldID: 1, newUserID: USERS.owner, newServerID: GUILDS.kenjiLounge }, { cookie: cookie() }),
      ],
      ['add-whitelisted-server-admin', () => adminAdd(cookie(), { userID: USERS.owner, newServerID: GUILDS.lofiCafe })],
      ['delete-whitelisted-server', () => postJson('/api/delete-whitelisted-server', { id: 1 }, { cookie: cookie() })],
    ] as const;

  it.each(each(() => owner))('refuses %s to an owner who is not an admin with 403', async (_name, run) => {
    await seed();
    const res = await run();
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await count()).toBe(1);
  });

  it.each(each(() => member))('refuses %s to a member with 403', async (_name, run) => {
    expect((await run()).status).toBe(403);
  });

  it.each(each(() => ''))('refuses %s without a login with 401', async (_name, run) => {
    expect((await run()).status).toBe(401);
  });

  it('reads ADMIN_IDS as a comma-separated list, spaces and empty items allowed', () => {
    const admins = { ...env, ADMIN_IDS: ` ${USERS.admin} , ${USERS.member},,` };
    expect(isAdminId(admins, USERS.admin)).toBe(true);
    expect(isAdminId(admins, USERS.member)).toBe(true);
    expect(isAdminId(admins, USERS.owner)).toBe(false);
    expect(isAdminId(admins, '')).toBe(false);
  });
});

describe('GET /api/all-whitelisted-servers', () => {
  it('lists every entry of every user with names, null when unknown', async () => {
    await seed(USERS.owner, GUILDS.kenjiLounge);
    await seed(UNKNOWN_USER, UNKNOWN_SERVER);
    const { servers } = await list(admin);
    expect(servers).toEqual([
      {
        _id: anyNumber(),
        userID: USERS.owner,
        userName: 'Demo Owner',
        serverID: GUILDS.kenjiLounge,
        serverName: 'Kenji Lounge',
        expiresAt: anyNumber(),
        createdAt: anyNumber(),
        adminMade: true,
        active: true,
      },
      objectContaining({ userID: UNKNOWN_USER, userName: null, serverID: UNKNOWN_SERVER, serverName: null }),
    ]);
  });

  it('shows user-made entries too, and expired ones as inactive', async () => {
    await postJson('/api/add-whitelisted-server', { newServerID: GUILDS.kenjiLounge }, { cookie: owner });
    await env.DB.prepare('UPDATE whitelist SET expires_at = ?')
      .bind(Date.now() - 1000)
      .run();
    const { servers } = await list(admin);
    expect(servers).toEqual([objectContaining({ serverID: GUILDS.kenjiLounge, adminMade: false, active: false })]);
  });

  it('is prefilled into the /admin page for admins', async () => {
    await seed();
    const html = await (await call('/admin', { cookie: admin })).text();
    expect(html).toContain('Kenji Lounge');
    expect(html).toContain('/api/all-whitelisted-servers');
  });

  it('redirects non-admins away from /admin on a full page load', async () => {
    for (const cookie of [owner, member, '']) {
      const res = await call('/admin.html', { cookie });
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/');
    }
  });
});

describe('POST /api/add-whitelisted-server-admin', () => {
  it('defaults the expiry to 30 days (SPEC section 9) and answers the new entry', async () => {
    const before = Date.now();
    const entry = await seed(USERS.owner, GUILDS.kenjiLounge);
    expect(entry).toMatchObject({ userID: USERS.owner, userName: 'Demo Owner', serverID: GUILDS.kenjiLounge, serverName: 'Kenji Lounge', adminMade: true });
    expect(entry.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(entry.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it('takes the expiry as epoch milliseconds or an ISO date', async () => {
    const permanent = Date.now() + EXPIRY_OPTIONS_DAYS.permanent * DAY_MS;
    expect((await seed(USERS.owner, GUILDS.kenjiLounge, permanent)).expiresAt).toBe(permanent);
    const res = await adminAdd(admin, { userID: USERS.owner, newServerID: GUILDS.glaiveStudio, expiresAt: '2030-01-02T00:00:00.000Z' });
    expect((await res.json<Answer<'/add-whitelisted-server-admin', '$post'>>()).entry.expiresAt).toBe(Date.UTC(2030, 0, 2));
  });

  it('is not bound by the per-user limit, and admin-made entries leave the user room for their own', async () => {
    await seed(USERS.owner, GUILDS.kenjiLounge);
    await seed(USERS.owner, GUILDS.lofiCafe);
    await seed(USERS.owner, GUILDS.adminHq);
    expect((await postJson('/api/add-whitelisted-server', { newServerID: GUILDS.ownerSandbox }, { cookie: owner })).status).toBe(200);
    expect(await count()).toBe(4);
  });

  it('answers a whitelisted server with 409 DUPLICATE', async () => {
    await seed(USERS.owner, GUILDS.kenjiLounge);
    const res = await adminAdd(admin, { userID: USERS.admin, newServerID: GUILDS.kenjiLounge });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ code: 'DUPLICATE', error: 'This server is already whitelisted!' });
  });

  it.each([
    [{ newServerID: GUILDS.kenjiLounge }, /userID/],
    [{ userID: 'abc', newServerID: GUILDS.kenjiLounge }, /userID/],
    [{ userID: USERS.owner, newServerID: '' }, /newServerID/],
    [{ userID: USERS.owner, newServerID: '12345' }, /newServerID/],
    [{ userID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt: 'tomorrow' }, /expiresAt/],
    [{ userID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt: '2024-02-31T99:00:00Z' }, /expiresAt/],
    [{ userID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt: -5 }, /expiresAt/],
    [{ userID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt: {} }, /expiresAt/],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const res = await adminAdd(admin, body);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(field);
    expect(await count()).toBe(0);
  });
});

describe('POST /api/update-whitelisted-server', () => {
  const update = (body: Record<string, unknown>) => postJson('/api/update-whitelisted-server', body, { cookie: admin });

  it('changes user, server and expiry and answers what changed', async () => {
    const entry = await seed(USERS.owner, GUILDS.kenjiLounge);
    const expiresAt = Date.now() + 7 * DAY_MS;
    const res = await update({ oldID: entry._id, newUserID: USERS.admin, newServerID: GUILDS.adminHq, expiresAt });
    expect(res.status).toBe(200);
    const body = await res.json<AdminUpdateResponse>();
    expect(body.changed).toEqual(['userID', 'serverID', 'expiresAt']);
    expect(body.previous).toMatchObject({ _id: entry._id, userID: USERS.owner, serverID: GUILDS.kenjiLounge, expiresAt: entry.expiresAt });
    expect(body.entry).toMatchObject({
      _id: entry._id,
      userID: USERS.admin,
      userName: 'Demo Admin',
      serverID: GUILDS.adminHq,
      serverName: 'Admin HQ',
      expiresAt,
    });
    expect((await list(admin)).servers).toEqual([body.entry]);
  });

  it("keeps the current date when expiresAt is absent ('Keep Current Date') and accepts the id as a string", async () => {
    const entry = await seed(USERS.owner, GUILDS.kenjiLounge);
    const body = await (
      await update({ oldID: String(entry._id), newUserID: USERS.owner, newServerID: GUILDS.lofiCafe, expiresAt: null })
    ).json<AdminUpdateResponse>();
    expect(body.changed).toEqual(['serverID']);
    expect(body.entry.expiresAt).toBe(entry.expiresAt);
  });

  it('answers an unchanged save with an empty change list', async () => {
    const entry = await seed();
    const body = await (
      await update({ oldID: entry._id, newUserID: entry.userID, newServerID: entry.serverID, expiresAt: entry.expiresAt })
    ).json<AdminUpdateResponse>();
    expect(body.changed).toEqual([]);
  });

  it('answers an unknown entry with 404', async () => {
    const res = await update({ oldID: 999999, newUserID: USERS.owner, newServerID: GUILDS.kenjiLounge });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'ENTRY_NOT_FOUND' });
  });

  it('answers a server another entry holds with 409 DUPLICATE and changes nothing', async () => {
    const a = await seed(USERS.owner, GUILDS.kenjiLounge);
    await seed(USERS.admin, GUILDS.adminHq);
    const res = await update({ oldID: a._id, newUserID: USERS.owner, newServerID: GUILDS.adminHq });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'DUPLICATE' });
    expect((await list(admin)).servers.map((e) => e.serverID)).toEqual([GUILDS.kenjiLounge, GUILDS.adminHq]);
  });

  it.each([
    [{ oldID: 'one', newUserID: USERS.owner, newServerID: GUILDS.kenjiLounge }, /oldID/],
    [{ oldID: 1.5, newUserID: USERS.owner, newServerID: GUILDS.kenjiLounge }, /oldID/],
    [{ oldID: 1, newUserID: 'x', newServerID: GUILDS.kenjiLounge }, /newUserID/],
    [{ oldID: 1, newUserID: USERS.owner, newServerID: 'x' }, /newServerID/],
    [{ oldID: 1, newUserID: USERS.owner, newServerID: GUILDS.kenjiLounge, expiresAt: 'soon' }, /expiresAt/],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const res = await update(body);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(field);
  });
});

describe('POST /api/delete-whitelisted-server', () => {
  const remove = (body: unknown) => postJson('/api/delete-whitelisted-server', body, { cookie: admin });

  it('deletes the entry and answers it; a second delete is a 404', async () => {
    const entry = await seed();
    const res = await remove({ id: entry._id });
    expect(res.status).toBe(200);
    expect((await res.json<Answer<'/delete-whitelisted-server', '$post'>>()).deleted).toMatchObject({ _id: entry._id, serverID: GUILDS.kenjiLounge });
    expect(await count()).toBe(0);
    expect((await remove({ id: entry._id })).status).toBe(404);
  });

  it.each([{}, { id: 'abc' }, { id: 0 }, { id: null }])('refuses %j with a 400 naming id', async (body) => {
    const res = await remove(body);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/^id/);
  });
});

describe('storage rules', () => {
  const entry = { userId: USERS.owner, userName: 'Demo Owner', serverId: GUILDS.kenjiLounge, serverName: null, expiresAt: Date.now() + DAY_MS };

  it('maps the UNIQUE server constraint to DuplicateServerError on insert and move', async () => {
    await insertAdminEntry(env.DB, entry);
    await expect(insertAdminEntry(env.DB, { ...entry, userId: USERS.admin })).rejects.toBeInstanceOf(DuplicateServerError);
    await expect(insertUserEntryWithinLimit(env.DB, { ...entry, userId: USERS.admin }, 1)).rejects.toBeInstanceOf(DuplicateServerError);
    await insertUserEntryWithinLimit(env.DB, { ...entry, userId: USERS.admin, serverId: GUILDS.adminHq }, 1);
    await expect(moveUserEntry(env.DB, USERS.admin, GUILDS.adminHq, GUILDS.kenjiLounge, null)).rejects.toBeInstanceOf(DuplicateServerError);
  });

  it('inserts nothing once the user holds the limit of user-made entries', async () => {
    expect(await insertUserEntryWithinLimit(env.DB, entry, 1)).not.toBeNull();
    expect(await insertUserEntryWithinLimit(env.DB, { ...entry, serverId: GUILDS.ownerSandbox }, 1)).toBeNull();
    expect(await insertUserEntryWithinLimit(env.DB, { ...entry, serverId: GUILDS.ownerSandbox }, 2)).not.toBeNull();
  });
});

describe('GET /api/admin-server-check', () => {
  const check = (cookie: string, serverID: string) => call(`/api/admin-server-check?serverID=${serverID}`, { cookie });

  afterEach(async () => {
    await setFault({ mode: 'none' });
    await clearKv(env.CACHE);
  });

  it('tells an admin whether the bot is in a server, with its name', async () => {
    const known = await check(admin, GUILDS.kenjiLounge);
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ serverID: GUILDS.kenjiLounge, botInServer: true, name: 'Kenji Lounge' });
    expect(await (await check(admin, UNKNOWN_SERVER)).json()).toEqual({ serverID: UNKNOWN_SERVER, botInServer: false, name: null });
  });

  it('answers null (no warning) when the bot has not reported the server and Discord cannot be asked', async () => {
    await clearKv(env.CACHE);
    await setFault({ mode: '500' });
    expect(await (await check(admin, GUILDS.ownerSandbox)).json()).toEqual({ serverID: GUILDS.ownerSandbox, botInServer: null, name: null });
    // What the bot reported needs no Discord call.
    expect(await (await check(admin, GUILDS.kenjiLounge)).json()).toEqual({ serverID: GUILDS.kenjiLounge, botInServer: true, name: 'Kenji Lounge' });
  });

  it('is admin-only and takes a Discord server id only', async () => {
    expect((await check(owner, GUILDS.kenjiLounge)).status).toBe(403);
    expect((await call(`/api/admin-server-check?serverID=${GUILDS.kenjiLounge}`)).status).toBe(401);
    for (const bad of ['3000000000000000', '300000000000000000000', '30000000000000000x', '']) {
      const res = await check(admin, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});

describe('an admin edit that would put a user over the limit of 1', () => {
  /** A user-made entry, as an owner adding their own server makes it. */
  async function ownEntry(userId: string, serverId: string) {
    const row = await env.DB.prepare(
      `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, 'x', ?, NULL, ?, ?, 0) RETURNING id`,
    )
      .bind(userId, serverId, Date.now() + DAY_MS, Date.now())
      .first<{ id: number }>();
    return row?.id ?? 0;
  }
  const move = (oldID: number, newUserID: string, newServerID: string, extra: Record<string, unknown> = {}) =>
    postJson('/api/update-whitelisted-server', { oldID, newUserID, newServerID, ...extra }, { cookie: admin });

  it('says so with 409 OVER_LIMIT and changes nothing; with confirmOverLimit it moves', async () => {
    const mine = await ownEntry(USERS.owner, GUILDS.kenjiLounge);
    await ownEntry(USERS.member, GUILDS.glaiveStudio);
    const refused = await move(mine, USERS.member, GUILDS.kenjiLounge);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'OVER_LIMIT',
      error: `User ID ${USERS.member} already has 1 of 1 licenses of their own; moving this one to them puts them over the limit.`,
    });
    expect(await env.DB.prepare('SELECT user_id FROM whitelist WHERE id = ?').bind(mine).first('user_id')).toBe(USERS.owner);
    expect((await move(mine, USERS.member, GUILDS.kenjiLounge, { confirmOverLimit: true })).status).toBe(200);
    expect(await env.DB.prepare('SELECT user_id FROM whitelist WHERE id = ?').bind(mine).first('user_id')).toBe(USERS.member);
  });

  it('does not ask when the new user has none of their own, nor for admin-made entries, nor when the user stays', async () => {
    const mine = await ownEntry(USERS.owner, GUILDS.kenjiLounge);
    expect((await move(mine, USERS.member, GUILDS.kenjiLounge)).status).toBe(200);
    await ownEntry(USERS.admin, GUILDS.lofiCafe);
    const adminMade = await seed(USERS.owner, GUILDS.glaiveStudio);
    expect((await move(adminMade._id, USERS.admin, GUILDS.glaiveStudio)).status).toBe(200);
    expect((await move(mine, USERS.member, GUILDS.adminHq)).status).toBe(200);
  });

  it("does not count the new user's admin-made licences towards their limit", async () => {
    await seed(USERS.member, GUILDS.glaiveStudio);
    const mine = await ownEntry(USERS.owner, GUILDS.kenjiLounge);
    expect((await move(mine, USERS.member, GUILDS.kenjiLounge)).status).toBe(200);
    expect(await env.DB.prepare('SELECT user_id FROM whitelist WHERE id = ?').bind(mine).first('user_id')).toBe(USERS.member);
  });

  it('refuses a confirmOverLimit that is not a boolean', async () => {
    const mine = await ownEntry(USERS.owner, GUILDS.kenjiLounge);
    expect((await move(mine, USERS.member, GUILDS.kenjiLounge, { confirmOverLimit: 'yes' })).status).toBe(400);
  });
});
