import type { Context } from 'hono';
import type { SessionUser } from '../../shared/account';
import { getCurrentUser } from '../discord/api';
import { exchangeCode } from '../discord/oauth-token';
import type { AppEnv } from '../hono-env';
import { redirectUri } from './oauth';
import { cookieClaims, startSession } from './session';

/** Discord did not accept the login; the message is for the person. */
export class LoginRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginRefused';
  }
}

/**
 * Turns an authorisation code into a session. A session this browser already had ends with the new one's
 * start: one browser, one session.
 */
export async function completeLogin(c: Context<AppEnv>, code: string, verifier: string): Promise<void> {
  let tokens;
  try {
    tokens = await exchangeCode(c.env, redirectUri(c.env), code, verifier);
  } catch (error) {
    console.warn('OAuth code exchange failed', error instanceof Error ? error.message : error);
    throw new LoginRefused('Discord did not accept the login code. Please try again.');
  }
  const me = await getCurrentUser(c.env, tokens.accessToken);
  const user: SessionUser = { id: me.id, username: me.username, global_name: me.global_name ?? null, avatar: me.avatar ?? null };
  const previous = await cookieClaims(c);
  await startSession(c, user, tokens, previous?.sid);
}
