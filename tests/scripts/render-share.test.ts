import { describe, expect, it } from 'vitest';
import { nodesUnder, samplesUnder, type CallTreeNode } from '../../scripts/bench/call-tree';
import { isolateCpu, type CpuProfile } from '../../scripts/bench/isolate-cpu';
import { combineProfiledRounds } from '../../scripts/bench/load';
import { pathFilter } from '../../scripts/bench/options';
import { combineRenderRatios, isRenderEntry, renderRatio, renderRatioFloor, renderRatioText, renderSamples } from '../../scripts/bench/render-share';

const node = (id: number, functionName: string, children: number[] = []): CallTreeNode => ({ id, callFrame: { functionName }, children });

/**
 * A request's tree, listed children first (profiles need not list a parent before its child):
 * (root) → fetch → openToken | renderApp → exports.renderToString → renderElement → renderElement → pushAttribute
 *                                                                                 → renderToString (a nested render)
 *                  → renderDocument
 *        → (garbage collector) | (program) | (idle)
 */
const NODES: CallTreeNode[] = [
  node(8, 'pushAttribute'),
  node(9, 'renderToString'),
  node(7, 'renderElement', [8, 9]),
  node(6, 'renderElement', [7]),
  node(5, 'exports.renderToString', [6]),
  node(4, 'renderApp', [5]),
  node(3, 'openToken'),
  node(13, 'renderDocument'),
  node(2, 'fetch', [3, 4, 13]),
  node(10, '(garbage collector)'),
  node(11, '(program)'),
  node(12, '(idle)'),
  node(1, '(root)', [2, 10, 11, 12]),
];

/** Samples by node: fetch 2, openToken 3, renderApp 1, the outer render's own frame 1, renderElement 2 + 2, pushAttribute 2, the nested render 1, renderDocument 1, GC 2, program 1, idle 5. */
const SAMPLES: Record<number, number> = { 2: 2, 3: 3, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 1, 13: 1, 10: 2, 11: 1, 12: 5 };

function profile(samples: Record<number, number> = SAMPLES, nodes: CallTreeNode[] = NODES): CpuProfile {
  const ids = Object.entries(samples).flatMap(([id, count]) => Array.from({ length: count }, () => Number(id)));
  return { nodes, startTime: 0, endTime: ids.length * 100, samples: ids, timeDeltas: ids.map(() => 100) };
}

describe('samples under a frame', () => {
  it('counts the frame and all its callees (inclusive), not its own frame alone (self)', () => {
    // Self time of the render entries would be 1 + 1 = 2.
    expect(samplesUnder(profile(), isRenderEntry)).toBe(8);
  });

  it('counts a sample once when the frame recurs on its stack', () => {
    // Adding up each entry node's inclusive count would give 8 + 1 = 9 (the nested render's sample twice),
    // and for the recursing renderElement 7 + 5 = 12.
    expect(samplesUnder(profile(), isRenderEntry)).toBe(8);
    expect(samplesUnder(profile(), (name) => name === 'renderElement')).toBe(7);
    expect(nodesUnder(NODES, isRenderEntry)).toEqual(new Set([5, 6, 7, 8, 9]));
  });

  it('leaves out what runs beside the frame: its caller, siblings after it, and GC, which V8 puts at the root', () => {
    const under = nodesUnder(NODES, isRenderEntry);
    for (const outside of [1, 2, 3, 4, 10, 11, 12, 13]) expect(under.has(outside)).toBe(false);
  });

  it('is zero for a profile without the frame, and rejects a child missing from the nodes', () => {
    expect(samplesUnder(profile({ 3: 4 }), (name) => name === 'nowhere')).toBe(0);
    expect(() => nodesUnder([node(1, '(root)', [2])], isRenderEntry)).toThrow(/node 2/);
  });
});

describe("React's render entries", () => {
  it('are renderToString (and its body, which stays in the profile when V8 inlines the wrapper) and renderToReadableStream, bare or named by what the bundle assigned them to', () => {
    for (const name of ['renderToString', 'renderToStringImpl', 'renderToReadableStream', 'exports.renderToString', 'server.renderToReadableStream']) {
      expect(isRenderEntry(name)).toBe(true);
    }
  });

  it('are not functions whose name only contains them', () => {
    for (const name of ['renderToStringImplX', 'myrenderToString', 'renderToStaticMarkup', '(anonymous)', '']) expect(isRenderEntry(name)).toBe(false);
  });
});

