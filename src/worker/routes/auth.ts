import { generateCodeVerifier, generateState } from 'arctic';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionUser } from '../../shared/api-types';
import { checkAuth } from '../auth/check-auth';
import { authorizationUrl, exchangeCode, revokeToken } from '../auth/oauth';
import { endSession, startSession } from '../auth/session';
import { consumeOAuthState, insertOAuthState } from '../db/sessions';
import { getCurrentUser } from '../discord/api';
import type { AppEnv } from '../hono-env';
import { messagePage } from '../html/message-page';
import { isSnowflake } from '../../shared/discord-ids';
import { withSession } from '../auth/guards';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../auth/return-path';

const STATE_COOKIE = 'sm_oauth_state';
/** The page to return to after Discord (checked again when it is used). */
const NEXT_COOKIE = 'sm_login_next';
const STATE_TTL_MS = 10 * 60 * 1000;

/** The bot's invite URL; `guild_id` preselects a server. */
export function inviteUrl(env: Env, guildId?: string): string {
  const url = new URL('/oauth2/authorize', env.DISCORD_BASE_URL);
  url.searchParams.set('client_id', env.DISCORD_CLIENT_ID);
  url.searchParams.set('scope', 'bot applications.commands');
  url.searchParams.set('permissions', env.BOT_PERMISSIONS);
  if (guildId && isSnowflake(guildId)) {
    url.searchParams.set('guild_id', guildId);
    url.searchParams.set('disable_guild_select', 'true');
  }
  return url.toString();
}

const origin = (c: Context) => new URL(c.req.url).origin;

function loginFailed(c: Context<AppEnv>, message: string) {
  c.header('Cache-Control', 'no-store');
  return c.html(messagePage('Login failed', message, { href: '/api/auth', label: 'Try again' }), 400);
}

export const authRoutes = new Hono<AppEnv>()
  .get('/auth', async (c) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    await insertOAuthState(c.env.DB, state, verifier, Date.now() + STATE_TTL_MS);
    const cookie = { httpOnly: true, secure: new URL(c.req.url).protocol === 'https:', sameSite: 'Lax', path: '/api', maxAge: STATE_TTL_MS / 1000 } as const;
    setCookie(c, STATE_COOKIE, state, cookie);
    const next = safeReturnPath(c.req.query('next'), origin(c));
    if (next) setCookie(c, NEXT_COOKIE, next, cookie);
    else deleteCookie(c, NEXT_COOKIE, { path: '/api' });
    c.header('Cache-Control', 'no-store');
    return c.redirect(authorizationUrl(c.env, origin(c), state, verifier).toString(), 302);
  })
  .get('/successful-auth', async (c) => {
    const { code, state, error } = c.req.query();
    const cookieState = getCookie(c, STATE_COOKIE);
    const next = safeReturnPath(getCookie(c, NEXT_COOKIE), origin(c)) ?? DEFAULT_RETURN_PATH;
    deleteCookie(c, STATE_COOKIE, { path: '/api' });
    deleteCookie(c, NEXT_COOKIE, { path: '/api' });
    if (error) return loginFailed(c, 'Discord did not authorise the login. You can try again whenever you like.');
    if (!code || !state || !cookieState || state !== cookieState) {
      return loginFailed(c, 'This login link is not valid for this browser. Please start the login again.');
    }
    const verifier = await consumeOAuthState(c.env.DB, state);
    if (!verifier) return loginFailed(c, 'This login link has expired or was already used. Please start the login again.');

    let tokens;
    try {
      tokens = await exchangeCode(c.env, origin(c), code, verifier);
    } catch (err) {
      console.warn('OAuth code exchange failed', err);
      return loginFailed(c, 'Discord did not accept the login code. Please try again.');
    }
    const me = await getCurrentUser(c.env, tokens.accessToken);
    const user: SessionUser = { id: me.id, username: me.username, global_name: me.global_name ?? null, avatar: me.avatar ?? null };
    await startSession(c, user, tokens);
    c.header('Cache-Control', 'no-store');
    return c.redirect(next, 302);
  })
  .post('/logout', withSession, async (c) => {
    const session = c.get('session');
    if (session) {
      const ended = await endSession(c, session.id);
      if (ended) {
        // Revocation is a courtesy to Discord; the session is already gone on our side.
        c.executionCtx.waitUntil(revokeToken(c.env, origin(c), ended.refreshToken).catch((e: unknown) => console.warn('revoke failed', e)));
      }
    }
    return c.body(null, 204);
  })
  .get('/check-auth', withSession, (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(checkAuth(c));
  })
  .get('/invite', (c) => c.redirect(inviteUrl(c.env, c.req.query('guild_id')), 302));
