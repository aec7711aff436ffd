import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_SESSION_ENDED } from '../../src/shared/live';
import { app } from '../../src/worker/index';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { closeOpenedSockets, liveSocketRows, openLive } from './helpers/live-socket';
import { call, ORIGIN, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge.
const LISTENERS = '400000000000001001';

let owner = '';

beforeAll(async () => {
  await resetFake();
  owner = await loginAs(USERS.owner);
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM live_sockets')]);
});

afterEach(closeOpenedSockets);

const handshake = (guildId: string, cookie: string, upgrade = 'websocket') =>
  call(`/api/servers/${guildId}/live`, { cookie, headers: { Upgrade: upgrade, Origin: ORIGIN } });

/** The app with some bindings replaced, waiting for the work it deferred before answering. */
async function handshakeWith(bindings: Partial<Env>, cookie: string): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/api/servers/${GUILDS.kenjiLounge}/live`, { headers: { Upgrade: 'websocket', Origin: ORIGIN, Cookie: cookie } });
  const response = await app.fetch(request, { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe('the handshake', () => {
  it('takes the Upgrade header in any case, as HTTP header values of tokens are', async () => {
    for (const upgrade of ['WebSocket', 'WEBSOCKET']) {
      const res = await handshake(GUILDS.kenjiLounge, owner, upgrade);
      expect(res.status).toBe(101);
      res.webSocket?.accept();
      res.webSocket?.close(1000, 'test over');
    }
  });

  it('live updates unavailable (the guild’s channel gives no socket): 502 LIVE_UNAVAILABLE, and no socket is recorded', async () => {
    // What the guild's channel may answer instead of taking the socket: a refusal, a 101 without a socket, a socket without a 101.
    const answers = [
      { status: 503, webSocket: null },
      { status: 101, webSocket: null },
      { status: 200, webSocket: new WebSocketPair()[0] },
    ];
    for (const answer of answers) {
      const channel = { getByName: () => ({ fetch: () => Promise.resolve(answer) }) } as unknown as Env['GUILD_LIVE'];
      const res = await handshakeWith({ GUILD_LIVE: channel }, owner);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ code: 'LIVE_UNAVAILABLE', error: 'Live updates are not available right now.' });
      expect(await liveSocketRows()).toEqual([]);
    }
  });

  it('a socket that cannot be recorded against its session is not kept: the request fails, and the session’s pages of the guild reconnect', async () => {
    const page = await openLive(GUILDS.kenjiLounge, owner);
    const failingInsert = { bind: () => ({ run: () => Promise.reject(new Error('D1_ERROR: storage unavailable')) }) };
    const db = {
      prepare: (sql: string) => (sql.includes('INSERT INTO live_sockets') ? failingInsert : env.DB.prepare(sql)),
      batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    } as unknown as D1Database;
    const res = await handshakeWith({ DB: db }, owner);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
    expect(res.webSocket).toBeNull();
    expect(await page.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
  });

  it('a session signed out while its socket opens: 401, no socket, and the session’s pages of the guild close too', async () => {
    // A session of its own: this one ends.
    const cookie = await loginAs(USERS.owner);
    const page = await openLive(GUILDS.kenjiLounge, cookie);
    // The sign-out lands between the session's check and the socket's record: the record finds no session.
    const signedOutMeanwhile = (sql: string) => ({
      bind: (sessionId: string, ...rest: unknown[]) => ({
        run: async () => {
          await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(sessionId).run();
          return env.DB.prepare(sql)
            .bind(sessionId, ...rest)
            .run();
        },
      }),
    });
    const db = {
      prepare: (sql: string) => (sql.includes('INSERT INTO live_sockets') ? signedOutMeanwhile(sql) : env.DB.prepare(sql)),
      batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
    } as unknown as D1Database;
    const res = await handshakeWith({ DB: db }, cookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', error: 'You need to log in first.' });
    expect(res.webSocket).toBeNull();
    expect(await page.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
  });
});

describe('who a change is announced as', () => {
  it('a person without a display name on Discord: by their username', async () => {
    const cookie = await loginAs(USERS.owner);
    await env.DB.prepare(
      "UPDATE sessions SET user_json = json_set(user_json, '$.global_name', json('null')) WHERE id = (SELECT id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1)",
    ).run();
    const page = await openLive(GUILDS.kenjiLounge, cookie);
    const saved = await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.kenjiLounge, section: 'autorole', key: 'roleID', value: LISTENERS },
      { cookie },
    );
    expect(saved.status).toBe(200);
    expect(await page.next()).toMatchObject({ type: 'settings', by: { id: USERS.owner, name: 'demo_owner' } });
  });
});

describe('an announcement that fails', () => {
  it('leaves the save stored and answered, and is logged with the guild', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const channel = { getByName: () => ({ broadcast: () => Promise.reject(new Error('object overloaded')) }) } as unknown as Env['GUILD_LIVE'];
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/update-server-settings`, {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ serverID: GUILDS.kenjiLounge, section: 'autorole', key: 'roleID', value: LISTENERS }),
    });
    const res = await app.fetch(request, { ...env, GUILD_LIVE: channel }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const stored = await env.DB.prepare("SELECT value FROM guild_settings WHERE guild_id = ? AND section = 'autorole' AND key = 'roleID'")
      .bind(GUILDS.kenjiLounge)
      .first<{ value: string }>();
    expect(stored?.value).toBe(JSON.stringify(LISTENERS));
    expect(warnings).toHaveBeenCalledWith(`live update of guild ${GUILDS.kenjiLounge} failed`, new Error('object overloaded'));
    warnings.mockRestore();
  });
});

describe('a write that changed nothing', () => {
  it('an import of the settings the server already has: no page hears of it', async () => {
    const document = {
      format: 'servermanager.settings',
      version: 1,
      exportedAt: '2026-11-23T00:00:00.000Z',
      source: { serverID: GUILDS.kenjiLounge, name: 'Kenji Lounge' },
      settings: { autorole: { roleID: LISTENERS } },
    };
    const importIt = () => postJson('/api/server-settings/import', { serverID: GUILDS.kenjiLounge, document, dryRun: false }, { cookie: owner });
    expect((await importIt()).status).toBe(200);
    const page = await openLive(GUILDS.kenjiLounge, owner);
    expect((await importIt()).status).toBe(200);
    // The first event the page hears is the save after the second import.
    const mark = await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true },
      { cookie: owner },
    );
    expect(mark.status).toBe(200);
    expect(await page.next()).toMatchObject({ type: 'settings', changes: [{ section: 'antimp3', key: 'enabled', value: true }] });
  });
});
