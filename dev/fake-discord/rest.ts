/**
 * The parts of Discord's REST API v10 that ServerManager calls, mounted at `/api/v10`. Callers are users
 * (`Bearer <access token>`, limited by the token's scopes) or the bot (`Bot <token>`).
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type {
  APIGuildMember,
  GuildMemberFlags,
  Locale,
  APIUser,
  RESTAPIPartialCurrentUserGuild,
  RESTGetAPICurrentUserGuildsResult,
  RESTGetAPIGuildChannelsResult,
  RESTGetAPIGuildResult,
  RESTGetAPIGuildRolesResult,
} from 'discord-api-types/v10';
import type { DemoGuild } from './data.ts';
import { faultMiddleware } from './faults.ts';
import { guildPermissions, isGuildMember } from './permissions.ts';
import { countCall } from './ratelimit.ts';
import type { CallAuth, CallRecord, FakeDiscordState, Grant } from './state.ts';
import { findLiveGrant } from './tokens.ts';

type Caller = { kind: 'user'; user: APIUser; grant: Grant } | { kind: 'bot'; user: APIUser };

const MAX_GUILDS_PER_PAGE = 200;

function presentedAuth(authorization: string | undefined): CallAuth {
  if (authorization === undefined) return 'none';
  if (/^bearer /i.test(authorization)) return 'user';
  if (/^bot /i.test(authorization)) return 'bot';
  return 'none';
}

function identify(state: FakeDiscordState, authorization: string | undefined): Caller | null {
  if (authorization === undefined) return null;
  const [scheme = '', token = ''] = authorization.split(' ', 2);
  const findUser = (id: string): APIUser | undefined => state.data.users.find((user) => user.id === id);
  if (scheme.toLowerCase() === 'bot' && token === state.data.application.bot_token) {
    const user = findUser(state.data.application.id);
    return user === undefined ? null : { kind: 'bot', user };
  }
  if (scheme.toLowerCase() === 'bearer') {
    const grant = findLiveGrant(state, token);
    const user = grant === null ? undefined : findUser(grant.userId);
    return grant === null || user === undefined ? null : { kind: 'user', user, grant };
  }
  return null;
}

function hasScope(caller: Caller, scope: string): boolean {
  return caller.kind === 'bot' || caller.grant.scope.split(' ').includes(scope);
}

function unauthorized(c: Context): Response {
  return c.json({ message: '401: Unauthorized', code: 0 }, 401);
}

function unknownGuild(c: Context): Response {
  return c.json({ message: 'Unknown Guild', code: 10004 }, 404);
}

function invalidFormBody(c: Context, field: string, message: string): Response {
  return c.json({ message: 'Invalid Form Body', code: 50035, errors: { [field]: { _errors: [{ code: 'BASE_TYPE_INVALID', message }] } } }, 400);
}

function isTruthyFlag(value: string | undefined): boolean {
  return value !== undefined && ['true', '1'].includes(value.toLowerCase());
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

function fullGuild(guild: DemoGuild, withCounts: boolean): RESTGetAPIGuildResult {
  const systemChannel = guild.channels.find((channel) => channel.type === 0);
  const result: RESTGetAPIGuildResult = {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    icon_hash: guild.icon,
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
    emojis: [],
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
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
  if (withCounts) {
    result.approximate_member_count = guild.approximate_member_count;
    result.approximate_presence_count = guild.approximate_presence_count;
  }
  return result;
}

function guildMember(state: FakeDiscordState, guild: DemoGuild, userId: string): APIGuildMember | null {
  const member = guild.members.find((candidate) => candidate.user_id === userId);
  const user = state.data.users.find((candidate) => candidate.id === userId);
  if (member === undefined || user === undefined) return null;
  return {
    user: structuredClone(user),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: [...member.roles],
    joined_at: member.joined_at,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** The guild if the bot is in it; Discord does not tell bots about guilds they have not joined. */
function botGuild(state: FakeDiscordState, guildId: string): DemoGuild | null {
  const guild = state.data.guilds.find((candidate) => candidate.id === guildId);
  return guild?.bot_present ? guild : null;
}

