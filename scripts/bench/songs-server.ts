// A production-build Worker for the song benchmarks: a private copy of dist/ (so a rebuild elsewhere
// cannot swap assets mid-run), its own local storage and port, and the workerd process to sample.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { WRANGLER_ENV } from '../process-tools.ts';

export const SONGS_BENCH_PORT = Number(process.env.SONGS_BENCH_PORT ?? 8820);
export const SONGS_BENCH_BASE = `http://127.0.0.1:${SONGS_BENCH_PORT}`;

export interface BenchServer {
  child: ChildProcess;
  workerdPid: number;
  persistDir: string;
  stop(): void;
}

export function benchPersistDir(name: string): string {
  return resolve(`.wrangler/bench-${name}`);
}

/** The local bindings of a persist dir, for seeding before the server starts. */
export async function benchBindings(persistDir: string) {
  return getPlatformProxy<Env>({ configPath: 'wrangler.toml', persist: { path: `${persistDir}/v3` } });
}

function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,comm=']).toString().trim().split('\n').map((l) => l.trim().split(/\s+/));
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of table) if (Number(parent) === p) out.push(Number(child), ...(walk(Number(child)), []));
  };
  walk(pid);
  return out;
}

export async function startSongsBenchServer(persistDir: string): Promise<BenchServer> {
  if (!existsSync('dist/servermanager/wrangler.json')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const copy = mkdtempSync(join(tmpdir(), 'songs-bench-'));
  cpSync('dist', join(copy, 'dist'), { recursive: true });
  const child = spawn('npx', ['wrangler', 'dev', '-c', join(copy, 'dist/servermanager/wrangler.json'), '--port', String(SONGS_BENCH_PORT), '--ip', '127.0.0.1', '--persist-to', persistDir, '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: WRANGLER_ENV,
    detached: true,
  });
  child.stderr?.on('data', (c: Buffer) => process.env.VERBOSE && process.stderr.write(c));
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${SONGS_BENCH_BASE}/api/get-kenji-songs`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const workerd = descendants(child.pid!).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
    } catch {
      return false;
    }
  });
  // Wrangler may run more than one workerd; the largest is the one serving the Worker and local R2.
  const workerdPid = workerd.sort((a, b) => rssKb(b) - rssKb(a))[0] ?? 0;
  return {
    child,
    workerdPid,
    persistDir,
    stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

export function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/** Samples a process's RSS while `work` runs; returns the peak and the CPU seconds it used. */
export async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRssMb: number; startRssMb: number; cpuSeconds: number; seconds: number }> {
  const startRss = rssKb(pid);
  let peak = startRss;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 25);
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, rssKb(pid));
    return { result, peakRssMb: peak / 1024, startRssMb: startRss / 1024, cpuSeconds: cpuSeconds(pid) - cpu0, seconds: (performance.now() - t0) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a response to the end without keeping it; returns the byte count. */
export async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}
