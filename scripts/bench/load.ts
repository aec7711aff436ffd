// Load figures with autocannon against the production build: req/s, latency and errors per path, and the
// Worker's CPU time per request, read from workerd's /proc figures.
import autocannon from 'autocannon';
import { workerdCpuDuring, type WorkerdCpu, type WorkerdProcesses } from './workerd-proc.ts';

export interface LoadTarget {
  name: string;
  path: string;
  cookie?: string;
}

export interface TimedLoad {
  connections: number;
  durationSeconds: number;
}

interface CountedLoad {
  connections: number;
  requests: number;
}

/**
 * Where the CPU column comes from. `pass` (the default) is a separate short pass per path after the timed
 * load, a fixed number of requests on few connections, so workerd is not saturated and the figure compares
 * across machines and runs; `load` divides the CPU of the timed load itself.
 */
export type CpuSource = ({ kind: 'pass' } & CountedLoad) | { kind: 'load' };

export interface CpuPerRequest {
  workerMs: number;
  proxyMs: number;
}

export interface LoadRow {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  fractionOfStatic?: number;
  /** Undefined when wrangler restarted workerd during the measurement. */
  cpu?: CpuPerRequest;
  cpuOfStatic?: number;
}

function hammer(base: string, target: LoadTarget, shape: TimedLoad | CountedLoad): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${target.path}`,
    connections: shape.connections,
    ...('requests' in shape ? { amount: shape.requests } : { duration: shape.durationSeconds }),
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
}

const served = (r: autocannon.Result) => r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
const failures = (r: autocannon.Result) => r.errors + r.timeouts;

function perRequest(cpu: WorkerdCpu | undefined, requests: number): CpuPerRequest | undefined {
  if (cpu === undefined || requests === 0) return undefined;
  return { workerMs: (cpu.appSeconds * 1000) / requests, proxyMs: (cpu.proxySeconds * 1000) / requests };
}

function loadFigures(target: LoadTarget, result: autocannon.Result): LoadRow {
  return {
    name: target.name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failures(result),
    non2xx: result.non2xx,
  };
}

/** `workerd` is asked again for each measurement, since wrangler may have restarted the runtime since the last. */
export async function measure(base: string, target: LoadTarget, load: TimedLoad, cpuSource: CpuSource, workerd: () => WorkerdProcesses): Promise<LoadRow> {
  if (cpuSource.kind === 'load') {
    const { result, cpu } = await workerdCpuDuring(workerd(), () => hammer(base, target, load));
    return { ...loadFigures(target, result), cpu: perRequest(cpu, served(result)) };
  }
  const timed = loadFigures(target, await hammer(base, target, load));
  const { result: pass, cpu } = await workerdCpuDuring(workerd(), () => hammer(base, target, cpuSource));
  // The CPU pass's failures are counted too: CPU spent on error answers would mislead.
  return { ...timed, errors: timed.errors + failures(pass), non2xx: timed.non2xx + pass.non2xx, cpu: perRequest(cpu, served(pass)) };
}

/** Relates every row after the first (the static asset, the runtime's ceiling) to that first row. */
export function compareWithStatic(rows: LoadRow[]) {
  const [staticRow, ...others] = rows;
  if (!staticRow) return;
  for (const row of others) {
    row.fractionOfStatic = row.reqPerSec / staticRow.reqPerSec;
    if (row.cpu && staticRow.cpu) row.cpuOfStatic = row.cpu.workerMs / staticRow.cpu.workerMs;
  }
}

function cpuSourceText(cpuSource: CpuSource): string {
  return cpuSource.kind === 'pass' ? `a separate pass of ${cpuSource.requests} requests on ${cpuSource.connections} connections per path` : 'the timed load';
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));

export function printLoadTable(rows: LoadRow[], load: TimedLoad, cpuSource: CpuSource) {
  console.log(`\nLoad (${load.connections} connections, ${load.durationSeconds} s per path)`);
  console.log(`CPU per request: workerd utime+stime from /proc over ${cpuSourceText(cpuSource)}; the dev proxy's workerd apart (n/a: workerd restarted)`);
  console.log('| path | req/s | p50 ms | p99 ms | errors | non-2xx | of static | Worker CPU ms/req | CPU × static | proxy CPU ms/req |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const frac = r.fractionOfStatic === undefined ? '' : `${Math.round(r.fractionOfStatic * 100)}%`;
    const ratio = r.cpuOfStatic === undefined ? '' : `${r.cpuOfStatic.toFixed(1)}×`;
    console.log(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${frac} | ${ms(r.cpu?.workerMs)} | ${ratio} | ${ms(r.cpu?.proxyMs)} |`,
    );
  }
}