export function createRestRoutes(state: FakeDiscordState): Hono {
  const rest = new Hono();

  rest.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    const record: CallRecord = {
      method: c.req.method,
      path: url.pathname,
      search: url.search,
      auth: presentedAuth(c.req.header('Authorization')),
      status: 0,
    };
    state.calls.push(record);
    await next();
    record.status = c.res.status;
  });

  rest.use('*', faultMiddleware(state));

  rest.use('*', async (c, next) => {
    const headers = countCall(state, c.req.method, new URL(c.req.url).pathname);
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });

  const caller = (c: Context): Caller | null => identify(state, c.req.header('Authorization'));

  rest.get('/users/@me', (c) => {
    const who = caller(c);
    if (who === null || !hasScope(who, 'identify')) return unauthorized(c);
    return c.json(who.user);
  });

  rest.get('/users/@me/guilds', (c) => {
    const who = caller(c);
    if (who === null || !hasScope(who, 'guilds')) return unauthorized(c);
    const limitParam = c.req.query('limit');
    const limit = limitParam === undefined ? MAX_GUILDS_PER_PAGE : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_GUILDS_PER_PAGE)
      return invalidFormBody(c, 'limit', `Must be an integer between 1 and ${MAX_GUILDS_PER_PAGE}.`);
    const after = c.req.query('after');
    const before = c.req.query('before');
    for (const [field, value] of [
      ['after', after],
      ['before', before],
    ] as const) {
      if (value !== undefined && !/^\d+$/.test(value)) return invalidFormBody(c, field, 'Value "' + value + '" is not snowflake.');
    }
    const withCounts = isTruthyFlag(c.req.query('with_counts'));
    const userId = who.user.id;
    let guilds = state.data.guilds
      .filter((guild) => (who.kind === 'bot' ? guild.bot_present : isGuildMember(guild, userId)))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    if (after !== undefined) guilds = guilds.filter((guild) => BigInt(guild.id) > BigInt(after));
    if (before !== undefined) {
      guilds = guilds.filter((guild) => BigInt(guild.id) < BigInt(before));
      guilds = guilds.slice(Math.max(0, guilds.length - limit));
    }
    const page: RESTGetAPICurrentUserGuildsResult = guilds.slice(0, limit).map((guild) => partialGuild(guild, userId, withCounts));
    return c.json(page);
  });

  rest.get('/users/@me/guilds/:guildId/member', (c) => {
    const who = caller(c);
    if (who?.kind !== 'user' || !hasScope(who, 'guilds.members.read')) return unauthorized(c);
    const guild = state.data.guilds.find((candidate) => candidate.id === c.req.param('guildId'));
    const member = guild === undefined ? null : guildMember(state, guild, who.user.id);
    return member === null ? unknownGuild(c) : c.json(member);
  });

  rest.get('/users/:userId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const user = state.data.users.find((candidate) => candidate.id === c.req.param('userId'));
    return user === undefined ? c.json({ message: 'Unknown User', code: 10013 }, 404) : c.json(user);
  });

  rest.get('/guilds/:guildId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(state, c.req.param('guildId'));
    if (guild === null) return unknownGuild(c);
    return c.json(fullGuild(guild, isTruthyFlag(c.req.query('with_counts'))));
  });

  rest.get('/guilds/:guildId/roles', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(state, c.req.param('guildId'));
    if (guild === null) return unknownGuild(c);
    const roles: RESTGetAPIGuildRolesResult = structuredClone(guild.roles);
    return c.json(roles);
  });

  rest.get('/guilds/:guildId/channels', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(state, c.req.param('guildId'));
    if (guild === null) return unknownGuild(c);
    const channels: RESTGetAPIGuildChannelsResult = structuredClone(guild.channels);
    return c.json(channels);
  });

  rest.get('/guilds/:guildId/members/:userId', (c) => {
    if (caller(c)?.kind !== 'bot') return unauthorized(c);
    const guild = botGuild(state, c.req.param('guildId'));
    if (guild === null) return unknownGuild(c);
    const member = guildMember(state, guild, c.req.param('userId'));
    return member === null ? c.json({ message: 'Unknown Member', code: 10007 }, 404) : c.json(member);
  });

  rest.all('*', (c) => c.json({ message: '404: Not Found', code: 0 }, 404));

  return rest;
}
