import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REAUTHORISE, type LiveEvent, type LiveMessage, type LiveSettingsEvent } from '../../src/shared/live';
import type { GuildLive } from '../../src/worker/live/guild-live';
import { clearKv, GUILDS, loginDemoUsers, USERS } from './helpers/login';
import { call, callWithEnv, HTTPS_SITE, ORIGIN, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge; Demo Member manages nothing;
// the bot is not in Owner Sandbox.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MOD_LOG = '500000000000001010';

let admin = '';
let owner = '';
let member = '';
const open: WebSocket[] = [];

beforeAll(async () => {
  ({ admin, owner, member } = await loginDemoUsers());
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit')]);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close(1000, 'test over');
});

const handshake = (guildId: string, cookie: string | undefined, headers: Record<string, string> = { Upgrade: 'websocket', Origin: ORIGIN }) =>
  call(`/api/servers/${guildId}/live`, { cookie, headers });

interface Listener {
  /** The next event the page hears. */
  next: () => Promise<LiveEvent>;
  /** The next event, which must be a settings event. */
  nextSettings: () => Promise<LiveSettingsEvent>;
  closed: Promise<{ code: number }>;
  /** The tab id the server gave the page (the socket's first message, its hello). */
  tab: Promise<string>;
}

async function listen(guildId: string, cookie = owner): Promise<Listener> {
  const res = await handshake(guildId, cookie);
  expect(res.status).toBe(101);
  const socket = res.webSocket;
  if (!socket) throw new Error('no socket in the answer');
  socket.accept();
  open.push(socket);
  const queued: LiveEvent[] = [];
  const waiting: ((event: LiveEvent) => void)[] = [];
  let hello: (tab: string) => void = () => undefined;
  const tab = new Promise<string>((resolve) => (hello = resolve));
  socket.addEventListener('message', (event) => {
    const parsed = JSON.parse(String(event.data)) as LiveMessage;
    if (parsed.type === 'hello') {
      hello(parsed.tab);
      return;
    }
    const resolve = waiting.shift();
    if (resolve) resolve(parsed);
    else queued.push(parsed);
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.addEventListener('close', (event) => resolve({ code: event.code })));
  const next = () => {
    const ready = queued.shift();
    return ready ? Promise.resolve(ready) : new Promise<LiveEvent>((resolve) => waiting.push(resolve));
  };
  return {
    next,
    nextSettings: async () => {
      const heard = await next();
      if (heard.type !== 'settings') throw new Error(`heard a ${heard.type} event, not a settings event`);
      return heard;
    },
    closed,
    tab,
  };
}

const save = (section: string, key: string, value: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key, value, ...extra }, { cookie: owner, headers });

const liveStub = (guildId: string) => (env.GUILD_LIVE as unknown as DurableObjectNamespace<GuildLive>).getByName(guildId);

describe('GET /api/servers/{id}/live: who may listen', () => {
  it('is 401 without a session', async () => {
    expect((await handshake(GUILDS.kenjiLounge, undefined)).status).toBe(401);
  });

  it('is 403 for a server the user may not read, and for one without the bot', async () => {
    expect((await handshake(GUILDS.kenjiLounge, member)).status).toBe(403);
    const sandbox = await handshake(GUILDS.ownerSandbox, owner);
    expect(sandbox.status).toBe(403);
    expect(await sandbox.json()).toMatchObject({ code: 'BOT_NOT_IN_SERVER' });
  });

  it('is 403 from another site or without an Origin (cross-site WebSocket hijacking), even with the session', async () => {
    const attempts: Record<string, string>[] = [
      { Upgrade: 'websocket', Origin: 'https://evil.example' },
      { Upgrade: 'websocket', Origin: `${ORIGIN}.evil.example` },
      { Upgrade: 'websocket' },
    ];
    for (const headers of attempts) {
      const res = await handshake(GUILDS.kenjiLounge, owner, headers);
      expect(res.status).toBe(403);
      expect(res.webSocket).toBeNull();
      expect(await res.json()).toMatchObject({ error: 'Live updates are only for pages of this site.' });
    }
  });

  it('is 426 for a request that is not a WebSocket handshake, and 400 for an id that is not a server id', async () => {
    const plain = await handshake(GUILDS.kenjiLounge, owner, { Origin: ORIGIN });
    expect(plain.status).toBe(426);
    expect(await plain.json()).toEqual({ error: 'This address takes a WebSocket.', code: 'UPGRADE_REQUIRED' });
    expect((await handshake('12345', owner)).status).toBe(400);
  });

  it('opens for the owner', async () => {
    await listen(GUILDS.kenjiLounge);
  });
});

describe('the page may open the socket', () => {
  it("the CSP's connect-src names the socket's origin (ws: for http:, wss: for https:) beside 'self'", async () => {
    const policy = (await call('/')).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("connect-src 'self' ws://localhost;");
    const secure = await callWithEnv('/', HTTPS_SITE, { origin: HTTPS_SITE.APP_ORIGIN });
    expect(secure.headers.get('Content-Security-Policy')).toContain("connect-src 'self' wss://dash.example;");
  });
});

describe('what an open page hears', () => {
  it('a save: the key, its stored value, who and when, on every open page of the guild', async () => {
    const [first, second] = [await listen(GUILDS.kenjiLounge), await listen(GUILDS.kenjiLounge)];
    const before = Date.now();
    expect((await save('autorole', 'roleID', LISTENERS)).status).toBe(200);
    const expected = {
      type: 'settings',
      source: 'save',
      by: { id: USERS.owner, name: 'Demo Owner' },
      changes: [{ section: 'autorole', key: 'roleID', value: LISTENERS }],
    };
    const [heardFirst, heardSecond] = await Promise.all([first.next(), second.next()]);
    expect(heardFirst).toMatchObject({ ...expected, tab: null });
    expect(heardSecond).toEqual(heardFirst);
    expect(heardFirst.at).toBeGreaterThanOrEqual(before);
  });

  it('names the tab that saved, as the server gave it to the page (so it can leave its own change out), and no tab for a header that is not a tab id', async () => {
    const page = await listen(GUILDS.kenjiLounge);
    const tab = await page.tab;
    await save('autorole', 'roleID', LISTENERS, {}, { 'X-Live-Tab': tab });
    expect(await page.next()).toMatchObject({ tab });
    await save('autorole', 'roleID', DJ, {}, { 'X-Live-Tab': 'short' });
    expect(await page.next()).toMatchObject({ tab: null });
  });

  it('nothing for a refused save: the first event is the save that came after it', async () => {
    const page = await listen(GUILDS.kenjiLounge);
    expect((await save('autorole', 'roleID', LISTENERS, { expected: DJ })).status).toBe(409);
    expect((await save('welcome', 'enabled', true)).status).toBe(400);
    expect((await save('autorole', 'roleID', DJ)).status).toBe(200);
    expect((await page.nextSettings()).changes).toEqual([{ section: 'autorole', key: 'roleID', value: DJ }]);
  });

  it('a revert, as a revert with the value put back', async () => {
    await save('autorole', 'roleID', LISTENERS);
    await save('autorole', 'roleID', DJ);
    const change = await env.DB.prepare("SELECT id FROM settings_audit WHERE new_value = ? AND key = 'roleID'").bind(JSON.stringify(DJ)).first<number>('id');
    const page = await listen(GUILDS.kenjiLounge);
    const res = await postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID: change }, { cookie: owner });
    expect(res.status).toBe(200);
    expect(await page.next()).toMatchObject({
      source: 'revert',
      by: { name: 'Demo Owner' },
      changes: [{ section: 'autorole', key: 'roleID', value: LISTENERS }],
    });
  });

  it('an import, with every key it wrote and none of a dry run', async () => {
    const page = await listen(GUILDS.kenjiLounge);
    const document = {
      format: 'servermanager.settings',
      version: 1,
      exportedAt: '2026-11-23T00:00:00.000Z',
      source: { serverID: GUILDS.kenjiLounge, name: 'Kenji Lounge' },
      settings: { autorole: { enabled: true, roleID: LISTENERS }, logs: { channelID: MOD_LOG } },
    };
    const importInto = (dryRun: boolean) => postJson('/api/server-settings/import', { serverID: GUILDS.kenjiLounge, document, dryRun }, { cookie: owner });
    expect((await importInto(true)).status).toBe(200);
    expect((await importInto(false)).status).toBe(200);
    const heard = await page.nextSettings();
    expect(heard).toMatchObject({ source: 'import', by: { id: USERS.owner } });
    expect(heard.changes).toEqual([
      { section: 'autorole', key: 'roleID', value: LISTENERS },
      { section: 'logs', key: 'channelID', value: MOD_LOG },
      { section: 'autorole', key: 'enabled', value: true },
    ]);
  });

  it('a page of another guild hears nothing of this one', async () => {
    const glaive = await listen(GUILDS.glaiveStudio);
    await save('autorole', 'roleID', LISTENERS);
    expect(
      (await postJson('/api/update-server-settings', { serverID: GUILDS.glaiveStudio, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner }))
        .status,
    ).toBe(200);
    expect((await glaive.nextSettings()).changes).toEqual([{ section: 'antimp3', key: 'enabled', value: true }]);
  });
});

