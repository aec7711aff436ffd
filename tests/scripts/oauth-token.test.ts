import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  exchangeCode,
  GrantRefusedError,
  oauthEndpoints,
  refreshTokens,
  revokeToken,
  TokenEndpointBusyError,
  TokenEndpointError,
  type OAuthEnv,
} from '../../src/worker/discord/oauth-token';

// Discord's token endpoint, played by the test: each call is recorded, and answered as the test says.
const ENV: OAuthEnv = {
  APP_ORIGIN: 'https://dash.example',
  DISCORD_BASE_URL: 'https://discord.example//',
  DISCORD_CLIENT_ID: '123456789012345678',
  DISCORD_CLIENT_SECRET: 'secret:with/odd+chars',
};

interface Sent {
  url: string;
  method: string | undefined;
  headers: Headers;
  body: URLSearchParams;
}

function discordAnswers(answer: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, method: init.method, headers: new Headers(init.headers), body: new URLSearchParams(init.body as string) });
      return answer();
    }),
  );
  return sent;
}

const TOKENS = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 604_800, token_type: 'Bearer', scope: 'identify guilds' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the token endpoint’s address', () => {
  it("is the configured base's, whatever slashes end it", () => {
    expect(oauthEndpoints(ENV)).toEqual({
      authorize: 'https://discord.example/oauth2/authorize',
      token: 'https://discord.example/api/oauth2/token',
      revoke: 'https://discord.example/api/oauth2/token/revoke',
    });
  });
});

describe('exchanging a login code', () => {
  it('posts the code, the redirect and the PKCE verifier as a form, with the app’s credentials and Discord’s User-Agent', async () => {
    const sent = discordAnswers(() => Response.json(TOKENS));
    const before = Date.now();
    const tokens = await exchangeCode(ENV, 'https://dash.example/api/callback', 'code-1', 'verifier-1');
    expect(tokens.accessToken).toBe('access-1');
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.expiresAt).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(tokens.expiresAt).toBeLessThanOrEqual(Date.now() + 604_800_000);
    const [request] = sent;
    expect(request?.url).toBe('https://discord.example/api/oauth2/token');
    expect(request?.method).toBe('POST');
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'https://dash.example/api/callback',
      code_verifier: 'verifier-1',
    });
    expect(request?.headers.get('Authorization')).toBe(`Basic ${btoa('123456789012345678:secret%3Awith%2Fodd%2Bchars')}`);
    expect(request?.headers.get('User-Agent')).toBe('DiscordBot (https://dash.example, 1.0)');
    expect(request?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it('a refresh posts the refresh token', async () => {
    const sent = discordAnswers(() => Response.json(TOKENS));
    await refreshTokens(ENV, 'refresh-0');
    expect(Object.fromEntries(sent[0]?.body ?? [])).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-0' });
  });
});

