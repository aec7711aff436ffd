// Issue 37: the trusted members a server stored show by name on every visit: GET /api/server-members/stored reads the
// stored ids one by one through the bot (cached, at most 10 Discord reads a request), and tells who left.
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredMembersResponse } from '../../src/shared/member-search';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { countBotCalls } from './helpers/bot-calls';
import { reportDemoPresence } from './helpers/bot-presence-seed';
import { clearKv, GUILDS, loginDemoUsers, setDiscordRateLimits, setFault, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

let owner = '';
let member = '';
let counter: ReturnType<typeof countBotCalls>;
beforeAll(async () => {
  ({ owner, member } = await loginDemoUsers());
});
beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM settings_audit'), env.DB.prepare('DELETE FROM server_access')]);
  // Exact counts: no 429 and no wait for the member bucket.
  await setDiscordRateLimits({ enabled: false });
  clearRateLimitBuckets();
  counter = countBotCalls();
});
afterEach(async () => {
  counter.stop();
  await setFault({ mode: 'none' });
});
afterAll(async () => {
  await setDiscordRateLimits({ enabled: true });
});

/** Ids of no Discord user: Discord answers 10013 Unknown User for them. */
const nobody = (n: number) => String(700000000000000000n + BigInt(n));
const trust = async (ids: string[]) =>
  expect(
    (await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antinuke', key: 'whitelist', value: ids }, { cookie: owner }))
      .status,
  ).toBe(200);
const stored = (cookie = owner, query = `serverID=${GUILDS.kenjiLounge}`) => call(`/api/server-members/stored?${query}`, { cookie });
const answer = async (cookie = owner) => {
  const res = await stored(cookie);
  expect(res.status).toBe(200);
  return res.json<StoredMembersResponse>();
};
/** The bot's reads of members by id (its own member, read with the guild, is not one). */
const memberReads = () => counter.made().filter(({ path }) => /\/members\/\d+$/.test(path) && !path.endsWith(`/${env.DISCORD_CLIENT_ID}`)).length;

describe('the stored trusted members', () => {
  it('answer a member by their server name, and someone not in the server as absent (a user elsewhere, or no user at all)', async () => {
    await trust([USERS.member, USERS.admin, nobody(1)]);
    counter.reset();
    const first = await answer();
    expect(first.members).toEqual([{ id: USERS.member, name: 'Memb', username: expect.any(String) as string, avatarUrl: null, bot: false }]);
    expect(first.absent).toEqual([USERS.admin, nobody(1)]);
    expect(first.pending).toEqual([]);
    expect(first.retryAfter).toBeUndefined();
    expect(memberReads()).toBe(3);
    // Cached, the absence too: a later visit costs no Discord call.
    expect(await answer()).toEqual(first);
    expect(memberReads()).toBe(3);
  });

  it('reads at most 10 members from Discord a request; the 11th is pending, with when to ask again, and read on the next ask', async () => {
    await trust(Array.from({ length: 11 }, (_, n) => nobody(n)));
    counter.reset();
    const first = await answer();
    expect(first.absent).toHaveLength(10);
    expect(first.pending).toEqual([nobody(10)]);
    expect(first.retryAfter).toBe(2);
    expect(memberReads()).toBe(10);
    const second = await answer();
    expect(second.absent).toHaveLength(11);
    expect(second.pending).toEqual([]);
    expect(memberReads()).toBe(11);
  });

  it('reads exactly 10 in one request when 10 are stored, and answers 100 stored (the list’s most) once cached', async () => {
    await trust(Array.from({ length: 10 }, (_, n) => nobody(n)));
    expect((await answer()).pending).toEqual([]);
    const hundred = Array.from({ length: 100 }, (_, n) => nobody(n));
    await trust(hundred);
    let last = await answer();
    for (let ask = 0; ask < 9; ask += 1) last = await answer();
    expect(last.absent).toEqual(hundred);
    expect(last.pending).toEqual([]);
    counter.reset();
    expect((await answer()).absent).toHaveLength(100);
    expect(memberReads()).toBe(0);
  });

  it('stops asking Discord once it fails: the rest are pending', async () => {
    await trust([nobody(1), nobody(2), nobody(3)]);
    await setFault({ mode: '500', pathPrefix: `/guilds/${GUILDS.kenjiLounge}/members/7000` });
    counter.reset();
    const failed = await answer();
    expect(failed.pending).toEqual([nobody(1), nobody(2), nobody(3)]);
    expect(failed.retryAfter).toBe(2);
    // One member's read (with its retries), not one a member.
    expect(new Set(counter.made().map(({ path }) => path))).toEqual(new Set([`/api/v10/guilds/${GUILDS.kenjiLounge}/members/${nobody(1)}`]));
  });

  it('costs nothing and answers empty lists when nobody is stored', async () => {
    counter.reset();
    expect(await answer()).toEqual({ members: [], absent: [], pending: [] });
    expect(memberReads()).toBe(0);
  });

  it('refuses a missing or malformed server id with {error, code}, and anyone who may not read the settings', async () => {
    for (const query of ['', 'serverID=', 'serverID=1234567890123456', `serverID=${GUILDS.kenjiLounge}x`]) {
      const res = await stored(owner, query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String) as string, code: 'INVALID_INPUT' });
    }
    // Demo Member has no grant in Kenji Lounge here.
    expect((await stored(member)).status).toBe(403);
    expect((await call(`/api/server-members/stored?serverID=${GUILDS.kenjiLounge}`)).status).toBe(401);
  });
});