describe('a socket past its grant', () => {
  it('gets no change: it is closed with 4001 so the page reconnects and is authorised again', async () => {
    const page = await listen(GUILDS.kenjiLounge);
    await runInDurableObject(liveStub(GUILDS.kenjiLounge), (_instance: GuildLive, state) => {
      for (const socket of state.getWebSockets()) socket.serializeAttachment({ ...(socket.deserializeAttachment() as object), expiresAt: Date.now() - 1 });
    });
    let heard = false;
    void page.next().then(() => (heard = true));
    expect((await save('autorole', 'roleID', LISTENERS)).status).toBe(200);
    expect((await page.closed).code).toBe(LIVE_CLOSE_REAUTHORISE);
    expect(heard).toBe(false);
  });
});

describe('a guild nobody watches', () => {
  it('a change reaches no socket and leaves nothing stored in its object', async () => {
    const event: LiveSettingsEvent = { type: 'settings', source: 'save', by: { id: USERS.owner, name: 'Demo Owner' }, at: 1, tab: null, changes: [] };
    const stub = liveStub(GUILDS.lofiCafe);
    expect(await stub.broadcast(event)).toBe(0);
    await runInDurableObject(stub, async (_instance: GuildLive, state) => {
      expect(state.getWebSockets()).toEqual([]);
      expect((await state.storage.list()).size).toBe(0);
    });
  });
});

