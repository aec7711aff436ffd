import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { forbidden, unauthorized } from '../errors';
import type { AppEnv, SignedInEnv } from '../hono-env';
import { resolveSession } from './session';

export function isAdminId(env: Env, userId: string): boolean {
  return env.ADMIN_IDS.split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .includes(userId);
}

/** Resolves the session for handlers that read it but also serve anonymous visitors. */
export const withSession = createMiddleware<AppEnv>(async (c, next) => {
  await resolveSession(c);
  await next();
});

async function requireSession(c: Context<SignedInEnv>) {
  // Hono's Context is invariant in its env; SignedInEnv only adds `signedIn` to AppEnv's variables.
  const session = await resolveSession(c as unknown as Context<AppEnv>);
  if (!session) throw unauthorized();
  return session;
}

/**
 * 401 unless logged in. Placed before the input validator, so a logged-out caller learns nothing about
 * what a valid body looks like.
 */
export const signedIn = createMiddleware<SignedInEnv>(async (c, next) => {
  c.set('signedIn', await requireSession(c));
  await next();
});

/** 401 unless logged in, 403 unless the user is one of ADMIN_IDS. */
export const adminOnly = createMiddleware<SignedInEnv>(async (c, next) => {
  const session = await requireSession(c);
  if (!isAdminId(c.env, session.user.id)) throw forbidden('Only administrators can do this.');
  c.set('signedIn', session);
  await next();
});
