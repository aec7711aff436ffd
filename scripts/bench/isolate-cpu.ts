// The CPU time of one V8 isolate, derived from a CPU profile (Chrome DevTools Protocol `Profiler.stop`).
// V8 records a sample only while the isolate is entered (workerd holds its lock), so busy samples × the
// sampler's period is the time the isolate spent running: JS, the runtime's C++ under the lock, and GC.
import { median } from './quantiles.ts';
import { renderSamples } from './render-share.ts';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  /** Microseconds since the previous sample (the first: since startTime). */
  timeDeltas?: number[];
}

/**
 * `program`: the isolate is locked but neither JS nor GC runs (the runtime's C++ API code, e.g. streams
 * and headers), which Cloudflare bills as the Worker's CPU time, like GC. `idle` is V8's idle state and
 * `root` the tree's root; neither is work.
 */
export type SampleKind = 'js' | 'program' | 'gc' | 'idle' | 'root';

const VM_STATES: ReadonlyMap<string, SampleKind> = new Map([
  ['(program)', 'program'],
  ['(garbage collector)', 'gc'],
  ['(idle)', 'idle'],
  ['(root)', 'root'],
]);

export function sampleKind(functionName: string): SampleKind {
  return VM_STATES.get(functionName) ?? 'js';
}

export const isBusy = (kind: SampleKind) => kind === 'js' || kind === 'program' || kind === 'gc';

export type SampleCounts = Record<SampleKind, number>;

export function countSamples(profile: CpuProfile): SampleCounts {
  const kindOf = new Map(profile.nodes.map((node) => [node.id, sampleKind(node.callFrame.functionName)]));
  const counts: SampleCounts = { js: 0, program: 0, gc: 0, idle: 0, root: 0 };
  for (const id of profile.samples ?? []) {
    const kind = kindOf.get(id);
    if (kind === undefined) throw new Error(`sample refers to unknown profile node ${id}`);
    counts[kind]++;
  }
  return counts;
}

// A gap longer than this between two samples means the isolate was not entered in between.
const BURST_GAP_FACTOR = 4;
// Fewer back-to-back pairs than this give too noisy a median; the caller's calibration is used instead.
export const MIN_PAIRS = 50;

export interface SamplerPeriod {
  /** Median gap between samples taken back to back while the isolate stayed entered; undefined without pairs. */
  periodUs: number | undefined;
  pairs: number;
}

/**
 * The sampler's real period. It is often longer than the requested interval (timer slack, a busy
 * machine: 100 µs asked gave 170-180 µs here), and samples × the requested interval then understates.
 */
export function samplerPeriod(timeDeltas: readonly number[], requestedUs: number): SamplerPeriod {
  const inBurst = timeDeltas.slice(1).filter((delta) => delta > 0 && delta < requestedUs * BURST_GAP_FACTOR);
  return { periodUs: inBurst.length === 0 ? undefined : median(inBurst), pairs: inBurst.length };
}

export interface IsolateCpu {
  counts: SampleCounts;
  busySamples: number;
  /** Samples inside React's server render, callees included (render-share.ts). */
  renderSamples: number;
  requestedPeriodUs: number;
  /** This profile's own period if it has MIN_PAIRS back-to-back samples, else the calibrated one. */
  periodUs: number;
  ownPeriod: SamplerPeriod;
  /** Busy samples × periodUs: the figure to use. */
  cpuMs: number;
  /** Busy samples × the requested period: lower when the sampler ran slower than asked. */
  cpuMsAtRequestedPeriod: number;
  /** Sum of the busy samples' timeDeltas: an upper bound, since a burst's first delta spans the idle gap before it. */
  deltaSumMs: number;
  spanMs: number;
}

function busyDeltaSumUs(profile: CpuProfile, busyIds: ReadonlySet<number>): number {
  const deltas = profile.timeDeltas ?? [];
  return (profile.samples ?? []).reduce((sum, id, i) => (busyIds.has(id) ? sum + (deltas[i] ?? 0) : sum), 0);
}

export function busySampleCount(counts: SampleCounts): number {
  return counts.js + counts.program + counts.gc;
}

/** `calibratedPeriodUs`: the period measured on a long stretch of JS just before (see inspector.ts). */
export function isolateCpu(profile: CpuProfile, requestedPeriodUs: number, calibratedPeriodUs: number = requestedPeriodUs): IsolateCpu {
  const counts = countSamples(profile);
  const busySamples = busySampleCount(counts);
  const ownPeriod = samplerPeriod(profile.timeDeltas ?? [], requestedPeriodUs);
  const periodUs = ownPeriod.periodUs !== undefined && ownPeriod.pairs >= MIN_PAIRS ? ownPeriod.periodUs : calibratedPeriodUs;
  const busyIds = new Set(profile.nodes.filter((node) => isBusy(sampleKind(node.callFrame.functionName))).map((node) => node.id));
  return {
    counts,
    busySamples,
    renderSamples: renderSamples(profile),
    requestedPeriodUs,
    periodUs,
    ownPeriod,
    cpuMs: (busySamples * periodUs) / 1000,
    cpuMsAtRequestedPeriod: (busySamples * requestedPeriodUs) / 1000,
    deltaSumMs: busyDeltaSumUs(profile, busyIds) / 1000,
    spanMs: (profile.endTime - profile.startTime) / 1000,
  };
}
