import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anyNumber, anyString, objectContaining } from './helpers/expect-helpers';
import type { WhitelistStateResponse } from '../../src/shared/licences';
import { DAY_MS } from '../../src/shared/constants';

/** Owner entries last 30 days (the admin form's default, SPEC section 9). */
const OWNER_ENTRY_DAYS = 30;
import { runRead } from '../../src/worker/db/batch';
import { ownerLicenceRead } from '../../src/worker/db/whitelist';
import { licenceState } from '../../src/worker/services/licences';
import { GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

const DUPLICATE = { code: 'DUPLICATE', error: 'This server is already whitelisted!' };

interface Row {
  id: number;
  user_id: string;
  server_id: string;
  server_name: string | null;
  expires_at: number;
  admin_made: number;
}

const rows = async () => (await env.DB.prepare('SELECT * FROM whitelist ORDER BY id').all<Row>()).results;
const state = async (cookie: string) => await (await call('/api/whitelisted-servers', { cookie })).json<WhitelistStateResponse>();
const add = (cookie: string, newServerID: unknown, oldServerID?: unknown) =>
  postJson('/api/add-whitelisted-server', oldServerID === undefined ? { newServerID } : { newServerID, oldServerID }, { cookie });

async function insertRow(userId: string, serverId: string, { expiresAt = Date.now() + DAY_MS, adminMade = 0 } = {}) {
  await env.DB.prepare('INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, ?, ?, NULL, ?, ?, ?)')
    .bind(userId, 'someone', serverId, expiresAt, Date.now(), adminMade)
    .run();
}

let owner = '';
let admin = '';
let member = '';

beforeAll(async () => {
  ({ admin, owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM whitelist').run();
});

describe('GET /api/whitelisted-servers', () => {
  it('needs a login', async () => {
    const res = await call('/api/whitelisted-servers');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers the empty state with the limit and the configurable support URL', async () => {
    // SPEC section 9: one server per user.
    expect(await state(owner)).toEqual({ servers: [], entries: [], limit: 1, used: 0, licensed: [], licences: [], supportUrl: env.SUPPORT_URL });
  });

  it("lists only the user's own entries, with names resolved from their guild list", async () => {
    await insertRow(USERS.owner, GUILDS.kenjiLounge);
    await insertRow(USERS.admin, GUILDS.adminHq);
    const s = await state(owner);
    expect(s.servers).toEqual([GUILDS.kenjiLounge]);
    expect(s.entries).toEqual([{ serverID: GUILDS.kenjiLounge, serverName: 'Kenji Lounge', expiresAt: anyNumber(), active: true, adminMade: false }]);
  });

  it("answers null for a name it cannot resolve (the page shows 'Unknown')", async () => {
    await insertRow(USERS.owner, '399999999999999999');
    expect((await state(owner)).entries[0]?.serverName).toBeNull();
  });

  it('lists managed servers licensed by someone else as licensed', async () => {
    await insertRow(USERS.admin, GUILDS.glaiveStudio);
    await insertRow(USERS.admin, GUILDS.lofiCafe, { expiresAt: Date.now() - DAY_MS });
    const s = await state(owner);
    expect(s.servers).toEqual([]);
    expect(s.licensed).toEqual([GUILDS.glaiveStudio]);
  });
});

describe('POST /api/add-whitelisted-server', () => {
  it('needs a login', async () => {
    expect((await add('', GUILDS.kenjiLounge)).status).toBe(401);
  });

  it('is refused cross-site', async () => {
    const res = await postJson(
      '/api/add-whitelisted-server',
      { newServerID: GUILDS.kenjiLounge },
      { cookie: owner, headers: { Origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(await rows()).toHaveLength(0);
  });

  it(`adds a managed server as a user-made entry expiring in ${OWNER_ENTRY_DAYS} days`, async () => {
    const before = Date.now();
    const res = await add(owner, GUILDS.kenjiLounge);
    expect(res.status).toBe(200);
    const body = await res.json<WhitelistStateResponse>();
    expect(body.servers).toEqual([GUILDS.kenjiLounge]);
    expect(body.used).toBe(1);
    expect(body.entries[0]).toMatchObject({ serverID: GUILDS.kenjiLounge, serverName: 'Kenji Lounge', active: true, adminMade: false });
    const [row] = await rows();
    expect(row).toMatchObject({ user_id: USERS.owner, server_id: GUILDS.kenjiLounge, server_name: 'Kenji Lounge', admin_made: 0 });
    expect(row?.expires_at).toBeGreaterThanOrEqual(before + OWNER_ENTRY_DAYS * DAY_MS);
    expect(row?.expires_at).toBeLessThanOrEqual(Date.now() + OWNER_ENTRY_DAYS * DAY_MS);
    expect((await licenceState(env.DB, GUILDS.kenjiLounge)).active).toBe(true);
  });

  it('accepts a managed server the bot is not in yet, and a Manage Server guild', async () => {
    expect((await add(owner, GUILDS.ownerSandbox)).status).toBe(200);
    await env.DB.prepare('DELETE FROM whitelist').run();
    expect((await add(owner, GUILDS.glaiveStudio)).status).toBe(200);
  });

  it.each([
    ['a plain membership', GUILDS.lofiCafe],
    ['a guild the user is not in', GUILDS.adminHq],
    ['an unknown guild', '399999999999999999'],
  ])('refuses %s with 403 and stores nothing', async (_name, id) => {
    const res = await add(owner, id);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'NOT_MANAGED' });
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a member who manages nothing', async () => {
    expect((await add(member, GUILDS.kenjiLounge)).status).toBe(403);
  });

  it.each([
    ['an empty newServerID', { newServerID: '' }, /newServerID/],
    ['a blank newServerID', { newServerID: '   ' }, /newServerID/],
    ['a missing newServerID', {}, /newServerID/],
    ['a malformed newServerID', { newServerID: 'abc' }, /newServerID/],
    ['a numeric newServerID', { newServerID: Number('300000000000000001') }, /newServerID/],
    ['a too short newServerID', { newServerID: '1234' }, /newServerID/],
    ['a malformed oldServerID', { newServerID: GUILDS.kenjiLounge, oldServerID: 'x' }, /oldServerID/],
  ])('answers %s with a 400 naming the field', async (_name, body, field) => {
    const res = await postJson('/api/add-whitelisted-server', body, { cookie: owner });
    expect(res.status).toBe(400);
    const json = await res.json<{ error: string; code: string }>();
    expect(json.code).toBe('INVALID_INPUT');
    expect(json.error).toMatch(field);
    expect(await rows()).toHaveLength(0);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await call('/api/add-whitelisted-server', { method: 'POST', cookie: owner, headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('answers a server the user already whitelisted with 409 DUPLICATE', async () => {
    await add(owner, GUILDS.kenjiLounge);
    const res = await add(owner, GUILDS.kenjiLounge);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(DUPLICATE);
  });

  it('answers a server someone else whitelisted with 409 DUPLICATE, not LIMIT, even at the limit', async () => {
    await add(admin, GUILDS.glaiveStudio);
    expect(await (await add(owner, GUILDS.glaiveStudio)).json()).toEqual(DUPLICATE);
    await add(owner, GUILDS.kenjiLounge);
    expect(await (await add(owner, GUILDS.glaiveStudio)).json()).toEqual(DUPLICATE);
  });

  it('answers 409 LIMIT at the limit without oldServerID and stores nothing', async () => {
    await add(owner, GUILDS.kenjiLounge);
    const res = await add(owner, GUILDS.ownerSandbox);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'LIMIT', error: anyString() });
    expect((await rows()).map((r) => r.server_id)).toEqual([GUILDS.kenjiLounge]);
  });

  it('counts expired user-made entries towards the limit (renewal goes through support), and keeps them', async () => {
    await insertRow(USERS.owner, GUILDS.kenjiLounge, { expiresAt: Date.now() - DAY_MS });
    expect(await (await add(owner, GUILDS.ownerSandbox)).json()).toMatchObject({ code: 'LIMIT' });
    const s = await state(owner);
    expect(s.entries).toEqual([objectContaining({ serverID: GUILDS.kenjiLounge, active: false })]);
    expect(s.licensed).toEqual([]);
    const licence = await licenceState(env.DB, GUILDS.kenjiLounge);
    expect(licence.expiresAt).not.toBeNull();
    expect(licence.active).toBe(false);
  });

  it('does not count admin-made entries towards the limit', async () => {
    await insertRow(USERS.owner, GUILDS.kenjiLounge, { adminMade: 1 });
    const res = await add(owner, GUILDS.ownerSandbox);
    expect(res.status).toBe(200);
    const body = await res.json<WhitelistStateResponse>();
    expect(body.servers.sort()).toEqual([GUILDS.kenjiLounge, GUILDS.ownerSandbox].sort());
    expect(body.used).toBe(1);
  });
});

describe('a licence is active', () => {
  it('until the millisecond it expires, not at it', async () => {
    const expiresAt = Date.UTC(2030, 0, 1);
    await env.DB.prepare(
      `INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, 'x', ?, NULL, ?, 0, 1)`,
    )
      .bind(USERS.owner, GUILDS.kenjiLounge, expiresAt)
      .run();
    expect(await licenceState(env.DB, GUILDS.kenjiLounge, expiresAt - 1)).toEqual({ expiresAt, active: true });
    expect(await licenceState(env.DB, GUILDS.kenjiLounge, expiresAt)).toEqual({ expiresAt, active: false });
    expect(await licenceState(env.DB, GUILDS.glaiveStudio, expiresAt - 1)).toEqual({ expiresAt: null, active: false });
  });
});

describe('replacing a server (oldServerID)', () => {
  it('moves the entry to the new server keeping its id and expiry', async () => {
    await add(owner, GUILDS.kenjiLounge);
    await env.DB.prepare('UPDATE whitelist SET expires_at = ?')
      .bind(Date.now() + 3 * DAY_MS)
      .run();
    const [before] = await rows();
    const res = await add(owner, GUILDS.ownerSandbox, GUILDS.kenjiLounge);
    expect(res.status).toBe(200);
    expect((await res.json<WhitelistStateResponse>()).servers).toEqual([GUILDS.ownerSandbox]);
    const after = await rows();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before?.id, server_id: GUILDS.ownerSandbox, server_name: 'Owner Sandbox', expires_at: before?.expires_at });
  });

  it('keeps an expired expiry expired (moving is not renewing)', async () => {
    const past = Date.now() - DAY_MS;
    await insertRow(USERS.owner, GUILDS.kenjiLounge, { expiresAt: past });
    expect((await add(owner, GUILDS.ownerSandbox, GUILDS.kenjiLounge)).status).toBe(200);
    expect((await rows())[0]?.expires_at).toBe(past);
  });

  it("refuses an oldServerID that is not one of the user's own user-made entries", async () => {
    await insertRow(USERS.admin, GUILDS.adminHq);
    await insertRow(USERS.owner, GUILDS.glaiveStudio, { adminMade: 1 });
    for (const old of [GUILDS.adminHq, GUILDS.glaiveStudio, GUILDS.lofiCafe]) {
      const res = await add(owner, GUILDS.kenjiLounge, old);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_YOUR_ENTRY' });
    }
    expect((await rows()).map((r) => r.server_id).sort()).toEqual([GUILDS.glaiveStudio, GUILDS.adminHq].sort());
  });

  it('refuses to replace with a server that is already whitelisted, leaving both entries alone', async () => {
    await add(owner, GUILDS.kenjiLounge);
    await add(admin, GUILDS.glaiveStudio);
    expect(await (await add(owner, GUILDS.glaiveStudio, GUILDS.kenjiLounge)).json()).toEqual(DUPLICATE);
    expect(await (await add(owner, GUILDS.kenjiLounge, GUILDS.kenjiLounge)).json()).toEqual(DUPLICATE);
    expect((await rows()).map((r) => [r.user_id, r.server_id])).toEqual([
      [USERS.owner, GUILDS.kenjiLounge],
      [USERS.admin, GUILDS.glaiveStudio],
    ]);
  });

  it('still requires the new server to be managed', async () => {
    await add(owner, GUILDS.kenjiLounge);
    expect((await add(owner, GUILDS.lofiCafe, GUILDS.kenjiLounge)).status).toBe(403);
    expect((await rows())[0]?.server_id).toBe(GUILDS.kenjiLounge);
  });
});

describe('under concurrency', () => {
  it('50 concurrent adds by one user leave exactly one entry', async () => {
    await state(owner); // warm the guild cache, as the page does before anyone can click
    const targets = [GUILDS.kenjiLounge, GUILDS.glaiveStudio, GUILDS.ownerSandbox];
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => add(owner, targets[i % targets.length])));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const codes = await Promise.all(responses.filter((r) => r.status === 409).map(async (r) => (await r.json<{ code: string }>()).code));
    // Which of the two a loser sees depends on the interleaving; both are right.
    for (const code of codes) expect(['LIMIT', 'DUPLICATE']).toContain(code);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.user_id).toBe(USERS.owner);
  });

  it('two users racing for one server leave exactly one owner', async () => {
    await Promise.all([state(owner), state(admin)]);
    for (let round = 0; round < 10; round++) {
      await env.DB.prepare('DELETE FROM whitelist').run();
      const [a, b] = await Promise.all([add(owner, GUILDS.glaiveStudio), add(admin, GUILDS.glaiveStudio)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(await loser.json()).toEqual(DUPLICATE);
      const stored = await rows();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.server_id).toBe(GUILDS.glaiveStudio);
      expect(stored[0]?.user_id).toBe(a.status === 200 ? USERS.owner : USERS.admin);
    }
  });

  it('a replace racing an add for the same server leaves one owner and no lost entry', async () => {
    await Promise.all([state(owner), state(admin)]);
    await add(owner, GUILDS.kenjiLounge);
    const [move, other] = await Promise.all([add(owner, GUILDS.glaiveStudio, GUILDS.kenjiLounge), add(admin, GUILDS.glaiveStudio)]);
    expect([move.status, other.status].sort()).toEqual([200, 409]);
    const stored = await rows();
    expect(stored).toHaveLength(move.status === 200 ? 1 : 2);
    expect(stored.filter((r) => r.server_id === GUILDS.glaiveStudio)).toHaveLength(1);
    expect(stored.filter((r) => r.user_id === USERS.owner)).toHaveLength(1);
  });

  it('20 concurrent replaces by one user leave exactly one entry', async () => {
    await state(owner);
    await add(owner, GUILDS.kenjiLounge);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(owner, i % 2 ? GUILDS.ownerSandbox : GUILDS.glaiveStudio, GUILDS.kenjiLounge)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect([GUILDS.ownerSandbox, GUILDS.glaiveStudio]).toContain(stored[0]?.server_id);
  });
});

describe('ownerLicenceRead: the user entries and the managed servers licences in one round trip', () => {
  const server = (n: number) => `3${String(n).padStart(17, '0')}`;

  it('finds entries and licences across every chunk of 90 server ids, each once', async () => {
    const managed = Array.from({ length: 200 }, (_, i) => server(i + 1));
    await insertRow(USERS.owner, server(95)); // the user's own, in the second chunk
    await insertRow(USERS.member, server(181)); // someone else's, in the third chunk
    await insertRow(USERS.owner, server(999)); // the user's own, not among the managed servers
    await insertRow(USERS.member, server(998)); // neither
    const { entries, licences } = await runRead(env.DB, ownerLicenceRead(env.DB, USERS.owner, managed));
    expect(entries.map((e) => e.serverId)).toEqual([server(95), server(999)]);
    expect(licences.map((l) => l.serverId)).toEqual([server(95), server(181)]);
  });

  it('finds the licences of the first and last server id of every chunk', async () => {
    const managed = Array.from({ length: 200 }, (_, i) => server(i + 1));
    const edges = [1, 90, 91, 180, 181, 200].map(server);
    for (const id of edges) await insertRow(USERS.member, id);
    const { licences } = await runRead(env.DB, ownerLicenceRead(env.DB, USERS.owner, managed));
    expect(licences.map((l) => l.serverId)).toEqual(edges);
  });

  it('with no managed servers still lists the user entries', async () => {
    await insertRow(USERS.owner, server(7));
    const { entries, licences } = await runRead(env.DB, ownerLicenceRead(env.DB, USERS.owner, []));
    expect(entries.map((e) => e.serverId)).toEqual([server(7)]);
    expect(licences).toEqual([]);
  });
});