describe("a licence change, by the server's owner or an admin", () => {
  // It names nobody: an admin's identity is not for the server's readers.
  const byAdmin = { type: 'licence', tab: null };
  const asAdmin = (path: string, body: Record<string, unknown>) => postJson(path, body, { cookie: admin });
  const licenceOf = async (guildId: string) =>
    (await asAdmin('/api/add-whitelisted-server-admin', { userID: USERS.owner, newServerID: guildId })).json<{ entry: { _id: number } }>();
  /** A save after the licence calls: the first event heard after them, when they announced nothing. */
  const saveMarks = async (page: Listener) => {
    expect((await save('autorole', 'roleID', DJ)).status).toBe(200);
    expect(await page.next()).toMatchObject({ type: 'settings' });
  };

  beforeEach(async () => {
    await env.DB.prepare('DELETE FROM whitelist').run();
  });

  it('an admin licensing, deleting and restoring it: each heard by the open pages of that server only', async () => {
    const [kenji, glaive] = [await listen(GUILDS.kenjiLounge), await listen(GUILDS.glaiveStudio)];
    const before = Date.now();
    const { entry } = await licenceOf(GUILDS.kenjiLounge);
    const heard = await kenji.next();
    expect(heard).toEqual({ ...byAdmin, at: heard.at });
    expect(heard.at).toBeGreaterThanOrEqual(before);
    expect((await asAdmin('/api/delete-whitelisted-server', { id: entry._id })).status).toBe(200);
    expect(await kenji.next()).toMatchObject(byAdmin);
    expect((await asAdmin('/api/restore-whitelisted-server', { id: entry._id })).status).toBe(200);
    expect(await kenji.next()).toMatchObject(byAdmin);
    // Glaive's page heard none of it: its first event is its own server's save.
    expect(
      (await postJson('/api/update-server-settings', { serverID: GUILDS.glaiveStudio, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner }))
        .status,
    ).toBe(200);
    expect(await glaive.next()).toMatchObject({ type: 'settings', changes: [{ section: 'antimp3' }] });
  });

  it('an admin moving it to another server: both servers hear it; a new holder alone changes nothing a page shows', async () => {
    const [kenji, glaive] = [await listen(GUILDS.kenjiLounge), await listen(GUILDS.glaiveStudio)];
    const { entry } = await licenceOf(GUILDS.kenjiLounge);
    expect(await kenji.next()).toMatchObject(byAdmin);
    const holderOnly = await asAdmin('/api/update-whitelisted-server', {
      oldID: entry._id,
      newUserID: USERS.member,
      newServerID: GUILDS.kenjiLounge,
      confirmOverLimit: true,
    });
    expect(holderOnly.status).toBe(200);
    await saveMarks(kenji);
    const moved = await asAdmin('/api/update-whitelisted-server', { oldID: entry._id, newUserID: USERS.member, newServerID: GUILDS.glaiveStudio });
    expect(moved.status).toBe(200);
    expect(await kenji.next()).toMatchObject(byAdmin);
    expect(await glaive.next()).toMatchObject(byAdmin);
  });

  it('the owner whitelisting it from a tab: heard with that tab, so the tab leaves it out; a refused one is not heard', async () => {
    const kenji = await listen(GUILDS.kenjiLounge);
    const add = (headers: Record<string, string>) => postJson('/api/add-whitelisted-server', { newServerID: GUILDS.kenjiLounge }, { cookie: owner, headers });
    const tab = await kenji.tab;
    expect((await add({ 'X-Live-Tab': tab })).status).toBe(200);
    expect(await kenji.next()).toEqual({ type: 'licence', at: expect.any(Number) as number, tab });
    expect((await add({})).status).toBe(409);
    await saveMarks(kenji);
  });
});
