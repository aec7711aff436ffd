import { describe, expect, it } from 'vitest';
import { medianRun, type LighthouseRow } from '../../scripts/bench/lighthouse.ts';

const run = (performance: number, lcpMs: number): LighthouseRow => ({
  path: '/',
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs,
  cls: 0,
  tbtMs: 0,
  performanceRuns: [],
});

describe('the Lighthouse row of a page is its median run', () => {
  it('takes the middle score of five and lists every run in order', () => {
    const row = medianRun([run(98, 1900), run(100, 1000), run(99, 1700), run(100, 1100), run(97, 2000)]);
    expect(row.performance).toBe(99);
    expect(row.lcpMs).toBe(1700);
    expect(row.performanceRuns).toEqual([98, 100, 99, 100, 97]);
  });

  it('breaks ties by LCP and takes the lower middle of an even count', () => {
    expect(medianRun([run(100, 1200), run(100, 900), run(100, 1000), run(100, 1100)]).lcpMs).toBe(1000);
  });

  it('refuses no runs', () => {
    expect(() => medianRun([])).toThrow('no Lighthouse runs');
  });
});
