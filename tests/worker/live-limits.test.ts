import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveSettingsEvent } from '../../src/shared/live';
import type { GuildLive } from '../../src/worker/live/guild-live';
import { toBase64Url } from '../../src/shared/base64url';
import { clearKv, GUILDS, loginAs, resetFake, USERS } from './helpers/login';
import { closeOpenedSockets, liveHandshake, liveSocketRows, liveStub, openLive, type LivePage } from './helpers/live-socket';
import { call, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge and manages Glaive Studio; Demo Member holds DJ
// in Kenji Lounge, granted 'read' below.
const DJ_ROLE = '400000000000001002';

let owner = '';
let ownerElsewhere = '';
let member = '';

beforeAll(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
  owner = await loginAs(USERS.owner);
  ownerElsewhere = await loginAs(USERS.owner);
  member = await loginAs(USERS.member);
  const granted = await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ_ROLE, level: 'read' }, { cookie: owner });
  expect(granted.status).toBe(200);
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM live_sockets')]);
});

afterEach(closeOpenedSockets);

const socketsIn = (guildId: string) => runInDurableObject(liveStub(guildId), (_instance: GuildLive, state) => state.getWebSockets().length);

/** Waits until the guild's object holds exactly `count` sockets (a page's close reaches it after the page's own close event). */
async function untilSockets(guildId: string, count: number) {
  while ((await socketsIn(guildId)) !== count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe(`at most 10 sockets per session and guild`, () => {
  it('the 10th is accepted, the 11th refused (429 LIVE_LIMIT) and changes nothing; a closed one frees its place', async () => {
    const pages: LivePage[] = [];
    for (let opened = 1; opened <= 10; opened += 1) pages.push(await openLive(GUILDS.kenjiLounge, owner));
    expect(pages).toHaveLength(10);
    expect(await socketsIn(GUILDS.kenjiLounge)).toBe(10);
    const rowsBefore = await liveSocketRows();

    const eleventh = await liveHandshake(GUILDS.kenjiLounge, owner);
    expect(eleventh.status).toBe(429);
    expect(eleventh.webSocket).toBeNull();
    expect(eleventh.headers.get('Retry-After')).toBe('30');
    expect(await eleventh.json()).toEqual({
      code: 'LIVE_LIMIT',
      error: 'This session already follows this server live in 10 pages. Close one of them to follow it here.',
    });
    expect(await socketsIn(GUILDS.kenjiLounge)).toBe(10);
    expect(await liveSocketRows()).toEqual(rowsBefore);

    // A save reaches the ten, once each.
    expect(
      (await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner }))
        .status,
    ).toBe(200);
    expect((await Promise.all(pages.map((page) => page.next()))).map((event) => event.type)).toEqual(Array.from({ length: 10 }, () => 'settings'));

    pages[0]?.socket.close(1000, 'tab closed');
    await pages[0]?.closed;
    await untilSockets(GUILDS.kenjiLounge, 9);
    await openLive(GUILDS.kenjiLounge, owner);
    expect((await liveHandshake(GUILDS.kenjiLounge, owner)).status).toBe(429);
  });

  it("is per session and per guild: the same person's other session, and the same session on another guild, still open", async () => {
    for (let opened = 1; opened <= 10; opened += 1) await openLive(GUILDS.kenjiLounge, owner);
    expect((await liveHandshake(GUILDS.kenjiLounge, owner)).status).toBe(429);
    await openLive(GUILDS.kenjiLounge, ownerElsewhere);
    await openLive(GUILDS.glaiveStudio, owner);
    await openLive(GUILDS.kenjiLounge, member);
  });
});

describe('the tab id is made by the server, for one session and guild', () => {
  const saveWithTab = (cookie: string, guildId: string, tab: string, value: boolean) =>
    postJson('/api/update-server-settings', { serverID: guildId, section: 'antimp3', key: 'enabled', value }, { cookie, headers: { 'X-Live-Tab': tab } });

  it('each socket gets its own', async () => {
    const [first, second] = [await openLive(GUILDS.kenjiLounge, owner), await openLive(GUILDS.kenjiLounge, owner)];
    const [a, b] = [await first.tab, await second.tab];
    expect(a).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(b).not.toBe(a);
  });

  it("a writer sending another page's tab id cannot make that page drop the event: the event names no tab", async () => {
    const readerPage = await openLive(GUILDS.kenjiLounge, member);
    const ownerPage = await openLive(GUILDS.kenjiLounge, owner);
    const otherSessionPage = await openLive(GUILDS.kenjiLounge, ownerElsewhere);
    const glaivePage = await openLive(GUILDS.glaiveStudio, owner);
    const [readerTab, otherSessionTab, glaiveTab, ownTab] = await Promise.all([readerPage.tab, otherSessionPage.tab, glaivePage.tab, ownerPage.tab]);
    const forged = toBase64Url(crypto.getRandomValues(new Uint8Array(48)));

    const attempts = [readerTab, otherSessionTab, glaiveTab, forged];
    for (const [index, tab] of attempts.entries()) expect((await saveWithTab(owner, GUILDS.kenjiLounge, tab, index % 2 === 0)).status).toBe(200);
    const heard = await Promise.all(attempts.map(() => readerPage.next()));
    expect(heard.map((event) => (event as LiveSettingsEvent).tab)).toEqual([null, null, null, null]);

    // The writer's own, from its own socket on this guild, is named.
    expect((await saveWithTab(owner, GUILDS.kenjiLounge, ownTab, true)).status).toBe(200);
    expect(await readerPage.next()).toMatchObject({ type: 'settings', tab: ownTab });
  });

  it("the bot API's changes name no tab, whatever header comes with them", async () => {
    const page = await openLive(GUILDS.kenjiLounge, owner);
    const res = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json', 'X-Live-Tab': await page.tab },
      body: JSON.stringify({ section: 'antimp3', key: 'enabled', value: true, actor: { id: '100000000000000077', name: 'Kai' } }),
    });
    expect(res.status).toBe(200);
    expect(await page.next()).toMatchObject({ type: 'settings', source: 'bot', tab: null });
  });
});

