// Starts `npm start`'s production server for a benchmark, on its own ports and fresh storage.
import { spawn, type ChildProcess } from 'node:child_process';
import { WRANGLER_ENV } from '../process-tools.ts';
import { findWorkerd, type WorkerdProcesses } from './workerd-proc.ts';

export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8810);
export const BENCH_BASE = `http://127.0.0.1:${BENCH_PORT}`;

export const BENCH_PERSIST_DIR = '.wrangler/bench-state';

/** `extraEnv` reaches the start script and the fake Discord (FAKE_DISCORD_BOT_GUILDS, SKIP_BUILD); `onOutput` sees its lines. */
export async function startBenchServer(extraEnv: Record<string, string> = {}, onOutput: (text: string) => void = () => undefined): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...WRANGLER_ENV,
      PORT: String(BENCH_PORT),
      FAKE_DISCORD_PORT: String(BENCH_PORT + 1),
      PERSIST_DIR: BENCH_PERSIST_DIR,
      FRESH_STATE: '1',
      APP_ORIGIN: BENCH_BASE,
      ...extraEnv,
    },
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      onOutput(text);
      if (text.includes('is running at')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

/** The server's workerd processes; the fake Discord is a Node process and so never among them. */
export function benchWorkerd(server: ChildProcess): WorkerdProcesses {
  if (server.pid === undefined) throw new Error('the bench server has no pid');
  return findWorkerd(server.pid, BENCH_PORT);
}

export function stopBenchServer(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone; an error thrown here would hide the one that ended the run
  }
}

const cookiePairs = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Logs in through the real redirect flow (our /api/auth → fake Discord → callback) and returns the cookie. */
export async function loginCookie(globalNameUserId = '100000000000000002'): Promise<string> {
  const start = await fetch(`${BENCH_BASE}/api/auth`, { redirect: 'manual' });
  const authorize = new URL(start.headers.get('location') ?? '');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('user_id', globalNameUserId);
  const approved = await fetch(`${authorize.origin}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
  const callback = await fetch(approved.headers.get('location') ?? '', { headers: { cookie: cookiePairs(start) }, redirect: 'manual' });
  if (callback.status !== 302) throw new Error(`login failed: ${callback.status}`);
  return cookiePairs(callback);
}
