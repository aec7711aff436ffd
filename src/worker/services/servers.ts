/** The servers a user may manage, as the server list and every per-server call see them. */
import type { ServerSummary } from '../../shared/api-types';
import { isSnowflake } from '../../shared/discord-ids';
import { withUserToken } from '../auth/user-token';
import { getBotGuildIds, getUserGuilds, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import { canManageGuild } from '../discord/permissions';
import { ApiError, badInput, forbidden } from '../errors';
import type { ActiveSession } from '../hono-env';

/** A manual refresh of the guild list may skip the cache once per this many seconds (REFRESH_LIMITER's period). */
export const REFRESH_COOLDOWN_SECONDS = 10;

export interface ManageableGuilds {
  withBot: PartialGuild[];
  withoutBot: PartialGuild[];
}

/** Guilds the user may manage (owner, ADMINISTRATOR or MANAGE_GUILD), split by the bot's presence. */
export async function manageableGuilds(env: Env, session: ActiveSession, options: DiscordCallOptions = {}): Promise<ManageableGuilds> {
  const [guilds, botGuildIds] = await Promise.all([
    withUserToken(session, (token) => getUserGuilds(env, token, session.user.id, options)),
    getBotGuildIds(env, { signal: options.signal }),
  ]);
  const managed = guilds.filter(canManageGuild);
  return {
    withBot: managed.filter((g) => botGuildIds.has(g.id)),
    withoutBot: managed.filter((g) => !botGuildIds.has(g.id)),
  };
}

/** Discord options, and the user's guild list when the caller already asked for it (one KV read, not two). */
export interface GuildLookup extends DiscordCallOptions {
  guilds?: Promise<ManageableGuilds>;
}

/** The guild, if this user manages it and the bot is in it; 400/403 otherwise. Checked on every call. */
export async function requireManagedGuild(env: Env, session: ActiveSession, guildId: string, lookup: GuildLookup = {}): Promise<PartialGuild> {
  if (!isSnowflake(guildId)) throw badInput('serverID', 'must be a Discord server id (17–20 digits).');
  const { withBot } = await (lookup.guilds ?? manageableGuilds(env, session, lookup));
  const guild = withBot.find((g) => g.id === guildId);
  if (!guild) throw forbidden('You do not manage this server, or the bot is not in it.');
  return guild;
}

const toSummary = (g: PartialGuild): ServerSummary => ({ id: g.id, name: g.name, icon: g.icon, users: g.approximate_member_count ?? 0 });

export interface ServerLists {
  allowed: ServerSummary[];
  invitable: ServerSummary[];
}

export const toServerLists = ({ withBot, withoutBot }: ManageableGuilds): ServerLists => ({
  allowed: withBot.map(toSummary),
  invitable: withoutBot.map(toSummary),
});

export async function serverLists(env: Env, session: ActiveSession, options: DiscordCallOptions = {}): Promise<ServerLists> {
  return toServerLists(await manageableGuilds(env, session, options));
}

/**
 * A user's refresh skips the guild cache at most once per cooldown. The Rate Limiting binding decides:
 * a KV timestamp would be eventually consistent and allows one write per key per second.
 */
export async function allowFreshGuildList(env: Env, userId: string): Promise<void> {
  const { success } = await env.REFRESH_LIMITER.limit({ key: userId });
  if (!success) {
    throw new ApiError(429, 'REFRESH_COOLDOWN', 'You just refreshed the list. Please wait a few seconds.', {
      'Retry-After': String(REFRESH_COOLDOWN_SECONDS),
    });
  }
}
