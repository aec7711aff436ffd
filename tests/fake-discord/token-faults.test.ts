/**
 * The token endpoint told to answer 429 (`POST /__demo/token-faults`), as Discord's edge does when the addresses
 * Workers share have asked too often: Retry-After in whole seconds, the precise wait in the body.
 */
import { describe, expect, it } from 'vitest';
import { createFakeDiscord, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../dev/fake-discord/app.ts';
import type { FakeDiscord } from '../../dev/fake-discord/app.ts';
import { bucketOf, defaultRateLimits } from '../../dev/fake-discord/ratelimit.ts';

const headers = { Authorization: `Basic ${btoa(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`)}`, 'User-Agent': 'DiscordBot (http://localhost, 1.0)' };

const exchange = (fake: FakeDiscord) =>
  fake.app.request('/api/oauth2/token', { method: 'POST', headers, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'unknown' }) });

async function tokenFault(fake: FakeDiscord, body: unknown): Promise<Response> {
  return fake.app.request('/__demo/token-faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

describe('a 429 at the token endpoint', () => {
  it.each([
    [0.05, '1'],
    [1, '1'],
    [1.001, '2'],
    [2, '2'],
    [30, '30'],
  ])('waits %s s: Retry-After %s, the body precise', async (retryAfter, header) => {
    const fake = createFakeDiscord();
    expect((await tokenFault(fake, { mode: '429', retryAfter, times: 1 })).status).toBe(200);
    const limited = await exchange(fake);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe(header);
    expect(limited.headers.get('X-RateLimit-Scope')).toBe('user');
    expect(limited.headers.get('X-RateLimit-Bucket')).toBe(bucketOf(defaultRateLimits(), 'POST /oauth2/token').id);
    expect(await limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: retryAfter, global: false });
    // The fault was for one call: the next reaches the endpoint (which refuses the made-up code).
    expect((await exchange(fake)).status).toBe(400);
  });

  it('lasts until cleared without `times`, and is logged with the grant type', async () => {
    const fake = createFakeDiscord();
    await tokenFault(fake, { mode: '429', retryAfter: 3 });
    expect([(await exchange(fake)).status, (await exchange(fake)).status]).toEqual([429, 429]);
    await tokenFault(fake, { mode: 'none' });
    expect((await exchange(fake)).status).toBe(400);
    const { calls } = await (await fake.app.request('/__demo/token-calls')).json<{ calls: unknown[] }>();
    expect(calls).toEqual([
      { grantType: 'authorization_code', status: 429 },
      { grantType: 'authorization_code', status: 429 },
      { grantType: 'authorization_code', status: 400 },
    ]);
  });
});
