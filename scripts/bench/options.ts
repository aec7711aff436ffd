// What `npm run bench` measures, from flags (`npm run bench -- --only load --cpu load`) or BENCH_* variables.
import { parseArgs } from 'node:util';
import type { CpuSource, TimedLoad } from './load.ts';

const SECTIONS = ['bundle', 'load', 'lighthouse'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: ReadonlySet<Section>;
  load: TimedLoad;
  cpu: CpuSource;
}

function positiveInteger(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not '${raw}'`);
  return value;
}

function isSection(name: string): name is Section {
  return (SECTIONS as readonly string[]).includes(name);
}

function parseSections(raw: string | undefined): ReadonlySet<Section> {
  if (raw === undefined || raw === '') return new Set(SECTIONS);
  const names = raw.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isSection(name));
  if (unknown.length > 0) throw new Error(`--only / BENCH_ONLY takes ${SECTIONS.join(', ')} (comma-separated), not '${unknown.join(',')}'`);
  return new Set(names.filter(isSection));
}

function parseCpuSource(raw: string, env: NodeJS.ProcessEnv): CpuSource {
  if (raw === 'load') return { kind: 'load' };
  if (raw !== 'pass') throw new Error(`--cpu / BENCH_CPU takes pass or load, not '${raw}'`);
  return {
    kind: 'pass',
    requests: positiveInteger('BENCH_CPU_REQUESTS', env.BENCH_CPU_REQUESTS ?? '300'),
    connections: positiveInteger('BENCH_CPU_CONNECTIONS', env.BENCH_CPU_CONNECTIONS ?? '4'),
  };
}

export function benchOptions(args: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({ args, options: { only: { type: 'string' }, cpu: { type: 'string' } } });
  return {
    sections: parseSections(values.only ?? env.BENCH_ONLY),
    load: {
      durationSeconds: positiveInteger('BENCH_DURATION', env.BENCH_DURATION ?? '30'),
      connections: positiveInteger('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS ?? '64'),
    },
    cpu: parseCpuSource(values.cpu ?? env.BENCH_CPU ?? 'pass', env),
  };
}
