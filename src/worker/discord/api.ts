/**
 * The Discord calls the app makes, typed with discord-api-types and cached in KV where it pays. All are
 * async so that every failure, bad input included, arrives as a rejected promise. A cached read answers
 * `Aged` data: its `asOf` says when a last known copy standing in for Discord was stored (see cache.ts).
 */
import type {
  APIGuildMember,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTGetCurrentUserGuildMemberResult,
  RESTGetAPICurrentUserGuildsResult,
  RESTGetAPIGuildChannelsResult,
  RESTGetAPIGuildEmojisResult,
  RESTGetAPIGuildResult,
  RESTGetAPIGuildRolesResult,
} from 'discord-api-types/v10';
import { isSnowflake } from '../../shared/discord-ids';
import { ApiError, badInput } from '../errors';
import { cached } from './cache';
import { toGuildSnapshot, type GuildSnapshot } from './guild-snapshot';
import type { CacheOptions, ReadAhead } from './cache';
import type { Aged } from './data-age';
import { DISCORD_MISSING_ACCESS, DISCORD_NOT_FOUND, DiscordNotFoundError, DiscordRest } from './rest';
import type { DiscordAuth } from './caller';
import type { DiscordRestEnv } from './rest';

export interface DiscordEnv extends DiscordRestEnv {
  CACHE: KVNamespace;
  DISCORD_CLIENT_ID: string;
}

/**
 * What is kept of a guild of the user's list: the fields the dashboard reads. Discord's entries carry more (the
 * feature list, banner, presence count), which a user in 200 guilds would have every page read from KV and parse.
 */
export type PartialGuild = Pick<RESTAPIPartialCurrentUserGuild, 'id' | 'name' | 'icon' | 'owner' | 'permissions' | 'approximate_member_count'>;

const toPartialGuild = (guild: RESTAPIPartialCurrentUserGuild): PartialGuild => {
  const { id, name, icon, owner, permissions, approximate_member_count: members } = guild;
  return members === undefined ? { id, name, icon, owner, permissions } : { id, name, icon, owner, permissions, approximate_member_count: members };
};

const USER_GUILDS_TTL_SECONDS = 30;
const GUILD_DATA_TTL_SECONDS = 60;
/** How long Discord's word on whether the bot is in a guild stands in for the bot's own report. */
const BOT_PRESENCE_TTL_SECONDS = 60;
/** How long a member's roles are trusted: a role taken away in Discord stops granting access within this. */
export const MEMBER_ROLES_TTL_SECONDS = 60;

/** Discord's maximum page size for /users/@me/guilds, and the most guilds a user can be in. */
export const GUILDS_PAGE_LIMIT = 200;

export const BOT: DiscordAuth = { type: 'bot' };

/**
 * `fresh` skips the KV cache; `signal` stops the caller waiting (the call still ends and is stored);
 * `authorises` refuses a last known copy (see cache.ts) because the answer decides a change.
 */
export type DiscordCallOptions = CacheOptions;

/** KV keys of the cached Discord answers. */
export const discordCacheKeys = {
  userGuilds: (userId: string) => `discord:user-guilds:${userId}`,
  botPresence: (guildId: string) => `discord:bot-presence:${guildId}`,
  // v2: the trimmed snapshot (guild-snapshot.ts); a v1 entry held Discord's objects as they came.
  guildSnapshot: (guildId: string) => `discord:guild:v2:${guildId}`,
  memberRoles: (guildId: string, userId: string) => `discord:member-roles:${guildId}:${userId}`,
  missingReference: (guildId: string, id: string) => `discord:missing:${guildId}:${id}`,
  refusedLooks: (userId: string) => `discord:refused-looks:${userId}`,
  memberSearch: (guildId: string, queryDigest: string) => `discord:member-search:${guildId}:${queryDigest}`,
  member: (guildId: string, userId: string) => `discord:member:${guildId}:${userId}`,
};

/** How long an id Discord has just said is not in a guild stays known as missing. */
const MISSING_REFERENCE_TTL_SECONDS = 60;
/** KV reads at most this many keys in one call. */
const KV_BULK_GET_MAX = 100;

