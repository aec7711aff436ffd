// A production-build Worker for the song benchmarks: a private copy of dist/ (so a rebuild elsewhere
// cannot swap assets mid-run), its own local storage and port, and the workerd processes to sample.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { demoVars, varFlags } from '../demo-config.ts';
import { run, WRANGLER_ENV } from '../process-tools.ts';
import { findWorkerd, type WorkerdProcesses } from './workerd-proc.ts';

export const SONGS_BENCH_PORT = Number(process.env.SONGS_BENCH_PORT ?? 8820);
export const SONGS_BENCH_BASE = `http://127.0.0.1:${SONGS_BENCH_PORT}`;

export interface BenchServer {
  child: ChildProcess;
  workerd: WorkerdProcesses;
  persistDir: string;
  stop(): void;
}

export function benchPersistDir(name: string): string {
  return resolve(`.wrangler/bench-${name}`);
}

/** Applies the D1 migrations to the bench's own storage (the checksum index lives in D1). */
export async function migrateBenchStorage(persistDir: string): Promise<void> {
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir], { env: WRANGLER_ENV, stdio: 'ignore' });
}

/** The local bindings of a persist dir, for seeding before the server starts. */
export async function benchBindings(persistDir: string) {
  return getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${persistDir}/v3` } });
}

export async function startSongsBenchServer(persistDir: string): Promise<BenchServer> {
  if (!existsSync('dist/servermanager/wrangler.json')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const copy = mkdtempSync(join(tmpdir(), 'songs-bench-'));
  cpSync('dist', join(copy, 'dist'), { recursive: true });
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '-c',
      join(copy, 'dist/servermanager/wrangler.json'),
      '--port',
      String(SONGS_BENCH_PORT),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persistDir,
      '--log-level',
      'warn',
      // The Worker refuses to run without its secrets; the songs need none of Discord, but the check is global.
      ...varFlags({ ...demoVars(), APP_ORIGIN: SONGS_BENCH_BASE }),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: WRANGLER_ENV,
      detached: true,
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('wrangler dev did not start');
  child.stderr.on('data', (c: Buffer) => process.env.VERBOSE && process.stderr.write(c));
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${SONGS_BENCH_BASE}/api/get-kenji-songs`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const workerd = findWorkerd(pid, SONGS_BENCH_PORT);
  return {
    child,
    workerd,
    persistDir,
    stop() {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** Reads a response to the end without keeping it; returns the byte count. */
export async function drain(response: Response): Promise<number> {
  if (!response.body) return 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}
