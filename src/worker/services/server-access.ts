/**
 * Role grants of dashboard access: who may see and change them (those who manage the server), and the
 * checks a new grant must pass against the guild's roles.
 */
import type { ServerAccessResponse, ServerAccessUpdate } from '../../shared/server-access';
import { deleteGrant, listGrants, upsertGrant } from '../db/server-access';
import { badRequest } from '../errors';
import type { ActiveSession } from '../hono-env';
import { loadGuildView, type GuildView } from './guild-view';
import { requireGuildAccess } from './servers';

export async function serverAccess(env: Env, session: ActiveSession, serverID: string): Promise<ServerAccessResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'manage');
  return { grants: await listGrants(env.DB, guild.id) };
}

/**
 * Why the role cannot be granted, or null. @everyone is refused: it would open the dashboard to every member,
 * including whoever joins next, which no owner should do with one click. Roles managed by an integration
 * (a bot's role, the booster role) may be granted: they are roles people or bots really hold.
 */
function grantProblem(roleId: string, view: GuildView, guildId: string): string | null {
  if (roleId === guildId) return 'roleID: @everyone cannot be granted access; choose a role.';
  if (!view.roles.some((role) => role.id === roleId)) return `roleID: role ${roleId} does not exist in this server.`;
  return null;
}

/**
 * Grants a role 'read' or 'write', changes its level, or (level null) removes its grant. A removal needs no
 * role check, so the grant of a role deleted in Discord can still be cleaned up. Answers the grants.
 */
export async function updateServerAccess(env: Env, session: ActiveSession, { serverID, roleID, level }: ServerAccessUpdate): Promise<ServerAccessResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'manage');
  if (level === null) {
    await deleteGrant(env.DB, guild.id, roleID);
  } else {
    // The cached view may be a minute old: a role made just now is looked up once more before it is refused.
    let problem = grantProblem(roleID, (await loadGuildView(env, guild.id)).value, guild.id);
    if (problem !== null && roleID !== guild.id) problem = grantProblem(roleID, (await loadGuildView(env, guild.id, { fresh: true })).value, guild.id);
    if (problem !== null) throw badRequest(problem, 'INVALID_REFERENCE');
    await upsertGrant(env.DB, { guildId: guild.id, roleId: roleID, level, userId: session.user.id, now: Date.now() });
  }
  return { grants: await listGrants(env.DB, guild.id) };
}
