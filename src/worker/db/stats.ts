export interface StoredStats {
  servers: number;
  users: number;
  updatedAt: number;
}

export async function readStats(db: D1Database): Promise<StoredStats> {
  const row = await db.prepare('SELECT servers, users, updated_at AS updatedAt FROM stats WHERE id = 1').first<StoredStats>();
  return row ?? { servers: 0, users: 0, updatedAt: 0 };
}
