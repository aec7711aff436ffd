/** The servers a user may manage or was granted, as the server list and every per-server call see them. */
import type { AllowedServer, ServerSummary } from '../../shared/servers';
import { isSnowflake } from '../../shared/discord-ids';
import { allows, higherLevel, type AccessDenial, type AccessLevel, type GrantLevel, type ServerAccessGrant } from '../../shared/server-access';
import { withUserToken } from '../auth/user-token';
import { allReads, mapRead, runRead, runReads, type BatchRead } from '../db/batch';
import { modulesOnRead } from '../db/module-switches';
import { botPresenceRead, type BotPresenceView } from '../db/bot-guilds';
import { grantsOfRead, listGrants, type GuildGrant } from '../db/server-access';
import { getBotPresence, getMemberRoles, getUserGuilds, type DiscordCallOptions, type PartialGuild } from '../discord/api';
import { oldest, type Aged, type DataAge } from '../discord/data-age';
import { canManageGuild } from '../discord/permissions';
import { ApiError, badInput, forbidden } from '../errors';
import type { ActiveSession } from '../hono-env';

/** A manual refresh of the guild list may skip the cache once per this many seconds (REFRESH_LIMITER's period). */
export const REFRESH_COOLDOWN_SECONDS = 10;

export interface ManageableGuilds {
  withBot: PartialGuild[];
  withoutBot: PartialGuild[];
  /** Guilds with the bot that the user is in without managing them: open to them only through a role grant. */
  memberOf: PartialGuild[];
  /** The oldest last known copy of Discord's data these lists are built on (see discord/data-age.ts). */
  asOf: DataAge;
}

/** The user's guild list (KV-cached Discord answer), with their token. */
export const userGuildList = (env: Env, session: ActiveSession, options: DiscordCallOptions = {}): Promise<Aged<PartialGuild[]>> =>
  withUserToken(session, (token) => getUserGuilds(env, token, session.user.id, options));

/** The bot's reported presence in these guilds: one D1 statement whatever the bot's size. */
export const presenceRead = (env: Env, guildIds: readonly string[]) => botPresenceRead(env.DB, guildIds);

/** The most guilds one request asks Discord about when the bot has not reported them yet (cold cache). */
export const MAX_PRESENCE_LOOKUPS = 25;

/**
 * Which of the user's managed guilds the bot is in, for those the bot has not reported: only until its first
 * completed sync (after that its reports are the whole truth). Asked of Discord one guild at a time, cached.
 * On a page a failed look-up counts as "not there"; when the answer authorises a change it is the caller's.
 */
async function confirmedByDiscord(env: Env, guilds: readonly PartialGuild[], options: DiscordCallOptions): Promise<Aged<Set<string>>> {
  const answers = await mapLimited(guilds.slice(0, MAX_PRESENCE_LOOKUPS), DISCORD_LOOKUPS_AT_ONCE, async (guild): Promise<Aged<string | null>> => {
    try {
      const { value, asOf } = await getBotPresence(env, guild.id, options);
      return { value: value.present ? guild.id : null, asOf };
    } catch (error) {
      if (options.authorises === true) throw error;
      console.warn(`bot presence look-up of guild ${guild.id} failed`, error);
      return { value: null, asOf: null };
    }
  });
  return { value: new Set(answers.flatMap(({ value }) => (value === null ? [] : [value]))), asOf: oldest(...answers.map((answer) => answer.asOf)) };
}

/** The user's guilds by what they may do there: manage (split by the bot's presence), or perhaps be granted. */
export async function classifyGuilds(
  env: Env,
  listed: Aged<readonly PartialGuild[]>,
  presence: BotPresenceView,
  options: DiscordCallOptions = {},
): Promise<ManageableGuilds> {
  const guilds = listed.value;
  const managed = guilds.filter(canManageGuild);
  // Before the first sync, Discord is asked about a guild missing here, unless the bot is known to have left it.
  const unreported = presence.synced ? [] : managed.filter((g) => !presence.present.has(g.id) && !presence.absent.has(g.id));
  const confirmed = await confirmedByDiscord(env, unreported, options);
  const hasBot = (g: PartialGuild) => presence.present.has(g.id) || confirmed.value.has(g.id);
  return {
    withBot: managed.filter(hasBot),
    withoutBot: managed.filter((g) => !hasBot(g)),
    // Only what the bot reported: a role grant never reaches a guild by Discord's word alone.
    memberOf: guilds.filter((g) => presence.present.has(g.id) && !canManageGuild(g)),
    asOf: oldest(listed.asOf, confirmed.asOf),
  };
}

/** The user's standing in one guild: their guild list (KV) beside the bot's presence in that guild alone (D1). */
async function standingIn(env: Env, session: ActiveSession, guildId: string, lookup: GuildLookup): Promise<ManageableGuilds> {
  const [guilds, presence] = await Promise.all([userGuildList(env, session, lookup), lookup.presence ?? runRead(env.DB, presenceRead(env, [guildId]))]);
  return classifyGuilds(env, { value: guilds.value.filter((g) => g.id === guildId), asOf: guilds.asOf }, presence, lookup);
}

