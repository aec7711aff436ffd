import { generateCodeVerifier, generateState } from 'arctic';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { checkAuth } from '../auth/check-auth';
import { withSession } from '../auth/guards';
import { LOGIN_ATTEMPT_TTL_SECONDS, loginCookieName, openLoginAttempt, sealLoginAttempt } from '../auth/login-state';
import { authorizationUrl } from '../auth/oauth';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../auth/return-path';
import { clearStaleHint, endSession } from '../auth/session';
import { botInviteUrl } from '../discord/bot-invite';
import type { AppEnv } from '../hono-env';
import { messagePage } from '../html/message-page';
import { completeLogin, LoginRefused } from '../auth/login';
import { LoginBusy } from '../auth/login-exchange';
import { loginHref } from '../../shared/api-keys';
import { OAUTH_CALLBACK_PATH } from '../../shared/api-base';
import { inviteQuerySchema, loginQuerySchema } from '../../shared/session-schemas';
import { validQuery } from '../validation';

function loginFailed(c: Context<AppEnv>, message: string): Response {
  c.header('Cache-Control', 'no-store');
  return c.html(messagePage('Login failed', message, { href: loginHref(), label: 'Try again' }, c.var.requestId), 400);
}

/** Discord asked the login to wait (login-exchange.ts): a wait to tell, not a failure; 503 with its Retry-After. */
function loginBusy(c: Context<AppEnv>, busy: LoginBusy): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Retry-After', String(busy.retryAfterSeconds));
  c.set('logDetail', `Discord answered the login 429, asking for ${busy.retryAfterSeconds} s`);
  return c.html(messagePage('Discord is busy', busy.message, { href: loginHref(), label: 'Try again' }, c.var.requestId), 503);
}

const loginCookieOptions = (env: Env) => ({ path: '/', secure: env.APP_ORIGIN.startsWith('https:') });

export const authRoutes = new Hono<AppEnv>()
  .get('/auth', validQuery(loginQuerySchema), async (c) => {
    const state = generateState();
    const verifier = generateCodeVerifier();
    const next = safeReturnPath(c.req.valid('query').next, c.env.APP_ORIGIN);
    setCookie(c, loginCookieName(c.env), await sealLoginAttempt(c.env, { state, verifier, next }), {
      ...loginCookieOptions(c.env),
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: LOGIN_ATTEMPT_TTL_SECONDS,
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(authorizationUrl(c.env, state, verifier).toString(), 302);
  })
  .get(OAUTH_CALLBACK_PATH, async (c) => {
    const { code, state, error } = c.req.query();
    const attempt = await openLoginAttempt(c.env, getCookie(c, loginCookieName(c.env)));
    deleteCookie(c, loginCookieName(c.env), loginCookieOptions(c.env));
    if (error) return loginFailed(c, 'Discord did not authorise the login. You can try again whenever you like.');
    if (!code || !state || state !== attempt?.state) {
      return loginFailed(c, 'This login link is not valid for this browser, or it has expired. Please start the login again.');
    }
    try {
      await completeLogin(c, code, attempt.verifier);
    } catch (err) {
      if (err instanceof LoginBusy) return loginBusy(c, err);
      if (err instanceof LoginRefused) return loginFailed(c, err.message);
      throw err;
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(safeReturnPath(attempt.next ?? undefined, c.env.APP_ORIGIN) ?? DEFAULT_RETURN_PATH, 302);
  })
  .post('/logout', withSession, async (c) => {
    const session = c.get('session');
    if (session) await endSession(c, session.id);
    return c.body(null, 204);
  })
  .get('/check-auth', withSession, (c) => {
    c.header('Cache-Control', 'private, no-store');
    clearStaleHint(c);
    return c.json(checkAuth(c));
  })
  .get('/invite', validQuery(inviteQuerySchema), (c) => c.redirect(botInviteUrl(c.env, c.req.valid('query').guild_id), 302));
