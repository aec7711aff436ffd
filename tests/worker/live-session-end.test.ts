import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_REAUTHORISE, LIVE_CLOSE_SESSION_ENDED, type LiveEvent } from '../../src/shared/live';
import worker from '../../src/worker/index';
import { recordLiveSocket, takeLiveSockets, watchedGuilds } from '../../src/worker/db/live-sockets';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { clearKv, GUILDS, loginAs, resetFake, setFault, setTokenFault, USERS } from './helpers/login';
import { closeOpenedSockets, liveHandshake, liveSocketRows, openLive, type LivePage } from './helpers/live-socket';
import { call, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Owner owns Kenji Lounge and manages Glaive Studio; Demo Member holds
// Listeners and DJ in Kenji Lounge and manages nothing.
const DJ_ROLE = '400000000000001002';

const sessionIdsOf = async (userId: string) =>
  (await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at, id').bind(userId).all<{ id: string }>()).results.map((row) => row.id);

const saveIn = (guildId: string, cookie: string, value: boolean) =>
  postJson('/api/update-server-settings', { serverID: guildId, section: 'antimp3', key: 'enabled', value }, { cookie });

/** Per guild, the value the last save of the tests below stored (each save flips it, so each one is a change). */
const lastSaved = new Map<string, boolean>();

/** The page still hears the guild: a save made now reaches it (after whatever it heard before). */
async function stillHears(page: LivePage, guildId: string, cookie: string) {
  const value = !(lastSaved.get(guildId) ?? false);
  lastSaved.set(guildId, value);
  expect((await saveIn(guildId, cookie, value)).status).toBe(200);
  const isThisSave = (event: LiveEvent) => event.type === 'settings' && event.changes.some((change) => change.key === 'enabled' && change.value === value);
  let event = await page.next();
  while (!isThisSave(event)) event = await page.next();
  expect(page.isClosed()).toBe(false);
}

async function runCron() {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

beforeEach(async () => {
  lastSaved.clear();
  await resetFake();
  await clearKv(env.CACHE);
  clearRateLimitBuckets();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM sessions'),
    env.DB.prepare('DELETE FROM live_sockets'),
    env.DB.prepare('DELETE FROM guild_settings'),
    env.DB.prepare('DELETE FROM server_access'),
  ]);
});

afterEach(closeOpenedSockets);

describe('a socket is recorded against its session', () => {
  it('one row per session and guild, however many pages', async () => {
    const owner = await loginAs(USERS.owner);
    const [session] = await sessionIdsOf(USERS.owner);
    await openLive(GUILDS.kenjiLounge, owner);
    await openLive(GUILDS.kenjiLounge, owner);
    await openLive(GUILDS.glaiveStudio, owner);
    expect(await liveSocketRows()).toEqual([
      { sessionId: session, guildId: GUILDS.kenjiLounge },
      { sessionId: session, guildId: GUILDS.glaiveStudio },
    ]);
  });

  it('the cron forgets the records of sockets opened more than a day ago, and keeps younger ones', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const record = (sessionId: string, openedAt: number) =>
      env.DB.prepare('INSERT INTO live_sockets (session_id, guild_id, opened_at) VALUES (?, ?, ?)').bind(sessionId, GUILDS.kenjiLounge, openedAt);
    const now = Date.now();
    await env.DB.batch([record('day-and-a-second', now - DAY - 1000), record('a-minute-short-of-a-day', now - DAY + 60_000)]);
    await runCron();
    expect(await liveSocketRows()).toEqual([{ sessionId: 'a-minute-short-of-a-day', guildId: GUILDS.kenjiLounge }]);
  });

  it('not for a session that has ended: the socket it opened is then closed instead', async () => {
    expect(await recordLiveSocket(env.DB, { sessionId: 'ended-session', guildId: GUILDS.kenjiLounge }, Date.now())).toBe(false);
    expect(await liveSocketRows()).toEqual([]);
  });
});

