/**
 * The Discord calls the app makes, typed with discord-api-types and cached in KV where it pays. All are
 * async so that every failure, bad input included, arrives as a rejected promise.
 */
import type {
  APIGuildMember,
  APIRole,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTGetAPICurrentUserGuildsResult,
  RESTGetAPIGuildChannelsResult,
  RESTGetAPIGuildRolesResult,
} from 'discord-api-types/v10';
import { isSnowflake } from '../../shared/discord-ids';
import { badInput } from '../errors';
import { cached } from './cache';
import type { CacheOptions } from './cache';
import { DiscordRest } from './rest';
import type { DiscordAuth, DiscordRestEnv } from './rest';

export interface DiscordEnv extends DiscordRestEnv {
  CACHE: KVNamespace;
  DISCORD_CLIENT_ID: string;
}

export type PartialGuild = RESTAPIPartialCurrentUserGuild;

const USER_GUILDS_TTL_SECONDS = 30;
const BOT_GUILDS_TTL_SECONDS = 60;
const GUILD_DATA_TTL_SECONDS = 60;

/** Discord's maximum page size for /users/@me/guilds. */
export const GUILDS_PAGE_LIMIT = 200;

const BOT: DiscordAuth = { type: 'bot' };

/** `fresh` skips the KV cache; `signal` abandons the Discord call when nobody waits for it any more. */
export interface DiscordCallOptions extends CacheOptions {
  signal?: AbortSignal;
}

/** KV keys of the cached Discord answers. */
const discordCacheKeys = {
  userGuilds: (userId: string) => `discord:user-guilds:${userId}`,
  botGuilds: () => 'discord:bot-guilds',
  guildRoles: (guildId: string) => `discord:guild-roles:${guildId}`,
  guildChannels: (guildId: string) => `discord:guild-channels:${guildId}`,
  botMember: (guildId: string) => `discord:bot-member:${guildId}`,
};

/** Ids end up in URL paths, so anything but a snowflake is refused before it can reach Discord. */
function snowflake(id: string): string {
  if (!isSnowflake(id)) throw badInput('id', 'must be a Discord id (17–20 digits).');
  return id;
}

function rest(env: DiscordEnv): DiscordRest {
  const timeoutMs = Number(env.DISCORD_TIMEOUT_MS);
  return new DiscordRest(env, timeoutMs > 0 ? { timeoutMs } : {});
}

export async function getCurrentUser(env: DiscordEnv, token: string): Promise<APIUser> {
  return rest(env).request<APIUser>('/users/@me', { auth: { type: 'user', token } });
}

/** Any Discord user, seen by the bot (for names in the admin console). */
export async function getUser(env: DiscordEnv, userId: string): Promise<APIUser> {
  return rest(env).request<APIUser>(`/users/${snowflake(userId)}`, { auth: BOT });
}

export async function getUserGuilds(env: DiscordEnv, token: string, userId: string, options: DiscordCallOptions = {}): Promise<PartialGuild[]> {
  const load = () => fetchAllGuilds(rest(env), { type: 'user', token }, options.signal);
  return cached(env.CACHE, discordCacheKeys.userGuilds(snowflake(userId)), USER_GUILDS_TTL_SECONDS, load, options);
}

export async function getBotGuilds(env: DiscordEnv, options: DiscordCallOptions = {}): Promise<PartialGuild[]> {
  const load = () => fetchAllGuilds(rest(env), BOT, options.signal);
  return cached(env.CACHE, discordCacheKeys.botGuilds(), BOT_GUILDS_TTL_SECONDS, load, options);
}

export async function getBotGuildIds(env: DiscordEnv, options: DiscordCallOptions = {}): Promise<Set<string>> {
  const guilds = await getBotGuilds(env, options);
  return new Set(guilds.map((guild) => guild.id));
}

export async function getGuildRoles(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<APIRole[]> {
  const path = `/guilds/${snowflake(guildId)}/roles`;
  const load = () => rest(env).request<RESTGetAPIGuildRolesResult>(path, { auth: BOT, signal: options.signal });
  return cached(env.CACHE, discordCacheKeys.guildRoles(guildId), GUILD_DATA_TTL_SECONDS, load, options);
}

export async function getGuildChannels(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<RESTGetAPIGuildChannelsResult> {
  const path = `/guilds/${snowflake(guildId)}/channels`;
  const load = () => rest(env).request<RESTGetAPIGuildChannelsResult>(path, { auth: BOT, signal: options.signal });
  return cached(env.CACHE, discordCacheKeys.guildChannels(guildId), GUILD_DATA_TTL_SECONDS, load, options);
}

/** The bot's own member in the guild (its roles decide which roles it can manage). */
export async function getBotMember(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<APIGuildMember> {
  const path = `/guilds/${snowflake(guildId)}/members/${snowflake(env.DISCORD_CLIENT_ID)}`;
  const load = () => rest(env).request<APIGuildMember>(path, { auth: BOT, signal: options.signal });
  return cached(env.CACHE, discordCacheKeys.botMember(guildId), GUILD_DATA_TTL_SECONDS, load, options);
}

/** Every page of /users/@me/guilds: Discord answers at most 200 per call, ordered by id. */
async function fetchAllGuilds(client: DiscordRest, auth: DiscordAuth, signal: AbortSignal | undefined): Promise<PartialGuild[]> {
  const guilds: PartialGuild[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await client.request<RESTGetAPICurrentUserGuildsResult>('/users/@me/guilds', {
      auth,
      signal,
      query: { with_counts: true, limit: GUILDS_PAGE_LIMIT, after },
    });
    guilds.push(...page);
    const last = page.at(-1)?.id;
    // A page that does not move `after` forward would loop for ever.
    if (page.length < GUILDS_PAGE_LIMIT || last === undefined || last === after) return guilds;
    after = last;
  }
}
