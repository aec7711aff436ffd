// npm run dev: Vite with HMR running the Worker in workerd; in demo mode also the fake Discord.
import { spawn } from 'node:child_process';
import { appOrigin, demoVars, FAKE_DISCORD_PORT, PERSIST_DIR, usesRealDiscord } from './demo-config.ts';
import { run, startService, stopOnExit, WRANGLER_ENV } from './process-tools.ts';

const demo = !usesRealDiscord();
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST_DIR]);
await run(process.execPath, ['scripts/seed-demo.ts']);
const children = demo
  ? [
      await startService('fake-discord', process.execPath, ['dev/fake-discord/serve.ts'], /listening/i, {
        env: { ...process.env, FAKE_DISCORD_PORT: String(FAKE_DISCORD_PORT) },
      }),
    ]
  : [];
const port = process.env.PORT ?? '5173';
const vite = spawn('npx', ['vite', '--port', port], {
  stdio: 'inherit',
  env: { ...WRANGLER_ENV, WORKER_VARS: JSON.stringify({ ...(demo ? demoVars() : {}), APP_ORIGIN: appOrigin(port) }) },
});
children.push(vite);
stopOnExit(children);
vite.on('exit', (code) => process.exit(code ?? 0));
