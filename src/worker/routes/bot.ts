import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { SNOWFLAKE_PATTERN } from '../../shared/discord-ids';
import type { BotGuildResponse } from '../../shared/settings';
import { readGuildSettings } from '../db/settings';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';
import { licenceState } from '../services/licences';
import { validParam } from '../validation';

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

const requireBotToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = c.env.BOT_API_TOKEN;
  const challenge = { 'WWW-Authenticate': 'Bearer realm="bot"' };
  // An unset secret must not turn into "an empty token is valid".
  if (!expected) throw new ApiError(503, 'BOT_API_DISABLED', 'The bot API token is not configured.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  if (!match?.[1]) throw new ApiError(401, 'UNAUTHORIZED', 'A Bearer token is required.', challenge);
  if (!(await tokenMatches(match[1], expected))) throw new ApiError(401, 'UNAUTHORIZED', 'The Bearer token is not valid.', challenge);
  await next();
};

const guildParam = z.object({ id: z.string().regex(SNOWFLAKE_PATTERN, 'must be a Discord server id (17–20 digits).') });

/** API for the bot itself (not for people): guild settings and licence state, behind a Bearer token. */
export const botRoutes = new Hono<AppEnv>().use('*', requireBotToken).get('/guilds/:id', validParam(guildParam), async (c) => {
  const guildId = c.req.valid('param').id;
  const [settings, licence] = await Promise.all([readGuildSettings(c.env.DB, guildId), licenceState(c.env.DB, guildId)]);
  const body: BotGuildResponse = { guildId, settings, licence };
  return c.json(body, 200, { 'Cache-Control': 'no-store' });
});
