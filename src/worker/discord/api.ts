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
import { ApiError, badInput } from '../errors';
import { cached } from './cache';
import type { CacheOptions, ReadAhead } from './cache';
import { DISCORD_NOT_FOUND, DiscordRest } from './rest';
import type { DiscordAuth, DiscordRestEnv } from './rest';

export interface DiscordEnv extends DiscordRestEnv {
  CACHE: KVNamespace;
  DISCORD_CLIENT_ID: string;
}

export type PartialGuild = RESTAPIPartialCurrentUserGuild;

const USER_GUILDS_TTL_SECONDS = 30;
const BOT_GUILDS_TTL_SECONDS = 60;
const GUILD_DATA_TTL_SECONDS = 60;
/** How long a member's roles are trusted: a role taken away in Discord stops granting access within this. */
export const MEMBER_ROLES_TTL_SECONDS = 60;

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
  guildSnapshot: (guildId: string) => `discord:guild:${guildId}`,
  memberRoles: (guildId: string, userId: string) => `discord:member-roles:${guildId}:${userId}`,
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

/** Starts the KV reads of the user's and the bot's guild lists (see ReadAhead); an id that is no snowflake starts none. */
export function readGuildListsAhead(readAhead: ReadAhead, userId: string): void {
  if (!isSnowflake(userId)) return;
  readAhead.start(discordCacheKeys.userGuilds(userId));
  readAhead.start(discordCacheKeys.botGuilds());
}

/** Starts the KV read of a guild's snapshot (see ReadAhead). */
export function readGuildSnapshotAhead(readAhead: ReadAhead, guildId: string): void {
  if (isSnowflake(guildId)) readAhead.start(discordCacheKeys.guildSnapshot(guildId));
}

export async function getBotGuildIds(env: DiscordEnv, options: DiscordCallOptions = {}): Promise<Set<string>> {
  const guilds = await getBotGuilds(env, options);
  return new Set(guilds.map((guild) => guild.id));
}

/** What the settings page needs to know of a guild, fetched together and cached as one KV entry. */
export interface GuildSnapshot {
  roles: APIRole[];
  channels: RESTGetAPIGuildChannelsResult;
  /** The bot's own member (its roles decide which roles it can manage). */
  botMember: APIGuildMember;
}

/** One KV read for a page view instead of three; the three Discord calls run in parallel on a miss. */
export async function getGuildSnapshot(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<GuildSnapshot> {
  const guild = `/guilds/${snowflake(guildId)}`;
  const request = { auth: BOT, signal: options.signal };
  const load = async (): Promise<GuildSnapshot> => {
    const client = rest(env);
    const [roles, channels, botMember] = await Promise.all([
      client.request<RESTGetAPIGuildRolesResult>(`${guild}/roles`, request),
      client.request<RESTGetAPIGuildChannelsResult>(`${guild}/channels`, request),
      client.request<APIGuildMember>(`${guild}/members/${snowflake(env.DISCORD_CLIENT_ID)}`, request),
    ]);
    return { roles, channels, botMember };
  };
  return cached(env.CACHE, discordCacheKeys.guildSnapshot(guildId), GUILD_DATA_TTL_SECONDS, load, options);
}

/**
 * The role ids a user holds in a guild, seen by the bot, or null when they are not a member (Discord's 404).
 * Cached per guild and user, the absence too, so a page view costs one KV read.
 */
export async function getMemberRoles(env: DiscordEnv, guildId: string, userId: string, options: DiscordCallOptions = {}): Promise<string[] | null> {
  const path = `/guilds/${snowflake(guildId)}/members/${snowflake(userId)}`;
  const load = async (): Promise<string[] | null> => {
    try {
      return (await rest(env).request<APIGuildMember>(path, { auth: BOT, signal: options.signal })).roles;
    } catch (error) {
      if (error instanceof ApiError && error.code === DISCORD_NOT_FOUND) return null;
      throw error;
    }
  };
  return cached(env.CACHE, discordCacheKeys.memberRoles(guildId, userId), MEMBER_ROLES_TTL_SECONDS, load, options);
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