describe('the record of open sockets', () => {
  const opened = (sessionId: string, guildId: string) =>
    env.DB.prepare('INSERT INTO live_sockets (session_id, guild_id, opened_at) VALUES (?1, ?2, 1)').bind(sessionId, guildId).run();

  it('names each watched guild once, at most as many as asked', async () => {
    await opened('session-a', GUILDS.kenjiLounge);
    await opened('session-b', GUILDS.kenjiLounge);
    await opened('session-a', GUILDS.glaiveStudio);
    expect((await watchedGuilds(env.DB, 10)).sort()).toEqual([GUILDS.kenjiLounge, GUILDS.glaiveStudio].sort());
    expect(await watchedGuilds(env.DB, 1)).toHaveLength(1);
  });

  it('gives no rows for no ended sessions, and takes nothing', async () => {
    await opened('session-a', GUILDS.kenjiLounge);
    expect(await takeLiveSockets(env.DB, [])).toEqual([]);
    expect(await watchedGuilds(env.DB, 10)).toEqual([GUILDS.kenjiLounge]);
  });
});

describe('the end of a session closes its sockets at once, and no other session’s', () => {
  it('sign out: its pages in every guild close with SESSION_ENDED; the same person’s other session keeps hearing', async () => {
    const here = await loginAs(USERS.owner);
    const elsewhere = await loginAs(USERS.owner);
    const kenji = await openLive(GUILDS.kenjiLounge, here);
    const glaive = await openLive(GUILDS.glaiveStudio, here);
    const other = await openLive(GUILDS.kenjiLounge, elsewhere);

    expect((await postJson('/api/logout', {}, { cookie: here })).status).toBe(204);
    expect(await kenji.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    expect(await glaive.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    // Its record went with it; the other session's stays.
    const [remaining] = await sessionIdsOf(USERS.owner);
    expect(await liveSocketRows()).toEqual([{ sessionId: remaining, guildId: GUILDS.kenjiLounge }]);
    await stillHears(other, GUILDS.kenjiLounge, elsewhere);
    // And the ended session cannot open another.
    expect((await liveHandshake(GUILDS.kenjiLounge, here)).status).toBe(401);
  });

  it("'Sign out everywhere': every session's pages close, and another user's stay", async () => {
    const laptop = await loginAs(USERS.owner);
    const phone = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    expect((await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ_ROLE, level: 'read' }, { cookie: laptop })).status).toBe(
      200,
    );
    const pages = [await openLive(GUILDS.kenjiLounge, laptop), await openLive(GUILDS.glaiveStudio, phone)];
    const reader = await openLive(GUILDS.kenjiLounge, member);

    expect((await postJson('/api/logout-all', {}, { cookie: phone })).status).toBe(204);
    expect(await Promise.all(pages.map((page) => page.closed))).toEqual([LIVE_CLOSE_SESSION_ENDED, LIVE_CLOSE_SESSION_ENDED]);
    expect(reader.isClosed()).toBe(false);
    // The reader hears the next change (made through the bot API, since the owner has no session left).
    const bot = await call(`/api/bot/guilds/${GUILDS.kenjiLounge}/settings`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${env.BOT_API_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ section: 'antimp3', key: 'enabled', value: true, actor: { id: '100000000000000077', name: 'Kai' } }),
    });
    expect(bot.status).toBe(200);
    expect(await reader.next()).toMatchObject({ type: 'settings', source: 'bot' });
  });

  it('one session ended in the Sessions dialog: its pages close, the current session’s stay', async () => {
    const here = await loginAs(USERS.owner);
    const there = await loginAs(USERS.owner);
    const [, thereId] = await sessionIdsOf(USERS.owner);
    const mine = await openLive(GUILDS.kenjiLounge, here);
    const theirs = await openLive(GUILDS.kenjiLounge, there);

    expect((await postJson('/api/sessions/revoke', { id: thereId }, { cookie: here })).status).toBe(204);
    expect(await theirs.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    await stillHears(mine, GUILDS.kenjiLounge, here);
  });

  it('a session past its idle time, ended by the cron', async () => {
    const idle = await loginAs(USERS.owner);
    const busy = await loginAs(USERS.owner);
    const [idleId] = await sessionIdsOf(USERS.owner);
    const idlePage = await openLive(GUILDS.kenjiLounge, idle);
    const busyPage = await openLive(GUILDS.kenjiLounge, busy);
    await env.DB.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?')
      .bind(Date.now() - 8 * 24 * 60 * 60 * 1000, idleId)
      .run();

    await runCron();
    expect(await idlePage.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
    await stillHears(busyPage, GUILDS.kenjiLounge, busy);
  });

  it('a session whose Discord grant is refused at its token refresh', async () => {
    const owner = await loginAs(USERS.owner);
    const page = await openLive(GUILDS.kenjiLounge, owner);
    await env.DB.prepare('UPDATE sessions SET token_expires_at = 0').run();
    await setTokenFault({ mode: 'revoke', times: 1 });
    expect((await call('/api/allowed-servers', { cookie: owner })).status).toBe(401);
    expect(await page.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
  });

  it('a session whose grant Discord no longer accepts on a call (401, then the refresh refused)', async () => {
    const owner = await loginAs(USERS.owner);
    const page = await openLive(GUILDS.kenjiLounge, owner);
    // The socket's checks left the guild list in the cache: the next read asks Discord, which refuses the token.
    await clearKv(env.CACHE);
    await setFault({ mode: 'revoke', times: 1 });
    expect((await call('/api/allowed-servers', { cookie: owner })).status).toBe(401);
    expect(await page.closed).toBe(LIVE_CLOSE_SESSION_ENDED);
  });
});

describe('a grant removed or lowered closes the guild’s sockets so each page is authorised again', () => {
  const setGrant = (owner: string, level: 'read' | 'write' | null) =>
    postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ_ROLE, level }, { cookie: owner });

  it('lowered from write to read: every page of the guild reconnects (4001), and the reader may', async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    expect((await setGrant(owner, 'write')).status).toBe(200);
    const [writer, ownerPage] = [await openLive(GUILDS.kenjiLounge, member), await openLive(GUILDS.kenjiLounge, owner)];
    const glaive = await openLive(GUILDS.glaiveStudio, owner);

    expect((await setGrant(owner, 'read')).status).toBe(200);
    expect(await writer.closed).toBe(LIVE_CLOSE_REAUTHORISE);
    expect(await ownerPage.closed).toBe(LIVE_CLOSE_REAUTHORISE);
    // Reading is still granted: the page's reconnect is let in. Another guild's pages were not touched.
    const reader = await openLive(GUILDS.kenjiLounge, member);
    await stillHears(reader, GUILDS.kenjiLounge, owner);
    await stillHears(glaive, GUILDS.glaiveStudio, owner);
  });

  it('removed: the reader’s page closes (4001), and its reconnect is refused', async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    expect((await setGrant(owner, 'read')).status).toBe(200);
    const reader = await openLive(GUILDS.kenjiLounge, member);

    expect((await setGrant(owner, null)).status).toBe(200);
    expect(await reader.closed).toBe(LIVE_CLOSE_REAUTHORISE);
    const again = await liveHandshake(GUILDS.kenjiLounge, member);
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ code: 'NO_ACCESS' });
  });

  it('added, raised, or set to what it was: nobody lost anything, so no page is closed', async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    const ownerPage = await openLive(GUILDS.kenjiLounge, owner);
    expect((await setGrant(owner, 'read')).status).toBe(200);
    const reader = await openLive(GUILDS.kenjiLounge, member);
    expect((await setGrant(owner, 'read')).status).toBe(200);
    expect((await setGrant(owner, 'write')).status).toBe(200);
    await stillHears(reader, GUILDS.kenjiLounge, owner);
    await stillHears(ownerPage, GUILDS.kenjiLounge, owner);
  });

  it('a refused change (not the manager) closes nothing', async () => {
    const owner = await loginAs(USERS.owner);
    const member = await loginAs(USERS.member);
    expect((await setGrant(owner, 'read')).status).toBe(200);
    const reader = await openLive(GUILDS.kenjiLounge, member);
    expect((await setGrant(member, null)).status).toBe(403);
    await stillHears(reader, GUILDS.kenjiLounge, owner);
  });
});
