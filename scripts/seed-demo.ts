// Seeds local D1 (and, once present, the song libraries) with demo data, idempotently.
import { getPlatformProxy } from 'wrangler';
import { PERSIST_DIR } from './demo-config.ts';

const DEMO_STATS = { servers: 1287, users: 482_915 };

const { env, dispose } = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${PERSIST_DIR}/v3` } });
try {
  await env.DB.prepare('INSERT INTO stats (id, servers, users, updated_at) VALUES (1, ?1, ?2, ?3) ON CONFLICT(id) DO NOTHING')
    .bind(DEMO_STATS.servers, DEMO_STATS.users, Date.now())
    .run();
  await (await import('./seed-songs.ts')).seedLibraries(env);
  console.log('Seeded demo data.');
} finally {
  await dispose();
}
