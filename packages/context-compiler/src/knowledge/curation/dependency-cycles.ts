// Cycles among doc_depends_on edges (strongly connected components): the write path forbids them, doctor checks anyway.

interface DependencyEdge {
  edge_id: number;
  source_value: string;
  target_doc_id: string;
}

export interface Cycle {
  doc_ids: string[];
  edge_ids: number[];
}

/** Every group of documents that depend on each other in a loop, with the edges inside it; sorted. */
export function dependencyCycles(edges: readonly DependencyEdge[]): Cycle[] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.source_value, [...(next.get(e.source_value) ?? []), e.target_doc_id]);
  const nodes = [...new Set(edges.flatMap((e) => [e.source_value, e.target_doc_id]))].sort();

  // Tarjan's algorithm, iterative so a long dependency chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: string; child: number }[] = [{ node: root, child: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; child: number };
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++] as string;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(child) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }

  const cycles: Cycle[] = [];
  for (const component of components) {
    const members = new Set(component);
    const inside = edges.filter((e) => members.has(e.source_value) && members.has(e.target_doc_id));
    const selfLoop = inside.some((e) => e.source_value === e.target_doc_id);
    if (component.length > 1 || selfLoop) {
      cycles.push({ doc_ids: component, edge_ids: inside.map((e) => e.edge_id).sort((a, b) => a - b) });
    }
  }
  return cycles.sort((a, b) => (a.doc_ids.join("\0") < b.doc_ids.join("\0") ? -1 : 1));
}
