/**
 * The roles, channels and emoji a setting's value names, and why one of them cannot be stored: checked against the
 * bot's view of the guild (guild-view.ts loads it and looks again when the view lacks a value).
 */
import { isAssignableRole, messageChannelProblem, SERVER_EMOJI_NAME, TEXT_CHANNEL_TYPE } from '../../shared/settings/index';
import type { FieldKind } from '../../shared/settings/field-specs';
import type { ReactionPair } from '../../shared/settings/reaction-pairs';
import type { GuildSnapshot } from '../discord/guild-snapshot';

export interface Reference {
  kind: FieldKind;
  value: string;
}

const pairsOf = (value: unknown): Partial<ReactionPair>[] =>
  Array.isArray(value) ? value.filter((item: unknown): item is Partial<ReactionPair> => typeof item === 'object' && item !== null) : [];

/** The roles, channels and emoji a value names, each with the kind it is checked as: a list names each of its items. */
export function references(kind: FieldKind, value: unknown): Reference[] {
  if (kind === 'roles' && Array.isArray(value)) return value.filter((id) => typeof id === 'string').map((id: string) => ({ kind: 'role', value: id }));
  if (kind === 'reactionPairs') {
    return pairsOf(value).flatMap(({ emojiName, roleID }) => [
      ...(typeof emojiName === 'string' ? [{ kind: 'emoji' as const, value: emojiName }] : []),
      ...(typeof roleID === 'string' ? [{ kind: 'assignableRole' as const, value: roleID }] : []),
    ]);
  }
  return typeof value === 'string' ? [{ kind, value }] : [];
}

/** Why `value` cannot be stored for a key of this kind in this guild, or null when it can. */
export function referenceProblem(kind: FieldKind, value: unknown, view: GuildSnapshot, guildId: string): string | null {
  for (const reference of references(kind, value)) {
    const problem = singleReferenceProblem(reference, view, guildId);
    if (problem !== null) return problem;
  }
  return null;
}

export function singleReferenceProblem({ kind, value }: Reference, view: GuildSnapshot, guildId: string): string | null {
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
    case 'messageChannel': {
      // The channel of the message the bot watches (a pasted link's, or the bot's own write): this server's, and one with messages.
      const problem = messageChannelProblem(
        value,
        view.channels.find((candidate) => candidate.id === value),
      );
      return problem === null ? null : `value: ${problem}`;
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
