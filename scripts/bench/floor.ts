// The floor under the load table's "× static" column: what a Worker that does (almost) nothing costs in the same
// local runtime, measured the same way. A throwaway Worker, beside the app's own static files and with its
// `run_worker_first`, answers /ping with a constant, /ping-64k with a constant 64 KiB page (a cached page's size),
// /ping-d1 after one D1 `SELECT 1` and /ping-kv after one KV read; each is compared with /favicon.svg in paired rounds (scripts/bench/load.ts),
// and its isolate's CPU is profiled as the app's is: what one round trip costs a Worker that does nothing else.
//   node --import ./scripts/resolve-ts-extensions.ts scripts/bench/floor.ts   (FLOOR_PORT, default 8830)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WRANGLER_ENV } from '../process-tools.ts';
import { compareWithStatic, measure, printLoadTable, type CpuSource, type IsolateProfiling, type LoadRow, type LoadTarget } from './load.ts';
import { WORKER_NAME } from './inspector.ts';
import { findWorkerd } from './workerd-proc.ts';

const PORT = Number(process.env.FLOOR_PORT ?? 8830);
const BASE = `http://127.0.0.1:${PORT}`;
const LOAD = { connections: 4, durationSeconds: 2 };
const CPU: CpuSource = { kind: 'pass', rounds: 5, requests: 1000, connections: 4 };
const ISOLATE: IsolateProfiling = { intervalUs: 100, rounds: 5, requests: 1000, connections: 4 };

const WORKER = `const page = new TextEncoder().encode('<p>' + 'x'.repeat(64 * 1024 - 7) + '</p>');
export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/ping-64k') return new Response(page, { headers: { 'Content-Type': 'text/html' } });
    if (pathname === '/ping-d1') return new Response(JSON.stringify(await env.DB.prepare('SELECT 1 AS one').first()));
    if (pathname === '/ping-kv') return new Response(String(await env.CACHE.get('some-key')));
    return new Response('ok');
  },
};`;

/** The app's own [assets] section, so the asset router does what it does for the app; the app's name, which the isolate profiler looks for. */
const CONFIG = (publicDir: string) => `name = "${WORKER_NAME}"
main = "worker.js"
compatibility_date = "2025-10-01"
compatibility_flags = ["nodejs_compat"]
[assets]
directory = "${publicDir}"
binding = "ASSETS"
not_found_handling = "none"
run_worker_first = ["/*", "!/assets/*", "!/favicon.svg", "!/robots.txt"]
[[d1_databases]]
binding = "DB"
database_name = "floor"
database_id = "00000000-0000-0000-0000-000000000000"
[[kv_namespaces]]
binding = "CACHE"
id = "00000000000000000000000000000000"
`;

const dir = mkdtempSync(join(tmpdir(), 'sm-floor-'));
writeFileSync(join(dir, 'worker.js'), WORKER);
writeFileSync(join(dir, 'wrangler.toml'), CONFIG(resolve('public')));
const child = spawn(
  process.execPath,
  [resolve('node_modules/wrangler/bin/wrangler.js'), 'dev', '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', join(dir, 'state')],
  {
    cwd: dir,
    env: WRANGLER_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  },
);
try {
  await new Promise<void>((ready, failed) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Ready on') && ready());
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('exit', (code) => failed(new Error(`wrangler dev exited with ${code}`)));
  });
  const workerd = () => findWorkerd(child.pid ?? 0, PORT);
  const reference: LoadTarget = { name: 'static /favicon.svg', path: '/favicon.svg' };
  const rows: LoadRow[] = [await measure(BASE, reference, LOAD, CPU, workerd, undefined)];
  for (const target of [
    { name: 'a Worker answering a constant', path: '/ping' },
    { name: 'a Worker answering a constant 64 KiB page', path: '/ping-64k' },
    { name: 'a Worker after one D1 SELECT 1', path: '/ping-d1' },
    { name: 'a Worker after one KV read', path: '/ping-kv' },
  ])
    rows.push(await measure(BASE, target, LOAD, CPU, workerd, ISOLATE, reference));
  compareWithStatic(rows);
  printLoadTable(rows, LOAD, CPU, ISOLATE);
} finally {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone; an error thrown here would hide the one that ended the run
  }
  rmSync(dir, { recursive: true, force: true });
}