describe('the bot leaving a guild turns its open pages read-only', () => {
  const BOT = { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' };
  interface PresentGuild {
    id: string;
    name: string;
    icon: string | null;
    memberCount: number;
  }
  const GLAIVE: PresentGuild = { id: GUILDS.glaiveStudio, name: 'Glaive Studio', icon: null, memberCount: 342 };
  const presence = (method: 'PUT' | 'DELETE', guild = GLAIVE) =>
    call(`/api/bot/guilds/${guild.id}/presence`, {
      method,
      headers: BOT,
      body: method === 'PUT' ? JSON.stringify({ name: guild.name, icon: guild.icon, memberCount: guild.memberCount }) : undefined,
    });
  const presentGuilds = async () =>
    (await env.DB.prepare('SELECT id, name, icon, member_count AS memberCount FROM bot_guilds ORDER BY id').all<PresentGuild>()).results;
  const sync = async (guilds: PresentGuild[]) =>
    call('/api/bot/guilds/sync', { method: 'POST', headers: BOT, body: JSON.stringify({ syncId: `live-${crypto.randomUUID()}`, guilds, done: true }) });
  /** A save in Kenji Lounge, and the page's next event is it: nothing was heard before it. */
  const heardNothingBefore = async (page: LivePage) => {
    expect(
      (await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner }))
        .status,
    ).toBe(200);
    expect(await page.next()).toMatchObject({ type: 'settings' });
  };

  let before: PresentGuild[] = [];
  beforeEach(async () => {
    before = await presentGuilds();
  });
  afterEach(async () => {
    // The bot is back where it was, for the tests after these.
    for (const guild of before) expect((await presence('PUT', guild)).status).toBe(204);
  });

  it("DELETE presence: the guild's pages hear it, even one past its grant (which is not closed); other guilds' do not", async () => {
    const glaive = await openLive(GUILDS.glaiveStudio, owner);
    const pastGrant = await openLive(GUILDS.glaiveStudio, owner);
    const kenji = await openLive(GUILDS.kenjiLounge, owner);
    await pastGrant.tab;
    await runInDurableObject(liveStub(GUILDS.glaiveStudio), (_instance: GuildLive, state) => {
      const [, second] = state.getWebSockets();
      second?.serializeAttachment({ ...(second.deserializeAttachment() as object), expiresAt: Date.now() - 1 });
    });
    const at = Date.now();

    expect((await presence('DELETE')).status).toBe(204);
    for (const page of [glaive, pastGrant]) {
      const heard = await page.next();
      expect(heard).toEqual({ type: 'bot-left', at: expect.any(Number) as number });
      expect((heard as Extract<LiveEvent, { type: 'bot-left' }>).at).toBeGreaterThanOrEqual(at);
    }
    expect(pastGrant.isClosed()).toBe(false);
    await heardNothingBefore(kenji);
    // And the page's save would be refused, as would its reconnect.
    const refused = await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.glaiveStudio, section: 'antimp3', key: 'enabled', value: true },
      { cookie: owner },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'BOT_NOT_IN_SERVER' });
  });

  it('a completed sync that drops the guild: its watched pages hear it; a sync that drops nothing says nothing', async () => {
    const glaive = await openLive(GUILDS.glaiveStudio, owner);
    const kenji = await openLive(GUILDS.kenjiLounge, owner);
    const others = before.filter((guild) => guild.id !== GUILDS.glaiveStudio);

    const dropped = await sync(others);
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toMatchObject({ removed: 1 });
    expect(await glaive.next()).toEqual({ type: 'bot-left', at: expect.any(Number) as number });
    await heardNothingBefore(kenji);
    // The guild stays off the list: a sync that drops nothing more does not tell its pages again.
    const droppedBefore = await sync(others);
    expect(await droppedBefore.json()).toMatchObject({ removed: 0 });

    expect((await presence('PUT')).status).toBe(204);
    const nothingDropped = await sync(before);
    expect(await nothingDropped.json()).toMatchObject({ removed: 0 });
    expect(
      (await postJson('/api/update-server-settings', { serverID: GUILDS.glaiveStudio, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner }))
        .status,
    ).toBe(200);
    expect(await glaive.next()).toMatchObject({ type: 'settings' });
  });
});
