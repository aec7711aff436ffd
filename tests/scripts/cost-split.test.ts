import { describe, expect, it } from 'vitest';
import { costSplit, costSplitText, type SplitNode } from '../../scripts/bench/cost-split';

const APP = 'http://localhost/assets/worker-entry.js';
const D1 = 'cloudflare-internal:d1-api';
const node = (id: number, functionName: string, url: string, children: number[] = []): SplitNode => ({ id, callFrame: { functionName, url }, children });

/**
 * (root) → fetch (app) → renderApp (app) → renderToString → pushAttribute
 *                      → batch (D1's client) → fetch (native)
 *                      → encode (native, called by the app)
 *        → (program) | (garbage collector) | (idle) | a native with no script under it
 */
const NODES: SplitNode[] = [
  node(1, '(root)', '', [2, 9, 10, 11, 12]),
  node(2, 'fetch', APP, [3, 6, 8]),
  node(3, 'renderApp', APP, [4]),
  node(4, 'renderToString', APP, [5]),
  node(5, 'pushAttribute', APP),
  node(6, 'batch', D1, [7]),
  node(7, 'fetch', ''),
  node(8, 'encode', ''),
  node(9, '(program)', ''),
  node(10, '(garbage collector)', ''),
  node(11, '(idle)', ''),
  node(12, 'setAttributes', ''),
];

const samples = (counts: Record<number, number>) => Object.entries(counts).flatMap(([id, count]) => Array.from({ length: count }, () => Number(id)));

describe("a page's isolate CPU in three parts", () => {
  it('puts each busy sample in one part: the render, the runtime and platform, or the app around the render', () => {
    // render: renderToString 2 + pushAttribute 3; runtime: D1's client 1 + its native fetch 2, program 1, GC 2, a bare native 1;
    // app: fetch 1, renderApp 1, encode 2. The idle 4 are not work.
    const split = costSplit({ nodes: NODES, samples: samples({ 2: 1, 3: 1, 4: 2, 5: 3, 6: 1, 7: 2, 8: 2, 9: 1, 10: 2, 11: 4, 12: 1 }) });
    expect(split).toEqual({ render: 5, runtime: 7, app: 4, busy: 16 });
  });

  it("counts the app's own frame above the render as the app's, and a render under the D1 client as the render", () => {
    expect(costSplit({ nodes: NODES, samples: [3] })).toEqual({ render: 0, runtime: 0, app: 1, busy: 1 });
    const renderUnderClient = [node(1, '(root)', '', [2]), node(2, 'batch', D1, [3]), node(3, 'renderToStringImpl', APP)];
    expect(costSplit({ nodes: renderUnderClient, samples: [3] })).toEqual({ render: 1, runtime: 0, app: 0, busy: 1 });
  });

  it('counts nothing for samples at the root or idle, or for a profile without samples', () => {
    expect(costSplit({ nodes: NODES, samples: [1, 11] })).toEqual({ render: 0, runtime: 0, app: 0, busy: 0 });
    expect(costSplit({ nodes: NODES })).toEqual({ render: 0, runtime: 0, app: 0, busy: 0 });
  });

  it('reads nodes listed without children', () => {
    const bare: SplitNode[] = [
      { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2] },
      { id: 2, callFrame: { functionName: 'fetch', url: APP } },
    ];
    expect(costSplit({ nodes: bare, samples: [2, 2] })).toEqual({ render: 0, runtime: 0, app: 2, busy: 2 });
  });

  it('rejects a sample naming a node the profile lacks', () => {
    expect(() => costSplit({ nodes: NODES, samples: [99] })).toThrow(/node 99/);
  });

  it('writes each part as a share of the busy samples', () => {
    expect(costSplitText({ render: 368, runtime: 287, app: 345, busy: 1000 })).toBe(
      'render 36.8% · runtime and platform 28.7% · the app around the render 34.5%',
    );
    expect(costSplitText({ render: 0, runtime: 0, app: 0, busy: 0 })).toBe('render 0.0% · runtime and platform 0.0% · the app around the render 0.0%');
  });
});
