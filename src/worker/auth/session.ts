import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { SessionUser } from '../../shared/account';
import { toBase64Url } from '../../shared/base64url';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/sessions';
import { IsolateMemo } from '../isolate-memo';
import { allReads, NOTHING, runRead, type BatchRead } from '../db/batch';
import { deleteSession, findSessionById, liveSessionRead, insertSession, touchSession, type SessionRow } from '../db/sessions';
import type { DiscordTokens } from '../discord/oauth-token';
import { DiscordUnauthorizedError, discordUnavailable } from '../discord/rest';
import type { ActiveSession, AppEnv, SessionClaims, SessionCookie } from '../hono-env';
import { deviceLabel } from './device-label';
import { closeSessionSockets } from '../live/session-sockets';
import { afterSessionsEnded } from './session-end';
import { LAST_SEEN_INTERVAL_MS, MAX_LIVE_SESSIONS_PER_USER, sessionLimits } from './session-limits';
import { keyringOf, openAccessToken, sealTokens, type TokenKeyring } from './session-tokens';
import { refreshSessionTokens, TOKEN_REFRESH_MARGIN_MS } from './token-refresh';

const ALGORITHM = 'HS256';

const isHttps = (env: Env) => env.APP_ORIGIN.startsWith('https:');

/** `__Host-` binds the cookie to our exact origin, but browsers only accept it over https. */
export const SESSION_COOKIE_NAMES = { https: '__Host-sm_session', http: 'sm_session' } as const;
export const sessionCookieName = (env: Env) => (isHttps(env) ? SESSION_COOKIE_NAMES.https : SESSION_COOKIE_NAMES.http);

/**
 * The HMAC key of the session JWT, imported once per secret and isolate: jose given the raw bytes imports them
 * again on every verification, a cost every logged-in request paid. Same bytes, same signatures.
 */
const sessionKeys = new Map<string, Promise<CryptoKey>>();
function secretKey(env: Env): Promise<CryptoKey> {
  let key = sessionKeys.get(env.SESSION_SECRET);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(env.SESSION_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    sessionKeys.set(env.SESSION_SECRET, key);
  }
  return key;
}

export async function signSessionToken(env: Env, sid: string, sub: string, expiresAt: number): Promise<string> {
  return new SignJWT({ sid })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await secretKey(env));
}

interface VerifiedToken {
  claims: SessionClaims;
  /** `exp`, in seconds. */
  expiresAt: number;
  /** The secret whose key checked the signature: after a rotation the token is checked again, and fails. */
  secret: string;
}

/** Tokens whose signature this isolate checked: a session sends the same cookie with every request. */
const verifiedTokens = new IsolateMemo<VerifiedToken>(1000);

/** jose's rule (no clock tolerance): a token is expired from the second its `exp` names. */
const unexpired = (expiresAt: number) => expiresAt > Math.floor(Date.now() / 1000);

/** The claims of a valid token; anything unsigned, re-signed, expired or without `exp` is null. */
export async function verifySessionToken(env: Env, token: string): Promise<SessionClaims | null> {
  const known = verifiedTokens.get(token);
  if (known?.secret === env.SESSION_SECRET) return unexpired(known.expiresAt) ? known.claims : null;
  try {
    // Refuse other algorithms (alg "none" above all) before jose gets to see them.
    if (decodeProtectedHeader(token).alg !== ALGORITHM) return null;
    const { payload } = await jwtVerify(token, await secretKey(env), { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub', 'sid'] });
    if (typeof payload.sid !== 'string' || !payload.sub || payload.exp === undefined) return null;
    const claims = { sid: payload.sid, sub: payload.sub };
    verifiedTokens.set(token, { claims, expiresAt: payload.exp, secret: env.SESSION_SECRET });
    return claims;
  } catch {
    return null;
  }
}

const randomId = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/**
 * The browser's session cookie, read once per request (each read parses the whole Cookie header), and its claims
 * (signature checked, row not looked up); the claims are null without a valid one.
 */
function sessionCookie(c: Context<AppEnv>): SessionCookie {
  const known = c.get('sessionCookie');
  if (known) return known;
  const token = getCookie(c, sessionCookieName(c.env));
  const cookie = { sent: token !== undefined, claims: token ? verifySessionToken(c.env, token) : Promise.resolve(null) };
  c.set('sessionCookie', cookie);
  return cookie;
}

/** The claims of the browser's session cookie (signature checked once per request, row not looked up); null without a valid one. */
export const cookieClaims = (c: Context<AppEnv>): Promise<SessionClaims | null> => sessionCookie(c).claims;

/**
 * Starts a session and ends, once it exists (so a same-user login keeps its Discord grant), the session this
 * browser had (`replaces`) and the user's oldest beyond MAX_LIVE_SESSIONS_PER_USER.
 */
export async function startSession(c: Context<AppEnv>, user: SessionUser, tokens: DiscordTokens, replaces?: string): Promise<void> {
  const id = randomId();
  const limits = sessionLimits(c.env);
  const { now, lifetimeMs } = limits;
  const expiresAt = now + lifetimeMs;
  // Signed before anything is stored: a signing failure leaves no orphan row.
  const cookie = await signSessionToken(c.env, id, user.id, expiresAt);
  const sealed = await sealTokens(await keyringOf(c.env), id, tokens);
  const device = deviceLabel(c.req.header('User-Agent'));
  const row = { id, user, ...sealed, createdAt: now, lastSeenAt: now, expiresAt, device, refreshLockUntil: 0 };
  const ended = await insertSession(c.env.DB, row, { limits, maxLive: MAX_LIVE_SESSIONS_PER_USER, replaces });
  if (ended.length > 0) afterSessionsEnded(c.env, deferOf(c), ended);
  const maxAge = Math.floor(lifetimeMs / 1000);
  setCookie(c, sessionCookieName(c.env), cookie, { httpOnly: true, secure: isHttps(c.env), sameSite: 'Lax', path: '/', maxAge });
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', { secure: isHttps(c.env), sameSite: 'Lax', path: '/', maxAge });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  deleteCookie(c, sessionCookieName(c.env), { path: '/', secure: isHttps(c.env) });
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: isHttps(c.env) });
}

