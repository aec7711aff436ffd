import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { reportDemoPresence } from './bot-presence-seed';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The bot has connected and reported where it is, as it does in production (tests of the time before forget it).
await reportDemoPresence(env.DB);
