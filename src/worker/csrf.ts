import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors';
import type { AppEnv } from './hono-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API calls must come from our own pages: the Origin (or, failing that, Sec-Fetch-Site)
 * must say same-origin, and bodies must be JSON, which a cross-site form cannot send without CORS.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('Origin');
  const fetchSite = c.req.header('Sec-Fetch-Site');
  // Our origin is configuration (APP_ORIGIN), never read from the request's own Host header.
  const sameOrigin = origin ? origin === c.env.APP_ORIGIN : fetchSite === 'same-origin';
  if (!sameOrigin) throw new ApiError(403, 'CSRF', 'Cross-site requests are not allowed.');
  const type = c.req.header('Content-Type') ?? '';
  const hasBody = c.req.header('Content-Length') !== '0' && (c.req.header('Content-Length') !== undefined || c.req.header('Transfer-Encoding') !== undefined);
  if (hasBody && !/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
  }
  return next();
};
