// A V8 CPU profile's call tree: which samples ran inside a given function, callees included.
// The tree's nodes are call paths, not functions: one function appears at every path that reaches it, and
// a sample belongs to the deepest node of its stack. The inclusive time of a function is then the samples
// whose stack holds it anywhere, each counted once however often the function recurs on that stack.

export interface CallTreeNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

export interface CallTreeProfile {
  nodes: readonly CallTreeNode[];
  samples?: readonly number[];
}

/** The ids of the nodes at or below a node whose frame `isEntry` accepts: the entry's own code and all its callees. */
export function nodesUnder(nodes: readonly CallTreeNode[], isEntry: (functionName: string) => boolean): Set<number> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const childIds = new Set(nodes.flatMap((node) => node.children ?? []));
  const under = new Set<number>();
  // Walks down from the roots, carrying whether an entry frame lies above.
  const pending: [number, boolean][] = nodes.filter((node) => !childIds.has(node.id)).map((node) => [node.id, false]);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [id, insideAbove] = next;
    const node = byId.get(id);
    if (node === undefined) throw new Error(`profile node ${id} is a child but not in the profile`);
    const inside = insideAbove || isEntry(node.callFrame.functionName);
    if (inside) under.add(id);
    for (const child of node.children ?? []) pending.push([child, inside]);
  }
  return under;
}

/** The samples taken while a frame `isEntry` accepts was on the stack (inclusive time, in samples). */
export function samplesUnder(profile: CallTreeProfile, isEntry: (functionName: string) => boolean): number {
  const under = nodesUnder(profile.nodes, isEntry);
  return (profile.samples ?? []).filter((id) => under.has(id)).length;
}
