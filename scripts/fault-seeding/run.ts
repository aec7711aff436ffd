// Seeds each fault of faults.ts alone, runs the tests it names, and reports whether they noticed:
//   node_modules/.bin/node --import ./scripts/resolve-ts-extensions.ts scripts/fault-seeding/run.ts [--only <id>[,<id>…]]
// The source file is restored after every fault, also on an error, a timeout or Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { FAULTS, type Layer, type SeededFault } from './faults.ts';
import { applyFault } from './seed.ts';

const ROOT = process.cwd();
const CONFIGS: Record<Layer, string> = { unit: 'vitest.client.config.ts', worker: 'vitest.config.ts' };
const TIMEOUT_MS = 240_000;

type Verdict = 'caught' | 'missed' | 'timeout';

interface Outcome {
  fault: SeededFault;
  verdict: Verdict;
  /** The first failing test file and test, when caught. */
  by: string;
  seconds: number;
}

interface JsonReport {
  testResults?: { name: string; status: string; assertionResults?: { fullName: string; status: string }[] }[];
}

/** The one file being faulted right now, so an interrupt can put it back. */
let seeded: { path: string; text: string } | null = null;
let child: ChildProcess | null = null;

function restore(): void {
  if (seeded) writeFileSync(seeded.path, seeded.text);
  seeded = null;
}

process.on('SIGINT', () => {
  // The child runs in its own process group: end it and everything it started.
  if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  restore();
  console.error('\ninterrupted: the seeded file is restored');
  process.exit(130);
});

function runVitest(layer: Layer, files: readonly string[], reportPath: string): Promise<{ code: number | null; timedOut: boolean }> {
  const args = ['run', '--config', CONFIGS[layer], '--bail=1', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportPath}`, ...files];
  return new Promise((resolve) => {
    // As `npm test` runs it: this Node (22, from node_modules/.bin) and node_modules/.bin first on the PATH.
    const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
    const started = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), ...args], { cwd: ROOT, env, stdio: 'ignore', detached: true });
    child = started;
    const timer = setTimeout(() => {
      if (started.pid) process.kill(-started.pid, 'SIGKILL');
      resolve({ code: null, timedOut: true });
    }, TIMEOUT_MS);
    started.on('exit', (code) => {
      clearTimeout(timer);
      child = null;
      resolve({ code, timedOut: false });
    });
  });
}

function firstFailure(reportPath: string): string {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
  } catch {
    return '(no report: the run failed before any test)';
  }
  const failed = (report.testResults ?? []).filter((file) => file.status === 'failed');
  // With --bail the files still running when the first test failed are reported failed too, without a failed test.
  for (const file of failed) {
    const test = file.assertionResults?.find((a) => a.status === 'failed');
    if (test) return `${relative(ROOT, file.name)} › ${test.fullName}`;
  }
  const [file] = failed;
  return file ? `${relative(ROOT, file.name)} (no test failed: the file did not load or was cut short)` : '(exit code without a failed test)';
}

async function seedOne(fault: SeededFault, workDir: string): Promise<Outcome> {
  const path = join(ROOT, fault.file);
  const text = readFileSync(path, 'utf8');
  const faulty = applyFault(text, fault);
  const reportPath = join(workDir, `${fault.id}.json`);
  const started = Date.now();
  seeded = { path, text };
  try {
    writeFileSync(path, faulty);
    const { code, timedOut } = await runVitest(fault.layer, fault.tests, reportPath);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (timedOut) return { fault, verdict: 'timeout', by: `no answer within ${TIMEOUT_MS / 1000} s`, seconds };
    if (code === 0) return { fault, verdict: 'missed', by: '', seconds };
    return { fault, verdict: 'caught', by: firstFailure(reportPath), seconds };
  } finally {
    restore();
  }
}

/** The listed tests must pass without any fault, or a 'caught' would mean nothing. */
async function baseline(faults: readonly SeededFault[], workDir: string): Promise<void> {
  for (const layer of Object.keys(CONFIGS) as Layer[]) {
    const files = [...new Set(faults.filter((f) => f.layer === layer).flatMap((f) => f.tests))];
    if (files.length === 0) continue;
    const reportPath = join(workDir, `baseline-${layer}.json`);
    const { code } = await runVitest(layer, files, reportPath);
    if (code !== 0) throw new Error(`baseline: the ${layer} tests fail without any fault: ${firstFailure(reportPath)}`);
    console.log(`baseline ${layer}: ${files.length} test files pass`);
  }
}

function selected(argv: readonly string[]): readonly SeededFault[] {
  const at = argv.indexOf('--only');
  if (at === -1) return FAULTS;
  const ids = new Set((argv[at + 1] ?? '').split(',').filter(Boolean));
  const unknown = [...ids].filter((id) => !FAULTS.some((f) => f.id === id));
  if (ids.size === 0 || unknown.length > 0) throw new Error(`--only: unknown fault id(s): ${unknown.join(', ') || '(none given)'}`);
  return FAULTS.filter((f) => ids.has(f.id));
}

function printTable(outcomes: readonly Outcome[]): void {
  const width = Math.max(...outcomes.map((o) => o.fault.id.length));
  console.log(`\n${'fault'.padEnd(width)}  verdict  secs  caught by`);
  for (const o of outcomes)
    console.log(`${o.fault.id.padEnd(width)}  ${o.verdict.padEnd(7)}  ${String(o.seconds).padStart(4)}  ${o.by || o.fault.description}`);
  const caught = outcomes.filter((o) => o.verdict !== 'missed').length;
  const rate = ((100 * caught) / outcomes.length).toFixed(0);
  console.log(`\ncaught ${caught} of ${outcomes.length} (${rate}%)`);
  const missed = outcomes.filter((o) => o.verdict === 'missed');
  if (missed.length > 0) console.log(`missed: ${missed.map((o) => o.fault.id).join(', ')}`);
}

async function main(): Promise<void> {
  const faults = selected(process.argv.slice(2));
  // Every snippet is checked before anything runs, so a stale list fails at once and not halfway through.
  for (const fault of faults) applyFault(readFileSync(join(ROOT, fault.file), 'utf8'), fault);
  const workDir = mkdtempSync(join(tmpdir(), 'fault-seeding-'));
  try {
    if (!process.argv.includes('--skip-baseline')) await baseline(faults, workDir);
    const outcomes: Outcome[] = [];
    for (const fault of faults) {
      const outcome = await seedOne(fault, workDir);
      console.log(`${outcome.verdict.padEnd(7)} ${fault.id} (${outcome.seconds} s)`);
      outcomes.push(outcome);
    }
    printTable(outcomes);
    if (outcomes.some((o) => o.verdict === 'missed')) process.exitCode = 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
