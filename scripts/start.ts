// npm start: build, migrate and seed local storage, start the fake Discord (demo mode) and the Worker.
import type { ChildProcess } from 'node:child_process';
import { startAppInstance } from './app-instance.ts';
import { FAKE_DISCORD_PORT, PERSIST_DIR, PORT, usesRealDiscord } from './demo-config.ts';
import { run, stopOnExit } from './process-tools.ts';

const children: ChildProcess[] = [];
stopOnExit(children);

if (!process.env.SKIP_BUILD) await run('npx', ['vite', 'build', '--logLevel', 'warn']);
await startAppInstance({ port: PORT, fakeDiscordPort: FAKE_DISCORD_PORT, persistDir: PERSIST_DIR, fresh: Boolean(process.env.FRESH_STATE) }, children);
console.log(`\nServerManager is running at http://localhost:${PORT}${usesRealDiscord() ? '' : ' (demo: log in with the fake Discord)'}\nPress Ctrl+C to stop.`);