/** Discord options, and the user's guild list when the caller already asked for it (one KV read, not two). */
export interface GuildLookup extends DiscordCallOptions {
  guilds?: Promise<ManageableGuilds>;
  /** The server list of the same request, when the caller builds it anyway: its levels spare a second member lookup. */
  lists?: Promise<ServerLists>;
  /** The bot's presence in the guild, when the caller read it in a batch of its own. */
  presence?: Promise<BotPresenceView>;
}

export interface GuildAccess {
  guild: PartialGuild;
  access: AccessLevel;
  /** The oldest last known copy of Discord's data the access was decided on. */
  asOf: DataAge;
}

/**
 * Discord look-ups at once: a Worker keeps at most 6 connections open, and D1, KV and the other calls of the
 * request need some of them.
 */
const DISCORD_LOOKUPS_AT_ONCE = 4;
/** The most guilds whose grants the server list checks with Discord in one request (cold cache). */
export const MAX_GRANTED_GUILD_LOOKUPS = 25;

/** The highest level any of the member's roles is granted, or null. */
function levelOf(grants: readonly ServerAccessGrant[], roles: readonly string[] | null): GrantLevel | null {
  if (roles === null) return null;
  const held = new Set(roles);
  let level: GrantLevel | null = null;
  for (const grant of grants) if (held.has(grant.roleID)) level = level === null ? grant.level : higherLevel(level, grant.level);
  return level;
}

/** `run` over `items`, at most `limit` at a time, answers in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The access role grants give the user in these guilds (which they are in, per their own guild list).
 * Grants come from D1 on every call, so a removed grant ends access at once; the member's roles are asked
 * of Discord only for guilds that have grants, and cached (MEMBER_ROLES_TTL_SECONDS). A guild whose member
 * lookup fails is left out rather than failing the whole list.
 */
async function grantedAccess(
  env: Env,
  session: ActiveSession,
  guilds: readonly PartialGuild[],
  grants: readonly GuildGrant[],
  options: DiscordCallOptions,
): Promise<GuildAccess[]> {
  if (grants.length === 0) return [];
  const byGuild = new Map<string, ServerAccessGrant[]>();
  for (const { guildID, ...grant } of grants) byGuild.set(guildID, [...(byGuild.get(guildID) ?? []), grant]);
  const candidates = guilds.filter((g) => byGuild.has(g.id)).slice(0, MAX_GRANTED_GUILD_LOOKUPS);
  const found = await mapLimited(candidates, DISCORD_LOOKUPS_AT_ONCE, async (guild): Promise<GuildAccess | null> => {
    try {
      const roles = await memberRoles(env, session, guild.id, { signal: options.signal });
      const level = levelOf(byGuild.get(guild.id) ?? [], roles.value);
      return level === null ? null : { guild, access: level, asOf: roles.asOf };
    } catch (error) {
      console.warn(`member lookup in guild ${guild.id} failed`, error);
      return null;
    }
  });
  return found.filter((entry) => entry !== null);
}

/** The level granted to the user in one guild they are in, or null. Discord failures are the caller's. */
async function grantedLevel(env: Env, session: ActiveSession, guildId: string, options: DiscordCallOptions): Promise<Aged<GrantLevel | null>> {
  const grants = await listGrants(env.DB, guildId);
  if (grants.length === 0) return { value: null, asOf: null };
  const roles = await memberRoles(env, session, guildId, { signal: options.signal, authorises: options.authorises });
  return { value: levelOf(grants, roles.value), asOf: roles.asOf };
}

const memberRoles = (env: Env, session: ActiveSession, guildId: string, options: DiscordCallOptions) =>
  withUserToken(session, (token) => getMemberRoles(env, token, guildId, session.user.id, options));

/** The guild's pages cannot open: the bot is not in it (or no longer is). */
export const botNotInServer = () =>
  new ApiError(403, 'BOT_NOT_IN_SERVER' satisfies AccessDenial, 'The bot is not in this server: add it to open its settings.');

/**
 * The one gate of every per-server call: the guild and the user's level there, if it is at least `needed`
 * and the bot is in it; 400 for a malformed id, 403 otherwise. 'manage' is the owner or a member with
 * Manage Server / Administrator (from the user's guild list); 'write' and 'read' come from role grants.
 */
