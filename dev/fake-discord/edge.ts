/**
 * What happens to a call before any route sees it: the call log the tests read (`GET /__demo/calls`), and
 * the checks Discord's edge makes on API calls: the ban of an address that made too many invalid requests,
 * and the refusal of calls without a User-Agent.
 */
import type { MiddlewareHandler } from 'hono';
import { BAN_PAGE, banRemainingMs, countInvalid, isInvalid } from './invalid-requests.ts';
import type { CallAuth, CallRecord, FakeDiscordState } from './state.ts';

function presentedAuth(authorization: string | undefined): CallAuth {
  if (authorization === undefined) return 'none';
  if (/^bearer /i.test(authorization)) return 'user';
  if (/^bot /i.test(authorization)) return 'bot';
  if (/^basic /i.test(authorization)) return 'client';
  return 'none';
}

/** Logs every call but the test controls' own, with the status it was answered. */
export function logCalls(state: FakeDiscordState): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.startsWith('/__demo/')) return next();
    const record: CallRecord = {
      method: c.req.method,
      path: url.pathname,
      search: url.search,
      auth: presentedAuth(c.req.header('Authorization')),
      status: 0,
      userAgent: c.req.header('User-Agent') ?? null,
    };
    state.calls.push(record);
    await next();
    record.status = c.res.status;
  };
}

/**
 * Discord's edge answers API calls that carry no User-Agent with a 403 and its code 40333 ("Cloudflare is
 * blocking your request", fixed by a proper User-Agent) before they reach the API or its rate limits.
 */
export function requireUserAgent(): MiddlewareHandler {
  return async (c, next) => {
    const userAgent = c.req.header('User-Agent');
    if (userAgent === undefined || userAgent.trim() === '') return c.json({ message: 'internal network error', code: 40333 }, 403);
    return next();
  };
}

/** Refuses every API call while the address is banned; counts the invalid answers that lead to a ban. */
export function banOnInvalidRequests(state: FakeDiscordState): MiddlewareHandler {
  return async (c, next) => {
    const limiter = state.rateLimiter;
    const remainingMs = banRemainingMs(limiter.invalid, limiter.now());
    if (remainingMs > 0) return c.html(BAN_PAGE, 429, { 'Retry-After': String(Math.ceil(remainingMs / 1000)) });
    await next();
    if (limiter.config.enabled && isInvalid(c.res.status, c.res.headers.get('X-RateLimit-Scope'))) {
      countInvalid(limiter.invalid, limiter.config.invalidRequests, limiter.now());
    }
  };
}
