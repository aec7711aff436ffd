/**
 * Buckets several routes share, as Discord's `X-RateLimit-Bucket` shows them: one count per token and major
 * parameter for a guild's role and channel lists together, and for its member reads. On the fake's own clock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeDiscord, DEMO_BOT_TOKEN, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { bucketOf, defaultRateLimits } from '../../dev/fake-discord/ratelimit.ts';

const headers = { Authorization: `Bot ${DEMO_BOT_TOKEN}`, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' };
const guild = (id: string, path: string) => `/api/v10/guilds/${id}${path}`;

let clock = 0;
let fake: FakeDiscord;

beforeEach(() => {
  clock = 1_700_000_000_000;
  fake = createFakeDiscord({ now: () => clock });
});

const call = (path: string) => Promise.resolve(fake.app.request(path, { headers }));

async function control(body: unknown): Promise<Response> {
  return fake.app.request('/__demo/rate-limits', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe("a guild's roles and channels", () => {
  it('count in one bucket of 5 a second: the same bucket id, Remaining counting down across both, the 6th call refused', async () => {
    const seen: [string | null, string | null][] = [];
    for (const path of ['/roles', '/channels', '/roles', '/channels', '/channels']) {
      const response = await call(guild(DEMO_GUILD_IDS.lofiCafe, path));
      expect(response.status).toBe(200);
      seen.push([response.headers.get('X-RateLimit-Bucket'), response.headers.get('X-RateLimit-Remaining')]);
    }
    const bucket = seen[0]?.[0] ?? null;
    expect(seen).toEqual([
      [bucket, '4'],
      [bucket, '3'],
      [bucket, '2'],
      [bucket, '1'],
      [bucket, '0'],
    ]);
    clock += 999;
    const refused = await call(guild(DEMO_GUILD_IDS.lofiCafe, '/roles'));
    expect([refused.status, refused.headers.get('X-RateLimit-Bucket'), refused.headers.get('X-RateLimit-Scope')]).toEqual([429, bucket, 'user']);
    expect(await refused.json()).toEqual({ message: 'You are being rate limited.', retry_after: 0.001, global: false });
    clock += 1;
    expect((await call(guild(DEMO_GUILD_IDS.lofiCafe, '/channels'))).status).toBe(200);
  });

  it("leave the guild's emojis, and the same routes of another guild, their own counts", async () => {
    for (let index = 0; index < 5; index += 1) await call(guild(DEMO_GUILD_IDS.lofiCafe, index % 2 === 0 ? '/roles' : '/channels'));
    expect((await call(guild(DEMO_GUILD_IDS.lofiCafe, '/channels'))).status).toBe(429);
    const emojis = await call(guild(DEMO_GUILD_IDS.lofiCafe, '/emojis'));
    expect([emojis.status, emojis.headers.get('X-RateLimit-Remaining')]).toEqual([200, '4']);
    const other = await call(guild(DEMO_GUILD_IDS.kenjiLounge, '/channels'));
    expect([other.status, other.headers.get('X-RateLimit-Remaining')]).toEqual([200, '4']);
    const roles = await call(guild(DEMO_GUILD_IDS.kenjiLounge, '/roles'));
    expect(roles.headers.get('X-RateLimit-Bucket')).toBe(other.headers.get('X-RateLimit-Bucket'));
    expect(emojis.headers.get('X-RateLimit-Bucket')).not.toBe(other.headers.get('X-RateLimit-Bucket'));
  });

  it('take a limit set through /__demo/rate-limits on either route as the bucket’s, for both', async () => {
    expect((await control({ routes: { 'GET /guilds/{guild_id}/channels': { limit: 2, windowMs: 60_000 } } })).status).toBe(200);
    const statuses: number[] = [];
    for (const path of ['/roles', '/channels', '/roles']) statuses.push((await call(guild(DEMO_GUILD_IDS.lofiCafe, path))).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limits = await (await fake.app.request('/__demo/rate-limits')).json<ReturnType<typeof defaultRateLimits>>();
    expect(limits.sharedBuckets['guild roles and channels']).toMatchObject({ limit: 2, windowMs: 60_000 });
    expect(limits.routes['GET /guilds/{guild_id}/channels']).toBeUndefined();
  });
});

describe("a guild's member reads", () => {
  it('share one bucket whoever is read, and it is the bucket a 429 of an injected fault names', async () => {
    const member = (userId: string) => call(guild(DEMO_GUILD_IDS.lofiCafe, `/members/${userId}`));
    const first = await member(DEMO_USER_IDS.owner);
    const second = await member(DEMO_USER_IDS.member);
    expect(second.headers.get('X-RateLimit-Bucket')).toBe(first.headers.get('X-RateLimit-Bucket'));
    expect(second.headers.get('X-RateLimit-Remaining')).toBe('3');
    await fake.app.request('/__demo/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: '429', times: 1 }),
    });
    const faulted = await member(DEMO_USER_IDS.admin);
    expect([faulted.status, faulted.headers.get('X-RateLimit-Bucket')]).toEqual([429, first.headers.get('X-RateLimit-Bucket')]);
  });
});

describe('which bucket a route is in', () => {
  it('is the shared one that lists it, else its own, by a name no route shares', () => {
    const config = defaultRateLimits();
    const roles = bucketOf(config, 'GET /guilds/{guild_id}/roles');
    expect(bucketOf(config, 'GET /guilds/{guild_id}/channels')).toEqual(roles);
    expect(roles.limit).toEqual({ limit: 5, windowMs: 1000 });
    expect(bucketOf(config, 'GET /guilds/{guild_id}/members')).toEqual(bucketOf(config, 'GET /guilds/{guild_id}/members/{user_id}'));
    expect(bucketOf(config, 'GET /users/@me/guilds')).toMatchObject({ limit: { limit: 1, windowMs: 1000 } });
    expect(bucketOf(config, 'GET /guilds/{guild_id}/emojis').id).not.toBe(roles.id);
    expect(bucketOf(config, 'GET /guilds/{guild_id}/emojis').limit).toEqual(config.defaultRoute);
  });
});
