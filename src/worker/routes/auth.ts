import { Hono } from 'hono';
import { checkAuth } from '../auth/check-auth';
import type { AppEnv } from '../hono-env';

/** The bot's invite URL; `guild_id` preselects a server. */
export function inviteUrl(env: Env, guildId?: string): string {
  const url = new URL('/oauth2/authorize', env.DISCORD_BASE_URL);
  url.searchParams.set('client_id', env.DISCORD_CLIENT_ID);
  url.searchParams.set('scope', 'bot applications.commands');
  url.searchParams.set('permissions', env.BOT_PERMISSIONS);
  if (guildId && /^\d{17,20}$/.test(guildId)) {
    url.searchParams.set('guild_id', guildId);
    url.searchParams.set('disable_guild_select', 'true');
  }
  return url.toString();
}

export const authRoutes = new Hono<AppEnv>()
  .get('/check-auth', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await checkAuth(c));
  })
  .get('/invite', (c) => c.redirect(inviteUrl(c.env, c.req.query('guild_id')), 302));
