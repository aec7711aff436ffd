// Load figures with autocannon against the production build: req/s, latency and errors per path, the
// workerd process's CPU time per request from /proc, and the Worker isolate's own from a V8 profile.
import autocannon from 'autocannon';
import { workerIsolateCpuDuring, type Calibration } from './inspector.ts';
import { median, quantile } from './quantiles.ts';
import type { IsolateCpu } from './isolate-cpu.ts';
import { combineRenderRatios, RENDER_RATIO_GOAL, renderRatio, renderRatioFloor, renderRatioText, type RenderRatioFigure } from './render-share.ts';
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
 * Where the CPU column comes from. `pass` (the default) is separate short passes per path after the timed
 * load, a fixed number of requests on few connections, so workerd is not saturated and the figure compares
 * across machines and runs: `rounds` of them, each right after a pass of the static asset, and the ratio is
 * the median of the rounds' ratios, so a drift in the machine's speed touches both sides of each.
 * `load` divides the CPU of the timed load itself.
 */
export type CpuSource = ({ kind: 'pass'; rounds: number } & CountedLoad) | { kind: 'load' };

/**
 * The profiled pass: a counted load per path after the unprofiled ones (the profiler slows workerd
 * down), with the Worker isolate sampled every `intervalUs` µs.
 */
export interface IsolateProfiling extends CountedLoad {
  intervalUs: number;
  /** Profiled passes per path; the figure is their median (one pass moved by ±10% between runs of one build). */
  rounds: number;
}

export interface IsolateFigures {
  /** The median of the rounds' figures; the other fields are the median round's. */
  msPerRequest: number;
  /** The lower and upper quartiles of the rounds' figures, when there were several. */
  quartiles?: readonly [number, number];
  /** The isolate's CPU over React's render in the same pass, median and quartiles of the passes; undefined for a path that renders nothing. */
  ofRender?: RenderRatioFigure;
  /** workerd's /proc CPU over the same profiled pass, which the isolate's time must stay below. */
  procMsPerRequest: number | undefined;
  requests: number;
  profile: IsolateCpu;
  calibration: Calibration;
}

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
  /** The lower and upper quartiles of the rounds' ratios: how far one run's median could fall from another's. */
  cpuOfStaticQuartiles?: readonly [number, number];
  isolate?: IsolateFigures;
  isolateError?: string;
}

/**
 * What every browser sends with a navigation: without `Accept-Encoding` the figures would leave out the
 * compression a browser's request costs (autocannon sends neither header of its own).
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export function requestHeaders(target: LoadTarget): Record<string, string> {
  return target.cookie ? { ...BROWSER_HEADERS, cookie: target.cookie } : { ...BROWSER_HEADERS };
}

function hammer(base: string, target: LoadTarget, shape: TimedLoad | CountedLoad): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${target.path}`,
    connections: shape.connections,
    ...('requests' in shape ? { amount: shape.requests } : { duration: shape.durationSeconds }),
    headers: requestHeaders(target),
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

function appPid(processes: WorkerdProcesses): number {
  const [pid, ...others] = processes.app;
  if (pid === undefined || others.length > 0) throw new Error(`expected one app workerd, found ${processes.app.join(', ') || 'none'}`);
  return pid;
}

async function profiledPass(base: string, target: LoadTarget, profiling: IsolateProfiling, processes: WorkerdProcesses) {
  const {
    result,
    isolate: profile,
    calibration,
  } = await workerIsolateCpuDuring(appPid(processes), profiling.intervalUs, () => workerdCpuDuring(processes, () => hammer(base, target, profiling)));
  const requests = served(result.result);
  const figures: IsolateFigures | undefined =
    requests === 0
      ? undefined
      : { msPerRequest: profile.cpuMs / requests, procMsPerRequest: perRequest(result.cpu, requests)?.workerMs, requests, profile, calibration };
  return { figures, failures: failures(result.result), non2xx: result.result.non2xx };
}

/** The median round's figures, carrying the median and quartiles of every round's figure; undefined without rounds. */
export function combineProfiledRounds(rounds: readonly IsolateFigures[]): IsolateFigures | undefined {
  const figures = rounds.map((r) => r.msPerRequest);
  const sorted = [...rounds].sort((a, b) => a.msPerRequest - b.msPerRequest);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) return undefined;
  const ofRender = combineRenderRatios(rounds.map(({ profile }) => renderRatio(profile.busySamples, profile.renderSamples)));
  const withRender = ofRender === undefined ? middle : { ...middle, ofRender };
  if (rounds.length === 1) return withRender;
  return { ...withRender, msPerRequest: median(figures), quartiles: [quantile(figures, 0.25), quantile(figures, 0.75)] };
}

