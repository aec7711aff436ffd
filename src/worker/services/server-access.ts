/**
 * Role grants of dashboard access: who may see and change them (those who manage the server), and the
 * checks a new grant must pass against the guild's roles.
 */
import { allows, type ServerAccessResponse } from '../../shared/server-access';
import type { ServerAccessUpdate } from '../../shared/server-access-requests';
import { deleteGrant, listGrants, upsertGrant } from '../db/server-access';
import { badRequest } from '../errors';
import type { ActiveSession } from '../hono-env';
import { loadGuildView, lookAgain, rememberAllMissing, type GuildView } from './guild-view';
import { reauthoriseGuild, type Defer } from './live';
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
 * role check, so the grant of a role deleted in Discord can still be cleaned up. A grant removed or lowered
 * closes the guild's live sockets, so its pages are authorised again now rather than when their sockets'
 * grants run out. Answers the grants.
 */
export async function updateServerAccess(
  env: Env,
  session: ActiveSession,
  { serverID, roleID, level }: ServerAccessUpdate,
  defer: Defer,
): Promise<ServerAccessResponse> {
  const { guild } = await requireGuildAccess(env, session, serverID, 'manage');
  const before = (await listGrants(env.DB, guild.id)).find((grant) => grant.roleID === roleID)?.level;
  if (level === null) {
    await deleteGrant(env.DB, guild.id, roleID);
  } else {
    // The cached view may be a minute old: a role made just now is looked up once more before it is refused, through
    // the gate a save's look-up goes through (a role Discord denied a moment ago costs nothing; the user's limiter).
    let problem = grantProblem(roleID, (await loadGuildView(env, guild.id, { viewer: session.user.id })).value, guild.id);
    const freshView = problem !== null && roleID !== guild.id ? await lookAgain(env, session.user.id, guild.id, [roleID]) : null;
    if (freshView !== null) {
      problem = grantProblem(roleID, freshView.value, guild.id);
      if (problem !== null) await rememberAllMissing(env, guild.id, [roleID]);
    }
    if (problem !== null) throw badRequest(problem, 'INVALID_REFERENCE');
    await upsertGrant(env.DB, { guildId: guild.id, roleId: roleID, level, userId: session.user.id, now: Date.now() });
  }
  if (before !== undefined && (level === null || !allows(level, before))) reauthoriseGuild(env, defer, guild.id);
  return { grants: await listGrants(env.DB, guild.id) };
}
