// npm start: build, migrate and seed local storage, start the fake Discord (demo mode) and the Worker.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { appOrigin, demoVars, FAKE_DISCORD_PORT, PERSIST_DIR, PORT, usesRealDiscord, varFlags } from './demo-config.ts';
import { run, startService, stopOnExit } from './process-tools.ts';

const children: ChildProcess[] = [];
stopOnExit(children);

if (process.env.FRESH_STATE) rmSync(PERSIST_DIR, { recursive: true, force: true });
if (!process.env.SKIP_BUILD) await run('npx', ['vite', 'build', '--logLevel', 'warn']);
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST_DIR]);
await run(process.execPath, ['scripts/seed-demo.ts']);

const demo = !usesRealDiscord();
if (demo) {
  children.push(
    await startService('fake-discord', process.execPath, ['dev/fake-discord/serve.ts'], /listening/i, {
      env: { ...process.env, FAKE_DISCORD_PORT: String(FAKE_DISCORD_PORT) },
    }),
  );
}
children.push(
  await startService(
    'worker',
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(PORT),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      PERSIST_DIR,
      '--test-scheduled',
      ...varFlags({ ...(demo ? demoVars() : {}), APP_ORIGIN: appOrigin(PORT) }),
    ],
    /Ready on/i,
  ),
);
if (demo) {
  // The bot's part: where it is, through the bot API (a real bot reports this from Discord's gateway).
  const vars = demoVars();
  await run(
    process.execPath,
    ['--import', './scripts/resolve-ts-extensions.ts', 'dev/demo-bot.ts', String(vars.DISCORD_BASE_URL), `http://127.0.0.1:${PORT}`],
    {
      env: { ...process.env, BOT_API_TOKEN: vars.BOT_API_TOKEN },
    },
  );
}
console.log(`\nServerManager is running at http://localhost:${PORT}${demo ? ' (demo: log in with the fake Discord)' : ''}\nPress Ctrl+C to stop.`);
