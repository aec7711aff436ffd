// A save naming a role the cached view of the guild lacks: when guild-view.ts looks at the guild again, what the
// look costs, and what it remembers.
import { env } from 'cloudflare:workers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countBotCalls } from './helpers/bot-calls';
import { clearKv, GUILDS, loginAs, setDiscordRateLimits, setFault, USERS } from './helpers/login';
import { insideOneWindow } from './helpers/rate-limit-window';
import { postJson } from './helpers/request';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { loadGuildView } from '../../src/worker/services/guild-view';

// Kenji Lounge's roles in the fake Discord, both below the bot's highest.
const LISTENERS = '400000000000001001';
const DJ = '400000000000001002';
const MADE_UP = '700000000000000001';

let owner = '';
let counter: ReturnType<typeof countBotCalls>;
const calls = () => counter.count().calls;

/** Kenji Lounge's view in the cache, without Listeners, as a look made before that role existed would have stored it. */
async function cacheViewWithoutListeners(storedAt: number): Promise<void> {
  const { value } = await loadGuildView(env, GUILDS.kenjiLounge, { fresh: true });
  const lacking = { ...value, roles: value.roles.filter((role) => role.id !== LISTENERS) };
  await env.CACHE.put(`discord:guild:v2:${GUILDS.kenjiLounge}`, JSON.stringify({ value: lacking, storedAt }));
}

const save = (key: 'autorole.roleID' | 'antinuke.trustedRoles', value: unknown, cookie = owner) => {
  const [section, field] = key.split('.');
  return postJson('/api/update-server-settings', { serverID: GUILDS.kenjiLounge, section, key: field, value }, { cookie });
};

beforeAll(async () => {
  owner = await loginAs(USERS.owner);
});

beforeEach(async () => {
  await clearKv(env.CACHE);
  await env.DB.batch([env.DB.prepare('DELETE FROM guild_settings'), env.DB.prepare('DELETE FROM server_access')]);
  await setDiscordRateLimits({ enabled: false });
  clearRateLimitBuckets();
  counter = countBotCalls();
  // LOOKUP_LIMITER counts a user's looks in wall-clock minutes: each test's looks fall in one.
  await insideOneWindow(60, 20_000);
}, 30_000);

afterEach(async () => {
  counter.stop();
  await setFault({ mode: 'none' });
});

afterAll(async () => {
  await setDiscordRateLimits({ enabled: true });
});

describe('a role the cached view lacks', () => {
  it('one look finds it and the save is stored; saved again, the view that look stored holds it, and nothing is asked', async () => {
    await cacheViewWithoutListeners(Date.now());
    counter.reset();
    expect((await save('autorole.roleID', LISTENERS)).status).toBe(200);
    expect(calls()).toBe(4);
    counter.reset();
    expect((await save('autorole.roleID', LISTENERS)).status).toBe(200);
    expect(calls()).toBe(0);
  }, 60_000);

  it('Discord failing, the last known copy refuses it and nothing is remembered: once Discord answers, the same save looks and is stored', async () => {
    // Older than the view's minute: the page's own read asks Discord, which fails, and the copy answers.
    await cacheViewWithoutListeners(Date.now() - 10 * 60_000);
    await setFault({ mode: '500', pathPrefix: `/guilds/${GUILDS.kenjiLounge}/roles` });
    const refused = await save('autorole.roleID', LISTENERS);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    await setFault({ mode: 'none' });
    // The cached view still lacks the role, so the save looks again, unless Listeners was remembered as missing.
    await cacheViewWithoutListeners(Date.now());
    expect((await save('autorole.roleID', LISTENERS)).status).toBe(200);
  }, 60_000);

  it('named with an id a look just did not find: the new one is still looked for (one look), and the missing one refused', async () => {
    // Another person, whose looks of the minute the tests above have not spent: Demo Member, who holds DJ.
    const granted = await postJson('/api/update-server-access', { serverID: GUILDS.kenjiLounge, roleID: DJ, level: 'write' }, { cookie: owner });
    expect(granted.status).toBe(200);
    const member = await loginAs(USERS.member);
    await cacheViewWithoutListeners(Date.now());
    expect((await save('antinuke.trustedRoles', [DJ, MADE_UP], member)).status).toBe(400);
    // That look stored the whole view: without Listeners again.
    await cacheViewWithoutListeners(Date.now());
    counter.reset();
    const refused = await save('antinuke.trustedRoles', [DJ, LISTENERS, MADE_UP], member);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: `value: role ${MADE_UP} does not exist in this server.`, code: 'INVALID_REFERENCE' });
    expect(calls()).toBe(4);
  }, 60_000);
});