/** A hint left without a session (its cookie gone or expired first): cleared when the page asks who is there. */
export function clearStaleHint(c: Context<AppEnv>): void {
  if (!c.get('session') && getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined) deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: isHttps(c.env) });
}

export const deferOf =
  <E extends AppEnv>(c: Context<E>) =>
  (work: Promise<unknown>) =>
    c.executionCtx.waitUntil(work);

/** Ends a session: the row goes (the cookie stops working at once) and, if it was the user's last, the grant. */
export async function endSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  clearSessionCookie(c);
  c.set('session', undefined);
  const ended = await deleteSession(c.env.DB, sessionId);
  if (ended) afterSessionsEnded(c.env, deferOf(c), [ended]);
}

/**
 * A session found over while serving a request (Discord refused its grant, or no configured key opens its
 * tokens): the row is gone, the cookie goes, and its live sockets close. Its grant is not revoked: Discord
 * refused it already, or it cannot be opened.
 */
function endedUnseen(c: Context<AppEnv>, sessionId: string): void {
  clearSessionCookie(c);
  c.set('session', undefined);
  deferOf(c)(closeSessionSockets(c.env, [sessionId]));
}

/** The access token to use now: the stored one while it is good, else one refresh shared by concurrent requests. */
async function usableAccessToken(env: Env, keyring: TokenKeyring, row: SessionRow): Promise<string | null> {
  const stored = await openAccessToken(keyring, row);
  if (stored === null) return null;
  const now = Date.now();
  if (row.tokenExpiresAt - TOKEN_REFRESH_MARGIN_MS > now) return stored;
  // Inside the margin the stored token still works: only a request holding an expired one waits for another's refresh.
  const outcome = await refreshSessionTokens(env, keyring, row, { waitForOthers: row.tokenExpiresAt <= now });
  if (outcome.kind === 'ended') return null;
  // A transient failure keeps the old token; the next request (or a 401) tries again.
  return outcome.kind === 'refreshed' ? outcome.accessToken : stored;
}

/** After Discord refused the access token (401): one refresh, or a reread if another request refreshed first. */
async function renewAfterUnauthorized(c: Context<AppEnv>, keyring: TokenKeyring, sessionId: string, refused: string): Promise<string> {
  const row = await findSessionById(c.env.DB, sessionId);
  const stored = row ? await openAccessToken(keyring, row) : null;
  if (row && stored !== null && stored !== refused) return stored;
  const outcome = row && stored !== null ? await refreshSessionTokens(c.env, keyring, row) : { kind: 'ended' as const };
  if (outcome.kind === 'refreshed') return outcome.accessToken;
  if (outcome.kind === 'failed') throw discordUnavailable();
  endedUnseen(c, sessionId);
  throw new DiscordUnauthorizedError();
}

function activeSession(c: Context<AppEnv>, keyring: TokenKeyring, row: SessionRow, accessToken: string): ActiveSession {
  return {
    id: row.id,
    user: row.user,
    accessToken,
    renewAccessToken: () => renewAfterUnauthorized(c, keyring, row.id, accessToken),
  };
}

/**
 * The request's live session, refreshing the Discord token when due. Resolved once per request and only
 * by the handlers that need it: public pages' anonymous visitors and song Range requests never pay for it.
 */
export async function resolveSession(c: Context<AppEnv>): Promise<ActiveSession | undefined> {
  return (await resolveSessionWith(c, undefined)).session;
}

/**
 * The same, with reads for the user the cookie names sharing the session row's D1 round trip: their result is
 * given only when that session is live (a revoked one's reads are dropped unread).
 */
export async function resolveSessionWith<T>(
  c: Context<AppEnv>,
  alongside: BatchRead<T> | undefined,
): Promise<{ session: ActiveSession | undefined; alongside: T | undefined }> {
  if (c.get('sessionResolved')) return { session: c.get('session'), alongside: undefined };
  c.set('sessionResolved', true);
  if (!sessionCookie(c).sent) return { session: undefined, alongside: undefined };
  const claims = await cookieClaims(c);
  const limits = sessionLimits(c.env);
  const sessionRead = claims ? liveSessionRead(c.env.DB, claims.sid, claims.sub, limits) : undefined;
  const [row, along] = sessionRead ? await runRead(c.env.DB, allReads([sessionRead, alongside ?? NOTHING])) : [null, undefined];
  const keyring = row ? await keyringOf(c.env) : null;
  const accessToken = row && keyring ? await usableAccessToken(c.env, keyring, row) : null;
  if (!row || !keyring || accessToken === null) {
    // Tokens that no configured key opens (or a refused grant): the row is useless, so it goes too.
    if (row) {
      await deleteSession(c.env.DB, row.id);
      endedUnseen(c, row.id);
    } else clearSessionCookie(c);
    return { session: undefined, alongside: undefined };
  }
  if (limits.now - row.lastSeenAt >= LAST_SEEN_INTERVAL_MS) await touchSession(c.env.DB, row.id, limits.now, LAST_SEEN_INTERVAL_MS);
  const session = activeSession(c, keyring, row, accessToken);
  c.set('session', session);
  return { session, alongside: along };
}
