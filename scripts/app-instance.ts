// One running copy of the app on its own ports and local storage: migrated, seeded, with the fake Discord
// (demo mode) and the bot's report of where it is. `npm start` runs one; the browser tests run one per worker.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { appOrigin, demoVars, usesRealDiscord, varFlags } from './demo-config.ts';
import { run, startService, WRANGLER_BIN, WRANGLER_ENV } from './process-tools.ts';

export interface AppInstance {
  port: number;
  fakeDiscordPort: number;
  persistDir: string;
  /** Start from empty storage. */
  fresh: boolean;
  /** Prefix of its log lines, when several run side by side. */
  name?: string;
}

/** Starts the instance (the build in dist/ must exist); its processes are pushed to `children` as they start. */
export async function startAppInstance(instance: AppInstance, children: ChildProcess[]): Promise<void> {
  const { port, fakeDiscordPort, persistDir, name = '' } = instance;
  const env = { ...WRANGLER_ENV, PERSIST_DIR: persistDir, FAKE_DISCORD_PORT: String(fakeDiscordPort) };
  if (instance.fresh) rmSync(persistDir, { recursive: true, force: true });
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir], { env });
  await run(process.execPath, ['scripts/seed-demo.ts'], { env });

  const demo = !usesRealDiscord();
  if (demo) children.push(await startService(`${name}fake-discord`, process.execPath, ['dev/fake-discord/serve.ts'], /listening/i, { env }));
  const vars = demo ? demoVars(fakeDiscordPort) : {};
  const worker = [WRANGLER_BIN, 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persistDir, '--test-scheduled'];
  const workerArgs = [...worker, ...varFlags({ ...vars, APP_ORIGIN: appOrigin(port) })];
  children.push(await startService(`${name}worker`, process.execPath, workerArgs, /Ready on/i, { env }));
  if (demo) {
    // The bot's part: where it is, through the bot API (a real bot reports this from Discord's gateway).
    const bot = ['--import', './scripts/resolve-ts-extensions.ts', 'dev/demo-bot.ts', String(vars.DISCORD_BASE_URL), `http://127.0.0.1:${port}`];
    await run(process.execPath, bot, { env: { ...env, BOT_API_TOKEN: vars.BOT_API_TOKEN } });
  }
}
