// Parallel requests of one user share one Discord call, across requests: the Worker's own requests, each in its
// own request context, as on Cloudflare (see src/worker/discord/shared-load.ts).
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallRecord } from '../../dev/fake-discord/app.ts';
import { clearKv, DISCORD, loginAs, resetFake, setFault, USERS } from './helpers/login';
import { call } from './helpers/request';

const GUILD_LIST = '/api/v10/users/@me/guilds';

async function guildListCalls(): Promise<CallRecord[]> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: CallRecord[] }>();
  return calls.filter((record) => record.path === GUILD_LIST);
}

/** Logged in with the guild list not yet known: the next request that needs it asks Discord. */
async function ownerWithColdCache(): Promise<string> {
  await resetFake();
  const cookie = await loginAs(USERS.owner);
  await clearKv(env.CACHE);
  await fetch(`${DISCORD}/__demo/calls/reset`, { method: 'POST' });
  return cookie;
}

const islandKeys = (html: string): string[] => {
  const json = /<script type="application\/json" id="__SM_DATA__">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
  return Object.keys((JSON.parse(json) as { fallback: Record<string, unknown> }).fallback);
};

// A dozen parallel requests, and a Discord answer that takes 3 s on purpose: seconds on a busy machine.
describe("one Discord call for parallel requests of one user's guild list", { timeout: 20_000 }, () => {
  let owner: string;
  beforeEach(async () => {
    owner = await ownerWithColdCache();
  });

  it('answers 12 parallel requests with one call, none of them refused by the once-a-second limit', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('/api/allowed-servers', { cookie: owner })));
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 12 }, () => 200));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    expect(new Set(bodies).size).toBe(1);
    expect((await guildListCalls()).map((record) => record.status)).toEqual([200]);
  });

  it('lets a page stop waiting past its loader budget while an API call that joined its Discord call still gets the answer', async () => {
    // Discord answers after 3 s (a 429 whose wait the client sits out), past the page's 2.5 s loader budget.
    await setFault({ mode: '429', retryAfter: 3, times: 1, pathPrefix: '/users/@me/guilds' });
    const page = call('/servers', { cookie: owner });
    // The page's Discord call has reached Discord (and met the 429) before the API call starts, so that one joins it.
    await vi.waitFor(async () => expect((await guildListCalls()).length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    const api = call('/api/allowed-servers', { cookie: owner });
    const pageRes = await page;
    expect(pageRes.status).toBe(200);
    expect(islandKeys(await pageRes.text())).not.toContain('/api/allowed-servers');
    const apiRes = await api;
    expect(apiRes.status).toBe(200);
    expect(JSON.stringify(await apiRes.json())).toContain('Kenji Lounge');
    expect((await guildListCalls()).map((record) => record.status)).toEqual([429, 200]);
  });
});
