/**
 * A 429 at login. Discord's edge limits the token endpoint by address and Workers share theirs: a short wait (up to
 * 2 s) is sat out and the code exchange tried once more; a longer one, or a second 429, is told to the person as
 * "Discord is busy", a 503 with Retry-After, never as a refused login. Waits are the fake's fractions of a second or
 * are never sat out, so nothing here depends on the machine's speed.
 */
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_RETRY_MAX_WAIT_MS, LoginBusy, busyFromRateLimit, exchangeLoginCode, waitInWords, waitsOutAtLogin } from '../../src/worker/auth/login-exchange';
import { discordTimeout, discordUnavailable } from '../../src/worker/discord/rest';
import { ApiError } from '../../src/worker/errors';
import { exchangeCode, TokenEndpointBusyError } from '../../src/worker/discord/oauth-token';
import { authorizeAs, clearKv, resetFake, setFault, setTokenFault, tokenCalls, USERS } from './helpers/login';
import { call } from './helpers/request';

const sessionCount = () => env.DB.prepare('SELECT COUNT(*) AS n FROM sessions').first<number>('n');

beforeEach(async () => {
  await resetFake();
  await clearKv(env.CACHE);
  await env.DB.prepare('DELETE FROM sessions').run();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function callback(): Promise<Response> {
  const { callback: path, stateCookie } = await authorizeAs(USERS.owner);
  return call(path, { cookie: stateCookie });
}

async function expectBusy(response: Response, seconds: number, words: string): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('Retry-After')).toBe(String(seconds));
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  const page = await response.text();
  expect(page).toContain('<h1>Discord is busy</h1>');
  expect(page).toContain(`Discord is busy. Please try again in ${words}.`);
  expect(page).toContain('>Try again</a>');
  expect(page).not.toContain('Login failed');
  expect(await sessionCount()).toBe(0);
}

describe('a 429 from the token endpoint at login', () => {
  it('is waited out once when short: the second exchange of the same code signs the person in', async () => {
    await setTokenFault({ mode: '429', retryAfter: 0.05, times: 1 });
    const response = await callback();
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/servers');
    expect(await sessionCount()).toBe(1);
    expect(await tokenCalls()).toEqual([
      { grantType: 'authorization_code', status: 429 },
      { grantType: 'authorization_code', status: 200 },
    ]);
  });

  it('is told as a wait when a second 429 follows the retry, with the second one’s Retry-After', async () => {
    await setTokenFault({ mode: '429', retryAfter: 0.05, times: 2 });
    await expectBusy(await callback(), 1, '1 second');
    expect((await tokenCalls()).map((entry) => entry.status)).toEqual([429, 429]);
  });

  it('is told at once, without a retry, when it asks for more than 2 s', async () => {
    await setTokenFault({ mode: '429', retryAfter: 2.001, times: 1 });
    await expectBusy(await callback(), 3, '3 seconds');
    expect(await tokenCalls()).toEqual([{ grantType: 'authorization_code', status: 429 }]);
  });

  it("is told in minutes for the edge's HTML ban, which carries only a Retry-After header", async () => {
    await setTokenFault({ mode: '429-html', retryAfter: 3600, times: 1 });
    await expectBusy(await callback(), 3600, '60 minutes');
    expect(await tokenCalls()).toHaveLength(1);
  });

  it('leaves other failures of the exchange the refused login they were', async () => {
    await setTokenFault({ mode: '500', times: 1 });
    const response = await callback();
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Discord did not accept the login code. Please try again.');
    expect(await tokenCalls()).toHaveLength(1);
  });
});

describe('a 429 from /users/@me at login', () => {
  it('longer than the REST client waits is told as a wait too', async () => {
    await setFault({ mode: '429', retryAfter: 30, times: 1, pathPrefix: '/users/@me' });
    await expectBusy(await callback(), 30, '30 seconds');
  });
});

describe('/users/@me failing at login for another reason', () => {
  const thrown = (error: unknown) => {
    try {
      busyFromRateLimit(error);
    } catch (caught) {
      return caught;
    }
    throw new Error('busyFromRateLimit returned');
  };

  it('stays the failure it was: only a rate limit is told as a wait', () => {
    const forbidden = new ApiError(403, 'DISCORD_FORBIDDEN', 'Discord refused the request.');
    const network = new TypeError('Network connection lost.');
    for (const error of [forbidden, discordUnavailable(), discordTimeout(), network]) expect(thrown(error)).toBe(error);
    const limited = thrown(new ApiError(429, 'DISCORD_RATE_LIMITED', 'Rate limited by Discord.', { 'Retry-After': '30' }));
    expect(limited).toBeInstanceOf(LoginBusy);
    expect((limited as LoginBusy).retryAfterSeconds).toBe(30);
  });
});

describe('the bound of 2 s, at its edge', () => {
  const tokenAnswer = () => Response.json({ access_token: 'a', refresh_token: 'r', expires_in: 604800, token_type: 'Bearer', scope: 'identify' });
  const limited = (retryAfter: number) => Response.json({ message: 'You are being rate limited.', retry_after: retryAfter, global: false }, { status: 429 });

  it('waits out 2000 ms and not 2001 ms', () => {
    expect(LOGIN_RETRY_MAX_WAIT_MS).toBe(2000);
    expect(waitsOutAtLogin(0)).toBe(true);
    expect(waitsOutAtLogin(2000)).toBe(true);
    expect(waitsOutAtLogin(2001)).toBe(false);
  });

  it('sleeps exactly the 2 s a 429 asks for before the one retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => Promise.resolve(limited(2)))
      .mockImplementationOnce(() => Promise.resolve(tokenAnswer()));
    const exchanged = exchangeLoginCode(env, 'http://localhost/api/successful-auth', 'code', 'verifier');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await exchanged).toMatchObject({ accessToken: 'a', refreshToken: 'r' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('reads the wait from the body before the whole-second header, else from the header, else 1 s', async () => {
    const waitOf = async (response: Response) => {
      vi.spyOn(globalThis, 'fetch').mockImplementationOnce(() => Promise.resolve(response));
      const error = await exchangeCode(env, 'http://localhost/api/successful-auth', 'code', 'verifier').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TokenEndpointBusyError);
      return (error as TokenEndpointBusyError).retryAfterMs;
    };
    expect(await waitOf(Response.json({ retry_after: 0.25 }, { status: 429, headers: { 'Retry-After': '1' } }))).toBe(250);
    expect(await waitOf(new Response('<html>Error 1015</html>', { status: 429, headers: { 'Retry-After': '7' } }))).toBe(7000);
    expect(await waitOf(new Response('<html>Error 1015</html>', { status: 429 }))).toBe(1000);
  });

  it('tells the wait in whole seconds, at least 1, and in minutes from 120 s', () => {
    expect([0, 1, 1000, 1001, 2001].map((ms) => new LoginBusy(ms).retryAfterSeconds)).toEqual([1, 1, 1, 2, 3]);
    expect([1, 2, 119, 120, 121, 3600].map(waitInWords)).toEqual(['1 second', '2 seconds', '119 seconds', '2 minutes', '3 minutes', '60 minutes']);
  });
});
