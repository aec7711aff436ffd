import { describe, expect, it } from 'vitest';
import { HYDRATION_GOAL_RATIO, hydrationFigures, type HydrationRun } from '../../scripts/bench/hydration-figures.ts';

const run = (fcpMs: number, hydratedMs: number, jsGzipBytes = 73_728): HydrationRun => ({ fcpMs, hydratedMs, jsGzipBytes });

describe("a page's hydration figures are the median of its runs", () => {
  it('takes the middle FCP, hydration end and JavaScript of three, and lists every run’s ratio in order', () => {
    const figures = hydrationFigures([run(800, 2000, 90_000), run(600, 900, 88_000), run(1000, 1400, 89_000)]);
    expect(figures.fcpMs).toBe(800);
    expect(figures.hydratedMs).toBe(1400);
    expect(figures.jsGzipBytes).toBe(89_000);
    expect(figures.ratios).toEqual([2.5, 1.5, 1.4]);
  });

  it("takes the ratio as the median of the runs' own ratios, not the ratio of the medians", () => {
    // Medians 800 and 1400 would give 1.75; the runs' own ratios are 2.5, 1.5 and 1.4.
    expect(hydrationFigures([run(800, 2000), run(600, 900), run(1000, 1400)]).ratio).toBe(1.5);
  });

  it('takes the mean of the two middle runs of an even count', () => {
    expect(hydrationFigures([run(500, 700), run(500, 800)]).ratio).toBeCloseTo(1.5, 10);
  });

  it('refuses no runs', () => {
    expect(() => hydrationFigures([])).toThrow('no runs of the page');
  });

  it('has the goal of issue 38: hydrated by 1.5× the first contentful paint', () => {
    expect(HYDRATION_GOAL_RATIO).toBe(1.5);
  });
});
