import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../src/worker/index';
import { GUILDS, loginAs, loginDemoUsers, USERS } from './helpers/login';
import { ORIGIN } from './helpers/request';

interface Trips {
  d1: string[];
  kv: string[];
  /** Both kinds, in the order they were started. */
  all: string[];
}

/** D1 and KV bindings that record each round trip (a statement run, a batch, a KV call) before making it. */
function counted(trips: Trips): Env {
  const record = (sql: string) => {
    const trip = sql.replace(/\s+/g, ' ').slice(0, 60);
    trips.d1.push(trip);
    trips.all.push(trip);
  };
  // A batch is recorded with the SQL its first statement began with.
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const db = new Proxy(env.DB, {
    get(target, name) {
      if (name === 'batch')
        return (statements: D1PreparedStatement[]) => {
          const first = statements[0] ? (sqlOf.get(statements[0]) ?? '?') : '';
          record(`batch of ${statements.length} from ${first}`);
          return target.batch(statements);
        };
      if (name !== 'prepare') return Reflect.get(target, name, target) as unknown;
      return (sql: string) => {
        const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
          const proxy: D1PreparedStatement = new Proxy(statement, {
            get(s, member) {
              const value = Reflect.get(s, member, s) as unknown;
              if (member === 'bind') return (...args: unknown[]) => wrap(s.bind(...args));
              if (typeof value !== 'function' || !['first', 'all', 'run', 'raw'].includes(String(member))) return value;
              return (...args: unknown[]) => (record(sql), (value as (...a: unknown[]) => unknown).apply(s, args));
            },
          });
          sqlOf.set(proxy, sql);
          return proxy;
        };
        return wrap(target.prepare(sql));
      };
    },
  });
  const kv = new Proxy(env.CACHE, {
    get(target, name) {
      const value = Reflect.get(target, name, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const trip = `${String(name)} ${String(args[0])}`;
        trips.kv.push(trip);
        trips.all.push(trip);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...env, DB: db, CACHE: kv };
}

interface Island {
  fallback: Record<string, unknown>;
}

async function tripsOf(path: string, cookie: string): Promise<Trips & { island: Island }> {
  const trips: Trips = { d1: [], kv: [], all: [] };
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), counted(trips), ctx);
  expect(res.status).toBe(200);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  const island = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return { ...trips, island: JSON.parse(island ?? '{"fallback":{}}') as Island };
}

/** An API call's round trips, its status and its JSON answer. */
async function apiTripsOf(path: string, cookie: string): Promise<Trips & { status: number; body: unknown }> {
  const trips: Trips = { d1: [], kv: [], all: [] };
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), counted(trips), ctx);
  const body: unknown = await res.json();
  await waitOnExecutionContext(ctx);
  return { ...trips, status: res.status, body };
}

async function warmApiTrips(path: string, cookie: string) {
  await apiTripsOf(path, cookie);
  return apiTripsOf(path, cookie);
}

/**
 * A logged-in page with warm caches is the user's guild list (KV; for one server its roles and channels too), then
 * one D1 round trip: the session's row and everything that depends on the list, the bot's presence in those guilds
 * included. Nothing is written: a read costs no D1 write and no KV put.
 */
