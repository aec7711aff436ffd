import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearKv, DISCORD, GUILDS, loginDemoUsers } from './helpers/login';
import { insideOneWindow } from './helpers/rate-limit-window';
import { call, postJson } from './helpers/request';

// Demo data: Demo Member holds DJ in Kenji Lounge; the owner grants DJ write access below.
const DJ = '400000000000001002';
const LISTENERS = '400000000000001001';

let member = '';

const saveRole = (roleID: string) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'autorole', key: 'roleID', value: roleID }, { cookie: member });

/**
 * The bot's calls for Kenji Lounge's roles, channels, emoji and own member: one view of the guild is four. A call
 * Discord's rate limit turned away (429) is not counted, as its retry is: how many views fall in one of Discord's
 * one-second windows, and so meet its limit, depends on the machine's speed.
 */
async function guildViewCalls(): Promise<number> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: { path: string; auth: string; status: number }[] }>();
  return calls.filter((c) => c.auth === 'bot' && c.status !== 429 && c.path.startsWith(`/api/v10/guilds/${GUILDS.kenjiLounge}/`)).length;
}

beforeAll(async () => {
  const users = await loginDemoUsers();
  member = users.member;
  await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ, level: 'write' }, { cookie: users.owner });
  await clearKv(env.CACHE);
  // The member's page: the guild's view is cached, as after any visit.
  expect((await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: member })).status).toBe(200);
  await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
});

describe('saves naming ids the cached view lacks', () => {
  it('ask Discord again at most 3 times a minute per user, and never twice about one id; a known role costs nothing', async () => {
    // LOOKUP_LIMITER counts in wall-clock minutes: all the look-ups below must fall in one (a new minute would allow three more).
    await insideOneWindow(60, 20_000);
    const unknown = (n: number) => String(400000000000009000n + BigInt(n));
    // A made-up id is looked for once in a fresh view of the guild (4 bot calls); the same id again is known missing.
    expect((await saveRole(unknown(0))).status).toBe(400);
    expect(await guildViewCalls()).toBe(4);
    expect((await saveRole(unknown(0))).status).toBe(400);
    expect(await guildViewCalls()).toBe(4);
    // Two more made-up ids: the user's three look-ups of the minute.
    for (let n = 1; n < 3; n += 1) expect((await saveRole(unknown(n))).status).toBe(400);
    expect(await guildViewCalls()).toBe(12);
    // The fourth and later: refused from the cached view, at no cost to the bot's rate limit.
    for (let n = 3; n < 30; n += 1) {
      const res = await saveRole(unknown(n));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    }
    expect(await guildViewCalls()).toBe(12);
    // A role in the view saves as before.
    expect((await saveRole(LISTENERS)).status).toBe(200);
    expect(await guildViewCalls()).toBe(12);
  }, 40_000); // up to 20 s waiting for a minute with room, then the look-ups
});
