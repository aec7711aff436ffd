import type { Context } from 'hono';
import { canManageGuild } from '../discord/permissions';
import { getBotGuildIds, getUserGuilds, type PartialGuild } from '../discord/api';
import { ApiError, forbidden, unauthorized } from '../errors';
import type { ActiveSession, AppEnv } from '../hono-env';

export const SNOWFLAKE = /^\d{17,20}$/;

export function requireUser(c: Context<AppEnv>): ActiveSession {
  const session = c.get('session');
  if (!session) throw unauthorized();
  return session;
}

export function isAdminId(env: Env, userId: string): boolean {
  return env.ADMIN_IDS.split(',').map((id) => id.trim()).filter(Boolean).includes(userId);
}

export function requireAdmin(c: Context<AppEnv>): ActiveSession {
  const session = requireUser(c);
  if (!isAdminId(c.env, session.user.id)) throw forbidden('Only administrators can do this.');
  return session;
}

/** Guilds the user may manage (owner, ADMINISTRATOR or MANAGE_GUILD), split by the bot's presence. */
export async function manageableGuilds(c: Context<AppEnv>, session: ActiveSession, fresh = false) {
  const [guilds, botGuildIds] = await Promise.all([
    getUserGuilds(c.env, session.accessToken, session.user.id, { fresh }),
    getBotGuildIds(c.env),
  ]);
  const managed = guilds.filter(canManageGuild);
  return {
    withBot: managed.filter((g) => botGuildIds.has(g.id)),
    withoutBot: managed.filter((g) => !botGuildIds.has(g.id)),
  };
}

/** The guild, if this user manages it and the bot is in it; 403 otherwise. Checked on every call. */
export async function requireGuildManager(c: Context<AppEnv>, guildId: string): Promise<{ session: ActiveSession; guild: PartialGuild }> {
  const session = requireUser(c);
  if (!SNOWFLAKE.test(guildId)) throw new ApiError(400, 'INVALID_SERVER_ID', 'serverID must be a Discord server id (17–20 digits).');
  const { withBot } = await manageableGuilds(c, session);
  const guild = withBot.find((g) => g.id === guildId);
  if (!guild) throw forbidden('You do not manage this server, or the bot is not in it.');
  return { session, guild };
}
