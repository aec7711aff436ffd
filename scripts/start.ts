// npm start: build, migrate and seed local storage, start the fake Discord (demo mode) and the Worker.
import type { ChildProcess } from 'node:child_process';
import { startAppInstance } from './app-instance.ts';
import { appOrigin, FAKE_DISCORD_PORT, PERSIST_DIR, PORT, usesRealDiscord } from './demo-config.ts';
import { run, stopOnExit, WRANGLER_ENV } from './process-tools.ts';

const children: ChildProcess[] = [];
stopOnExit(children);

// The prerendered pages name the origin they are served from (their links and CSP).
if (!process.env.SKIP_BUILD) await run('npx', ['vite', 'build', '--logLevel', 'warn'], { env: { ...WRANGLER_ENV, APP_ORIGIN: appOrigin(PORT) } });
await startAppInstance({ port: PORT, fakeDiscordPort: FAKE_DISCORD_PORT, persistDir: PERSIST_DIR, fresh: Boolean(process.env.FRESH_STATE) }, children);
console.log(`\nServerManager is running at http://localhost:${PORT}${usesRealDiscord() ? '' : ' (demo: log in with the fake Discord)'}\nPress Ctrl+C to stop.`);
