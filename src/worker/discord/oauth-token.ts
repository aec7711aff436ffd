/**
 * Discord's OAuth2 token endpoint: code exchange, refresh and revocation. Failures are sorted into the one that
 * ends a session (`invalid_grant`: the grant is gone) and everything else (5xx, 429, timeouts, odd answers),
 * after which the caller keeps its tokens and tries again later.
 */
import { discordUserAgent, type UserAgentEnv } from './user-agent';

export interface DiscordTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms. */
  expiresAt: number;
}

export interface OAuthEnv extends UserAgentEnv {
  DISCORD_BASE_URL: string;
  DISCORD_CLIENT_ID: string;
  DISCORD_CLIENT_SECRET: string;
  DISCORD_TIMEOUT_MS?: string;
}

/** Discord no longer honours this grant (revoked, or the refresh token was already rotated). */
export class GrantRefusedError extends Error {
  constructor(description: string) {
    super(`Discord refused the grant: ${description}`);
    this.name = 'GrantRefusedError';
  }
}

/** The token endpoint failed in a way that says nothing about the grant; try again later. */
export class TokenEndpointError extends Error {
  constructor(reason: string) {
    super(`Discord's token endpoint failed: ${reason}`);
    this.name = 'TokenEndpointError';
  }
}

/**
 * The token endpoint answered 429. Discord's edge limits it by address, and Workers share theirs, so this may be
 * other sites' doing: it says nothing about the grant, only when to ask again.
 */
export class TokenEndpointBusyError extends TokenEndpointError {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
    this.name = 'TokenEndpointBusyError';
  }
}

/** When Discord's answer asks to wait for none, or for something unreadable (Cloudflare's HTML page without a header). */
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * How long a 429 asks to wait: the body's `retry_after` (seconds, precise), else the `Retry-After` header (whole
 * seconds as Discord sends it; Cloudflare's HTML 429 carries only the header).
 */
function retryAfterMs(headers: Headers, body: Record<string, unknown>): number {
  const seconds = [body.retry_after, Number.parseFloat(headers.get('Retry-After') ?? '')].find(
    (value): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  );
  return seconds === undefined ? DEFAULT_RETRY_AFTER_MS : Math.ceil(seconds * 1000);
}

const DEFAULT_TIMEOUT_MS = 8000;

export function oauthEndpoints(env: Pick<OAuthEnv, 'DISCORD_BASE_URL'>) {
  const base = env.DISCORD_BASE_URL.replace(/\/+$/, '');
  return { authorize: `${base}/oauth2/authorize`, token: `${base}/api/oauth2/token`, revoke: `${base}/api/oauth2/token/revoke` };
}

function timeoutMs(env: OAuthEnv): number {
  const configured = Number(env.DISCORD_TIMEOUT_MS);
  return configured > 0 ? configured : DEFAULT_TIMEOUT_MS;
}

async function post(env: OAuthEnv, url: string, fields: Record<string, string>): Promise<Response> {
  const credentials = btoa(`${encodeURIComponent(env.DISCORD_CLIENT_ID)}:${encodeURIComponent(env.DISCORD_CLIENT_SECRET)}`);
  try {
    return await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${credentials}`,
        'User-Agent': discordUserAgent(env),
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs(env)),
    });
  } catch (error) {
    throw new TokenEndpointError(error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'network error');
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? { ...body } : {};
  } catch {
    return {};
  }
}

async function tokenRequest(env: OAuthEnv, fields: Record<string, string>): Promise<DiscordTokens> {
  const response = await post(env, oauthEndpoints(env).token, fields);
  const body = await readJson(response);
  if (response.status === 400 && body.error === 'invalid_grant')
    throw new GrantRefusedError(typeof body.error_description === 'string' ? body.error_description : 'invalid_grant');
  if (response.status === 429) throw new TokenEndpointBusyError(retryAfterMs(response.headers, body));
  if (!response.ok) throw new TokenEndpointError(`status ${response.status}${typeof body.error === 'string' ? ` (${body.error})` : ''}`);
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = body;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof expiresIn !== 'number') throw new TokenEndpointError('malformed answer');
  return { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000 };
}

export function exchangeCode(env: OAuthEnv, redirectUri: string, code: string, verifier: string): Promise<DiscordTokens> {
  return tokenRequest(env, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
}

export function refreshTokens(env: OAuthEnv, refreshToken: string): Promise<DiscordTokens> {
  return tokenRequest(env, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Ends the user's authorisation of the app at Discord (revoking the refresh token revokes the grant). */
export async function revokeToken(env: OAuthEnv, token: string): Promise<void> {
  const response = await post(env, oauthEndpoints(env).revoke, { token, token_type_hint: 'refresh_token' });
  if (!response.ok) throw new TokenEndpointError(`revocation answered ${response.status}`);
}
