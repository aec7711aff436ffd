import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Environment for every wrangler we start: offline, no telemetry. */
export const WRANGLER_ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/**
 * wrangler's own launcher, to run with this Node for a wrangler that keeps running: it passes SIGINT and SIGTERM on
 * to wrangler, which stops workerd. Through `npx` a SIGTERM stopped npx alone and left wrangler holding the port.
 */
export const WRANGLER_BIN = 'node_modules/wrangler/bin/wrangler.js';

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: WRANGLER_ENV, ...options });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Starts a long-running process and resolves once a line of its output matches `ready`. */
export function startService(name: string, command: string, args: string[], ready: RegExp, options: SpawnOptions = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: WRANGLER_ENV, ...options });
    let started = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (process.env.VERBOSE || !started)
        process.stdout.write(
          text
            .split('\n')
            .filter(Boolean)
            .map((l) => `[${name}] ${l}\n`)
            .join(''),
        );
      if (!started && ready.test(text)) {
        started = true;
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!started) reject(new Error(`${name} exited with ${code} before it was ready`));
    });
  });
}

export function stopOnExit(children: ChildProcess[]) {
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A start that fails halfway (an error thrown, a port taken) must not leave the part already started running.
  process.on('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
