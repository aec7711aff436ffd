/** Guild-level permission math as Discord applies it for `/users/@me/guilds` (no channel overwrites). */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { DemoGuild } from './data.ts';

export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

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
  if ((permissions & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  return permissions;
}

export function isGuildMember(guild: DemoGuild, userId: string): boolean {
  return guild.owner_id === userId || guild.members.some((candidate) => candidate.user_id === userId);
}
