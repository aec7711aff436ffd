import type { Context } from 'hono';
import type { SessionUser } from '../../shared/account';
import { isVisibleText } from '../../shared/visible-text';
import { getCurrentUser } from '../discord/api';
import { busyFromRateLimit, exchangeLoginCode, LoginBusy } from './login-exchange';
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
    tokens = await exchangeLoginCode(c.env, redirectUri(c.env), code, verifier);
  } catch (error) {
    console.warn('OAuth code exchange failed', error instanceof Error ? error.message : error);
    if (error instanceof LoginBusy) throw error;
    throw new LoginRefused('Discord did not accept the login code. Please try again.');
  }
  const me = await getCurrentUser(c.env, tokens.accessToken).catch(busyFromRateLimit);
  // A display name that shows blank or hides characters would author the history and the live toasts as nobody (or as
  // someone else): the username, which Discord keeps to visible letters, stands in for it.
  const displayName = me.global_name != null && isVisibleText(me.global_name) ? me.global_name : null;
  const user: SessionUser = { id: me.id, username: me.username, global_name: displayName, avatar: me.avatar ?? null };
  const previous = await cookieClaims(c);
  await startSession(c, user, tokens, previous?.sid);
}
