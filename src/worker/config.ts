/**
 * The Worker refuses to run half-configured: without its secrets it would sign sessions with a guessable key or
 * store tokens it cannot protect. Every request checks them (a few length comparisons); a gap answers 503 naming
 * the setting, never its value, and nothing is read or written.
 */
import { isBotApiPath } from '../shared/bot-api';
import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors';
import type { AppEnv } from './hono-env';
import { messagePage } from './html/message-page';

/** The shortest secret accepted, in bytes of UTF-8 (`openssl rand -base64 32` prints 44). */
export const MIN_SECRET_BYTES = 32;

const APP_SECRETS = ['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY', 'DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN'] as const;
const BOT_API_SECRETS = ['BOT_API_TOKEN'] as const;
/** Optional, but when set it must be as strong as the others. */
const OPTIONAL_SECRETS = ['TOKEN_ENCRYPTION_KEY_PREVIOUS'] as const;

const encoder = new TextEncoder();

function setting(env: Env, name: string): unknown {
  return (env as unknown as Record<string, unknown>)[name];
}

const isStrongSecret = (value: unknown) => typeof value === 'string' && encoder.encode(value).length >= MIN_SECRET_BYTES;

/** An `http(s)://host[:port]` origin with nothing after it. */
export function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The names of the settings that are missing or too weak for this path (empty when all is well). */
/**
 * What is missing does not change while an isolate keeps its env, so it is worked out once per env object and
 * kind of path (every request asked it; each secret's strength is its UTF-8 length).
 */
const checked = new WeakMap<Env, Map<boolean, readonly string[]>>();

export function missingSettings(env: Env, path: string): readonly string[] {
  const botApi = isBotApiPath(path);
  let known = checked.get(env);
  if (!known) checked.set(env, (known = new Map<boolean, readonly string[]>()));
  let missing = known.get(botApi);
  if (!missing) known.set(botApi, (missing = findMissingSettings(env, botApi)));
  return missing;
}

function findMissingSettings(env: Env, botApi: boolean): string[] {
  const secrets = botApi ? [...APP_SECRETS, ...BOT_API_SECRETS] : APP_SECRETS;
  const missing: string[] = secrets.filter((name) => !isStrongSecret(setting(env, name)));
  for (const name of OPTIONAL_SECRETS) {
    const value = setting(env, name);
    if (value !== undefined && value !== '' && !isStrongSecret(value)) missing.push(name);
  }
  if (!isOrigin(setting(env, 'APP_ORIGIN'))) missing.push('APP_ORIGIN');
  return missing;
}

export function notConfiguredMessage(missing: readonly string[]): string {
  const secrets = missing.filter((name) => name !== 'APP_ORIGIN');
  const parts = [];
  if (secrets.length > 0) parts.push(`${secrets.join(', ')} must be set to a secret of at least ${MIN_SECRET_BYTES} bytes`);
  if (missing.includes('APP_ORIGIN')) parts.push('APP_ORIGIN must be the public origin of the site (such as https://example.com)');
  return `ServerManager is not configured: ${parts.join('; ')}.`;
}

export const requireConfiguration = createMiddleware<AppEnv>(async (c, next) => {
  const missing = missingSettings(c.env, c.req.path);
  if (missing.length === 0) return next();
  const message = notConfiguredMessage(missing);
  console.error(`configuration: ${missing.join(', ')} missing or too short; answering 503`);
  c.header('Cache-Control', 'no-store');
  if (c.req.path.startsWith('/api/')) return c.json(new ApiError(503, 'NOT_CONFIGURED', message).body, 503);
  return c.html(messagePage('Not configured', message, { href: '/', label: 'Try again' }), 503);
});
