import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { stringMatching } from './helpers/expect-helpers';
import { importAntiMp3 } from './helpers/import-request';
import { ageCache } from './helpers/kv-age';
import { clearKv, DISCORD, GUILDS, loginAs, resetFake, setFault, USERS } from './helpers/login';
import { call, postJson } from './helpers/request';

// Demo data (dev/fake-discord/data.ts): Demo Member holds Listeners and DJ in Kenji Lounge.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MODERATORS = '400000000000001004';
const SECOND = 1000;
const HOUR = 3_600_000;

let owner = '';
let member = '';

const save = (cookie: string) =>
  postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie });

/** Every change the dashboard can make on Kenji Lounge, as the owner. */
const CHANGES: { name: string; run: (changeId: number) => Promise<Response> }[] = [
  { name: 'a save', run: () => save(owner) },
  { name: 'a revert', run: (changeID) => postJson('/api/server-settings/revert', { serverID: GUILDS.kenjiLounge, changeID }, { cookie: owner }) },
  { name: 'an import', run: () => importAntiMp3(owner, false) },
  {
    name: 'an access change',
    run: () => postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: MODERATORS, level: 'write' }, { cookie: owner }),
  },
  { name: 'a licence', run: () => postJson('/api/add-whitelisted-server', { newServerID: GUILDS.kenjiLounge }, { cookie: owner }) },
];

async function stored(): Promise<string> {
  const tables = ['guild_settings', 'settings_audit', 'server_access', 'whitelist'];
  return JSON.stringify(await Promise.all(tables.map(async (t) => (await env.DB.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()).results)));
}

async function setMemberRoles(roles: string[]) {
  const res = await fetch(`${DISCORD}/__demo/member-roles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ guildId: GUILDS.kenjiLounge, userId: USERS.member, roles }),
  });
  expect(res.status).toBe(200);
}

/** One change in the audit (for the revert), then the pages a visit loads, so every Discord answer is cached. */
async function visit(): Promise<number> {
  await postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section: 'antimp3', key: 'enabled', value: true }, { cookie: owner });
  const change = await env.DB.prepare('SELECT id FROM settings_audit ORDER BY id DESC LIMIT 1').first<number>('id');
  expect(change).toEqual(expect.any(Number));
  for (const cookie of [owner, member]) expect((await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie })).status).toBe(200);
  return change ?? 0;
}

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  clearRateLimitBuckets();
  await env.DB.batch(['guild_settings', 'settings_audit', 'server_access', 'whitelist'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
  owner = await loginAs(USERS.owner);
  member = await loginAs(USERS.member);
  await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ, level: 'write' }, { cookie: owner });
});

afterEach(async () => {
  await setFault({ mode: 'none' });
  await setMemberRoles([LISTENERS, DJ]);
});

describe('a last known copy never authorises a change', () => {
  it.each(CHANGES)('$name answers 503 DISCORD_UNAVAILABLE while Discord fails, and changes nothing', async ({ run }) => {
    const changeId = await visit();
    await ageCache(HOUR);
    const before = await stored();
    for (const fault of [{ mode: '500' }, { mode: '429', retryAfter: 30 }]) {
      await setFault(fault);
      const res = await run(changeId);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: stringMatching(/^Discord is not answering, so we cannot confirm your permissions on this server right now\. Nothing was changed/),
        code: 'DISCORD_UNAVAILABLE',
      });
      expect(await stored()).toBe(before);
    }
    // The page still shows, from the copy, and says so.
    const page = await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ stale: true });
  });

  it("a copy within the guild list's 30 s lifetime still decides (Discord is not asked); one just past it does not", async () => {
    await visit();
    await setFault({ mode: '500' });
    await ageCache(25 * SECOND);
    expect((await save(owner)).status).toBe(200);
    await ageCache(31 * SECOND);
    expect((await save(owner)).status).toBe(503);
  });

  it('a member whose write role was removed cannot save from the roles cached before, once they are a minute old', async () => {
    await visit();
    expect((await save(member)).status).toBe(200);
    await setMemberRoles([LISTENERS]);
    await setFault({ mode: '500' });
    await ageCache(61 * SECOND);
    const refused = await save(member);
    expect(refused.status).toBe(503);
    await setFault({ mode: 'none' });
    // Discord back: its live answer (no DJ role) decides.
    expect((await save(member)).status).toBe(403);
  });

  it('the settings page shows read-only, with the notice, while its data is a last known copy', async () => {
    await visit();
    await ageCache(HOUR);
    await setFault({ mode: '500' });
    const html = await (await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner })).text();
    expect(html).toContain('Discord is not answering; showing data as of');
    expect(html).toContain('Changes are paused until Discord answers again.');
    // The overview offers no import; a module's controls sit in a disabled fieldset.
    expect(html).toContain('>Export<');
    expect(html).not.toContain('Import…');
    const module = await (await call(`/server/${GUILDS.kenjiLounge}/logs`, { cookie: owner })).text();
    expect(module).toContain('Changes are paused until Discord answers again.');
    expect(module).toMatch(/<fieldset[^>]*disabled=""/);
  });
});
