/**
 * The bot's view of a guild that the settings need: its roles, channels, emoji and the bot's highest role, read
 * from Discord through the KV cache, plus the checks that a saved role, channel or emoji really exists there.
 */
import { isAssignableRole, SERVER_EMOJI_NAME, TEXT_CHANNEL_TYPE } from '../../shared/settings';
import type { FieldKind } from '../../shared/settings-registry';
import { getGuildSnapshot, isKnownMissing, rememberMissing, type DiscordCallOptions, type DiscordEnv } from '../discord/api';
import type { Aged } from '../discord/data-age';
import type { GuildSnapshot } from '../discord/guild-snapshot';
import { badRequest } from '../errors';

export type GuildView = GuildSnapshot;

const EMPTY_VIEW: GuildView = { roles: [], channels: [], emojis: [], botHighestRolePosition: 0 };

export async function loadGuildView(env: DiscordEnv, guildId: string, options: DiscordCallOptions = {}): Promise<Aged<GuildView>> {
  // Without a bot token there is no view of the guild; the settings still load (see env.d.ts).
  if (!env.DISCORD_BOT_TOKEN) return { value: EMPTY_VIEW, asOf: null };
  return getGuildSnapshot(env, guildId, options);
}

/** Why `value` cannot be stored for a key of this kind in this guild, or null when it can. */
export function referenceProblem(kind: FieldKind, value: unknown, view: GuildView, guildId: string): string | null {
  if (typeof value !== 'string') return null;
  switch (kind) {
    case 'role':
    case 'assignableRole': {
      const role = view.roles.find((candidate) => candidate.id === value);
      if (!role) return `value: role ${value} does not exist in this server.`;
      if (role.id === guildId) return 'value: @everyone cannot be chosen.';
      if (role.managed) return `value: role '${role.name}' is managed by an integration and cannot be chosen.`;
      if (kind === 'assignableRole' && !isAssignableRole(role, view.botHighestRolePosition)) {
        return `value: role '${role.name}' is above the bot's highest role, so the bot cannot assign it.`;
      }
      return null;
    }
    case 'textChannel': {
      const channel = view.channels.find((candidate) => candidate.id === value);
      if (!channel) return `value: channel ${value} does not exist in this server.`;
      if (channel.type !== TEXT_CHANNEL_TYPE) return `value: channel '${channel.name}' is not a text channel.`;
      return null;
    }
    case 'emoji': {
      // A Unicode emoji is anyone's; a name must be one of this server's emoji, which the bot can react with.
      if (!SERVER_EMOJI_NAME.test(value)) return null;
      const emoji = view.emojis.find((candidate) => candidate.name === value);
      if (!emoji) return `value: this server has no emoji named '${value}'.`;
      if (!emoji.available) return `value: the emoji '${value}' needs a boost level this server no longer has, so the bot cannot use it.`;
      return null;
    }
    default:
      return null;
  }
}

/**
 * Refuses a role, channel or emoji name that is not in the guild. The cached view may be up to a minute old, so a miss
 * is checked once more against Discord before the owner is told the role they just made is unknown; but an
 * id Discord denied a moment ago is not asked about again, and each user may make Discord look at most
 * LOOKUP_LIMITER's number of times a minute (each look is four bot calls).
 */
export async function checkReference(
  env: Env,
  userId: string,
  guildId: string,
  kind: FieldKind,
  value: unknown,
  view: Aged<GuildView>,
): Promise<Aged<GuildView>> {
  const cachedProblem = referenceProblem(kind, value, view.value, guildId);
  if (cachedProblem === null) return view;
  const refuse = (problem: string) => badRequest(problem, 'INVALID_REFERENCE');
  if (typeof value !== 'string' || (await isKnownMissing(env, guildId, value))) throw refuse(cachedProblem);
  if (!(await env.LOOKUP_LIMITER.limit({ key: userId })).success) throw refuse(cachedProblem);
  const freshView = await loadGuildView(env, guildId, { fresh: true });
  const problem = referenceProblem(kind, value, freshView.value, guildId);
  if (problem !== null) {
    await rememberMissing(env, guildId, value);
    throw refuse(problem);
  }
  return freshView;
}
