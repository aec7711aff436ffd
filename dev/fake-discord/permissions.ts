/** Guild-level permission math as Discord applies it for `/users/@me/guilds` (no channel overwrites). */
import type { DemoGuild } from './demo-types.ts';

/**
 * The permission bits the demo data uses, as in discord-api-types' PermissionFlagsBits. Defined here
 * because runtime imports of discord-api-types (a CommonJS package) come out undefined in the workerd
 * test pool; this folder imports only its types.
 */
export const PERMISSION = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  PrioritySpeaker: 1n << 8n,
  Stream: 1n << 9n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  UseExternalEmojis: 1n << 18n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  MuteMembers: 1n << 22n,
  MoveMembers: 1n << 24n,
  UseVAD: 1n << 25n,
  ChangeNickname: 1n << 26n,
  ManageRoles: 1n << 28n,
  UseApplicationCommands: 1n << 31n,
  ModerateMembers: 1n << 40n,
} as const;

/** What owners and administrators get: every bit Discord defines (the OR of PermissionFlagsBits, 0.38.x). */
export const ALL_PERMISSIONS = 8866461766385663n;

/**
 * The user's permissions in the guild: everything for the owner and for ADMINISTRATOR holders, otherwise
 * @everyone OR-ed with the member's roles. Null when the user is not a member.
 */
export function guildPermissions(guild: DemoGuild, userId: string): bigint | null {
  if (guild.owner_id === userId) return ALL_PERMISSIONS;
  const member = guild.members.find((candidate) => candidate.user_id === userId);
  if (member === undefined) return null;
  let permissions = 0n;
  for (const role of guild.roles) {
    if (role.id === guild.id || member.roles.includes(role.id)) permissions |= BigInt(role.permissions);
  }
  if ((permissions & PERMISSION.Administrator) !== 0n) return ALL_PERMISSIONS;
  return permissions;
}

export function isGuildMember(guild: DemoGuild, userId: string): boolean {
  return guild.owner_id === userId || guild.members.some((candidate) => candidate.user_id === userId);
}
