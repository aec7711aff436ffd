export interface StoredStats {
  servers: number;
  users: number;
  updatedAt: number;
}

export async function readStats(db: D1Database): Promise<StoredStats> {
  const row = await db.prepare('SELECT servers, users, updated_at AS updatedAt FROM stats WHERE id = 1').first<StoredStats>();
  return row ?? { servers: 0, users: 0, updatedAt: 0 };
}

export async function writeStats(db: D1Database, servers: number, users: number, now = Date.now()): Promise<void> {
  await db
    .prepare(
      'INSERT INTO stats (id, servers, users, updated_at) VALUES (1, ?1, ?2, ?3) ON CONFLICT(id) DO UPDATE SET servers = ?1, users = ?2, updated_at = ?3',
    )
    .bind(servers, users, now)
    .run();
}
