// Mutation testing of the files a change touches, with StrykerJS (docs/mutation-testing.md).
//
//   npm run mutate -- [file ...] [--base <ref>] [--tests <file,...>] [--layer unit|worker] [--concurrency <n>] [--force] [--plan]
//
// No file: the files changed since the merge base with --base (default origin/main, else HEAD~1; or $MUTATE_BASE),
// committed or not, under src/, scripts/ and dev/fake-discord/. Each file is one Stryker run with its own incremental
// file under reports/mutation/<file>/, so a second run only tries the mutants whose code or tests changed.
//   unit   (src/shared, src/client, scripts, dev/fake-discord): Stryker's Vitest runner on vitest.client.config.ts,
//          which runs, for each mutant, only the tests that reached its code.
//   worker (src/worker): the Worker tests run inside workerd (@cloudflare/vitest-plugin), which the Vitest runner
//          cannot drive, so Stryker's command runner runs the file's nearest tests (related-tests.ts) once per mutant.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildImportGraph, nearestTests, testLayer, transitiveTests } from './related-tests.ts';
import { formatCounts, formatScore, formatSurvivor, readScores, type FileScore } from './report.ts';
import { candidatePaths } from '../../tests/conformance/helpers/openapi-document.ts';

const ROOT = process.cwd();
const REPORTS = 'reports/mutation';
const MUTABLE = /^(?:src\/.+\.tsx?|scripts\/.+\.ts|dev\/fake-discord\/.+\.ts)$/;
const VITEST = 'node_modules/vitest/vitest.mjs';
const STRYKER = 'node_modules/@stryker-mutator/core/bin/stryker.js';
// Outside the work tree, so that eslint, prettier and editors never see the sandbox's instrumented copy of the project.
const SANDBOXES = join(tmpdir(), 'servermanager-stryker');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    tests: { type: 'string' },
    layer: { type: 'string' },
    concurrency: { type: 'string' },
    force: { type: 'boolean', default: false },
    plan: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (options.help) {
  console.log(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .slice(0, 12)
      .join('\n')
      .replaceAll('// ', ''),
  );
  process.exit(0);
}
if (options.layer !== undefined && options.layer !== 'unit' && options.layer !== 'worker') throw new Error('--layer is unit or worker');

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const lines = (text: string) => text.split('\n').filter(Boolean);

function changedFiles(): { base: string; files: string[] } {
  const refExists = (ref: string) => {
    try {
      git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
      return true;
    } catch {
      return false;
    }
  };
  const base = options.base ?? process.env.MUTATE_BASE ?? (refExists('origin/main') ? 'origin/main' : 'HEAD~1');
  if (!refExists(base)) throw new Error(`--base ${base} is not a commit here`);
  const since = git('merge-base', base, 'HEAD');
  // Against the working tree: what is committed since the base, what is not yet, and new files.
  const files = [...lines(git('diff', '--name-only', '--diff-filter=d', since)), ...lines(git('ls-files', '--others', '--exclude-standard'))];
  return { base, files: [...new Set(files)] };
}

