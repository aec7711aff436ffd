/** The bot API's credential: a Bearer token compared with BOT_API_TOKEN in constant time. */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';

const encoder = new TextEncoder();

// workerd's extension of SubtleCrypto; the DOM lib in our tsconfig hides the workers type of it.
type WorkersSubtle = SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean };

/**
 * Compares in constant time. Hashing first gives both sides the same length, so neither the content nor
 * the length of the secret leaks through timing.
 */
async function tokenMatches(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  return (crypto.subtle as WorkersSubtle).timingSafeEqual(a, b);
}

/**
 * RFC 9110's credentials (section 11.4), Bearer's form (RFC 6750): the scheme in any case, one or more spaces (not a
 * tab), then the token and nothing after it. The token is taken as any run of characters but spaces, not only
 * token68's: a secret an operator chose with other characters still works, and it is compared whole either way.
 */
const BEARER_CREDENTIALS = /^Bearer +(\S+)$/i;

export const requireBotToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = c.env.BOT_API_TOKEN;
  const challenge = { 'WWW-Authenticate': 'Bearer realm="bot"' };
  // An unset secret must not turn into "an empty token is valid".
  if (!expected) throw new ApiError(503, 'BOT_API_DISABLED', 'The bot API token is not configured.');
  const match = BEARER_CREDENTIALS.exec(c.req.header('Authorization') ?? '');
  if (!match?.[1]) throw new ApiError(401, 'UNAUTHORIZED', 'A Bearer token is required.', challenge);
  if (!(await tokenMatches(match[1], expected))) throw new ApiError(401, 'UNAUTHORIZED', 'The Bearer token is not valid.', challenge);
  await next();
};
