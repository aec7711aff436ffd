/**
 * A login's calls to Discord when Discord is busy. Its edge limits the token endpoint by address, and Workers share
 * their addresses with other sites, so a 429 at login may be none of this site's doing. A short wait is sat out
 * once; a longer one is told to the person, as a wait, not as a refused login.
 */
import { ApiError } from '../errors';
import { exchangeCode, TokenEndpointBusyError, type DiscordTokens, type OAuthEnv } from '../discord/oauth-token';

/**
 * The longest 429 wait the code exchange sits out before its one retry. Sleeping costs the Worker no CPU time, but
 * the person is looking at a blank redirect meanwhile, and the login's request already holds up to two token calls
 * (8 s timeout each) and a `/users/@me`: past 2 s, saying how long to wait beats a page that seems to hang. Short
 * waits are what an address's burst earns (a second or so); the edge's ban for invalid requests asks for an hour.
 */
export const LOGIN_RETRY_MAX_WAIT_MS = 2000;

/** Whether a 429 asking for `retryAfterMs` is waited out (once) rather than told to the person. */
export const waitsOutAtLogin = (retryAfterMs: number): boolean => retryAfterMs <= LOGIN_RETRY_MAX_WAIT_MS;

/** Discord asked the login to wait; the person is told how long. */
export class LoginBusy extends Error {
  /** Whole seconds, at least 1, for the page and its Retry-After header. */
  readonly retryAfterSeconds: number;

  constructor(retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(`Discord is busy. Please try again in ${waitInWords(seconds)}.`);
    this.name = 'LoginBusy';
    this.retryAfterSeconds = seconds;
  }
}

/** "1 second", "90 seconds", "60 minutes": minutes from two of them, rounded up. */
export function waitInWords(seconds: number): string {
  if (seconds === 1) return '1 second';
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * The code exchange, tried once more after a short 429 (the code is still unused: a 429 is answered before the
 * endpoint looks at it). A second 429, or a first asking for longer, is a `LoginBusy`.
 */
export async function exchangeLoginCode(env: OAuthEnv, redirectUri: string, code: string, verifier: string): Promise<DiscordTokens> {
  try {
    return await exchangeCode(env, redirectUri, code, verifier);
  } catch (error) {
    if (!(error instanceof TokenEndpointBusyError)) throw error;
    if (!waitsOutAtLogin(error.retryAfterMs)) throw new LoginBusy(error.retryAfterMs);
    await sleep(error.retryAfterMs);
  }
  try {
    return await exchangeCode(env, redirectUri, code, verifier);
  } catch (error) {
    throw error instanceof TokenEndpointBusyError ? new LoginBusy(error.retryAfterMs) : error;
  }
}

/** The REST client's own answer to a 429 it could not wait out (rest.ts), told at login as a wait too. */
export function busyFromRateLimit(error: unknown): never {
  if (error instanceof ApiError && error.code === 'DISCORD_RATE_LIMITED') throw new LoginBusy(Number(error.headers['Retry-After'] ?? '1') * 1000);
  throw error;
}
