// The logged-in page's CPU goal (issue 38): the Worker isolate's CPU per request over React's render of the
// page's tree, both from the same profile of the same isolate. Unlike an absolute figure, the ratio holds
// still when the shared host's speed moves (±25% from hour to hour): the sampler's period and the request
// count cancel, and a slower memory bus slows the render and the rest alike.
import { samplesUnder, type CallTreeProfile } from './call-tree.ts';
import { median, quantile } from './quantiles.ts';

/** The goal: the page may cost the isolate at most twice React's render. */
export const RENDER_RATIO_GOAL = 2;

// React's server render entries. The Worker renders with renderToString (src/worker/render/app-html.ts), whose
// work runs inside the call. React's bundle assigns it as an anonymous function, which V8 names by what it was
// assigned to (`exports.renderToString`); once hot, V8 inlines that one-line wrapper into its caller and its
// frame leaves the profile (0 render samples in a 200-request profile), so its body, renderToStringImpl,
// is an entry too. The stream, used only when a render suspended or threw, runs its work from scheduled tasks
// outside its entry, so a page rendered that way would read high.
const RENDER_ENTRY = /(^|\.)(renderToString|renderToStringImpl|renderToReadableStream)$/;

export const isRenderEntry = (functionName: string) => RENDER_ENTRY.test(functionName);

/** Samples taken inside React's render: the entries and their callees, not the GC that ran meanwhile (V8 puts GC at the root). */
export function renderSamples(profile: CallTreeProfile): number {
  return samplesUnder(profile, isRenderEntry);
}

/** Busy samples over render samples; undefined when the profile saw no render. */
export function renderRatio(busySamples: number, render: number): number | undefined {
  return render === 0 ? undefined : busySamples / render;
}

export interface RenderRatioFigure {
  /** The median of the passes' ratios. */
  ratio: number;
  /** Their lower and upper quartiles, when there were several passes. */
  quartiles?: readonly [number, number];
  /** How many passes saw a render. */
  passes: number;
}

/** The passes' ratios combined: the median and quartiles of each pass's own ratio, not a ratio of sums. */
export function combineRenderRatios(ratios: readonly (number | undefined)[]): RenderRatioFigure | undefined {
  const seen = ratios.flatMap((ratio) => (ratio === undefined ? [] : [ratio]));
  if (seen.length === 0) return undefined;
  if (seen.length === 1) return { ratio: seen[0] ?? 0, passes: 1 };
  return { ratio: median(seen), quartiles: [quantile(seen, 0.25), quantile(seen, 0.75)], passes: seen.length };
}

/**
 * The lowest ratio a page can read that confirms its visitor's session in D1: a logged-in answer that does only that
 * (routing, the middleware, the session's round trip, a response) costs the isolate `sessionOnlyMs`, and the page
 * spends that and its render before its own rows, its document and its bytes. Undefined without a render.
 */
export function renderRatioFloor(sessionOnlyMs: number, renderMs: number): number | undefined {
  return renderMs > 0 ? 1 + sessionOnlyMs / renderMs : undefined;
}

/** "2.71× (2.60–2.80)", or '' for a path that renders nothing. */
export function renderRatioText(figure: RenderRatioFigure | undefined): string {
  if (figure === undefined) return '';
  const spread = figure.quartiles === undefined ? '' : ` (${figure.quartiles[0].toFixed(2)}–${figure.quartiles[1].toFixed(2)})`;
  return `${figure.ratio.toFixed(2)}×${spread}`;
}