/** Which of these role or channel ids Discord said a moment ago are not in the guild (see rememberMissing), in one KV call per 100. */
export async function knownMissing(env: DiscordEnv, guildId: string, ids: readonly string[]): Promise<Set<string>> {
  const candidates = isSnowflake(guildId) ? [...new Set(ids.filter(isSnowflake))] : [];
  const missing = new Set<string>();
  for (let start = 0; start < candidates.length; start += KV_BULK_GET_MAX) {
    const batch = candidates.slice(start, start + KV_BULK_GET_MAX);
    const found = await env.CACHE.get(
      batch.map((id) => discordCacheKeys.missingReference(guildId, id)),
      'text',
    );
    for (const id of batch) if (found.get(discordCacheKeys.missingReference(guildId, id)) != null) missing.add(id);
  }
  return missing;
}

/** Remembers that a freshly loaded view of the guild lacks this id, so asking again about it costs no Discord call. */
export async function rememberMissing(env: DiscordEnv, guildId: string, id: string): Promise<void> {
  if (!isSnowflake(guildId) || !isSnowflake(id)) return;
  await env.CACHE.put(discordCacheKeys.missingReference(guildId, id), '1', { expirationTtl: MISSING_REFERENCE_TTL_SECONDS });
}

/** Ids end up in URL paths, so anything but a snowflake is refused before it can reach Discord. */
export function snowflake(id: string): string {
  if (!isSnowflake(id)) throw badInput('id', 'must be a Discord id (17–20 digits).');
  return id;
}

export function rest(env: DiscordEnv): DiscordRest {
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

/**
 * The user's guilds, in one call: a user is in at most 200 guilds (100 without Nitro), Discord's page size, so a
 * second page (and its wait under the route's rate limit) could only come back empty.
 */
export async function getUserGuilds(env: DiscordEnv, token: string, userId: string, options: DiscordCallOptions = {}): Promise<Aged<PartialGuild[]>> {
  const auth: DiscordAuth = { type: 'user', token };
  const load = async () =>
    (
      await rest(env).request<RESTGetAPICurrentUserGuildsResult>('/users/@me/guilds', {
        auth,
        query: { with_counts: true, limit: GUILDS_PAGE_LIMIT },
      })
    ).map(toPartialGuild);
  return cached(env.CACHE, { key: discordCacheKeys.userGuilds(snowflake(userId)), ttlSeconds: USER_GUILDS_TTL_SECONDS, caller: auth }, load, options);
}

/** Starts the KV read of the user's guild list (see ReadAhead); an id that is no snowflake starts none. */
export function readGuildListsAhead(readAhead: ReadAhead, userId: string): void {
  if (isSnowflake(userId)) readAhead.start(discordCacheKeys.userGuilds(userId));
}

/** The user's guild list from a KV read started ahead, if it is fresh enough to need no Discord call. */
export const freshUserGuildsAhead = (readAhead: ReadAhead, userId: string): Promise<PartialGuild[] | null> =>
  isSnowflake(userId) ? readAhead.fresh<PartialGuild[]>(discordCacheKeys.userGuilds(userId), USER_GUILDS_TTL_SECONDS) : Promise.resolve(null);

/** Starts the KV read of a guild's snapshot (see ReadAhead). */
export function readGuildSnapshotAhead(readAhead: ReadAhead, guildId: string): void {
  if (isSnowflake(guildId)) readAhead.start(discordCacheKeys.guildSnapshot(guildId));
}

/** How long a user whose looks Discord kept refusing makes no more (see markLooksRefused). */
const REFUSED_LOOKS_TTL_SECONDS = 60;

/** Whether the bot's looks on this user's behalf were refused so often lately that it makes no more for now. */
export async function looksRefused(env: DiscordEnv, userId: string): Promise<boolean> {
  return isSnowflake(userId) && (await env.CACHE.get(discordCacheKeys.refusedLooks(userId))) !== null;
}

/** The bot makes no look on this user's behalf for a minute (a copy of what it saw before still answers). */
export async function markLooksRefused(env: DiscordEnv, userId: string): Promise<void> {
  if (!isSnowflake(userId)) return;
  await env.CACHE.put(discordCacheKeys.refusedLooks(userId), '1', { expirationTtl: REFUSED_LOOKS_TTL_SECONDS });
}

/** Discord's code for Unknown Guild in a 404's body. */
const UNKNOWN_GUILD_CODE = 10004;

/**
 * Discord's word, on a call about a guild as the bot, that the bot is not in it: 403 50001 Missing Access (its
 * roles, channels, members, emoji), or 404 10004 Unknown Guild (the guild itself since January 2023, and a guild
 * that no longer exists). Definite, unlike a failure: asking again would get the same answer.
 */
export const isBotNotInGuild = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === DISCORD_MISSING_ACCESS || (error instanceof DiscordNotFoundError && error.discordCode === UNKNOWN_GUILD_CODE));

