// The browser tests' servers: one build, then one app per Playwright worker, each on its own ports and with
// its own fresh storage, so the workers never see each other's changes.
import type { ChildProcess } from 'node:child_process';
import { startAppInstance } from './app-instance.ts';
import { appOrigin } from './demo-config.ts';
import { run, stopOnExit, WRANGLER_ENV } from './process-tools.ts';

const [firstPort = '8790', count = '1'] = process.argv.slice(2);
const children: ChildProcess[] = [];
stopOnExit(children);

// One build for every instance: the prerendered pages' links name the first one's origin (only previews and the canonical link use it).
await run('npx', ['vite', 'build', '--logLevel', 'warn'], { env: { ...WRANGLER_ENV, APP_ORIGIN: appOrigin(firstPort) } });
const instances = Array.from({ length: Number(count) }, (_, index) => {
  const port = Number(firstPort) + 2 * index;
  return { port, fakeDiscordPort: port + 1, persistDir: `.wrangler/e2e-state-${index}`, fresh: true, name: `${index}:` };
});
// One after the other: two wrangler dev starting at once can pick the same free port for their internal sockets.
for (const instance of instances) await startAppInstance(instance, children);
console.log(`e2e servers ready: ${instances.map(({ port }) => port).join(', ')}`);
