/**
 * The Worker learns Discord's buckets from `X-RateLimit-Bucket`, not from its own idea of a route: against the fake,
 * where a guild's role and channel lists share one bucket, an answer of one route spends the other's calls.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../dev/fake-discord/app.ts';
import { DiscordRest, clearRateLimitBuckets } from '../../src/worker/discord/rest';
import { DISCORD, GUILDS, resetFake, setDiscordRateLimits } from './helpers/login';

const BOT = { auth: { type: 'bot' } } as const;

async function restCalls(): Promise<string[]> {
  const { calls } = await (await fetch(`${DISCORD}/__demo/calls`)).json<{ calls: CallRecord[] }>();
  return calls.filter((call) => call.path.startsWith('/api/v10/')).map((call) => `${call.status} ${call.path.slice('/api/v10'.length)}`);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

beforeEach(async () => {
  await resetFake();
  clearRateLimitBuckets();
});

/** A client that fails at once rather than sit out the minute-long windows below. */
const rest = () => new DiscordRest(env, { timeoutMs: 5_000, retryBackoffMs: 5 });

describe("a bucket Discord's routes share", () => {
  it("is spent by either route: after the channels' answer empties it, roles wait without calling Discord", async () => {
    await setDiscordRateLimits({ routes: { 'GET /guilds/{guild_id}/roles': { limit: 2, windowMs: 60_000 } } });
    const client = rest();
    await client.request(`/guilds/${GUILDS.kenjiLounge}/roles`, BOT);
    // Not yet known to share: the channels route's first call goes out, and its answer names the same bucket, empty.
    await client.request(`/guilds/${GUILDS.kenjiLounge}/channels`, BOT);
    const held = await rejection(client.request(`/guilds/${GUILDS.kenjiLounge}/roles`, BOT));
    expect(held).toMatchObject({ status: 502, code: 'DISCORD_RATE_LIMITED' });
    // Another guild is another count of the same bucket.
    await client.request(`/guilds/${GUILDS.glaiveStudio}/channels`, BOT);
    expect(await restCalls()).toEqual([
      `200 /guilds/${GUILDS.kenjiLounge}/roles`,
      `200 /guilds/${GUILDS.kenjiLounge}/channels`,
      `200 /guilds/${GUILDS.glaiveStudio}/channels`,
    ]);
  });

  it("is learned from a 429 too: the route refused for the other's calls is held afterwards", async () => {
    await setDiscordRateLimits({ routes: { 'GET /guilds/{guild_id}/channels': { limit: 1, windowMs: 60_000 } } });
    const client = rest();
    await client.request(`/guilds/${GUILDS.kenjiLounge}/roles`, BOT);
    expect(await rejection(client.request(`/guilds/${GUILDS.kenjiLounge}/channels`, BOT))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect(await rejection(client.request(`/guilds/${GUILDS.kenjiLounge}/channels`, BOT))).toMatchObject({ code: 'DISCORD_RATE_LIMITED' });
    expect(await restCalls()).toEqual([`200 /guilds/${GUILDS.kenjiLounge}/roles`, `429 /guilds/${GUILDS.kenjiLounge}/channels`]);
  });

  it('leaves routes of other buckets alone', async () => {
    await setDiscordRateLimits({ routes: { 'GET /guilds/{guild_id}/roles': { limit: 1, windowMs: 60_000 } } });
    const client = rest();
    await client.request(`/guilds/${GUILDS.kenjiLounge}/roles`, BOT);
    await client.request(`/guilds/${GUILDS.kenjiLounge}/emojis`, BOT);
    expect(await restCalls()).toEqual([`200 /guilds/${GUILDS.kenjiLounge}/roles`, `200 /guilds/${GUILDS.kenjiLounge}/emojis`]);
  });
});
