import { Hono } from 'hono';
import type { ServerSummary } from '../../shared/api-types';
import { manageableGuilds, requireUser } from '../auth/guards';
import type { PartialGuild } from '../discord/api';
import { ApiError } from '../errors';
import type { AppEnv } from '../hono-env';

/** A manual refresh of the guild list may skip the cache once per this many seconds. */
export const REFRESH_COOLDOWN_SECONDS = 10;

const toSummary = (g: PartialGuild): ServerSummary => ({ id: g.id, name: g.name, icon: g.icon, users: g.approximate_member_count ?? 0 });

/** `?refresh=1` bypasses the short cache, at most once per cooldown per user. */
async function wantsFresh(kv: KVNamespace, userId: string, refresh: string | undefined): Promise<boolean> {
  if (refresh !== '1') return false;
  const key = `refresh-cooldown:${userId}`;
  const last = Number(await kv.get(key));
  const waitMs = last + REFRESH_COOLDOWN_SECONDS * 1000 - Date.now();
  if (waitMs > 0) {
    throw new ApiError(429, 'REFRESH_COOLDOWN', 'You just refreshed the list. Please wait a few seconds.', { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
  }
  await kv.put(key, String(Date.now()), { expirationTtl: 60 });
  return true;
}

export async function loadServerLists(c: Parameters<typeof manageableGuilds>[0], refresh?: string) {
  const session = requireUser(c);
  const fresh = await wantsFresh(c.env.CACHE, session.user.id, refresh);
  const { withBot, withoutBot } = await manageableGuilds(c, session, fresh);
  return { allowed: withBot.map(toSummary), invitable: withoutBot.map(toSummary) };
}

export const serversRoutes = new Hono<AppEnv>()
  .get('/allowed-servers', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json((await loadServerLists(c, c.req.query('refresh'))).allowed);
  })
  .get('/invitable-servers', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json((await loadServerLists(c)).invitable);
  });
