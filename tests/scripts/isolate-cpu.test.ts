import { describe, expect, it } from 'vitest';
import { countSamples, isolateCpu, MIN_PAIRS, sampleKind, samplerPeriod, type CpuProfile } from '../../scripts/bench/isolate-cpu';
import { combineProfiledRounds } from '../../scripts/bench/load';
import { benchOptions, profileIntervalUs } from '../../scripts/bench/options';

const NODES = [
  { id: 1, callFrame: { functionName: '(root)' } },
  { id: 2, callFrame: { functionName: '(idle)' } },
  { id: 3, callFrame: { functionName: '(program)' } },
  { id: 4, callFrame: { functionName: '(garbage collector)' } },
  { id: 5, callFrame: { functionName: 'renderPage' } },
  { id: 6, callFrame: { functionName: '(anonymous)' } },
];

/** A profile from (node id, µs since the previous sample) pairs. */
function profile(samples: [number, number][]): CpuProfile {
  const total = samples.reduce((sum, [, delta]) => sum + delta, 0);
  return { nodes: NODES, startTime: 1_000, endTime: 1_000 + total, samples: samples.map(([id]) => id), timeDeltas: samples.map(([, delta]) => delta) };
}

const burst = (id: number, count: number, periodUs: number): [number, number][] => Array.from({ length: count }, () => [id, periodUs]);

describe('sampleKind', () => {
  it("tells V8's pseudo-frames from JS functions", () => {
    expect(sampleKind('(program)')).toBe('program');
    expect(sampleKind('(garbage collector)')).toBe('gc');
    expect(sampleKind('(idle)')).toBe('idle');
    expect(sampleKind('(root)')).toBe('root');
  });

  it('counts anonymous and unnamed functions as JS', () => {
    expect(sampleKind('(anonymous)')).toBe('js');
    expect(sampleKind('')).toBe('js');
    expect(sampleKind('fetch')).toBe('js');
  });
});

describe('countSamples', () => {
  it('counts the samples of each kind', () => {
    const counts = countSamples(
      profile([
        [5, 10],
        [6, 10],
        [3, 10],
        [4, 10],
        [2, 10],
        [2, 10],
      ]),
    );
    expect(counts).toEqual({ js: 2, program: 1, gc: 1, idle: 2, root: 0 });
  });

  it('rejects a sample of a node the profile does not have', () => {
    expect(() => countSamples(profile([[99, 10]]))).toThrow(/unknown profile node 99/);
  });
});

describe('samplerPeriod', () => {
  it('takes the median gap between back-to-back samples, leaving out the gaps between requests and the first delta', () => {
    // The first delta runs from the profile's start, not from a sample; 9000 µs is a gap with the isolate not entered.
    expect(samplerPeriod([150, 170, 180, 175, 9000, 172], 100)).toEqual({ periodUs: 173.5, pairs: 4 });
  });

  it('has no period without back-to-back samples', () => {
    expect(samplerPeriod([5000, 9000, 12000], 100)).toEqual({ periodUs: undefined, pairs: 0 });
  });
});

describe('isolateCpu', () => {
  it('is the busy samples (JS, program, GC) × the period measured from the profile itself', () => {
    const samples = [[2, 50_000], ...burst(5, MIN_PAIRS, 200), [3, 30_000], ...burst(4, 9, 200), [2, 40_000]] satisfies [number, number][];
    const cpu = isolateCpu(profile(samples), 100, 999);
    expect(cpu.busySamples).toBe(MIN_PAIRS + 10);
    expect(cpu.periodUs).toBe(200);
    expect(cpu.cpuMs).toBeCloseTo(((MIN_PAIRS + 10) * 200) / 1000);
    expect(cpu.cpuMsAtRequestedPeriod).toBeCloseTo(((MIN_PAIRS + 10) * 100) / 1000);
  });

  it('falls back to the calibrated period when the profile has too few back-to-back samples', () => {
    const samples = Array.from({ length: 20 }, (): [number, number] => [5, 8_000]);
    const cpu = isolateCpu(profile(samples), 100, 180);
    expect(cpu.periodUs).toBe(180);
    expect(cpu.cpuMs).toBeCloseTo((20 * 180) / 1000);
  });

  it('counts the gaps before each busy sample in the timeDeltas sum, which is why that sum is only an upper bound', () => {
    const cpu = isolateCpu(
      profile([
        [5, 8_000],
        [5, 200],
        [2, 10_000],
        [3, 6_000],
      ]),
      100,
      200,
    );
    expect(cpu.deltaSumMs).toBeCloseTo(14.2);
    expect(cpu.cpuMs).toBeCloseTo(0.6);
  });

  it('is zero when the isolate only idled, as for a static asset', () => {
    const cpu = isolateCpu(profile([[2, 2_000_000]]), 100);
    expect(cpu.busySamples).toBe(0);
    expect(cpu.cpuMs).toBe(0);
    expect(cpu.spanMs).toBe(2_000);
  });
});

