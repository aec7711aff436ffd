/** Discord permission math on BigInt bit fields (the high bits do not fit in a double). */
import type { APIRole } from 'discord-api-types/v10';

export const ADMINISTRATOR = 1n << 3n;
export const MANAGE_GUILD = 1n << 5n;

const DECIMAL_BITFIELD = /^\d+$/;

/** The bit field Discord sends as a decimal string, or null when it is missing or not one. */
export function parsePermissions(value: string | null | undefined): bigint | null {
  if (typeof value !== 'string' || !DECIMAL_BITFIELD.test(value)) return null;
  return BigInt(value);
}

export function hasPermission(permissions: bigint, flag: bigint): boolean {
  return (permissions & flag) === flag;
}

interface GuildEntry {
  owner?: boolean;
  permissions?: string;
}

/**
 * Each answer, by the guild-list entry it was worked out for: a page asks it of each of a user's 200 guilds in
 * several places, and the permissions string is parsed to a BigInt once per entry, not each time.
 */
const managing = new WeakMap<GuildEntry, boolean>();

/** Whether the user may manage the guild's settings: owner, ADMINISTRATOR or MANAGE_GUILD. */
export function canManageGuild(guild: GuildEntry): boolean {
  let answer = managing.get(guild);
  if (answer === undefined) managing.set(guild, (answer = manages(guild)));
  return answer;
}

function manages(guild: GuildEntry): boolean {
  if (guild.owner === true) return true;
  const permissions = parsePermissions(guild.permissions);
  if (permissions === null) return false;
  return hasPermission(permissions, ADMINISTRATOR) || hasPermission(permissions, MANAGE_GUILD);
}

/**
 * The position of the highest role among `memberRoleIds` (0, the @everyone position, when none match).
 * A role can only be assigned by someone whose highest role sits strictly above it.
 */
export function highestRolePosition(memberRoleIds: readonly string[], roles: readonly Pick<APIRole, 'id' | 'position'>[]): number {
  const held = new Set(memberRoleIds);
  let highest = 0;
  for (const role of roles) if (held.has(role.id) && role.position > highest) highest = role.position;
  return highest;
}
