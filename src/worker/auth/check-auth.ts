import type { Context } from 'hono';
import type { CheckAuthResponse } from '../../shared/api-types';
import type { AppEnv } from '../hono-env';

/** The auth state of a request: the session middleware sets `session` when the cookie is valid. */
export async function checkAuth(c: Context<AppEnv>): Promise<CheckAuthResponse> {
  const session = c.get('session');
  if (!session) return { authenticated: false };
  const admins = c.env.ADMIN_IDS.split(',').map((id) => id.trim());
  return { authenticated: true, user: session.user, isAdmin: admins.includes(session.user.id) };
}