export async function requireGuildAccess(
  env: Env,
  session: ActiveSession,
  guildId: string,
  needed: AccessLevel,
  lookup: GuildLookup = {},
): Promise<GuildAccess> {
  if (!isSnowflake(guildId)) throw badInput('serverID', 'must be a Discord server id (17–20 digits).');
  // Anything above reading changes something: it is decided on Discord's live answers, never a last known copy.
  if (needed !== 'read') lookup = { ...lookup, authorises: true, guilds: undefined, lists: undefined };
  const standing = await (lookup.guilds ?? standingIn(env, session, guildId, lookup));
  const { withBot, withoutBot, memberOf } = standing;
  const managed = withBot.find((g) => g.id === guildId);
  if (managed) return { guild: managed, access: 'manage', asOf: standing.asOf };
  const member = memberOf.find((g) => g.id === guildId);
  // No grant reaches 'manage': Discord is not asked about the member's roles for it.
  if (member && needed === 'manage') throw forbidden('Only the owner and members with Manage Server or Administrator can do this.');
  const level = member ? await memberLevel(env, session, guildId, lookup) : { value: null, asOf: null };
  if (member && level.value !== null) {
    if (allows(level.value, needed)) return { guild: member, access: level.value, asOf: oldest(standing.asOf, level.asOf) };
    throw forbidden("Your role can view this server's settings but not change them.");
  }
  if (withoutBot.some((g) => g.id === guildId)) throw botNotInServer();
  if (member) {
    throw new ApiError(
      403,
      'NO_ACCESS' satisfies AccessDenial,
      "None of your roles has access to this server's dashboard. Its owner, or a member with Manage Server, can give one in the Access panel.",
    );
  }
  throw forbidden('You do not manage this server, or the bot is not in it.');
}

/** A member's granted level: the server list's, when the caller built it anyway, else from their roles. */
async function memberLevel(env: Env, session: ActiveSession, guildId: string, lookup: GuildLookup): Promise<Aged<GrantLevel | null>> {
  const lists = await lookup.lists;
  const listed = lists?.allowed.find((g) => g.id === guildId);
  if (lists && listed && listed.access !== 'manage') return { value: listed.access, asOf: lists.asOf };
  return grantedLevel(env, session, guildId, lookup);
}

const toSummary = (g: PartialGuild): ServerSummary => ({ id: g.id, name: g.name, icon: g.icon, users: g.approximate_member_count ?? 0 });

export interface ServerLists {
  allowed: AllowedServer[];
  invitable: ServerSummary[];
  /** The oldest last known copy of Discord's data the lists are built on. */
  asOf: DataAge;
}

/**
 * The grants of the guilds a role grant could open to the user: those they do not manage (which of them have the
 * bot is known later, so this can share a batch with the bot's presence).
 */
export const grantsRead = (env: Env, guilds: readonly PartialGuild[]) =>
  grantsOfRead(
    env.DB,
    guilds.filter((g) => !canManageGuild(g)).map((g) => g.id),
  );

/** What the list reads of D1 beside the bot's presence: the grants a role could open, and how many modules are on where. */
export interface ListDetails {
  grants: readonly GuildGrant[];
  modulesOn: ReadonlyMap<string, number>;
}
export const listDetailsRead = (env: Env, guilds: readonly PartialGuild[]): BatchRead<ListDetails> =>
  mapRead(
    allReads([
      grantsRead(env, guilds),
      modulesOnRead(
        env.DB,
        guilds.map((g) => g.id),
      ),
    ]),
    ([grants, modulesOn]) => ({ grants, modulesOn }),
  );

/**
 * The server list: the guilds the user manages, then those a role grant opens to them, each with its level and
 * its modules on. `details` are those of `listDetailsRead`, when the caller read them in a batch of its own.
 */
export async function toServerLists(
  env: Env,
  session: ActiveSession,
  guilds: ManageableGuilds,
  options: DiscordCallOptions & { details?: ListDetails } = {},
): Promise<ServerLists> {
  const { grants, modulesOn } = options.details ?? (await runRead(env.DB, listDetailsRead(env, [...guilds.withBot, ...guilds.memberOf])));
  const granted = await grantedAccess(env, session, guilds.memberOf, grants, options);
  const listed = (g: PartialGuild, access: AccessLevel): AllowedServer => ({ ...toSummary(g), access, modulesOn: modulesOn.get(g.id) ?? 0 });
  return {
    allowed: [...guilds.withBot.map((g) => listed(g, 'manage')), ...granted.map(({ guild, access }) => listed(guild, access))],
    invitable: guilds.withoutBot.map(toSummary),
    asOf: oldest(guilds.asOf, ...granted.map((entry) => entry.asOf)),
  };
}

/** The server list on its own: the user's guilds (KV or Discord), then the bot's presence and the list's details in one D1 batch. */
export async function serverLists(env: Env, session: ActiveSession, options: DiscordCallOptions = {}): Promise<ServerLists> {
  const listed = await userGuildList(env, session, options);
  const ids = listed.value.map((g) => g.id);
  const [presence, details] = await runReads(env.DB, [presenceRead(env, ids), listDetailsRead(env, listed.value)]);
  return toServerLists(env, session, await classifyGuilds(env, listed, presence, options), { ...options, details });
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