describe('the members the recent changes of the trusted members name', () => {
  const all = (answer: StoredMembersResponse) => [...answer.members.map((found) => found.id), ...answer.absent, ...answer.pending];
  const hundredFrom = (start: number) => Array.from({ length: 100 }, (_, n) => nobody(start + n));

  it('answer a member removed from the list by name too, and one who left as absent: the Recent changes list names them', async () => {
    await trust([USERS.member, nobody(1)]);
    await trust([]);
    const first = await answer();
    expect(first.members.map((found) => found.id)).toEqual([USERS.member]);
    expect(first.absent).toEqual([nobody(1)]);
  });

  it('read the stored members first: Discord reads of the request go to the page’s list before the history’s', async () => {
    await trust(Array.from({ length: 11 }, (_, n) => nobody(n)));
    await trust([nobody(20)]);
    counter.reset();
    const first = await answer();
    expect(first.absent[0]).toBe(nobody(20));
    expect(first.absent).toHaveLength(10);
    expect(first.pending).toHaveLength(2);
    expect(memberReads()).toBe(10);
  });

  it('are never other ids: not a trusted role, not another server’s members', async () => {
    await trust([nobody(1)]);
    const roles = await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.kenjiLounge, section: 'antinuke', key: 'trustedRoles', value: ['400000000000001001'] },
      { cookie: owner },
    );
    expect(roles.status).toBe(200);
    const elsewhere = await postJson(
      '/api/update-server-settings',
      { serverID: GUILDS.glaiveStudio, section: 'antinuke', key: 'whitelist', value: [nobody(2)] },
      { cookie: owner },
    );
    expect(elsewhere.status).toBe(200);
    expect(all(await answer())).toEqual([nobody(1)]);
  });

  it('fill an answer up to 100 ids, the stored ones first: 99 stored and one named before (just inside), 100 stored leave it out', async () => {
    await trust([nobody(500)]);
    await trust(hundredFrom(0).slice(0, 99));
    const inside = all(await answer());
    expect(inside).toHaveLength(100);
    expect(inside).toContain(nobody(500));
    await trust(hundredFrom(0));
    const outside = all(await answer());
    expect(outside).toHaveLength(100);
    expect(outside).not.toContain(nobody(500));
  });

  it('stay within 100 ids when the stored list has no history (rows written without the dashboard, as the legacy import does)', async () => {
    await trust([nobody(500)]);
    await env.DB.prepare(
      "INSERT INTO guild_settings (guild_id, section, key, value, updated_at, updated_by) VALUES (?, 'antinuke', 'whitelist', ?, 0, 'legacy') ON CONFLICT (guild_id, section, key) DO UPDATE SET value = excluded.value",
    )
      .bind(GUILDS.kenjiLounge, JSON.stringify(hundredFrom(0)))
      .run();
    const ids = all(await answer());
    expect(ids).toHaveLength(100);
    expect(ids).not.toContain(nobody(500));
  });
});

describe('who may ask, and Discord saying the bot is not there', () => {
  const botRow = (id: string) => env.DB.prepare('SELECT id FROM bot_guilds WHERE id = ?').bind(id).first();
  /** The bot's reads of members by id answered as Discord would answer `status` with `body`; its other calls go through. */
  const answerMemberReads = (status: number, body: unknown) => {
    counter.stop();
    const original = globalThis.fetch;
    return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const { pathname } = new URL(input instanceof Request ? input.url : String(input));
      return /\/members\/\d+$/.test(pathname) && !pathname.endsWith(`/${env.DISCORD_CLIENT_ID}`)
        ? Promise.resolve(Response.json(body, { status }))
        : original(input, init);
    });
  };

  it('a member whose role may only read the settings is answered', async () => {
    await trust([USERS.member]);
    // Demo Member holds Listeners in Kenji Lounge.
    const granted = await postJson(
      '/api/update-server-access',
      { serverID: GUILDS.kenjiLounge, roleID: '400000000000001001', level: 'read' },
      { cookie: owner },
    );
    expect(granted.status).toBe(200);
    expect((await answer(member)).members.map(({ id }) => id)).toEqual([USERS.member]);
  });

  it('403 50001 Missing Access for a member read: BOT_NOT_IN_SERVER, and the guild leaves the bot’s list', async () => {
    await trust([USERS.member]);
    const spy = answerMemberReads(403, { message: 'Missing Access', code: 50001 });
    try {
      const res = await stored();
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'BOT_NOT_IN_SERVER' });
      expect(await botRow(GUILDS.kenjiLounge)).toBeNull();
    } finally {
      spy.mockRestore();
      await reportDemoPresence(env.DB);
    }
  });

  it('403 50013 Missing Permissions for a member read says nothing about where the bot is: the error passes, the guild stays', async () => {
    await trust([USERS.member]);
    const spy = answerMemberReads(403, { message: 'Missing Permissions', code: 50013 });
    try {
      const res = await stored();
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'DISCORD_FORBIDDEN' });
      expect(await botRow(GUILDS.kenjiLounge)).not.toBeNull();
    } finally {
      spy.mockRestore();
    }
  });
});
