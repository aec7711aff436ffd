import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WhitelistStateResponse } from '../../src/shared/licences';
import type { Answer } from '../../src/shared/api-schema';
import type { ServerSettingsResponse } from '../../src/shared/settings/index';
import { clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { clearKv, GUILDS, loginAs, resetFake, setFault, USERS } from './helpers/login';
import { ageCache } from './helpers/kv-age';
import { call } from './helpers/request';

const HOUR = 3_600_000;
let owner = '';

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  clearRateLimitBuckets();
  owner = await loginAs(USERS.owner);
  // Warm the cache the way a visit does.
  expect((await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).status).toBe(200);
});

// The fake Discord is shared by every test file: leave it healthy.
afterEach(async () => {
  await setFault({ mode: 'none' });
});

// Discord failing costs real retry backoffs and timeouts (DISCORD_TIMEOUT_MS), seconds per test on a busy machine.
describe('Discord down, dashboard up', { timeout: 30_000 }, () => {
  it('answers the server list and the settings from the last known copy, saying since when', async () => {
    await ageCache(HOUR);
    await setFault({ mode: '500' });
    const list = await call('/api/allowed-servers', { cookie: owner });
    expect(list.status).toBe(200);
    expect((await list.json<Answer<'/allowed-servers'>>()).map((s) => s.id)).toContain(GUILDS.kenjiLounge);
    const asOf = Date.parse(list.headers.get('X-Data-As-Of') ?? '');
    expect(Date.now() - asOf).toBeGreaterThanOrEqual(HOUR);
    const invitable = await call('/api/invitable-servers', { cookie: owner });
    expect(Date.parse(invitable.headers.get('X-Data-As-Of') ?? '')).toBe(asOf);

    const res = await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(res.status).toBe(200);
    const body = await res.json<ServerSettingsResponse>();
    expect(body.stale).toBe(true);
    expect(body.asOf).toBeLessThanOrEqual(Date.now() - HOUR);
    expect(body.roles.length).toBeGreaterThan(0);

    const page = await call(`/server/${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Discord is not answering; showing data as of');
  });

  it.each([
    ['the guild list', 'discord:user-guilds:', 'discord:guild:'],
    ["the server's roles and channels", 'discord:guild:', 'discord:user-guilds:'],
  ])('a page built on copies of different ages is as of the oldest (%s)', async (_older, olderKeys, youngerKeys) => {
    await ageCache(2 * HOUR, olderKeys);
    await ageCache(HOUR, youngerKeys);
    await setFault({ mode: '500' });
    const res = await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner });
    const body = await res.json<ServerSettingsResponse>();
    expect(body.stale).toBe(true);
    // One copy is two hours old, the other one: the page is as of the older, and its header says the same.
    expect(Date.now() - (body.asOf ?? 0)).toBeGreaterThanOrEqual(2 * HOUR);
    expect(Date.now() - (body.asOf ?? 0)).toBeLessThan(2 * HOUR + 60_000);
    expect(Date.parse(res.headers.get('X-Data-As-Of') ?? '')).toBe(body.asOf);
  });

  it('one stand-in copy makes an answer stale, and only the answers built on it', async () => {
    // The guild list was stored by the warm-up a moment ago (live); only the roles and channels are a copy.
    await ageCache(HOUR, 'discord:guild:');
    await setFault({ mode: '500' });
    const settings = await (await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).json<ServerSettingsResponse>();
    expect(settings.stale).toBe(true);
    expect(Date.now() - (settings.asOf ?? 0)).toBeGreaterThanOrEqual(HOUR);
    const whitelist = await call('/api/whitelisted-servers', { cookie: owner });
    expect(whitelist.headers.get('X-Data-As-Of')).toBeNull();
    expect((await whitelist.json<WhitelistStateResponse>()).stale).toBeUndefined();
  });

  it('the server list page and the whitelist answer from the copy too, and say so', async () => {
    await ageCache(HOUR);
    await setFault({ mode: '500' });
    const answer = await call('/api/whitelisted-servers', { cookie: owner });
    const whitelist = await answer.json<WhitelistStateResponse>();
    expect(whitelist.stale).toBe(true);
    expect(whitelist.asOf).toBeLessThanOrEqual(Date.now() - HOUR);
    expect(Date.parse(answer.headers.get('X-Data-As-Of') ?? '')).toBe(whitelist.asOf);
    const page = await call('/servers', { cookie: owner });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Kenji Lounge');
    expect(html).toContain('Discord is not answering; showing data as of');
  });

  it('live data is not marked stale, and a copy older than a day is not used', async () => {
    const live = await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner });
    expect(live.headers.get('X-Data-As-Of')).toBeNull();
    expect((await live.json<ServerSettingsResponse>()).stale).toBeUndefined();
    expect((await (await call('/api/whitelisted-servers', { cookie: owner })).json<WhitelistStateResponse>()).stale).toBeUndefined();
    await ageCache(24 * HOUR + 60_000);
    await setFault({ mode: '500' });
    expect((await call(`/api/server-settings?serverID=${GUILDS.kenjiLounge}`, { cookie: owner })).status).toBe(502);
  });

  it.each(['500', '429', 'slow'])(
    'Discord answering %s to everything: no 5xx and no error page for a logged-in owner',
    async (mode) => {
      await ageCache(10 * 60_000);
      await setFault(mode === '429' ? { mode, retryAfter: 30 } : mode === 'slow' ? { mode, delayMs: 4000 } : { mode });
      for (const path of [
        '/servers',
        `/server/${GUILDS.kenjiLounge}`,
        '/api/allowed-servers',
        '/api/invitable-servers',
        '/api/whitelisted-servers',
        `/api/server-settings?serverID=${GUILDS.kenjiLounge}`,
        `/api/server-settings/audit?serverID=${GUILDS.kenjiLounge}`,
      ]) {
        const res = await call(path, { cookie: owner });
        expect([path, res.status]).toEqual([path, 200]);
      }
      // A slow Discord costs each call its timeout before the copy answers.
    },
    60_000, // seven pages and calls, each waiting out the 1.5 s timeout, some more than once
  );
});
