// Load figures with autocannon against the production build: req/s, latency and errors per path.
import autocannon from 'autocannon';

export interface LoadTarget {
  name: string;
  path: string;
  cookie?: string;
}

export interface LoadRow {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  fractionOfStatic?: number;
}

export async function measure(base: string, target: LoadTarget, durationSeconds: number, connections: number): Promise<LoadRow> {
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections,
    duration: durationSeconds,
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
  return {
    name: target.name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printLoadTable(rows: LoadRow[], connections: number, durationSeconds: number) {
  console.log(`\nLoad (${connections} connections, ${durationSeconds} s per path)`);
  console.log('| path | req/s | p50 ms | p99 ms | errors | non-2xx | of static |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const frac = r.fractionOfStatic === undefined ? '' : `${Math.round(r.fractionOfStatic * 100)}%`;
    console.log(`| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${frac} |`);
  }
}