describe('the isolate over the render', () => {
  it("is one profile's busy samples (JS, program, GC) over its render samples", () => {
    const cpu = isolateCpu(profile(), 100);
    // Busy: 2 + 3 + 1 + 8 (the render) + 1 (renderDocument) + 2 (GC) + 1 (program); the idle 5 are not work.
    expect(cpu.busySamples).toBe(18);
    expect(cpu.renderSamples).toBe(8);
    expect(renderRatio(cpu.busySamples, cpu.renderSamples)).toBe(2.25);
    expect(renderSamples(profile())).toBe(8);
  });

  it('is undefined for a path that renders nothing', () => {
    expect(renderRatio(40, 0)).toBeUndefined();
  });

  it("combines passes as the median of each pass's ratio, not the ratio of their sums", () => {
    // (100, 50), (300, 100), (90, 30): ratios 2, 3, 3; the sums would give 490 / 180 = 2.72.
    const figure = combineRenderRatios([renderRatio(100, 50), renderRatio(300, 100), renderRatio(90, 30)]);
    expect(figure).toEqual({ ratio: 3, quartiles: [2.5, 3], passes: 3 });
    expect(renderRatioText(figure)).toBe('3.00× (2.50–3.00)');
  });

  it('skips passes that saw no render, and gives nothing when none did', () => {
    expect(combineRenderRatios([undefined, 2.5])).toEqual({ ratio: 2.5, passes: 1 });
    expect(combineRenderRatios([undefined])).toBeUndefined();
    expect(renderRatioText(undefined)).toBe('');
  });

  it("reaches the bench's rounds: each profiled pass's ratio", () => {
    const pass = (samples: Record<number, number>) => {
      const cpu = isolateCpu(profile(samples), 100);
      return { msPerRequest: cpu.cpuMs, procMsPerRequest: undefined, requests: 1, profile: cpu, calibration: { isolateMs: 1, threadMs: 1, periodUs: 100 } };
    };
    // Render 4 of 8 busy (2×), then 4 of 12 (3×), then 4 of 10 (2.5×).
    const combined = combineProfiledRounds([pass({ 3: 4, 8: 4 }), pass({ 3: 8, 8: 4 }), pass({ 3: 6, 8: 4 })]);
    expect(combined?.ofRender).toEqual({ ratio: 2.5, quartiles: [2.25, 2.75], passes: 3 });
    expect(combineProfiledRounds([pass({ 3: 4 })])?.ofRender).toBeUndefined();
  });
});

describe("the ratio's floor", () => {
  it('is one plus what confirming the session alone costs, over the render', () => {
    // 0.33 ms for the session alone and a 0.40 ms render: 1 + 0.825.
    expect(renderRatioFloor(0.33, 0.4)).toBeCloseTo(1.825, 10);
    expect(renderRatioFloor(0.5, 0.5)).toBe(2);
    expect(renderRatioFloor(0, 0.25)).toBe(1);
  });

  it('is undefined without a render', () => {
    expect(renderRatioFloor(0.33, 0)).toBeUndefined();
  });
});

describe('the paths the load table measures', () => {
  const ROWS = ['/server/{id} settings (logged in)', '/servers (logged in)', '/api/server-settings (logged in)', '/'];

  it("selects rows by their name's first word, exactly", () => {
    expect(ROWS.filter(pathFilter('/server/{id}'))).toEqual(['/server/{id} settings (logged in)']);
    expect(ROWS.filter(pathFilter(' /servers , /'))).toEqual(['/servers (logged in)', '/']);
    expect(ROWS.filter(pathFilter('/server'))).toEqual([]);
  });

  it('measures every row when no list is given', () => {
    expect(ROWS.filter(pathFilter(undefined))).toEqual(ROWS);
    expect(ROWS.filter(pathFilter(''))).toEqual(ROWS);
  });
});
