/**
 * The parts of Discord's REST API v10 that ServerManager calls, mounted at `/api/v10`. Callers are users
 * (`Bearer <access token>`, limited by the token's scopes) or the bot (`Bot <token>`).
 */
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import type {
  Locale,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTGetAPICurrentUserGuildsResult,
  RESTGetAPIGuildChannelsResult,
  RESTGetAPIGuildEmojisResult,
  RESTGetAPIGuildResult,
  RESTGetAPIGuildRolesResult,
  RESTRateLimit,
} from 'discord-api-types/v10';
import type { DemoGuild } from './demo-types.ts';
import { findGuild, findUser, guildIdPage } from './directory.ts';
import type { Viewer } from './directory.ts';
import { faultMiddleware } from './faults.ts';
import { guildPermissions } from './permissions.ts';
import { checkCall } from './ratelimit.ts';
import type { RateLimitRefusal } from './ratelimit.ts';
import type { FakeDiscordState, Grant } from './state.ts';
import { findLiveGrant } from './tokens.ts';
import { searchMembers } from './member-search.ts';
import { botGuild, guildMember, invalidFormBody, unknownGuild } from './guild-answers.ts';

type Caller = { kind: 'user'; user: APIUser; grant: Grant } | { kind: 'bot'; user: APIUser };

const MAX_GUILDS_PER_PAGE = 200;

const REST_PREFIX = '/api/v10';

function identify(state: FakeDiscordState, authorization: string | undefined): Caller | null {
  if (authorization === undefined) return null;
  const [scheme = '', token = ''] = authorization.split(' ', 2);
  if (scheme.toLowerCase() === 'bot' && token === state.data.application.bot_token) {
    const user = findUser(state, state.data.application.id);
    return user === null ? null : { kind: 'bot', user };
  }
  if (scheme.toLowerCase() === 'bearer') {
    const grant = findLiveGrant(state, token);
    const user = grant === null ? null : findUser(state, grant.userId);
    return grant === null || user === null ? null : { kind: 'user', user, grant };
  }
  return null;
}

function hasScope(caller: Caller, scope: string): boolean {
  return caller.kind === 'bot' || caller.grant.scope.split(' ').includes(scope);
}

export function unauthorized(c: Context): Response {
  return c.json({ message: '401: Unauthorized', code: 0 }, 401);
}

/** Discord's 429 body; `retry_after` is precise where the Retry-After header is whole seconds. */
function rateLimitBody(refusal: RateLimitRefusal): RESTRateLimit {
  return { message: 'You are being rate limited.', retry_after: refusal.retryAfterSeconds, global: refusal.scope === 'global' };
}

function enforceRateLimits(state: FakeDiscordState): MiddlewareHandler {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname.slice(REST_PREFIX.length);
    const verdict = checkCall(state.rateLimiter, c.req.header('Authorization') ?? '', c.req.method, path);
    if (verdict.refusal !== null) return c.json(rateLimitBody(verdict.refusal), 429, verdict.refusal.headers);
    await next();
    for (const [name, value] of Object.entries(verdict.headers)) c.res.headers.set(name, value);
  };
}

/** A query problem: the field and Discord's error code and message for it. */
interface QueryProblem {
  field: string;
  code: string;
  message: string;
}

const SNOWFLAKE_MAX = 2n ** 64n - 1n;

/**
 * Discord's boolean query strings: `True`, `true` or `1`, and `False`, `false` or `0` (its API reference,
 * "Boolean Query Strings"); anything else is refused, not read as false.
 */
function booleanQuery(field: string, value: string | undefined): boolean | QueryProblem {
  if (value === undefined) return false;
  if (['True', 'true', '1'].includes(value)) return true;
  if (['False', 'false', '0'].includes(value)) return false;
  return { field, code: 'BOOLEAN_TYPE_COERCE', message: `Value "${value}" is not a valid boolean.` };
}

