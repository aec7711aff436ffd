// The arithmetic of the hydration bench (scripts/bench/hydration.ts), apart from the browser, for its test.
import { median } from './quantiles.ts';

/** Chromium's CPU throttling rate: Lighthouse's mobile preset, a mid-range phone. */
export const CPU_SLOWDOWN = 4;
export const RUNS_PER_PAGE = 3;
/** Issue 38: every page hydrated by 1.5× its first contentful paint. */
export const HYDRATION_GOAL_RATIO = 1.5;

/** One cold load of a page: times from the navigation's start, and the JavaScript fetched by the end of hydration. */
export interface HydrationRun {
  fcpMs: number;
  hydratedMs: number;
  jsGzipBytes: number;
}

export interface HydrationFigures {
  fcpMs: number;
  hydratedMs: number;
  /** The median of the runs' own ratios: a run's two times share that run's load on the machine. */
  ratio: number;
  ratios: number[];
  jsGzipBytes: number;
}

export function hydrationFigures(runs: readonly HydrationRun[]): HydrationFigures {
  if (runs.length === 0) throw new Error('no runs of the page');
  const ratios = runs.map((run) => run.hydratedMs / run.fcpMs);
  return {
    fcpMs: median(runs.map((run) => run.fcpMs)),
    hydratedMs: median(runs.map((run) => run.hydratedMs)),
    ratio: median(ratios),
    ratios,
    jsGzipBytes: median(runs.map((run) => run.jsGzipBytes)),
  };
}