/** Adds the isolate's figures to a row measured without the profiler; a failed profile leaves the other figures standing. */
async function withIsolateCpu(row: LoadRow, base: string, target: LoadTarget, profiling: IsolateProfiling, workerd: () => WorkerdProcesses): Promise<LoadRow> {
  const rounds: IsolateFigures[] = [];
  let { errors, non2xx } = row;
  try {
    for (let round = 0; round < profiling.rounds; round++) {
      const pass = await profiledPass(base, target, profiling, workerd());
      errors += pass.failures;
      non2xx += pass.non2xx;
      if (pass.figures) rounds.push(pass.figures);
    }
    return { ...row, isolate: combineProfiledRounds(rounds), errors, non2xx };
  } catch (error) {
    return { ...row, isolateError: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `workerd` is asked again for each measurement, since wrangler may have restarted the runtime since the last.
 * `reference` is the static asset the CPU passes are paired with; the static row itself has none.
 */
export async function measure(
  base: string,
  target: LoadTarget,
  load: TimedLoad,
  cpuSource: CpuSource,
  workerd: () => WorkerdProcesses,
  profiling: IsolateProfiling | undefined,
  reference?: LoadTarget,
): Promise<LoadRow> {
  const row = await measureUnprofiled(base, target, load, cpuSource, workerd, reference);
  return profiling ? withIsolateCpu(row, base, target, profiling, workerd) : row;
}

interface CpuRound {
  cpu: CpuPerRequest;
  /** The path's workerd CPU per request over the mean of the static asset's in the passes just before and after; undefined without a reference. */
  ofStatic: number | undefined;
}

async function countedCpu(base: string, target: LoadTarget, pass: CountedLoad, workerd: () => WorkerdProcesses) {
  const { result, cpu } = await workerdCpuDuring(workerd(), () => hammer(base, target, pass));
  return { result, cpu: perRequest(cpu, served(result)) };
}

/** A pass's CPU per request over the mean of the static passes around it; undefined when either is missing. */
export function ofBracket(pass: CpuPerRequest, before: CpuPerRequest | undefined, after: CpuPerRequest | undefined): number | undefined {
  return before && after ? pass.workerMs / ((before.workerMs + after.workerMs) / 2) : undefined;
}

/** The medians of the rounds in which workerd did not restart, and the quartiles of their ratios. */
export function combineRounds(rounds: readonly CpuRound[]): Pick<LoadRow, 'cpu' | 'cpuOfStatic' | 'cpuOfStaticQuartiles'> {
  if (rounds.length === 0) return {};
  const ratios = rounds.flatMap((r) => (r.ofStatic === undefined ? [] : [r.ofStatic]));
  const cpu = { workerMs: median(rounds.map((r) => r.cpu.workerMs)), proxyMs: median(rounds.map((r) => r.cpu.proxyMs)) };
  if (ratios.length === 0) return { cpu, cpuOfStatic: undefined };
  return { cpu, cpuOfStatic: median(ratios), cpuOfStaticQuartiles: [quantile(ratios, 0.25), quantile(ratios, 0.75)] };
}

async function measureUnprofiled(
  base: string,
  target: LoadTarget,
  load: TimedLoad,
  cpuSource: CpuSource,
  workerd: () => WorkerdProcesses,
  reference: LoadTarget | undefined,
): Promise<LoadRow> {
  if (cpuSource.kind === 'load') {
    const { result, cpu } = await workerdCpuDuring(workerd(), () => hammer(base, target, load));
    return { ...loadFigures(target, result), cpu: perRequest(cpu, served(result)) };
  }
  const row = loadFigures(target, await hammer(base, target, load));
  const rounds: CpuRound[] = [];
  // Each pass of the path sits between two of the static asset, and is related to their mean: a drift in the
  // machine's speed during the pass then touches both sides of the ratio, not only the path's.
  let before = reference ? (await countedCpu(base, reference, cpuSource, workerd)).cpu : undefined;
  for (let round = 0; round < cpuSource.rounds; round++) {
    const pass = await countedCpu(base, target, cpuSource, workerd);
    const after = reference ? (await countedCpu(base, reference, cpuSource, workerd)).cpu : undefined;
    // The CPU passes' failures are counted too: CPU spent on error answers would mislead.
    row.errors += failures(pass.result);
    row.non2xx += pass.result.non2xx;
    if (pass.cpu && (reference === undefined || (before && after))) rounds.push({ cpu: pass.cpu, ofStatic: ofBracket(pass.cpu, before, after) });
    before = after;
  }
  return { ...row, ...combineRounds(rounds) };
}

/** Relates every row after the first (the static asset, the runtime's ceiling) to that first row, where the CPU passes did not already. */
export function compareWithStatic(rows: LoadRow[]) {
  const [staticRow, ...others] = rows;
  if (!staticRow) return;
  for (const row of others) {
    row.fractionOfStatic = row.reqPerSec / staticRow.reqPerSec;
    if (row.cpuOfStatic === undefined && row.cpu && staticRow.cpu) row.cpuOfStatic = row.cpu.workerMs / staticRow.cpu.workerMs;
  }
}

function cpuSourceText(cpuSource: CpuSource): string {
  if (cpuSource.kind === 'load') return 'the timed load';
  return `${cpuSource.rounds} separate passes of ${cpuSource.requests} requests on ${cpuSource.connections} connections per path, the median; "CPU × static" is the median of each pass's ratio to the mean of the static asset's passes just before and after it, with the quartiles of those ratios in brackets`;
}

/** "1.24× (1.19–1.30)": the median, and the quartiles when rounds gave them. */
export function ratioText({ cpuOfStatic, cpuOfStaticQuartiles }: Pick<LoadRow, 'cpuOfStatic' | 'cpuOfStaticQuartiles'>): string {
  if (cpuOfStatic === undefined) return '';
  const spread = cpuOfStaticQuartiles === undefined ? '' : ` (${cpuOfStaticQuartiles[0].toFixed(2)}–${cpuOfStaticQuartiles[1].toFixed(2)})`;
  return `${cpuOfStatic.toFixed(2)}×${spread}`;
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));
const percent = (part: number, whole: number | undefined) => (whole === undefined || whole === 0 ? 'n/a' : `${Math.round((part / whole) * 100)}%`);

// Outside this band the calibration loop's samples × period missed its thread CPU by more than 20%: on this
// shared machine that happened when the sampler thread was starved (load average over 5 on 2 cores).
const CALIBRATION_BAND = [0.8, 1.2] as const;

function calibrationHeld({ isolateMs, threadMs }: Calibration): boolean {
  if (threadMs === undefined || threadMs === 0) return false;
  const ratio = isolateMs / threadMs;
  return ratio >= CALIBRATION_BAND[0] && ratio <= CALIBRATION_BAND[1];
}

function isolateText(r: LoadRow): string {
  if (r.isolateError !== undefined) return 'n/a (profile failed)';
  if (!r.isolate) return '';
  const spread = r.isolate.quartiles === undefined ? '' : ` (${ms(r.isolate.quartiles[0])}–${ms(r.isolate.quartiles[1])})`;
  return `${ms(r.isolate.msPerRequest)}${spread}${calibrationHeld(r.isolate.calibration) ? '' : ' (?)'}`;
}

function isolateShare(r: LoadRow): string {
  return r.isolate ? percent(r.isolate.msPerRequest, r.isolate.procMsPerRequest) : '';
}

/** The median pass's render time per request. */
const renderMs = (f: IsolateFigures) => (f.profile.renderSamples * f.profile.periodUs) / 1000 / f.requests;

/** The ratio, and the median pass's render time per request for scale. */
function ofRenderText(f: IsolateFigures | undefined): string {
  if (f?.ofRender === undefined) return '';
  return `${renderRatioText(f.ofRender)}, render ${ms(renderMs(f))} ms`;
}

/**
 * Below the page's ratio, what it could read at best while it confirms its session in D1 (render-share.ts): the row
 * `sessionOnly` names answers after that alone. Printed when both rows were profiled.
 */
export function printRatioFloor(rows: readonly LoadRow[], page: string, sessionOnly: string) {
  const pageFigures = rows.find((r) => r.name === page)?.isolate;
  const sessionFigures = rows.find((r) => r.name === sessionOnly)?.isolate;
  if (pageFigures === undefined || sessionFigures === undefined) return;
  const floor = renderRatioFloor(sessionFigures.msPerRequest, renderMs(pageFigures));
  if (floor === undefined) return;
  console.log(
    `\nThe floor under ${page}'s ratio: ${sessionOnly} costs the isolate ${ms(sessionFigures.msPerRequest)} ms and the page's render ${ms(renderMs(pageFigures))} ms, so a page that confirms its session in D1 reads at least ${floor.toFixed(2)}× before its own rows, document and bytes (goal ≤ ${RENDER_RATIO_GOAL}×).`,
  );
}

function printCpuNotes(cpuSource: CpuSource, profiling: IsolateProfiling | undefined) {
  console.log(`workerd CPU per request: utime+stime from /proc over ${cpuSourceText(cpuSource)}; the dev proxy's workerd apart (n/a: workerd restarted).`);
  console.log('It includes the local simulations of D1, KV, R2, the Cache API and the static-asset worker, which Cloudflare does not bill as Worker CPU.');
  if (!profiling) {
    console.log('Worker isolate CPU: not measured (--profile off).');
    return;
  }
  console.log(
    `Worker isolate CPU per request: busy samples (JS, runtime C++ under the isolate lock, GC) × the sampler's measured period, from a V8 profile of the Worker's isolate alone over ${profiling.rounds} separate passes of ${profiling.requests} requests on ${profiling.connections} connections per path (sampling asked every ${profiling.intervalUs} µs): the median, with the quartiles of the passes in brackets. "of workerd" is its share of /proc's workerd CPU over that same profiled pass. (?): the calibration just before missed by more than 20% (see the checks below).`,
  );
  console.log(
    `"isolate × React render": each pass's busy samples over its samples inside React's renderToString or its body renderToStringImpl (callees included, each sample once), the median with the quartiles of the passes; the goal for /server/{id} is ≤ ${RENDER_RATIO_GOAL}×. Both come from one profile, so most of the host's swing cancels.`,
  );
}

export function printLoadTable(rows: LoadRow[], load: TimedLoad, cpuSource: CpuSource, profiling: IsolateProfiling | undefined) {
  console.log(`\nLoad (${load.connections} connections, ${load.durationSeconds} s per path)`);
  printCpuNotes(cpuSource, profiling);
  console.log(
    '| path | req/s | p50 ms | p99 ms | errors | non-2xx | of static | workerd CPU ms/req | CPU × static | proxy CPU ms/req | Worker isolate CPU ms/req | of workerd | isolate × React render |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const frac = r.fractionOfStatic === undefined ? '' : `${Math.round(r.fractionOfStatic * 100)}%`;
    const ratio = ratioText(r);
    console.log(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${frac} | ${ms(r.cpu?.workerMs)} | ${ratio} | ${ms(r.cpu?.proxyMs)} | ${isolateText(r)} | ${isolateShare(r)} | ${ofRenderText(r.isolate)} |`,
    );
  }
  if (profiling) printProfileChecks(rows);
}

function checkLine(r: LoadRow, f: IsolateFigures): string {
  const { profile: p, calibration: c } = f;
  const perRequest = (total: number) => ms(total / f.requests);
  const own = p.ownPeriod.periodUs === undefined ? 'none' : `${Math.round(p.ownPeriod.periodUs)} µs from ${p.ownPeriod.pairs} pairs`;
  return `| ${r.name} | ${Math.round(p.periodUs)} | ${own} | ${c.isolateMs.toFixed(0)} / ${c.threadMs === undefined ? 'n/a' : c.threadMs.toFixed(0)} | ${p.counts.js} / ${p.counts.program} / ${p.counts.gc} | ${p.counts.idle} (+${perRequest((p.counts.idle * p.periodUs) / 1000)}) | ${perRequest(p.cpuMsAtRequestedPeriod)} | ${perRequest(p.deltaSumMs)} |`;
}

/** The evidence behind each isolate figure, so a run shows whether the sampling held up. */
function printProfileChecks(rows: LoadRow[]) {
  console.log(
    "\nIsolate profile checks, of each path's median pass: the period used (the pass's own median gap between back-to-back samples if it has 50 such pairs, else the calibration's);",
  );
  console.log(
    "calibration: a 6e7-iteration JS loop run in the isolate through the inspector just before the pass, its samples × period against the /proc CPU of workerd's main thread (which runs the isolates);",
  );
  console.log(
    "(idle) samples (V8's IDLE state while the isolate is entered, mostly the first sample after a gap) are not counted; what they would add is shown.",
  );
  console.log(
    "Samples × the asked interval (too low when the sampler runs slower than asked) and the sum of the busy samples' timeDeltas (too high: it spans the gaps between requests) bracket the figure.",
  );
  console.log(
    "| path | period µs | pass's own period | calibration isolate / thread ms | samples JS / program / GC | (idle) samples (+ms/req if counted) | × asked interval ms/req | timeDeltas ms/req |",
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r.isolate) console.log(checkLine(r, r.isolate));
    else if (r.isolateError !== undefined) console.log(`| ${r.name} | profile failed: ${r.isolateError} |||||||`);
  }
}