function snowflakeQuery(field: string, value: string | undefined): string | undefined | QueryProblem {
  if (value === undefined) return undefined;
  if (/^\d{1,20}$/.test(value) && BigInt(value) <= SNOWFLAKE_MAX) return value;
  return { field, code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not snowflake.` };
}

function isProblem(value: unknown): value is QueryProblem {
  return typeof value === 'object' && value !== null && 'code' in value;
}

const refuseQuery = (c: Context, problem: QueryProblem) => invalidFormBody(c, problem.field, problem.message, problem.code);

/** `limit` of `/users/@me/guilds`: digits, 1 to 200, 200 when absent (Discord's defaults and bounds). */
function guildPageLimit(value: string | undefined): number | QueryProblem {
  if (value === undefined) return MAX_GUILDS_PER_PAGE;
  if (!/^\d{1,10}$/.test(value)) return { field: 'limit', code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not int.` };
  const limit = Number(value);
  if (limit < 1) return { field: 'limit', code: 'NUMBER_TYPE_MIN', message: 'int value should be greater than or equal to 1.' };
  if (limit > MAX_GUILDS_PER_PAGE)
    return { field: 'limit', code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${MAX_GUILDS_PER_PAGE}.` };
  return limit;
}

function partialGuild(guild: DemoGuild, userId: string, withCounts: boolean): RESTAPIPartialCurrentUserGuild {
  const result: RESTAPIPartialCurrentUserGuild = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: null,
    owner: guild.owner_id === userId,
    permissions: String(guildPermissions(guild, userId) ?? 0n),
    features: [...guild.features],
  };
  if (withCounts) {
    result.approximate_member_count = guild.approximate_member_count;
    result.approximate_presence_count = guild.approximate_presence_count;
  }
  return result;
}

/**
 * The guild as Discord's OpenAPI document has it: `home_header` and `nsfw` are required there though
 * discord-api-types lacks them, and `hub_type` (Student Hubs only) is not sent.
 */
type GuildAnswer = Omit<RESTGetAPIGuildResult, 'hub_type'> & { home_header: string | null; nsfw: boolean };

function fullGuild(guild: DemoGuild, withCounts: boolean): GuildAnswer {
  const systemChannel = guild.channels.find((channel) => channel.type === 0);
  const result: GuildAnswer = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: guild.description,
    owner_id: guild.owner_id,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 1,
    default_message_notifications: 1,
    explicit_content_filter: 2,
    roles: structuredClone(guild.roles),
    emojis: structuredClone(guild.emojis),
    stickers: [],
    features: [...guild.features],
    mfa_level: 0,
    application_id: null,
    system_channel_id: systemChannel?.id ?? null,
    system_channel_flags: 8, // GuildSystemChannelFlags.SuppressJoinNotificationReplies
    rules_channel_id: null,
    max_presences: null,
    max_members: 500000,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US' as Locale,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    incidents_data: null,
    home_header: null,
    nsfw: false,
  };
  if (withCounts) {
    result.approximate_member_count = guild.approximate_member_count;
    result.approximate_presence_count = guild.approximate_presence_count;
  }
  return result;
}

export function createRestRoutes(state: FakeDiscordState): Hono {
  const rest = new Hono();

  rest.use('*', faultMiddleware(state));

  rest.use('*', enforceRateLimits(state));

  const caller = (c: Context): Caller | null => identify(state, c.req.header('Authorization'));

  rest.get('/users/@me', (c) => {
    const who = caller(c);
    if (who === null || !hasScope(who, 'identify')) return unauthorized(c);
    // The account's own view adds what only its owner sees (Discord's UserPIIResponse).
    const me: APIUser = { ...who.user, mfa_enabled: false, locale: 'en-US' };
    return c.json(me);
  });

  rest.get('/users/@me/guilds', (c) => {
    const who = caller(c);
    if (who === null || !hasScope(who, 'guilds')) return unauthorized(c);
    const limit = guildPageLimit(c.req.query('limit'));
    if (isProblem(limit)) return refuseQuery(c, limit);
    const after = snowflakeQuery('after', c.req.query('after'));
    if (isProblem(after)) return refuseQuery(c, after);
    const before = snowflakeQuery('before', c.req.query('before'));
    if (isProblem(before)) return refuseQuery(c, before);
    const withCounts = booleanQuery('with_counts', c.req.query('with_counts'));
    if (isProblem(withCounts)) return refuseQuery(c, withCounts);
    const viewer: Viewer = who.kind === 'bot' ? { kind: 'bot' } : { kind: 'user', userId: who.user.id };
    const { ids } = guildIdPage(state, viewer, { after, before, limit });
    const page: RESTGetAPICurrentUserGuildsResult = ids.flatMap((id) => {
      const guild = findGuild(state, id);
      return guild === null ? [] : [partialGuild(guild, who.user.id, withCounts)];
    });
    return c.json(page);
  });

  rest.get('/users/@me/guilds/:guildId/member', (c) => {
    const who = caller(c);
    if (who?.kind !== 'user' || !hasScope(who, 'guilds.members.read')) return unauthorized(c);
    const guild = findGuild(state, c.req.param('guildId'));
    const member = guild === null ? null : guildMember(state, guild, who.user.id);
    return member === null ? unknownGuild(c) : c.json(member);
  });

  rest.get('/users/:userId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const user = findUser(state, c.req.param('userId'));
    return user === null ? c.json({ message: 'Unknown User', code: 10013 }, 404) : c.json(user);
  });

  rest.get('/guilds/:guildId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const withCounts = booleanQuery('with_counts', c.req.query('with_counts'));
    if (isProblem(withCounts)) return refuseQuery(c, withCounts);
    const guild = botGuild(c, state, 'unknown');
    if (guild instanceof Response) return guild;
    return c.json(fullGuild(guild, withCounts));
  });

  rest.get('/guilds/:guildId/roles', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(c, state);
    if (guild instanceof Response) return guild;
    const roles: RESTGetAPIGuildRolesResult = structuredClone(guild.roles);
    return c.json(roles);
  });

  rest.get('/guilds/:guildId/channels', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(c, state);
    if (guild instanceof Response) return guild;
    const channels: RESTGetAPIGuildChannelsResult = structuredClone(guild.channels);
    return c.json(channels);
  });

  rest.get('/guilds/:guildId/emojis', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(c, state);
    if (guild instanceof Response) return guild;
    const emojis: RESTGetAPIGuildEmojisResult = structuredClone(guild.emojis);
    return c.json(emojis);
  });

  // Before members/:userId, which would read 'search' as a user id.
  rest.get('/guilds/:guildId/members/search', (c) => (caller(c)?.kind === 'bot' ? searchMembers(c, state) : unauthorized(c)));

  rest.get('/guilds/:guildId/members/:userId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(c, state);
    if (guild instanceof Response) return guild;
    const userId = c.req.param('userId');
    // Discord tells an id of no user (10013 Unknown User) from a user who is not in the guild (10007 Unknown Member).
    if (findUser(state, userId) === null) return c.json({ message: 'Unknown User', code: 10013 }, 404);
    const member = guildMember(state, guild, userId);
    return member === null ? c.json({ message: 'Unknown Member', code: 10007 }, 404) : c.json(member);
  });

  rest.all('*', (c) => c.json({ message: '404: Not Found', code: 0 }, 404));

  return rest;
}
