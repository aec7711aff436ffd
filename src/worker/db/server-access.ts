/** Role grants of dashboard access (the `server_access` table). */
import type { GrantLevel, ServerAccessGrant } from '../../shared/server-access';
import type { BatchRead } from './batch';

export interface GuildGrant extends ServerAccessGrant {
  guildID: string;
}

const isGrantLevel = (value: string): value is GrantLevel => value === 'read' || value === 'write';

/** A guild's grants, ordered by role id. */
export async function listGrants(db: D1Database, guildId: string): Promise<ServerAccessGrant[]> {
  const { results } = await db
    .prepare('SELECT role_id AS roleID, level FROM server_access WHERE guild_id = ? ORDER BY role_id')
    .bind(guildId)
    .all<{ roleID: string; level: string }>();
  return results.flatMap((row) => (isGrantLevel(row.level) ? [{ roleID: row.roleID, level: row.level }] : []));
}

/** The grants of any of these guilds, in one query (the guilds a user is in); no query for no guilds. */
export function grantsOfRead(db: D1Database, guildIds: readonly string[]): BatchRead<GuildGrant[]> {
  const statements =
    guildIds.length === 0
      ? []
      : [
          db
            .prepare('SELECT guild_id AS guildID, role_id AS roleID, level FROM server_access WHERE guild_id IN (SELECT value FROM json_each(?))')
            .bind(JSON.stringify(guildIds)),
        ];
  return {
    statements,
    read: ([result]) =>
      ((result?.results ?? []) as { guildID: string; roleID: string; level: string }[]).flatMap((row) =>
        isGrantLevel(row.level) ? [{ guildID: row.guildID, roleID: row.roleID, level: row.level }] : [],
      ),
  };
}

export interface GrantWrite {
  guildId: string;
  roleId: string;
  level: GrantLevel;
  userId: string;
  now: number;
}

/** Adds the role's grant or changes its level. */
export async function upsertGrant(db: D1Database, grant: GrantWrite): Promise<void> {
  await db
    .prepare(
      `INSERT INTO server_access (guild_id, role_id, level, granted_by, granted_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (guild_id, role_id) DO UPDATE SET level = excluded.level, granted_by = excluded.granted_by, granted_at = excluded.granted_at`,
    )
    .bind(grant.guildId, grant.roleId, grant.level, grant.userId, grant.now)
    .run();
}

export async function deleteGrant(db: D1Database, guildId: string, roleId: string): Promise<void> {
  await db.prepare('DELETE FROM server_access WHERE guild_id = ? AND role_id = ?').bind(guildId, roleId).run();
}
