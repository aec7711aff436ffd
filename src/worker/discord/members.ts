/**
 * A guild's members as the bot sees them, for the pickers and lists of people (Anti-Nuke's trusted members): found
 * by name, or read one by one by id. Neither needs the privileged member intent; Discord has no bulk read by id
 * without it, so the ids a page lists are read singly, cached, and a few at a time.
 */
import type { APIGuildMember, RESTGetAPIGuildMembersSearchResult } from 'discord-api-types/v10';
import { MEMBER_SEARCH_LIMIT, type MemberMatch } from '../../shared/member-search';
import { BOT, discordCacheKeys, rest, snowflake, type DiscordCallOptions, type DiscordEnv } from './api';
import { cached, isTransient, ReadAhead, type CallGate } from './cache';
import { oldest, type Aged, type DataAge } from './data-age';
import { DiscordNotFoundError } from './rest';

/** How long a search's answer stands: a member renamed or joined shows within this. */
const MEMBER_SEARCH_TTL_SECONDS = 60;
/**
 * How long a member read by id stands: a renamed member shows by the new name, and one who left as gone, within the
 * hour. Names rarely change, and a list of 100 trusted members then costs at most 100 reads an hour.
 */
export const MEMBER_TTL_SECONDS = 60 * 60;
/**
 * The most members one request reads from Discord: a guild's member reads share a bucket (about 5 a second, with the
 * search), and a page must not wait on 100 of them. The rest are answered as pending, for the page's next ask.
 */
export const MEMBER_READS_PER_REQUEST = 10;

/** Discord's 404 codes for a member read of someone not in the guild: Unknown Member (10007), Unknown User (10013). */
const NOT_A_MEMBER_CODES = new Set([10007, 10013]);

/** The member's avatar in this server if they set one, else their account's (Discord's CDN addresses). */
function avatarUrl(guildId: string, { user, avatar }: APIGuildMember): string | null {
  if (avatar) return `https://cdn.discordapp.com/guilds/${guildId}/users/${user.id}/avatars/${avatar}.webp?size=32`;
  return user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.webp?size=32` : null;
}

const toMemberMatch = (guildId: string, member: APIGuildMember): MemberMatch => ({
  id: member.user.id,
  name: member.nick ?? member.user.global_name ?? member.user.username,
  username: member.user.username,
  avatarUrl: avatarUrl(guildId, member),
  bot: member.user.bot === true,
});

/**
 * The guild's members whose username or nickname starts with `query` (Discord's own matching, case-insensitive), as
 * the bot sees them. Cached per guild and query (lower-cased, and hashed: a query may be 100 characters of any script,
 * longer than a KV key allows), so typing the same name again costs no Discord call.
 */
export async function searchGuildMembers(env: DiscordEnv, guildId: string, query: string, options: DiscordCallOptions = {}): Promise<Aged<MemberMatch[]>> {
  const path = `/guilds/${snowflake(guildId)}/members/search`;
  const load = async () =>
    (await rest(env).request<RESTGetAPIGuildMembersSearchResult>(path, { auth: BOT, query: { query, limit: MEMBER_SEARCH_LIMIT } })).map((member) =>
      toMemberMatch(guildId, member),
    );
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(query.toLowerCase()));
  const key = discordCacheKeys.memberSearch(guildId, [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join(''));
  return cached(env.CACHE, { key, ttlSeconds: MEMBER_SEARCH_TTL_SECONDS, caller: BOT }, load, options);
}

/** One member of the guild by id (GET /guilds/{guild.id}/members/{user.id}), or null for someone not in it; cached, the absence too. */
export async function getGuildMember(env: DiscordEnv, guildId: string, userId: string, options: DiscordCallOptions = {}): Promise<Aged<MemberMatch | null>> {
  const path = `/guilds/${snowflake(guildId)}/members/${snowflake(userId)}`;
  const load = async (): Promise<MemberMatch | null> => {
    try {
      return toMemberMatch(guildId, await rest(env).request<APIGuildMember>(path, { auth: BOT }));
    } catch (error) {
      // 404 Unknown Guild is not about the member: the caller hears that the bot is not there.
      if (error instanceof DiscordNotFoundError && error.discordCode !== null && NOT_A_MEMBER_CODES.has(error.discordCode)) return null;
      throw error;
    }
  };
  return cached(env.CACHE, { key: discordCacheKeys.member(guildId, userId), ttlSeconds: MEMBER_TTL_SECONDS, caller: BOT }, load, options);
}

/** Members read by id: those in the guild, those not in it, and those not read yet (ask again). */
export interface MembersById {
  found: MemberMatch[];
  absent: string[];
  pending: string[];
  /** Set when a last known copy answered for one of them (see data-age). */
  asOf: DataAge;
}

class NotReadYet extends Error {}

/**
 * The members with these ids (a settings list, at most KV's 100 keys a read): the cached ones from one KV read, and
 * at most MEMBER_READS_PER_REQUEST others from Discord, one after another so each waits for the bucket the last
 * one's answer described. Once Discord fails or limits us, no more are asked: the rest are pending.
 */
export async function getGuildMembers(env: DiscordEnv, guildId: string, ids: readonly string[]): Promise<MembersById> {
  const readAhead = new ReadAhead(env.CACHE);
  for (const id of ids) readAhead.start(discordCacheKeys.member(guildId, id));
  let reads = 0;
  let halted = false;
  const gate: CallGate = {
    open: () => Promise.resolve(!halted && (reads += 1) <= MEMBER_READS_PER_REQUEST),
    closed: () => new NotReadYet(),
  };
  const answer: MembersById = { found: [], absent: [], pending: [], asOf: null };
  for (const id of ids) {
    try {
      const { value, asOf } = await getGuildMember(env, guildId, id, { readAhead, gate });
      if (value === null) answer.absent.push(id);
      else answer.found.push(value);
      answer.asOf = oldest(answer.asOf, asOf);
    } catch (error) {
      if (!(error instanceof NotReadYet) && !isTransient(error)) throw error;
      halted ||= isTransient(error);
      answer.pending.push(id);
    }
  }
  return answer;
}