describe('the profile options', () => {
  it('profiles every 100 µs by default, and not at all with off', () => {
    expect(profileIntervalUs(undefined, {})).toBe(100);
    expect(profileIntervalUs('on', { BENCH_PROFILE_INTERVAL_US: '250' })).toBe(250);
    expect(profileIntervalUs('off', {})).toBeUndefined();
  });

  it('rejects anything but on and off', () => {
    expect(() => profileIntervalUs('yes', {})).toThrow(/on or off/);
  });

  it('takes the flag over the variable, and the CPU pass size for the profiled pass', () => {
    expect(benchOptions(['--profile', 'off'], { BENCH_PROFILE: 'on' }).isolate).toBeUndefined();
    expect(benchOptions([], { BENCH_CPU_REQUESTS: '50', BENCH_CPU_CONNECTIONS: '2' }).isolate).toEqual({
      intervalUs: 100,
      rounds: 5,
      requests: 50,
      connections: 2,
    });
  });

  it('runs 5 profiled passes per path unless BENCH_PROFILE_ROUNDS says otherwise, and takes only a positive whole number', () => {
    expect(benchOptions([], { BENCH_PROFILE_ROUNDS: '1' }).isolate).toMatchObject({ rounds: 1 });
    expect(() => benchOptions([], { BENCH_PROFILE_ROUNDS: '0' })).toThrow(/BENCH_PROFILE_ROUNDS/);
    expect(() => benchOptions([], { BENCH_PROFILE_ROUNDS: '1.5' })).toThrow(/BENCH_PROFILE_ROUNDS/);
  });
});

describe('the profiled rounds of a path', () => {
  const pass = (msPerRequest: number, requests: number) => ({
    msPerRequest,
    procMsPerRequest: msPerRequest * 4,
    requests,
    profile: isolateCpu(profile(burst(5, 10, 100)), 100),
    calibration: { isolateMs: 100, threadMs: 100, periodUs: 100 },
  });

  it("gives the median of the passes' figures with their quartiles, and the median pass's own evidence", () => {
    // One pass caught the host busy: the median does not move with it, the mean would.
    const combined = combineProfiledRounds([pass(1.4, 1), pass(2.4, 2), pass(1.3, 3), pass(1.5, 4), pass(1.45, 5)]);
    expect(combined?.msPerRequest).toBe(1.45);
    expect(combined?.quartiles).toEqual([1.4, 1.5]);
    expect(combined?.requests).toBe(5);
  });

  it('takes the mean of the two middle passes for an even count, with the lower one as evidence', () => {
    const combined = combineProfiledRounds([pass(1.2, 1), pass(1.6, 2), pass(1.4, 3), pass(1.8, 4)]);
    expect(combined?.msPerRequest).toBeCloseTo(1.5, 10);
    expect(combined?.requests).toBe(3);
  });

  it('gives one pass as it is, with no quartiles, and nothing for no pass', () => {
    expect(combineProfiledRounds([pass(1.3, 7)])).toEqual(pass(1.3, 7));
    expect(combineProfiledRounds([])).toBeUndefined();
  });
});
