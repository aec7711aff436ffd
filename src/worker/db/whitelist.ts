export interface Licence {
  serverId: string;
  expiresAt: number;
}

/** The licence of a server, expired or not (callers decide what an expired one means). */
export async function findLicence(db: D1Database, serverId: string): Promise<Licence | null> {
  return db
    .prepare('SELECT server_id AS serverId, expires_at AS expiresAt FROM whitelist WHERE server_id = ?')
    .bind(serverId)
    .first<Licence>();
}

export const isLicenceActive = (licence: Licence | null, now = Date.now()) => licence !== null && licence.expiresAt > now;
