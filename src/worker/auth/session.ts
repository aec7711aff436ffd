import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { SessionUser } from '../../shared/api-types';
import { toBase64Url } from '../../shared/base64url';
import { deleteSession, findSession, insertSession, updateSessionTokens } from '../db/sessions';
import type { ActiveSession, AppEnv } from '../hono-env';
import { refreshTokens, type DiscordTokens } from './oauth';

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Refresh the Discord token a little before it expires, so a call never starts with a dead one. */
const TOKEN_REFRESH_MARGIN_MS = 60 * 1000;
const ALGORITHM = 'HS256';

const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:';

/** `__Host-` binds the cookie to our exact origin, but browsers only accept it over https. */
export const sessionCookieNameFor = (url: URL) => (url.protocol === 'https:' ? '__Host-sm_session' : 'sm_session');
export const sessionCookieName = (c: Context) => sessionCookieNameFor(new URL(c.req.url));

const secretKey = (env: Env) => new TextEncoder().encode(env.SESSION_SECRET);

export async function signSessionToken(env: Env, sid: string, sub: string, expiresAt: number): Promise<string> {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(secretKey(env));
}

/** The claims of a valid token; anything unsigned, re-signed, expired or without `exp` is null. */
export async function verifySessionToken(env: Env, token: string): Promise<{ sid: string; sub: string } | null> {
  try {
    // Refuse other algorithms (alg "none" above all) before jose gets to see them.
    if (decodeProtectedHeader(token).alg !== ALGORITHM) return null;
    const { payload } = await jwtVerify(token, secretKey(env), { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub', 'sid'] });
    return typeof payload.sid === 'string' && payload.sub ? { sid: payload.sid, sub: payload.sub } : null;
  } catch {
    return null;
  }
}

const randomId = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

export async function startSession(c: Context<AppEnv>, user: SessionUser, tokens: DiscordTokens): Promise<void> {
  const id = randomId();
  const expiresAt = Date.now() + SESSION_TTL_MS;
  await insertSession(c.env.DB, { id, user, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenExpiresAt: tokens.expiresAt, expiresAt });
  setCookie(c, sessionCookieName(c), await signSessionToken(c.env, id, user.id, expiresAt), {
    httpOnly: true,
    secure: isHttps(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, sessionCookieName(c), { path: '/', secure: isHttps(c) });
}

/** Deletes the session row (the cookie stops working at once) and returns it for token revocation. */
export async function endSession(c: Context<AppEnv>, sessionId: string) {
  clearSessionCookie(c);
  c.set('session', undefined);
  return deleteSession(c.env.DB, sessionId);
}

/**
 * The request's live session, refreshing the Discord token when due. Resolved once per request and only
 * by the handlers that need it: public pages' anonymous visitors and song Range requests never pay for it.
 */
export async function resolveSession(c: Context<AppEnv>): Promise<ActiveSession | undefined> {
  if (c.get('sessionResolved')) return c.get('session');
  c.set('sessionResolved', true);
  const token = getCookie(c, sessionCookieName(c));
  if (!token) return undefined;
  const claims = await verifySessionToken(c.env, token);
  const row = claims ? await findSession(c.env.DB, claims.sid, claims.sub) : null;
  if (!row) {
    clearSessionCookie(c);
    return undefined;
  }
  let accessToken = row.accessToken;
  if (row.tokenExpiresAt - TOKEN_REFRESH_MARGIN_MS < Date.now()) {
    try {
      const fresh = await refreshTokens(c.env, new URL(c.req.url).origin, row.refreshToken);
      await updateSessionTokens(c.env.DB, row.id, fresh.accessToken, fresh.refreshToken, fresh.expiresAt);
      accessToken = fresh.accessToken;
    } catch (error) {
      // A revoked grant or a failing refresh: end the session rather than keep a dead token.
      console.warn('Discord token refresh failed; ending the session', error);
      await endSession(c, row.id);
      return undefined;
    }
  }
  const session = { id: row.id, user: row.user, accessToken };
  c.set('session', session);
  return session;
}
