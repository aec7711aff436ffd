import { env } from 'cloudflare:workers';

/** Sets the landing page's counters as if the bot had reported this many servers and users. */
export async function setStats(servers: number, users: number): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO stats (id, servers, users, updated_at) VALUES (1, ?1, ?2, ?3) ON CONFLICT(id) DO UPDATE SET servers = ?1, users = ?2, updated_at = ?3',
  )
    .bind(servers, users, Date.now())
    .run();
}
