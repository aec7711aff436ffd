// The workerd processes under a local `wrangler dev`, and their CPU time and memory read from /proc (Linux only).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * wrangler dev runs two workerd processes: `app` serves the Worker, its static assets and local storage
 * (D1, KV, R2); `proxy` only listens on the public port and forwards to it, a cost Cloudflare's edge
 * does not have, so it is kept apart from the Worker's figures.
 */
export interface WorkerdProcesses {
  app: number[];
  proxy: number[];
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuTicks: number;
}

let ticksPerSecond: number | undefined;
function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  return ticksPerSecond;
}

function readProcFile(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined; // the process exited since we listed it
  }
}

function procStat(pid: number, file = 'stat'): ProcStat | undefined {
  const text = readProcFile(pid, file);
  if (text === undefined) return undefined;
  // comm may itself contain spaces or ')', so the fields start after the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Fields 4 (ppid), 14 (utime) and 15 (stime) of proc(5), counted after pid and comm.
  return { pid, ppid: Number(fields[1]), comm: text.slice(text.indexOf('(') + 1, close), cpuTicks: Number(fields[11]) + Number(fields[12]) };
}

function allProcesses(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
}

function descendants(root: number): ProcStat[] {
  const all = allProcesses();
  const found: ProcStat[] = [];
  let parents = new Set([root]);
  while (parents.size > 0) {
    const children = all.filter((stat) => parents.has(stat.ppid));
    found.push(...children);
    parents = new Set(children.map((stat) => stat.pid));
  }
  return found;
}

function listensOn(pid: number, port: number): boolean {
  const argv = readProcFile(pid, 'cmdline')?.split('\0') ?? [];
  return argv.some((arg) => arg.startsWith('--socket-addr=entry=') && arg.endsWith(`:${port}`));
}

/** The workerd processes started under `root` (e.g. `npm start`'s process group leader) for a server on `publicPort`. */
export function findWorkerd(root: number, publicPort: number): WorkerdProcesses {
  const workerd = descendants(root)
    .filter((stat) => stat.comm === 'workerd')
    .map((stat) => stat.pid);
  if (workerd.length === 0) throw new Error(`no workerd process under pid ${root}`);
  const proxy = workerd.filter((pid) => listensOn(pid, publicPort));
  const app = workerd.filter((pid) => !proxy.includes(pid));
  // Without a separate proxy, the one workerd on the public port is the app itself.
  return app.length > 0 ? { app, proxy } : { app: proxy, proxy: [] };
}

/** User + system CPU seconds the processes used so far; undefined if one has exited. */
export function cpuSeconds(pids: number[]): number | undefined {
  let ticks = 0;
  for (const pid of pids) {
    const stat = procStat(pid);
    if (stat === undefined) return undefined;
    ticks += stat.cpuTicks;
  }
  return ticks / clockTicksPerSecond();
}

/**
 * CPU seconds of the process's main thread alone. workerd runs every isolate on it (the Worker's, the
 * asset worker's, the storage simulations'); V8's profiler thread and the platform's workers are apart.
 */
export function mainThreadCpuSeconds(pid: number): number | undefined {
  const stat = procStat(pid, `task/${pid}/stat`);
  return stat === undefined ? undefined : stat.cpuTicks / clockTicksPerSecond();
}

export function rssKb(pids: number[]): number {
  let total = 0;
  for (const pid of pids) total += Number(/VmRSS:\s+(\d+)/.exec(readProcFile(pid, 'status') ?? '')?.[1] ?? 0);
  return total;
}

export interface WorkerdCpu {
  appSeconds: number;
  proxySeconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Lets requests still in flight from earlier work, and this work's waitUntil() tails, land on the right side.
const SETTLE_MS = 300;

/**
 * CPU the workerd processes used while `work` ran. `cpu` is undefined when wrangler restarted the runtime
 * meanwhile (e.g. dist/ was rebuilt), since the figure would then mix two processes.
 */
export async function workerdCpuDuring<T>(processes: WorkerdProcesses, work: () => Promise<T>): Promise<{ result: T; cpu: WorkerdCpu | undefined }> {
  await sleep(SETTLE_MS);
  const appBefore = cpuSeconds(processes.app);
  const proxyBefore = cpuSeconds(processes.proxy);
  const result = await work();
  await sleep(SETTLE_MS);
  const appAfter = cpuSeconds(processes.app);
  const proxyAfter = cpuSeconds(processes.proxy);
  if (appBefore === undefined || proxyBefore === undefined || appAfter === undefined || proxyAfter === undefined) return { result, cpu: undefined };
  return { result, cpu: { appSeconds: appAfter - appBefore, proxySeconds: proxyAfter - proxyBefore } };
}

export interface Sampled<T> {
  result: T;
  peakRssMb: number;
  startRssMb: number;
  cpuSeconds: number;
  seconds: number;
}

/** Samples the processes' RSS while `work` runs; returns the peak and the CPU seconds they used. */
export async function sampled<T>(pids: number[], work: () => Promise<T>): Promise<Sampled<T>> {
  const startRss = rssKb(pids);
  let peak = startRss;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pids))), 25);
  const cpu0 = cpuSeconds(pids);
  const t0 = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, rssKb(pids));
    const cpu1 = cpuSeconds(pids);
    if (cpu0 === undefined || cpu1 === undefined) throw new Error('workerd exited during the measurement');
    return { result, peakRssMb: peak / 1024, startRssMb: startRss / 1024, cpuSeconds: cpu1 - cpu0, seconds: (performance.now() - t0) / 1000 };
  } finally {
    clearInterval(timer);
  }
}
