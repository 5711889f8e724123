import { entryData, type WithData } from '../entries/entry-data.js';
import type { SectionData } from '../entries/schemas.js';

/** The fields of a section the tree and the breadcrumbs read. */
export type SectionLike = Pick<SectionData, 'tx' | 'par' | 'zag' | 'url' | 'rlv' | 'id'>;

export interface SectionTreeNode<T = unknown> {
  /** Entry id: the section's `tx`. */
  id: string;
  /** The section's data. */
  data: SectionLike;
  /** What was passed in for this section (entry or data). */
  entry: T;
  /** 0 for root sections. */
  depth: number;
  children: SectionTreeNode<T>[];
}

/** The section hierarchy from `par` (an orphan becomes a root), siblings by `rlv` (highest first), then `id`. */
export function buildSectionTree<T extends WithData<SectionLike>>(
  sections: readonly T[],
): SectionTreeNode<T>[] {
  const nodes = new Map<string, SectionTreeNode<T>>();
  for (const entry of sections) {
    const data = entryData(entry);
    nodes.set(data.tx, { id: data.tx, data, entry, depth: 0, children: [] });
  }
  const roots: SectionTreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.data.par ? nodes.get(node.data.par) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (a: SectionTreeNode<T>, b: SectionTreeNode<T>) =>
    b.data.rlv - a.data.rlv || a.data.id - b.data.id;
  // Iterative walk: sets depths, sorts siblings and cannot loop on a `par` cycle.
  const visited = new Set<SectionTreeNode<T>>();
  const stack = roots.sort(order).map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (visited.has(node)) continue;
    visited.add(node);
    node.depth = depth;
    node.children = node.children.filter((child) => !visited.has(child)).sort(order);
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
  return roots;
}
