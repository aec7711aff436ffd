// What `npm run bench` measures, from flags (`npm run bench -- --only load --cpu load --profile off`) or BENCH_* variables.
import { parseArgs } from 'node:util';
import type { CpuSource, IsolateProfiling, TimedLoad } from './load.ts';

// Not NodeJS.ProcessEnv: the Worker's generated types add its required bindings to that.
type Variables = Readonly<Record<string, string | undefined>>;

const SECTIONS = ['bundle', 'load', 'hydration', 'lighthouse'] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: ReadonlySet<Section>;
  load: TimedLoad;
  cpu: CpuSource;
  /** Undefined when the isolate profile is turned off. */
  isolate: IsolateProfiling | undefined;
  /** Whether the load table measures a path, by its row name; the static asset, the reference, always runs. */
  measuresPath: (name: string) => boolean;
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

function countedPass(env: Variables) {
  return {
    requests: positiveInteger('BENCH_CPU_REQUESTS', env.BENCH_CPU_REQUESTS ?? '1000'),
    connections: positiveInteger('BENCH_CPU_CONNECTIONS', env.BENCH_CPU_CONNECTIONS ?? '4'),
  };
}

function parseCpuSource(raw: string, env: Variables): CpuSource {
  if (raw === 'load') return { kind: 'load' };
  if (raw !== 'pass') throw new Error(`--cpu / BENCH_CPU takes pass or load, not '${raw}'`);
  return { kind: 'pass', rounds: positiveInteger('BENCH_CPU_ROUNDS', env.BENCH_CPU_ROUNDS ?? '7'), ...countedPass(env) };
}

/** `--profile on|off` / BENCH_PROFILE (default on), BENCH_PROFILE_INTERVAL_US (default 100): the Worker isolate's profile. */
export function profileIntervalUs(raw: string | undefined, env: Variables): number | undefined {
  if (raw === 'off') return undefined;
  if (raw !== undefined && raw !== 'on') throw new Error(`--profile / BENCH_PROFILE takes on or off, not '${raw}'`);
  return positiveInteger('BENCH_PROFILE_INTERVAL_US', env.BENCH_PROFILE_INTERVAL_US ?? '100');
}

function parseIsolateProfiling(raw: string | undefined, env: Variables): IsolateProfiling | undefined {
  const intervalUs = profileIntervalUs(raw, env);
  return intervalUs === undefined
    ? undefined
    : { intervalUs, rounds: positiveInteger('BENCH_PROFILE_ROUNDS', env.BENCH_PROFILE_ROUNDS ?? '5'), ...countedPass(env) };
}

/**
 * `--paths /server/{id},/servers` / BENCH_PATHS: the load table's rows whose name's first word is one of these
 * (`/server/{id}` is the row '/server/{id} settings (logged in)'); all rows when absent.
 */
export function pathFilter(raw: string | undefined): (name: string) => boolean {
  if (raw === undefined || raw.trim() === '') return () => true;
  const wanted = new Set(raw.split(',').map((path) => path.trim()));
  return (name) => wanted.has(name.split(' ')[0] ?? '');
}

export function benchOptions(args: string[] = process.argv.slice(2), env: Variables = process.env): BenchOptions {
  const { values } = parseArgs({
    args,
    options: { only: { type: 'string' }, cpu: { type: 'string' }, profile: { type: 'string' }, paths: { type: 'string' } },
  });
  return {
    sections: parseSections(values.only ?? env.BENCH_ONLY),
    load: {
      durationSeconds: positiveInteger('BENCH_DURATION', env.BENCH_DURATION ?? '30'),
      connections: positiveInteger('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS ?? '64'),
    },
    cpu: parseCpuSource(values.cpu ?? env.BENCH_CPU ?? 'pass', env),
    isolate: parseIsolateProfiling(values.profile ?? env.BENCH_PROFILE, env),
    measuresPath: pathFilter(values.paths ?? env.BENCH_PATHS),
  };
}