/** Whether the bot is in a guild: Discord's 403 Missing Access or 404 Unknown Guild says it is not. */
export interface BotPresenceAnswer {
  present: boolean;
}

/**
 * Asks Discord whether the bot is in one guild, for a guild the bot has not reported (see services/bot-presence.ts).
 * Cached per guild, the absence too; one call per guild whatever the bot's size.
 */
export async function getBotPresence(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<Aged<BotPresenceAnswer>> {
  const path = `/guilds/${snowflake(guildId)}`;
  const load = async (): Promise<BotPresenceAnswer> => {
    try {
      await rest(env).request<RESTGetAPIGuildResult>(path, { auth: BOT });
      return { present: true };
    } catch (error) {
      if (isBotNotInGuild(error)) return { present: false };
      throw error;
    }
  };
  return cached(env.CACHE, { key: discordCacheKeys.botPresence(guildId), ttlSeconds: BOT_PRESENCE_TTL_SECONDS, caller: BOT }, load, options);
}

/** What the settings page needs to know of a guild, fetched together and cached as one KV entry. */
/** One KV read for a page view instead of four; the four Discord calls run in parallel on a miss. */
export async function getGuildSnapshot(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<Aged<GuildSnapshot>> {
  const guild = `/guilds/${snowflake(guildId)}`;
  const load = async (): Promise<GuildSnapshot> => {
    const client = rest(env);
    // Once one call has failed, so has the snapshot: a call still waiting for its bucket is not sent. After "the bot
    // is not in this guild" it would only be refused too, and count towards Discord's ban of the address.
    const failed = new AbortController();
    const call = <T>(path: string) =>
      client.request<T>(path, { auth: BOT, signal: failed.signal }).catch((error: unknown) => {
        failed.abort(error);
        throw error;
      });
    const calls = [
      call<RESTGetAPIGuildRolesResult>(`${guild}/roles`),
      call<RESTGetAPIGuildChannelsResult>(`${guild}/channels`),
      call<APIGuildMember>(`${guild}/members/${snowflake(env.DISCORD_CLIENT_ID)}`),
      call<RESTGetAPIGuildEmojisResult>(`${guild}/emojis`),
    ] as const;
    // A failure is answered once the calls already sent have ended, so none is cut off mid-way with the request.
    const [roles, channels, botMember, emojis] = await Promise.all(calls).catch(async (error: unknown): Promise<never> => {
      await Promise.allSettled(calls);
      throw error;
    });
    return toGuildSnapshot({ roles, channels, botMember, emojis });
  };
  return cached(env.CACHE, { key: discordCacheKeys.guildSnapshot(guildId), ttlSeconds: GUILD_DATA_TTL_SECONDS, caller: BOT }, load, options);
}

/**
 * The role ids the user holds in a guild, asked with their own token (scope guilds.members.read, so role
 * look-ups spend the user's rate limit, not the bot's), or null when they are not a member (Discord's 404).
 * Cached per guild and user, the absence too, so a page view costs one KV read.
 */
export async function getMemberRoles(
  env: DiscordEnv,
  token: string,
  guildId: string,
  userId: string,
  options: DiscordCallOptions = {},
): Promise<Aged<string[] | null>> {
  const path = `/users/@me/guilds/${snowflake(guildId)}/member`;
  const auth: DiscordAuth = { type: 'user', token };
  const load = async (): Promise<string[] | null> => {
    try {
      return (await rest(env).request<RESTGetCurrentUserGuildMemberResult>(path, { auth })).roles;
    } catch (error) {
      if (error instanceof ApiError && error.code === DISCORD_NOT_FOUND) return null;
      throw error;
    }
  };
  const key = discordCacheKeys.memberRoles(guildId, snowflake(userId));
  return cached(env.CACHE, { key, ttlSeconds: MEMBER_ROLES_TTL_SECONDS, caller: auth }, load, options);
}