describe('what ends a session, and what does not', () => {
  it('400 invalid_grant: the grant is gone, said in Discord’s words when it gives them', async () => {
    discordAnswers(() => Response.json({ error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' }, { status: 400 }));
    const refused = refreshTokens(ENV, 'refresh-0');
    await expect(refused).rejects.toBeInstanceOf(GrantRefusedError);
    // Named in the logs by their class.
    await expect(refused).rejects.toMatchObject({ name: 'GrantRefusedError' });
    await expect(refused).rejects.toThrow('Discord refused the grant: Invalid "refresh_token" in request.');
    discordAnswers(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(refreshTokens(ENV, 'refresh-0')).rejects.toThrow('Discord refused the grant: invalid_grant');
  });

  it('another 400, an invalid_grant that is not a 400, a 5xx or an answer that is not JSON: the endpoint failed, the grant stands', async () => {
    const cases: [Response, string][] = [
      [Response.json({ error: 'invalid_request' }, { status: 400 }), "Discord's token endpoint failed: status 400 (invalid_request)"],
      [Response.json({ error: 'invalid_grant' }, { status: 401 }), "Discord's token endpoint failed: status 401 (invalid_grant)"],
      [new Response('<html>Bad gateway</html>', { status: 502 }), "Discord's token endpoint failed: status 502"],
      [Response.json(['invalid_grant'], { status: 400 }), "Discord's token endpoint failed: status 400"],
      [Response.json({ error: 7 }, { status: 500 }), "Discord's token endpoint failed: status 500"],
    ];
    for (const [answer, message] of cases) {
      discordAnswers(() => answer);
      const failed = refreshTokens(ENV, 'refresh-0');
      await expect(failed).rejects.toThrow(new TokenEndpointError(message.replace("Discord's token endpoint failed: ", '')));
      await expect(failed).rejects.not.toBeInstanceOf(GrantRefusedError);
      await expect(failed).rejects.toMatchObject({ name: 'TokenEndpointError' });
    }
  });

  it('a 200 without the tokens or their lifetime is not taken for tokens', async () => {
    for (const body of [{ ...TOKENS, access_token: undefined }, { ...TOKENS, refresh_token: 5 }, { ...TOKENS, expires_in: '604800' }, null]) {
      discordAnswers(() => Response.json(body));
      await expect(exchangeCode(ENV, 'https://dash.example/api/callback', 'code-1', 'verifier-1')).rejects.toThrow(
        "Discord's token endpoint failed: malformed answer",
      );
    }
  });

  it('no answer: a network error, said as one', async () => {
    discordAnswers(() => Promise.reject(new TypeError('Network connection lost.')));
    await expect(refreshTokens(ENV, 'refresh-0')).rejects.toThrow("Discord's token endpoint failed: network error");
  });

  it('no answer in the configured time: said as a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
      ),
    );
    await expect(refreshTokens({ ...ENV, DISCORD_TIMEOUT_MS: '5' }, 'refresh-0')).rejects.toThrow("Discord's token endpoint failed: timed out");
  });

  it('waits 8 s for an answer unless DISCORD_TIMEOUT_MS sets a positive number of milliseconds', async () => {
    discordAnswers(() => Response.json(TOKENS));
    // The time limit given to the request, read where it is set: waiting it out would make the test as slow.
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    try {
      for (const configured of [undefined, '', '0', '-5', 'soon', '5', '0.5']) await refreshTokens({ ...ENV, DISCORD_TIMEOUT_MS: configured }, 'refresh-0');
      expect(timeouts.mock.calls.map(([ms]) => ms)).toEqual([8000, 8000, 8000, 8000, 8000, 5, 0.5]);
    } finally {
      timeouts.mockRestore();
    }
  });

  it('an error other than the time running out is a network error, whatever its name', async () => {
    discordAnswers(() => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    await expect(refreshTokens(ENV, 'refresh-0')).rejects.toThrow("Discord's token endpoint failed: network error");
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what a timeout is not: a non-Error named like one
    discordAnswers(() => Promise.reject({ name: 'TimeoutError' }));
    await expect(refreshTokens(ENV, 'refresh-0')).rejects.toThrow("Discord's token endpoint failed: network error");
  });
});

describe('429 from the token endpoint: busy, asked to wait', () => {
  const busy = async (answer: Response) => {
    discordAnswers(() => answer);
    const error = await refreshTokens(ENV, 'refresh-0').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TokenEndpointBusyError);
    return (error as TokenEndpointBusyError).retryAfterMs;
  };

  it('says so in the logs, with the wait', async () => {
    discordAnswers(() => Response.json({ retry_after: 2.5 }, { status: 429 }));
    await expect(refreshTokens(ENV, 'refresh-0')).rejects.toMatchObject({
      name: 'TokenEndpointBusyError',
      message: "Discord's token endpoint failed: rate limited for 2500 ms",
    });
  });

  it('for the body’s retry_after (seconds, precise) before the header’s whole seconds', async () => {
    expect(await busy(Response.json({ retry_after: 1.2345 }, { status: 429, headers: { 'Retry-After': '2' } }))).toBe(1235);
    expect(await busy(Response.json({ retry_after: 0 }, { status: 429, headers: { 'Retry-After': '2' } }))).toBe(0);
  });

  it("for the header's when the body has none (Cloudflare's HTML page)", async () => {
    expect(await busy(new Response('<html>1015</html>', { status: 429, headers: { 'Retry-After': '3' } }))).toBe(3000);
    expect(await busy(Response.json({ retry_after: -1 }, { status: 429, headers: { 'Retry-After': '3' } }))).toBe(3000);
    expect(await busy(Response.json({ retry_after: '9' }, { status: 429, headers: { 'Retry-After': '3' } }))).toBe(3000);
  });

  it('for a second when neither says how long, or says it unreadably', async () => {
    expect(await busy(new Response('', { status: 429 }))).toBe(1000);
    expect(await busy(new Response('', { status: 429, headers: { 'Retry-After': 'soon' } }))).toBe(1000);
    expect(await busy(new Response('', { status: 429, headers: { 'Retry-After': '-4' } }))).toBe(1000);
    expect(await busy(new Response('', { status: 429, headers: { 'Retry-After': 'Infinity' } }))).toBe(1000);
  });
});

describe('revoking a grant', () => {
  it('posts the refresh token with its hint to the revocation endpoint', async () => {
    const sent = discordAnswers(() => new Response(null, { status: 200 }));
    await revokeToken(ENV, 'refresh-1');
    expect(sent[0]?.url).toBe('https://discord.example/api/oauth2/token/revoke');
    expect(sent[0]?.method).toBe('POST');
    expect(Object.fromEntries(sent[0]?.body ?? [])).toEqual({ token: 'refresh-1', token_type_hint: 'refresh_token' });
    expect(sent[0]?.headers.get('Authorization')).toMatch(/^Basic /);
  });

  it('a refusal is an endpoint failure', async () => {
    discordAnswers(() => new Response(null, { status: 503 }));
    await expect(revokeToken(ENV, 'refresh-1')).rejects.toThrow("Discord's token endpoint failed: revocation answered 503");
  });
});