describe('round trips of a logged-in page with warm caches', () => {
  let owner = '';
  beforeAll(async () => {
    ({ owner } = await loginDemoUsers());
    // The owner's license on Kenji Lounge: each read of the batch must get its own rows back.
    await env.DB.prepare('DELETE FROM whitelist').run();
    await env.DB.prepare(
      'INSERT INTO whitelist (user_id, user_name, server_id, server_name, expires_at, created_at, admin_made) VALUES (?, ?, ?, NULL, ?, ?, 0)',
    )
      .bind(USERS.owner, 'Demo Owner', GUILDS.kenjiLounge, Date.now() + 86_400_000, Date.now())
      .run();
  });

  async function warmTrips(path: string) {
    await tripsOf(path, owner);
    return tripsOf(path, owner);
  }

  const SESSION_BATCH = /^batch of (\d+) from SELECT \* FROM sessions/;

  it("the server list: the guild list, then one batch for the session, the bot's presence, the role grants, the modules on and the whitelist", async () => {
    const { d1, kv, all } = await warmTrips('/servers');
    // The session, the presence (its rows and whether the bot has synced), the grants, the modules on, the whitelist.
    expect(d1).toEqual([expect.stringMatching(SESSION_BATCH)]);
    expect(SESSION_BATCH.exec(d1[0] ?? '')?.[1]).toBe('6');
    // The KV key read once, before the session's round trip; nothing of the bot's size.
    expect(kv).toEqual(['get discord:user-guilds:100000000000000002']);
    expect(all).toEqual([...kv, ...d1]);
  });

  it("a server's settings page: the guild list and the server's roles in one KV call, then one batch for the session, presence, grants, modules on, whitelist, settings and license", async () => {
    const { d1, kv, all, island } = await warmTrips(`/server/${GUILDS.kenjiLounge}`);
    expect(d1).toEqual([expect.stringMatching(SESSION_BATCH)]);
    expect(SESSION_BATCH.exec(d1[0] ?? '')?.[1]).toBe('8');
    // Each read got its own share of the batch: the license, the whitelist entry, the server list.
    expect(island.fallback[`/api/server-settings?serverID=${GUILDS.kenjiLounge}`]).toMatchObject({ id: GUILDS.kenjiLounge, whitelist: { active: true } });
    expect(island.fallback['/api/whitelisted-servers']).toMatchObject({ servers: [GUILDS.kenjiLounge], licensed: [GUILDS.kenjiLounge] });
    expect(island.fallback['/api/allowed-servers']).toEqual(expect.arrayContaining([expect.objectContaining({ id: GUILDS.kenjiLounge, access: 'manage' })]));
    // The guild list and the server's roles and channels in one KV call.
    expect(kv).toEqual([`get discord:user-guilds:100000000000000002,discord:guild:v2:${GUILDS.kenjiLounge}`]);
    expect(all).toEqual([...kv, ...d1]);
  });

  it('a guild list older than its 30 s in KV: the session alone first, since Discord is asked with its token', async () => {
    await warmTrips('/servers');
    const key = 'discord:user-guilds:100000000000000002';
    const entry = await env.CACHE.get<{ value: unknown; storedAt: number }>(key, 'json');
    await env.CACHE.put(key, JSON.stringify({ value: entry?.value, storedAt: Date.now() - 31_000 }));
    const { d1, island } = await tripsOf('/servers', owner);
    expect(d1[0]).toMatch(/^SELECT \* FROM sessions/);
    expect(d1.slice(1)).toEqual([expect.stringMatching(/^batch of 5 from /)]);
    expect(island.fallback['/api/allowed-servers']).toEqual(expect.arrayContaining([expect.objectContaining({ id: GUILDS.kenjiLounge })]));
  });

  it("the settings API: one batch for the session, the settings, the license and the bot's presence", async () => {
    const { d1, kv, body } = await warmApiTrips(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, owner);
    expect(d1).toEqual([expect.stringMatching(SESSION_BATCH)]);
    expect(SESSION_BATCH.exec(d1[0] ?? '')?.[1]).toBe('5');
    expect(kv.every((call) => call.startsWith('get '))).toBe(true);
    // Each read got its own rows back: the license, and the bot's presence the permission check needed.
    expect(body).toMatchObject({ id: GUILDS.kenjiLounge, access: 'manage', whitelist: { active: true } });
  });

  it.each(['123', '1234567890123456', '123456789012345678901', '12345678901234567a', ''])(
    'the settings API reads nothing ahead for a query that names no server (%j): the session alone, then 400',
    async (serverID) => {
      const { d1, status } = await apiTripsOf(`/api/server-settings?serverID=${serverID}`, owner);
      expect(status).toBe(400);
      expect(d1).toEqual([expect.stringMatching(/^SELECT \* FROM sessions/)]);
    },
  );

  it.each(['12345678901234567', '12345678901234567890'])(
    'the settings API reads ahead for any server id, 17 to 20 digits (%s), and answers only after the permission check',
    async (serverID) => {
      const { d1, status, body } = await apiTripsOf(`/api/server-settings?serverID=${serverID}`, owner);
      expect(SESSION_BATCH.exec(d1[0] ?? '')?.[1]).toBe('5');
      expect(status).toBe(403);
      expect(body).not.toHaveProperty('whitelist');
    },
  );

  it("the settings API drops an ended session's reads unread: 401, and no second round trip", async () => {
    const ended = await loginAs(USERS.owner);
    const { sid } = decodeJwt(/sm_session=([^;]+)/.exec(ended)?.[1] ?? '');
    await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(String(sid)).run();
    const { d1, status, body } = await apiTripsOf(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, ended);
    expect(status).toBe(401);
    expect(d1).toEqual([expect.stringMatching(SESSION_BATCH)]);
    expect(body).not.toHaveProperty('id');
  });

  it('a cookie whose session has ended makes the reads ahead but the page shows nothing of them', async () => {
    const ended = await loginAs(USERS.owner);
    await tripsOf('/servers', ended);
    // The session this cookie names, read from its own claims: other sessions of the same user stay.
    const { sid } = decodeJwt(/sm_session=([^;]+)/.exec(ended)?.[1] ?? '');
    const { meta } = await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(String(sid)).run();
    expect(meta.changes).toBe(1);
    const { kv, d1, island } = await tripsOf('/servers', ended);
    expect(kv).toContain('get discord:user-guilds:100000000000000002');
    expect(d1).toEqual([expect.stringMatching(SESSION_BATCH)]);
    expect(Object.keys(island.fallback)).not.toContain('/api/allowed-servers');
    expect(island.fallback['/api/check-auth']).toEqual({ authenticated: false });
  });
});