const requested = positionals.map((file) => file.replace(/^\.\//, ''));
const { base, files: candidates } = requested.length > 0 ? { base: null, files: requested } : changedFiles();
const files = candidates.filter((file) => MUTABLE.test(file) && !file.endsWith('.d.ts') && !file.startsWith('scripts/mutation/'));
for (const file of requested)
  if (!files.includes(file)) throw new Error(`${file}: only src/**/*.ts(x), scripts/**/*.ts and dev/fake-discord/**/*.ts are mutated`);
for (const file of files) if (!existsSync(file)) throw new Error(`${file} does not exist`);

if (base !== null) console.log(`Files changed since ${base}: ${files.length ? files.join(', ') : 'none to mutate'}`);
if (files.length === 0) process.exit(0);

interface Plan {
  file: string;
  layer: 'unit' | 'worker';
  tests: string[];
  /** how the tests were chosen */
  why: string;
  command?: string;
}

const graph = buildImportGraph(ROOT);
const explicitTests = options.tests?.split(',').filter(Boolean);
for (const test of explicitTests ?? []) if (!existsSync(test) || !testLayer(test)) throw new Error(`--tests: ${test} is not a Vitest test file`);
const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

function plan(file: string): Plan {
  const layer = (options.layer as Plan['layer'] | undefined) ?? (file.startsWith('src/worker/') ? 'worker' : 'unit');
  if (layer === 'unit') {
    // What `vitest related` would pick, from the import graph: Vitest is given these alone (vitest.unit.config.ts), so
    // that a test file that does not reach this file, or does not build while someone edits it, stays out. Per-test
    // coverage then picks, for each mutant, the tests that ran its code.
    const tests = explicitTests ?? transitiveTests(graph, file).filter((test) => testLayer(test) === 'unit');
    return { file, layer, tests, why: explicitTests ? '--tests' : 'tests that import it, directly or not' };
  }
  const nearest = nearestTests(graph, file);
  const tests = explicitTests ?? nearest.tests.filter((test) => testLayer(test) !== null);
  const why = explicitTests ? '--tests' : nearest.distance === 0 ? 'named after it or importing it' : `nearest tests, via ${nearest.distance} importer(s)`;
  const run = (config: string, layerTests: string[]) =>
    layerTests.length === 0 ? [] : [[process.execPath, VITEST, 'run', '--config', config, '--bail=1', '--reporter=dot', ...layerTests].map(quote).join(' ')];
  // The unit tests first: they start in a second where workerd takes several, and a mutant they kill ends the command.
  const command = [
    ...run(
      'vitest.client.config.ts',
      tests.filter((test) => testLayer(test) === 'unit'),
    ),
    ...run(
      'scripts/mutation/vitest.worker.config.ts',
      tests.filter((test) => testLayer(test) === 'worker'),
    ),
  ].join(' && ');
  return { file, layer, tests, why, command };
}

const plans = files.map(plan);
for (const p of plans) {
  console.log(`\n${p.file}: ${p.layer} layer, ${p.tests.length} test file(s) (${p.why})`);
  for (const test of p.tests) console.log(`  ${test}`);
  if (p.command) console.log(`  command: ${p.command}`);
}
if (options.plan) process.exit(0);

const baseConfig = JSON.parse(readFileSync('stryker.config.json', 'utf8')) as Record<string, unknown>;
delete baseConfig.$schema;
const concurrency = Number(options.concurrency ?? process.env.MUTATE_CONCURRENCY ?? 2);

function strykerConfig(p: Plan, dir: string, force: boolean): Record<string, unknown> {
  const config: Record<string, unknown> = {
    ...baseConfig,
    mutate: [p.file],
    concurrency,
    force,
    incrementalFile: `${dir}/incremental.json`,
    reporters: ['progress', 'html', 'json'],
    htmlReporter: { fileName: `${dir}/report.html` },
    jsonReporter: { fileName: `${dir}/report.json` },
    tempDirName: SANDBOXES,
  };
  if (p.layer === 'worker') {
    Object.assign(config, {
      testRunner: 'command',
      commandRunner: { command: p.command },
      // No per-test coverage through a command: every mutant runs the whole command. A mutant's run may take longer
      // than the dry run's while the other one starts workerd too, hence the wide margin.
      coverageAnalysis: 'off',
      timeoutMS: 60000,
    });
  } else {
    config.vitest = { configFile: 'scripts/mutation/vitest.unit.config.ts', related: true };
  }
  return config;
}

/** The command runner knows no test files, so its incremental results would outlive a change to the tests. */
function testsFingerprint(p: Plan): string {
  const hash = createHash('sha256').update(p.command ?? '');
  for (const test of p.tests) hash.update(test).update(readFileSync(test));
  return hash.digest('hex');
}

/**
 * Where Discord's OpenAPI document is, for the conformance tests: they look beside the repository too, which the
 * sandbox (a copy in the temporary directory) is not, so without this every run they take part in fails at once.
 */
const openApiDocument = candidatePaths(process.cwd()).find((path) => existsSync(path));

function stryker(configFile: string, p: Plan): Promise<number> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      ...(openApiDocument ? { DISCORD_OPENAPI_JSON: openApiDocument } : {}),
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      MUTATE_UNIT_TESTS: p.tests.join(','),
    };
    const child = spawn(process.execPath, [STRYKER, 'run', configFile], { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

interface Outcome {
  plan: Plan;
  seconds: number;
  result: FileScore | null;
  error?: string;
}

const outcomes: Outcome[] = [];
for (const p of plans) {
  if (p.tests.length === 0 && !explicitTests) {
    outcomes.push({ plan: p, seconds: 0, result: null, error: 'no test reaches it: not mutated' });
    continue;
  }
  const dir = `${REPORTS}/${p.file}`;
  mkdirSync(dir, { recursive: true });
  const fingerprintFile = `${dir}/tests.sha256`;
  const fingerprint = testsFingerprint(p);
  const testsChanged =
    p.layer === 'worker' && existsSync(`${dir}/incremental.json`) && (!existsSync(fingerprintFile) || readFileSync(fingerprintFile, 'utf8') !== fingerprint);
  if (testsChanged) console.log(`\n${p.file}: its tests or command changed since the last run, so every mutant runs again.`);
  const configFile = `${dir}/stryker.config.json`;
  writeFileSync(configFile, `${JSON.stringify(strykerConfig(p, dir, options.force || testsChanged), null, 2)}\n`);
  console.log(`\n=== ${p.file} (${p.layer}) — npx stryker run ${configFile}`);
  const started = Date.now();
  const code = await stryker(configFile, p);
  const seconds = (Date.now() - started) / 1000;
  if (code !== 0) {
    outcomes.push({ plan: p, seconds, result: null, error: `stryker exited with ${code}` });
    continue;
  }
  if (p.layer === 'worker') writeFileSync(fingerprintFile, fingerprint);
  const result = readScores(`${dir}/report.json`).find((score) => score.file === p.file) ?? null;
  outcomes.push({ plan: p, seconds, result });
}

const summary: string[] = ['', 'Mutation score per file (killed + timed out, over all but compile and runtime errors):'];
for (const { plan: p, seconds, result, error } of outcomes) {
  const what = result ? `${formatScore(result.score).padStart(6)}  ${formatCounts(result.counts)}` : `  ----  ${error ?? ''}`;
  summary.push(`  ${p.file.padEnd(44)} ${p.layer.padEnd(6)} ${what}  [${Math.round(seconds)} s]`);
}
for (const { result } of outcomes) {
  if (!result || result.survivors.length === 0) continue;
  summary.push('', `Surviving mutants in ${result.file} (report: ${REPORTS}/${result.file}/report.html):`);
  for (const survivor of result.survivors) summary.push(formatSurvivor(survivor));
}
console.log(summary.join('\n'));
mkdirSync(REPORTS, { recursive: true });
writeFileSync(`${REPORTS}/summary.txt`, `${summary.join('\n').trimStart()}\n`);
process.exitCode = outcomes.some((outcome) => outcome.error && outcome.error !== 'no test reaches it: not mutated') ? 1 : 0;
