/** What the fake Discord answers about a guild and its members: the lookups and the errors its routes share. */
import type { Context } from 'hono';
import type { APIGuildMember, GuildMemberFlags } from 'discord-api-types/v10';
import type { DemoGuild } from './demo-types.ts';
import { findGuild, findUser } from './directory.ts';
import type { FakeDiscordState } from './state.ts';

export function unknownGuild(c: Context): Response {
  return c.json({ message: 'Unknown Guild', code: 10004 }, 404);
}

export function missingAccess(c: Context): Response {
  return c.json({ message: 'Missing Access', code: 50001 }, 403);
}

export function invalidFormBody(c: Context, field: string, message: string, code = 'BASE_TYPE_INVALID'): Response {
  return c.json({ message: 'Invalid Form Body', code: 50035, errors: { [field]: { _errors: [{ code, message }] } } }, 400);
}

export function guildMember(state: FakeDiscordState, guild: DemoGuild, userId: string): APIGuildMember | null {
  const member = guild.members.find((candidate) => candidate.user_id === userId);
  const user = findUser(state, userId);
  if (member === undefined || user === null) return null;
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

/**
 * The guild if the bot is in it, else Discord's answer: 404 Unknown Guild for a guild that does not exist; for one
 * without the bot, 403 Missing Access from the guild's sub-resources, and 404 Unknown Guild from `GET /guilds/{id}`
 * itself, which since January 2023 tells no caller whether a guild it is not in exists (discord-api-docs #5840).
 */
export function botGuild(c: Context, state: FakeDiscordState, absent: 'missing-access' | 'unknown' = 'missing-access'): DemoGuild | Response {
  const guild = findGuild(state, c.req.param('guildId') ?? '');
  if (guild === null) return unknownGuild(c);
  if (guild.bot_present) return guild;
  return absent === 'unknown' ? unknownGuild(c) : missingAccess(c);
}
