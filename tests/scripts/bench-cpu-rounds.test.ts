import { describe, expect, it } from 'vitest';
import { combineRounds, ofBracket, ratioText, requestHeaders } from '../../scripts/bench/load';
import { median, quantile } from '../../scripts/bench/quantiles';
import { benchOptions } from '../../scripts/bench/options';
import { hostSpeedText } from '../../scripts/bench/host-speed';

describe('median', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, NaN for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('interpolates a quantile between the two nearest ranks, and stays within the values at 0 and 1', () => {
    expect(quantile([4, 1, 3, 2, 5], 0.25)).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([2, 9], 0)).toBe(2);
    expect(quantile([2, 9], 1)).toBe(9);
    expect(quantile([7], 0.75)).toBe(7);
    expect(quantile([], 0.25)).toBeNaN();
  });
});

describe('paired CPU rounds', () => {
  const round = (workerMs: number, ofStatic: number | undefined) => ({ cpu: { workerMs, proxyMs: workerMs / 2 }, ofStatic });

  it("takes the median of the rounds' own ratios, not the ratio of the medians", () => {
    // The machine slowed down in the last two rounds: both sides of each pair moved together.
    const rounds = [round(1.5, 1.5), round(1.6, 1.6), round(1.4, 1.4), round(3.0, 1.5), round(3.2, 1.6)];
    expect(combineRounds(rounds)).toEqual({ cpu: { workerMs: 1.6, proxyMs: 0.8 }, cpuOfStatic: 1.5, cpuOfStaticQuartiles: [1.5, 1.6] });
  });

  it('prints the median with two decimals and the quartiles beside it, so 1.34 does not read as 1.3', () => {
    expect(ratioText({ cpuOfStatic: 1.344, cpuOfStaticQuartiles: [1.281, 1.416] })).toBe('1.34× (1.28–1.42)');
    expect(ratioText({ cpuOfStatic: 1.2 })).toBe('1.20×');
    expect(ratioText({})).toBe('');
  });

  it('leaves the ratio to compareWithStatic when there was no reference, and everything when no round counted', () => {
    expect(combineRounds([round(0.9, undefined), round(1.1, undefined)])).toEqual({ cpu: { workerMs: 1, proxyMs: 0.5 }, cpuOfStatic: undefined });
    expect(combineRounds([])).toEqual({});
  });

  it('relates a pass to the mean of the static passes on either side, and to nothing when one of them is missing', () => {
    const ms = (workerMs: number) => ({ workerMs, proxyMs: 0 });
    // The machine slowed down during the pass: the static pass after it moved with it.
    expect(ofBracket(ms(3), ms(1), ms(3))).toBe(1.5);
    expect(ofBracket(ms(3), undefined, ms(3))).toBeUndefined();
    expect(ofBracket(ms(3), ms(1), undefined)).toBeUndefined();
  });

  it('runs 7 rounds of 1,000 requests unless BENCH_CPU_ROUNDS says otherwise, and takes only a positive whole number', () => {
    expect(benchOptions([], {}).cpu).toEqual({ kind: 'pass', rounds: 7, requests: 1000, connections: 4 });
    expect(benchOptions([], { BENCH_CPU_ROUNDS: '1' }).cpu).toMatchObject({ rounds: 1 });
    expect(() => benchOptions([], { BENCH_CPU_ROUNDS: '0' })).toThrow(/BENCH_CPU_ROUNDS/);
    expect(() => benchOptions([], { BENCH_CPU_ROUNDS: '2.5' })).toThrow(/BENCH_CPU_ROUNDS/);
  });
});

describe("the load's requests", () => {
  it("carry a browser's Accept and Accept-Encoding, with the session cookie when there is one", () => {
    for (const headers of [requestHeaders({ name: '/', path: '/' }), requestHeaders({ name: '/servers', path: '/servers', cookie: 'sid=1' })]) {
      expect(headers['accept-encoding']).toBe('gzip, deflate, br, zstd');
      expect(headers.accept).toMatch(/^text\/html,/);
    }
    expect(requestHeaders({ name: '/servers', path: '/servers', cookie: 'sid=1' }).cookie).toBe('sid=1');
  });
});

describe("the run's host line", () => {
  it('prints the memory bandwidth with one decimal and the loop in whole milliseconds', () => {
    expect(hostSpeedText({ copyGBps: 9.44, loopMs: 527.6 })).toBe('memory copy 9.4 GB/s, JS loop 528 ms');
  });
});
