// Where a page's Worker isolate CPU goes, in three parts, so the render ratio's goal (issue 38 §4) can be set against
// what the app controls: React's render; the runtime and the platform's own JavaScript (any Worker that reads D1 pays
// these: V8's `(program)` and GC, the D1 client's `cloudflare-internal:` modules, native frames with no script under
// them); and the app's code around the render, with the natives it calls (a KV read, the encoding of the page).
import { isRenderEntry } from './render-share.ts';

export interface SplitNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

export interface SplitProfile {
  nodes: readonly SplitNode[];
  samples?: readonly number[];
}

export interface CostSplit {
  render: number;
  runtime: number;
  app: number;
  /** The busy samples: the three parts added up ((idle) and the root are not work). */
  busy: number;
}

type Part = Exclude<keyof CostSplit, 'busy'>;

const NOT_WORK = new Set(['(idle)', '(root)']);
const PLATFORM_SCRIPT = 'cloudflare-internal:';

/** A sample's part, from its stack. V8 puts `(program)` and GC at the root, with no script under them: the runtime's. */
function partOf(stack: readonly SplitNode['callFrame'][]): Part {
  if (stack.some((frame) => isRenderEntry(frame.functionName))) return 'render';
  if (stack.some((frame) => frame.url.startsWith(PLATFORM_SCRIPT))) return 'runtime';
  return stack.some((frame) => frame.url !== '') ? 'app' : 'runtime';
}

/** Each busy sample counted once, in the part its stack belongs to. */
export function costSplit(profile: SplitProfile): CostSplit {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id] as const)));
  const stackOf = (id: number): SplitNode['callFrame'][] => {
    const stack: SplitNode['callFrame'][] = [];
    for (let node = byId.get(id); node; node = byId.get(parentOf.get(node.id) ?? -1)) stack.push(node.callFrame);
    return stack;
  };
  const split: CostSplit = { render: 0, runtime: 0, app: 0, busy: 0 };
  for (const id of profile.samples ?? []) {
    const leaf = byId.get(id);
    if (leaf === undefined) throw new Error(`profile sample names node ${id}, which is not in the profile`);
    if (NOT_WORK.has(leaf.callFrame.functionName)) continue;
    split[partOf(stackOf(id))] += 1;
    split.busy += 1;
  }
  return split;
}

/** "render 36.8% · runtime and platform 31.1% · app around the render 32.1%". */
export function costSplitText({ render, runtime, app, busy }: CostSplit): string {
  const share = (part: number) => `${busy === 0 ? '0.0' : ((part / busy) * 100).toFixed(1)}%`;
  return `render ${share(render)} · runtime and platform ${share(runtime)} · the app around the render ${share(app)}`;
}
