// Seeds local D1 (and, once present, the song libraries) with demo data, idempotently.
import { getPlatformProxy } from 'wrangler';
import { createDemoData, DEMO_GUILD_IDS, DEMO_USER_IDS } from '../dev/fake-discord/data.ts';
import { PERSIST_DIR } from './demo-config.ts';

const DEMO_STATS = { servers: 1287, users: 482_915 };

/** Kenji Lounge (Demo Owner's) grants its DJ role read access: Demo Member, a DJ there, sees it read-only. */
const kenji = createDemoData().guilds.find((guild) => guild.id === DEMO_GUILD_IDS.kenjiLounge);
const djRole = kenji?.roles.find((role) => role.name === 'DJ');
if (djRole === undefined) throw new Error('demo data: Kenji Lounge has no DJ role');

const { env, dispose } = await getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${PERSIST_DIR}/v3` } });
try {
  await env.DB.prepare('INSERT INTO stats (id, servers, users, updated_at) VALUES (1, ?1, ?2, ?3) ON CONFLICT(id) DO NOTHING')
    .bind(DEMO_STATS.servers, DEMO_STATS.users, Date.now())
    .run();
  // Only while Kenji Lounge has no grant at all, so an owner's changes to its grants survive a restart.
  await env.DB.prepare(
    `INSERT INTO server_access (guild_id, role_id, level, granted_by, granted_at)
     SELECT ?1, ?2, 'read', ?3, ?4 WHERE NOT EXISTS (SELECT 1 FROM server_access WHERE guild_id = ?1)`,
  )
    .bind(DEMO_GUILD_IDS.kenjiLounge, djRole.id, DEMO_USER_IDS.owner, Date.now())
    .run();
  await (await import('./seed-songs.ts')).seedLibraries(env);
  console.log('Seeded demo data.');
} finally {
  await dispose();
}
