import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { forbidden, unauthorized } from '../errors';
import type { BatchRead } from '../db/batch';
import type { AppEnv, ReadAheadEnv, SignedInEnv } from '../hono-env';
import { resolveSession, resolveSessionWith } from './session';

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

/** The live session (401 without one), and the rows of `alongside` when it rode in the session's round trip. */
async function requireSession<E extends SignedInEnv, T>(c: Context<E>, alongside?: BatchRead<T>) {
  // Hono's Context is invariant in its env; the guards' envs only add variables to AppEnv's.
  const { session, alongside: rows } = await resolveSessionWith(c as unknown as Context<AppEnv>, alongside);
  if (!session) throw unauthorized();
  return { session, rows };
}

/**
 * 401 unless logged in. Placed before the input validator, so a logged-out caller learns nothing about
 * what a valid body looks like.
 */
export const signedIn = createMiddleware<SignedInEnv>(async (c, next) => {
  c.set('signedIn', (await requireSession(c)).session);
  await next();
});

/**
 * `signedIn`, with the D1 reads the handler will need sharing the session row's round trip. The handler gets their
 * rows as `c.var.readAhead` only when the session is live (a revoked one's are dropped unread), and none when the
 * request's session was resolved before, or `readOf` found nothing to read in the request.
 */
export const signedInReading = <T>(readOf: (c: Context<AppEnv>) => BatchRead<T> | undefined) =>
  createMiddleware<ReadAheadEnv<T>>(async (c, next) => {
    const { session, rows } = await requireSession(c, readOf(c as unknown as Context<AppEnv>));
    c.set('signedIn', session);
    c.set('readAhead', rows);
    await next();
  });

/** 401 unless logged in, 403 unless the user is one of ADMIN_IDS. */
export const adminOnly = createMiddleware<SignedInEnv>(async (c, next) => {
  const { session } = await requireSession(c);
  if (!isAdminId(c.env, session.user.id)) throw forbidden('Only administrators can do this.');
  c.set('signedIn', session);
  await next();
});
