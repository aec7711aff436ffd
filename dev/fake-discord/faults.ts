/**
 * Injected failures: for the REST API (`/api/v10`, `POST /__demo/faults`) and, apart from it, for the OAuth2
 * token endpoint and its revocation (`POST /__demo/token-faults`), with the same modes and options.
 */
import type { MiddlewareHandler } from 'hono';
import { BAN_PAGE } from './invalid-requests.ts';
import { bucketOf, routeTemplate } from './ratelimit.ts';
import { noFault } from './state.ts';
import type { FakeDiscordState, FaultConfig, FaultMode } from './state.ts';
import { revokeAllUserGrants } from './tokens.ts';

const FAULT_MODES: readonly FaultMode[] = ['none', '429', '429-html', '500', 'slow', 'malformed', 'revoke'];

const REST_PREFIX = '/api/v10';

function isFaultMode(value: unknown): value is FaultMode {
  return typeof value === 'string' && (FAULT_MODES as readonly string[]).includes(value);
}

function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The fault described by a control request's JSON body, or a sentence saying what is wrong with it. */
export function parseFaultRequest(body: Record<string, unknown>): FaultConfig | string {
  const defaults = noFault();
  const { mode, times, retryAfter, delayMs, pathPrefix } = body;
  if (!isFaultMode(mode)) return `mode must be one of ${FAULT_MODES.join(', ')}`;
  if (times !== undefined && times !== null && !(Number.isInteger(times) && isNonNegativeNumber(times) && times > 0)) return 'times must be a positive integer';
  if (retryAfter !== undefined && !isNonNegativeNumber(retryAfter)) return 'retryAfter must be a number of seconds';
  if (delayMs !== undefined && !isNonNegativeNumber(delayMs)) return 'delayMs must be a number of milliseconds';
  if (pathPrefix !== undefined && pathPrefix !== null && typeof pathPrefix !== 'string') return 'pathPrefix must be a string';
  return {
    mode,
    remaining: typeof times === 'number' ? times : null,
    retryAfter: retryAfter ?? defaults.retryAfter,
    delayMs: delayMs ?? defaults.delayMs,
    pathPrefix: typeof pathPrefix === 'string' ? pathPrefix : null,
  };
}

export type FaultTarget = 'rest' | 'token';

function affects(fault: FaultConfig, path: string, target: FaultTarget): boolean {
  if (fault.mode === 'none') return false;
  if (fault.pathPrefix === null) return true;
  if (target === 'token' || fault.pathPrefix.startsWith(REST_PREFIX)) return path.startsWith(fault.pathPrefix);
  return path.slice(REST_PREFIX.length).startsWith(fault.pathPrefix);
}

const faultSlot = (target: FaultTarget) => (target === 'rest' ? 'fault' : 'tokenFault');

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Answers calls as the configured fault of `target` says, counting down `times`; otherwise passes them on. */
export function faultMiddleware(state: FakeDiscordState, target: FaultTarget = 'rest'): MiddlewareHandler {
  const slot = faultSlot(target);
  return async (c, next) => {
    const fault = state[slot];
    const path = new URL(c.req.url).pathname;
    if (!affects(fault, path, target)) return next();
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) state[slot] = noFault();
    }
    const retryAfter = String(fault.retryAfter);
    switch (fault.mode) {
      case 'slow':
        await sleep(fault.delayMs);
        return next();
      case 'revoke':
        revokeAllUserGrants(state);
        return next();
      case '429': {
        const route = routeTemplate(c.req.method, path.slice(target === 'rest' ? REST_PREFIX.length : '/api'.length));
        return c.json({ message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false }, 429, {
          'X-RateLimit-Bucket': bucketOf(state.rateLimiter.config, route).id,
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset-After': retryAfter,
          'X-RateLimit-Scope': 'user',
          // The token endpoint's header in whole seconds as Discord sends it, the precise figure in the body. (The REST
          // faults keep the figure as given: Worker tests use fractions of a second to stay fast.)
          'Retry-After': target === 'token' ? String(Math.max(1, Math.ceil(fault.retryAfter))) : retryAfter,
        });
      }
      case '429-html':
        return c.html(BAN_PAGE, 429, { 'Retry-After': retryAfter });
      case '500':
        return c.json({ message: '500: Internal Server Error', code: 0 }, 500);
      case 'malformed':
        return c.body('{not json', 200, { 'Content-Type': 'application/json' });
      case 'none':
        return next();
    }
  };
}
