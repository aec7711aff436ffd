import type { Context } from 'hono';
import type { CheckAuthResponse } from '../../shared/account';
import type { AppEnv } from '../hono-env';
import { isAdminId } from './guards';

/** The auth state of a request, once resolveSession has looked at its cookie. */
export function checkAuth(c: Context<AppEnv>): CheckAuthResponse {
  const session = c.get('session');
  if (!session) return { authenticated: false };
  return { authenticated: true, user: session.user, isAdmin: isAdminId(c.env, session.user.id) };
}
